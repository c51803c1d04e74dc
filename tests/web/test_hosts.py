"""The Host check: no DNS rebinding, no 500 from a Host that is not a name.

A web page on any site can point its own name at the keeper's machine (DNS rebinding) and post
to the app: the browser sends the attacker's name as Host. Without a keeper password only
loopback names and addresses are accepted; with one, the names in TRUSTED_HOSTS, this machine's
name, loopback and any address written as numbers.
"""

from __future__ import annotations

import socket

import pytest

from scorekeeper.web import network
from tests.web import helpers
from tests.web.test_access import LAN
from tests.web.test_access import PASSWORD
from tests.web.test_access import new_client
from tests.web.test_access import set_password

REBIND = "rebind.attacker.example"
LONG_LABEL = "a" * 64 + ".example"


def host(name):
    return {"Host": name}


def test_a_post_by_a_rebound_name_is_refused_and_stores_nothing(app, client):
    response = client.post("/sessions/new", data=helpers.session_form(), headers=host(REBIND))
    assert response.status_code == 400
    assert REBIND in response.get_data(as_text=True)
    response = client.post(
        "/api/v1/sessions",
        json={"ruleset": "scarto", "players": ["A", "B", "C"]},
        headers=host(f"{REBIND}:5000"),
    )
    assert response.status_code == 400
    assert REBIND in response.get_json()["error"]
    assert helpers.all_sessions(app) == []


@pytest.mark.parametrize(
    "name", ["localhost", "localhost:5000", "127.0.0.1:5000", "[::1]:5000", "app.localhost"]
)
def test_without_a_password_loopback_names_and_addresses_are_served(app, client, name):
    response = client.post("/sessions/new", data=helpers.session_form(), headers=host(name))
    assert response.status_code in (302, 303)


@pytest.mark.parametrize("name", ["192.168.1.10:5000", socket.gethostname(), "example.org"])
def test_without_a_password_no_other_name_is_served(client, name):
    assert client.get("/", headers=host(name)).status_code == 400


@pytest.fixture
def club(tmp_path):
    app = helpers.make_app(tmp_path, TRUSTED_HOSTS=["scores.club", ".club.lan"])
    set_password(app, PASSWORD)
    return app


@pytest.mark.parametrize(
    "name",
    [
        "scores.club",
        "scores.club:8000",
        "tavolo.club.lan",
        "192.168.1.10:8000",
        "[fd00::10]:8000",
        "localhost:8000",
        socket.gethostname().lower(),
        f"{socket.gethostname().lower()}.local",
    ],
)
def test_with_a_password_the_trusted_names_and_addresses_are_served(club, name):
    response = new_client(club, LAN).get("/login", headers=host(name))
    assert response.status_code == 200


@pytest.mark.parametrize("name", [REBIND, "scores.club.attacker.example", "club.lan.example"])
def test_with_a_password_any_other_name_is_refused(club, name):
    client = new_client(club, LAN)
    assert client.get("/login", headers=host(name)).status_code == 400
    response = client.post("/login", data={"password": PASSWORD}, headers=host(name))
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize("path", ["/", "/sessions/1", "/api/v1/rulesets", "/static/style.css"])
@pytest.mark.parametrize("name", [LONG_LABEL, "bad_name.example", "a..b", "[::1", "x:99999"])
def test_a_host_that_is_not_a_name_is_a_400_not_a_500(app, client, path, name):
    response = client.get(path, headers=host(name))
    assert response.status_code == 400
    assert b"Host" in response.data


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("example.org", True),
        ("example.org.", True),
        ("EXAMPLE.org:443", True),
        ("[2001:db8::1]:8000", True),
        ("a" * 63 + ".org", True),
        ("a" * 64 + ".org", False),
        (".".join(["a" * 60] * 5), False),  # 304 characters: over DNS's 253
        ("-lead.example", False),
        ("ex ample.org", False),
        ("example.org:0", False),
        ("example.org:abc", False),
        ("[zz::1]", False),
        ("", False),
    ],
)
def test_what_a_valid_host_is(name, valid):
    assert network.valid_host(name) is valid


def test_without_a_password_another_machine_is_told_to_set_one_whatever_name_it_uses(app):
    """A LAN client of a server bound to every address: the refusal says what to do."""
    response = new_client(app, LAN).get("/", headers=host("192.168.1.10:8000"))
    assert response.status_code == 403
    assert "set-password" in response.get_data(as_text=True)
