"""Behind a reverse proxy: the real client counts, for rights, lockouts and the login cookie.

The hostile review of the club set-up found that behind nginx every client was 127.0.0.1: with
no password the whole LAN could write, and five wrong passwords from anyone locked the keeper
out. ``PROXIES`` (the number of proxies in front) makes the app read the client from the
forwarded headers; without a password a forwarded client on another machine is refused whatever
``PROXIES`` says.
"""

from __future__ import annotations

import logging
import threading

import pytest

from scorekeeper.web import network
from tests.web import helpers
from tests.web.test_access import LAN
from tests.web.test_access import PASSWORD
from tests.web.test_access import login
from tests.web.test_access import new_client
from tests.web.test_access import set_password

PROXY = "127.0.0.1"  # nginx on the club machine, in front of the app


def forwarded_for(address):
    return {"X-Forwarded-For": address}


@pytest.fixture
def proxied(tmp_path):
    """The app behind one proxy, in club mode."""
    app = helpers.make_app(tmp_path, PROXIES=1)
    set_password(app, PASSWORD)
    return app


@pytest.mark.parametrize("proxies", [0, 1])
@pytest.mark.parametrize(
    "header",
    [
        {"X-Forwarded-For": LAN},
        {"X-Forwarded-For": f"{LAN}, 127.0.0.1"},
        {"Forwarded": f"for={LAN};proto=http"},
        {"Forwarded": 'for="[2001:db8::7]:4711"'},
        {"Forwarded": "for=unknown"},
        {"X-Real-IP": LAN},
    ],
)
def test_without_a_password_a_client_forwarded_from_another_machine_is_refused(
    tmp_path, proxies, header
):
    app = helpers.make_app(tmp_path, PROXIES=proxies)
    client = new_client(app, PROXY)
    response = client.post("/sessions/new", data=helpers.session_form(), headers=header)
    assert response.status_code == 403
    assert "set-password" in response.get_data(as_text=True)
    response = client.post(
        "/api/v1/sessions", json={"ruleset": "scarto", "players": ["A", "B", "C"]}, headers=header
    )
    assert response.status_code == 403
    assert helpers.all_sessions(app) == []


def test_without_a_password_a_client_forwarded_from_this_machine_is_served(tmp_path):
    app = helpers.make_app(tmp_path, PROXIES=1)
    client = new_client(app, PROXY)
    headers = {"X-Forwarded-For": "127.0.0.1", "Forwarded": 'for="[::1]"'}
    response = client.post("/sessions/new", data=helpers.session_form(), headers=headers)
    assert response.status_code in (302, 303)
    assert len(helpers.all_sessions(app)) == 1


def test_five_wrong_passwords_lock_out_their_client_only_not_everyone_behind_the_proxy(proxied):
    guesser = new_client(proxied, PROXY)
    keeper = new_client(proxied, PROXY)
    for _ in range(5):
        response = guesser.post(
            "/login", data={"password": "wrong-one"}, headers=forwarded_for("10.0.0.66")
        )
        assert response.status_code == 401
    response = guesser.post(
        "/login", data={"password": PASSWORD}, headers=forwarded_for("10.0.0.66")
    )
    assert response.status_code == 429
    # The keeper's own phone, another client behind the same proxy, still gets in.
    response = keeper.post("/login", data={"password": PASSWORD}, headers=forwarded_for(LAN))
    assert response.status_code == 303


def test_without_proxies_the_forwarded_header_is_not_believed(tmp_path):
    """Any client can write X-Forwarded-For: with PROXIES 0 a guesser cannot dodge the
    lockout by naming a new address each time."""
    app = helpers.make_app(tmp_path)
    set_password(app, PASSWORD)
    guesser = new_client(app, LAN)
    for number in range(5):
        headers = forwarded_for(f"10.0.0.{number}")
        assert guesser.post("/login", data={"password": "x"}, headers=headers).status_code == 401
    headers = forwarded_for("10.0.0.99")
    assert guesser.post("/login", data={"password": PASSWORD}, headers=headers).status_code == 429


def test_a_failed_login_is_logged_with_the_real_client(proxied, caplog):
    client = new_client(proxied, PROXY)
    with caplog.at_level(logging.WARNING):
        client.post("/login", data={"password": "wrong-one"}, headers=forwarded_for("10.0.0.66"))
    assert "10.0.0.66" in caplog.text
    assert PROXY not in caplog.text


def test_sixteen_guesses_sent_at_once_get_five_answers_not_more(tmp_path):
    """The lockout is counted atomically: each try is counted before its password is checked
    (the check takes scrypt's time, long enough for the other fifteen to arrive)."""
    app = helpers.make_app(tmp_path)
    set_password(app, PASSWORD)
    start = threading.Barrier(16)
    statuses: list[int] = []

    def guess() -> None:
        client = new_client(app, LAN)
        start.wait()
        statuses.append(client.post("/login", data={"password": "wrong-one"}).status_code)

    threads = [threading.Thread(target=guess) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [401] * 5 + [429] * 11


def test_the_login_cookie_is_secure_when_the_proxy_says_https(proxied):
    client = new_client(proxied, PROXY)
    headers = {**forwarded_for(LAN), "X-Forwarded-Proto": "https"}
    response = client.post("/login", data={"password": PASSWORD}, headers=headers)
    assert response.status_code == 303
    assert "Secure" in response.headers["Set-Cookie"]
    plain = new_client(proxied, PROXY)
    response = login(plain)
    assert response.status_code == 303
    assert "Secure" not in response.headers["Set-Cookie"]


def test_without_proxies_a_forwarded_https_does_not_make_the_cookie_secure_nor_change_the_client(
    tmp_path,
):
    app = helpers.make_app(tmp_path)
    set_password(app, PASSWORD)
    client = new_client(app, LAN)
    headers = {"X-Forwarded-Proto": "https"}
    response = client.post("/login", data={"password": PASSWORD}, headers=headers)
    assert "Secure" not in response.headers["Set-Cookie"]


def test_proxies_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_PROXIES", "2")
    monkeypatch.setenv("SCOREKEEPER_TRUSTED_HOSTS", "scores.club, club.lan")
    config: dict[str, object] = {}
    network.from_environment(config)
    assert config == {"PROXIES": "2", "TRUSTED_HOSTS": "scores.club  club.lan"}


@pytest.mark.parametrize("value", ["two", "-1", "99"])
def test_a_wrong_proxies_setting_stops_the_app_with_its_name(tmp_path, value):
    with pytest.raises(ValueError, match="PROXIES"):
        helpers.make_app(tmp_path, PROXIES=value)
