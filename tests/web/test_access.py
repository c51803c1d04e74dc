"""Who may read and write: local mode, club mode (keeper login, read links, edit PINs, API tokens).

Without a keeper password the app serves only the computer it runs on and needs no login. With one
("club mode") the keeper logs in, players read a session through its read link and write to it
with its edit PIN, and JSON API clients need a bearer token except on the open endpoints. Every
response carries the security headers.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs
from urllib.parse import urlsplit

import pytest

from scorekeeper import create_app
from scorekeeper.storage import access
from scorekeeper.web import addresses
from scorekeeper.web.db import get_db
from tests.databases import fresh_database
from tests.passwords import quick_hash
from tests.web import helpers
from tests.web.helpers import alerts
from tests.web.helpers import deal_count
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import record_totals
from tests.web.helpers import start_session
from tests.web.helpers import text
from tests.web.helpers import totals_form

API = "/api/v1"
LAN = "192.168.1.20"
PASSWORD = "secret123"
PIN = "4321"
DEALS = ([30, 27, 21], [20, 30, 28])


@pytest.fixture
def sessions(client):
    """Two sessions started in local mode: the first with an edit PIN, the second without."""
    pinned = start_session(client, pin=PIN)
    open_ = start_session(client, players=("Dario", "Elena", "Franco"))
    for points in DEALS:
        record_totals(client, pinned, points)
        record_totals(client, open_, points)
    return pinned, open_


@pytest.fixture
def club(app, sessions):
    """Club mode: the keeper password is set (after the sessions were started)."""
    set_password(app, PASSWORD)
    return sessions


def set_password(app, password):
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash(password))


def is_club_mode(app) -> bool:
    with app.app_context():
        return access.keeper_password_hash(get_db()) is not None


def new_client(app, address="127.0.0.1"):
    """A browser of its own (its own cookies) on the given address."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def login(client, password=PASSWORD, next_=None):
    url = "/login" if next_ is None else f"/login?next={next_}"
    return client.post(url, data={"password": password, "submit": "Log in"})


def keeper(app, address=LAN):
    client = new_client(app, address)
    assert login(client).status_code == 303
    return client


def reader(app, session_id, address=LAN):
    """A player's phone that opened the session's read link."""
    client = new_client(app, address)
    response = client.get(f"/view/{load(app, session_id).read_token}")
    assert response.status_code == 302
    assert path_of(response) == f"/sessions/{session_id}"
    return client


def enter_pin(client, session_id, pin, next_=None):
    url = f"/sessions/{session_id}/pin" + ("" if next_ is None else f"?next={next_}")
    return client.post(url, data={"pin": pin, "submit": "Unlock"})


def cli(app, *args, input=None):
    return app.test_cli_runner().invoke(args=list(args), input=input)


def path_of(response) -> str:
    return urlsplit(response.headers["Location"]).path


def assert_to_login(response):
    assert response.status_code in (302, 303), response.status_code
    assert path_of(response) == "/login"


def assert_to_pin(response, session_id):
    assert response.status_code in (302, 303), response.status_code
    assert path_of(response) == f"/sessions/{session_id}/pin"


def assert_api_denied(response):
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    body = response.get_json()
    assert "token" in body["error"]
    assert body["problems"] == []


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def pages_of(session_id):
    """Every page a session has, to read or to fill in."""
    base = f"/sessions/{session_id}"
    return [
        base,
        f"{base}/deals/1",
        f"{base}/deals/1/edit",
        f"{base}/deals/new/totals",
        f"{base}/deals/new/quick",
        f"{base}/deals/new/piles",
        f"{base}/deals/new/play",
        f"{base}/deals/import",
        f"{base}/scarto",
    ]


SITE_PAGES = ["/", "/sessions/new", "/count", "/keeper/tokens", "/login"]


# Local mode: this computer only


def test_local_mode_serves_every_page_to_this_computer_without_a_login(app, client, sessions):
    pinned, open_ = sessions
    for url in SITE_PAGES + pages_of(pinned) + pages_of(open_):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "Keeper login" not in response.get_data(as_text=True) or url == "/login"
    for url in (f"{API}/sessions", f"{API}/sessions/{pinned}", f"{API}/rulesets"):
        assert client.get(url).status_code == 200, url
    # No PIN is asked for in local mode, even for a session that has one.
    record_totals(client, pinned, [26, 26, 26])
    assert deal_count(app, pinned) == 3
    assert client.get("/", environ_base={"REMOTE_ADDR": "::1"}).status_code == 200


def test_local_mode_refuses_another_machine_and_names_set_password(app, client, sessions):
    pinned, _ = sessions
    lan = new_client(app, LAN)
    for url in SITE_PAGES + pages_of(pinned) + [f"/view/{load(app, pinned).read_token}"]:
        response = lan.get(url)
        assert response.status_code == 403, url
        assert "set-password" in text(page(response)), url
    response = lan.post(f"/sessions/{pinned}/deals/new/totals", data=totals_form([26, 26, 26]))
    assert response.status_code == 403
    assert lan.post("/sessions/new", data=helpers.session_form()).status_code == 403
    assert deal_count(app, pinned) == 2
    assert len(helpers.all_sessions(app)) == 2
    # Logging in does not help: there is no keeper password.
    assert login(lan).status_code == 403


def test_local_mode_refuses_the_json_api_to_another_machine(app, client, sessions):
    pinned, _ = sessions
    lan = new_client(app, LAN)
    for response in (
        lan.get(f"{API}/rulesets"),
        lan.get(f"{API}/sessions/{pinned}"),
        lan.post(f"{API}/sessions/{pinned}/deals", json={"points": [26, 26, 26]}),
    ):
        assert response.status_code == 403
        assert response.is_json
        assert "set-password" in response.get_json()["error"]
    assert deal_count(app, pinned) == 2


def assert_security_headers(response):
    csp = response.headers.get("Content-Security-Policy", "")
    directives = {part.split()[0]: part.split()[1:] for part in csp.split(";") if part.strip()}
    assert directives.get("script-src") == ["'self'"], csp
    assert directives.get("frame-ancestors") == ["'none'"], csp
    assert response.headers.get("X-Content-Type-Options") == "nosniff"
    assert response.headers.get("X-Frame-Options") == "DENY"


def test_security_headers_are_on_pages_json_and_errors(app, client, sessions):
    pinned, _ = sessions
    responses = {
        "home": client.get("/"),
        "protocol": client.get(f"/sessions/{pinned}"),
        "json": client.get(f"{API}/sessions/{pinned}"),
        "static": client.get("/static/style.css"),
        "page 404": client.get("/no/such/page"),
        "session 404": client.get("/sessions/999"),
        "json 404": client.get(f"{API}/sessions/999"),
        "json 400": client.post(f"{API}/count", json=["not", "an", "object"]),
        "form 400": client.post("/sessions/new", data={"ruleset": "scarto"}),
        "LAN 403": client.get("/", environ_base={"REMOTE_ADDR": LAN}),
    }
    expected = {"page 404": 404, "session 404": 404, "json 404": 404, "json 400": 400}
    expected |= {"form 400": 400, "LAN 403": 403}
    for name, response in responses.items():
        assert response.status_code == expected.get(name, 200), name
        assert_security_headers(response)
        response.close()  # the static file's handle


def test_a_security_header_an_answer_sets_itself_stays_and_is_not_doubled(app):
    from flask import Response

    from scorekeeper.web.access.auth import security_headers

    with app.test_request_context("/"):
        answer = security_headers(Response("x", headers={"x-frame-options": "SAMEORIGIN"}))
    assert answer.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]  # its own, once
    assert_security_headers_but_framing(answer)
    assert len(answer.headers.getlist("Content-Security-Policy")) == 1


def assert_security_headers_but_framing(response):
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers.get("X-Content-Type-Options") == "nosniff"
    assert response.headers.get("Referrer-Policy") == "same-origin"


def test_the_session_cookie_is_httponly_and_samesite_lax(app, club):
    client = new_client(app, LAN)
    response = login(client)
    assert response.status_code == 303
    cookies = response.headers.getlist("Set-Cookie")
    session_cookie = next(c for c in cookies if c.startswith("session="))
    attributes = {part.strip().split("=")[0].lower(): part for part in session_cookie.split(";")}
    assert "httponly" in attributes
    assert attributes["samesite"].strip().lower() == "samesite=lax"


# Club mode: the keeper


def test_in_club_mode_the_home_page_and_the_sessions_need_a_login(app, club):
    pinned, open_ = club
    for address in ("127.0.0.1", LAN):
        client = new_client(app, address)
        for url in ["/", "/sessions/new", "/keeper/tokens", *pages_of(pinned), *pages_of(open_)]:
            assert_to_login(client.get(url))
        assert client.get("/login").status_code == 200
    lan = new_client(app, LAN)
    assert_to_login(lan.post("/sessions/new", data=helpers.session_form()))
    assert_to_login(lan.post(f"/sessions/{open_}/deals/new/totals", data=totals_form([26, 26, 26])))
    assert_to_login(lan.post(f"/sessions/{open_}/delete", data={"confirm": "y"}))
    assert len(helpers.all_sessions(app)) == 2
    assert deal_count(app, open_) == 2


def test_a_wrong_password_is_refused_with_401_and_gains_nothing(app, club):
    pinned, _ = club
    client = new_client(app, LAN)
    response = login(client, "not-the-password")
    assert response.status_code == 401
    assert "That is not the keeper's password." in alerts(page(response))
    assert_to_login(client.get("/"))
    assert_to_login(client.get(f"/sessions/{pinned}"))
    assert_to_login(client.get("/keeper/tokens"))


def test_the_right_password_lets_the_keeper_do_everything_from_the_lan(app, club):
    pinned, open_ = club
    client = new_client(app, LAN)
    response = login(client)
    assert response.status_code == 303
    assert path_of(response) == "/"
    for url in ["/", "/sessions/new", "/count", "/keeper/tokens", *pages_of(pinned)]:
        assert client.get(url).status_code == 200, url
    # The keeper writes to every session without its PIN, and starts new ones.
    record_totals(client, pinned, [26, 26, 26])
    record_totals(client, open_, [26, 26, 26])
    assert deal_count(app, pinned) == deal_count(app, open_) == 3
    third = start_session(client, players=("Gino", "Ida", "Luca"))
    assert client.get(f"/sessions/{third}").status_code == 200


def test_after_the_login_the_keeper_goes_where_he_was_going_but_only_on_this_site(app, club):
    pinned, _ = club
    client = new_client(app, LAN)
    response = client.get(f"/sessions/{pinned}")
    assert_to_login(response)
    next_ = parse_qs(urlsplit(response.headers["Location"]).query)["next"][0]
    response = login(client, next_=next_)
    assert response.status_code == 303
    assert path_of(response) == f"/sessions/{pinned}"
    for outside in ("//evil.example/", "https://evil.example/", "/\\evil.example"):
        response = login(new_client(app, LAN), next_=outside)
        assert response.status_code == 303
        assert response.headers["Location"] in ("/", "http://localhost/"), outside


def test_logging_out_ends_the_keepers_rights(app, club):
    pinned, _ = club
    client = keeper(app)
    assert client.get("/").status_code == 200
    response = client.post("/logout")
    assert response.status_code == 303
    assert path_of(response) == "/login"
    assert_to_login(client.get("/"))
    assert_to_login(client.get(f"/sessions/{pinned}"))


def test_after_five_wrong_passwords_even_the_right_one_is_refused_with_429(app, club):
    client = new_client(app, LAN)
    for _attempt in range(5):
        assert login(client, "wrong-password").status_code == 401
    response = login(client)
    assert response.status_code == 429
    assert "Too many wrong attempts" in text(page(response))
    assert_security_headers(response)
    assert_to_login(client.get("/"))
    # The limit is per client: the keeper's own computer may still log in.
    assert login(new_client(app, "192.168.1.30")).status_code == 303


def test_wrong_pins_count_toward_the_same_limit(app, club):
    pinned, _ = club
    client = reader(app, pinned)
    for _attempt in range(5):
        assert enter_pin(client, pinned, "0000").status_code == 401
    assert enter_pin(client, pinned, PIN).status_code == 429
    assert_to_pin(client.get(f"/sessions/{pinned}/deals/new/totals"), pinned)
    assert login(client).status_code == 429


# Club mode: read links


def test_a_read_link_opens_its_session_for_reading_only(app, club):
    pinned, open_ = club
    client = reader(app, pinned)
    response = client.get(f"/sessions/{pinned}")
    assert response.status_code == 200
    soup = page(response)
    assert len(helpers.deal_rows(soup)) == 2
    assert soup.find("form", action=re.compile(r"/delete$")) is None  # no write buttons
    assert client.get(f"/sessions/{pinned}/deals/1").status_code == 200
    assert client.get(f"/s/{pinned}").status_code == 302
    # Its deal forms ask for the PIN; a post is not stored.
    for url in pages_of(pinned)[2:]:
        assert_to_pin(client.get(url), pinned)
    response = client.post(f"/sessions/{pinned}/deals/new/totals", data=totals_form([26, 26, 26]))
    assert_to_pin(response, pinned)
    # Only the keeper deletes a session: the PIN would not help.
    assert_to_login(client.post(f"/sessions/{pinned}/delete", data={"confirm": "y"}))
    assert deal_count(app, pinned) == 2
    assert len(helpers.all_sessions(app)) == 2
    # Nothing else: another session, the home page, the keeper's pages.
    for url in [*pages_of(open_), "/", "/sessions/new", "/keeper/tokens"]:
        assert_to_login(client.get(url))
    assert client.get(f"/sessions/{open_}/pin").status_code == 404


def test_an_unknown_read_link_is_404_and_grants_nothing(app, club):
    pinned, _ = club
    client = new_client(app, LAN)
    token = load(app, pinned).read_token
    for wrong in ("nope", token[:-1], token + "x", "x" * 200):
        assert client.get(f"/view/{wrong}").status_code == 404
    assert_to_login(client.get(f"/sessions/{pinned}"))


def test_the_read_link_and_its_qr_code_are_on_the_session_page_in_club_mode(app, club, monkeypatch):
    # The keeper's own page is opened at localhost: the link names this machine's LAN address,
    # fixed here so that the test passes on a laptop with no network too.
    monkeypatch.setattr(addresses, "lan_address", lambda: "192.168.1.10")
    pinned, _ = club
    client = keeper(app)
    token = load(app, pinned).read_token
    soup = page(client.get(f"/sessions/{pinned}"))
    links = [a["href"] for a in soup.find_all("a", href=True) if "/view/" in a["href"]]
    assert links
    assert all(urlsplit(href).path == f"/view/{token}" for href in links)
    assert all(urlsplit(href).hostname == "192.168.1.10" for href in links)
    share = soup.select_one(".share")
    assert share is not None
    assert share.find("svg") is not None
    # The link works for whoever has it.
    assert reader(app, pinned, "192.168.1.40").get(f"/sessions/{pinned}").status_code == 200


def test_there_is_no_read_link_nor_qr_code_in_local_mode(app, client, sessions):
    pinned, _ = sessions
    response = client.get(f"/sessions/{pinned}")
    body = response.get_data(as_text=True)
    assert "/view/" not in body
    assert page(response).select("svg:not(.chart)") == []  # no QR code; the chart is no link


def test_the_printed_sheet_is_readable_with_the_read_link(app, club):
    pinned, open_ = club
    client = reader(app, pinned)
    response = client.get(f"/sessions/{pinned}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.get_data().startswith(b"%PDF")
    assert_to_login(client.get(f"/sessions/{open_}/sheet.pdf"))


# Club mode: edit PINs


def test_a_wrong_pin_is_refused_and_the_right_one_opens_the_deal_forms(app, club):
    pinned, _ = club
    client = reader(app, pinned)
    response = enter_pin(client, pinned, "9999")
    assert response.status_code == 401
    assert "That is not this session's PIN." in alerts(page(response))
    assert_to_pin(client.get(f"/sessions/{pinned}/deals/new/totals"), pinned)

    response = enter_pin(client, pinned, PIN, next_=f"/sessions/{pinned}/deals/new/totals")
    assert response.status_code == 303
    assert path_of(response) == f"/sessions/{pinned}/deals/new/totals"
    for url in pages_of(pinned):
        assert client.get(url).status_code == 200, url
    record_totals(client, pinned, [26, 26, 26])
    assert deal_count(app, pinned) == 3
    assert helpers.stored_points(app, pinned)[-1] == [26, 26, 26]


def test_a_pin_opens_only_its_own_session(app, club):
    pinned, open_ = club
    client = reader(app, pinned)
    client.get(f"/view/{load(app, open_).read_token}")
    assert enter_pin(client, pinned, PIN).status_code == 303
    assert client.get(f"/sessions/{pinned}/deals/new/totals").status_code == 200
    assert_to_pin(client.get(f"/sessions/{open_}/deals/new/totals"), open_)
    assert_to_login(client.get("/sessions/new"))
    assert_to_login(client.get("/keeper/tokens"))


def test_a_session_without_a_pin_refuses_every_pin(app, club):
    _, open_ = club
    client = reader(app, open_)
    assert client.get(f"/sessions/{open_}/pin").status_code == 200
    for pin in ("0000", "1234", PIN):
        assert enter_pin(client, open_, pin).status_code == 401
    assert_to_pin(client.get(f"/sessions/{open_}/deals/new/totals"), open_)
    response = client.post(f"/sessions/{open_}/deals/new/totals", data=totals_form([26, 26, 26]))
    assert_to_pin(response, open_)
    assert deal_count(app, open_) == 2


# Club mode: the JSON API


def test_the_api_needs_a_token_in_club_mode(app, club):
    pinned, _ = club
    client = new_client(app, LAN)
    assert_api_denied(client.get(f"{API}/sessions"))
    assert_api_denied(client.get(f"{API}/sessions/{pinned}"))
    assert_api_denied(client.post(f"{API}/sessions/{pinned}/deals", json={"points": [26, 26, 26]}))
    assert_api_denied(client.get(f"{API}/sessions", headers=bearer("sk_guessed")))
    assert_api_denied(client.get(f"{API}/sessions", headers={"Authorization": "Basic eDp5"}))
    assert deal_count(app, pinned) == 2


def test_a_token_from_the_command_line_works_until_it_is_revoked(app, club):
    pinned, _ = club
    created = cli(app, "create-token", "phone")
    assert created.exit_code == 0, created.output
    token = created.output.strip()
    assert token.startswith("sk_")
    client = new_client(app, LAN)
    assert client.get(f"{API}/sessions", headers=bearer(token)).status_code == 200
    response = client.post(
        f"{API}/sessions/{pinned}/deals", json={"points": [26, 26, 26]}, headers=bearer(token)
    )
    assert response.status_code == 201
    assert deal_count(app, pinned) == 3

    revoked = cli(app, "revoke-token", "1")
    assert revoked.exit_code == 0, revoked.output
    assert_api_denied(client.get(f"{API}/sessions", headers=bearer(token)))
    again = cli(app, "revoke-token", "1")
    assert again.exit_code != 0
    assert "no active token 1" in again.output


def test_the_open_endpoints_need_no_token(app, club):
    client = new_client(app, LAN)
    assert client.get(f"{API}/rulesets").status_code == 200
    response = client.post(f"{API}/count", json={"ruleset": "scarto", "cards": ["KS", "QC"]})
    assert response.status_code == 200
    response = client.post(f"{API}/audit", json={"ruleset": "scarto", "points": [30, 27, 21]})
    assert response.status_code == 200
    assert client.get("/count").status_code == 200


def test_the_trick_by_trick_helper_works_for_the_logged_in_keeper(app, club):
    """The trick-by-trick form's script (static/play.js) posts the play so far to the replay
    address on the page, with the browser's cookies and no token; in club mode the keeper must
    get who plays next, not "this server needs an API token"."""
    pinned, _ = club
    client = keeper(app)
    soup = page(client.get(f"/sessions/{pinned}/deals/new/play"))
    url = soup.select_one(".play-picker")["data-replay-url"]
    response = client.post(url, json={"scarto": [], "play": []})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["next_player"] in helpers.PLAYERS


# Club mode: the keeper's tokens page


def test_the_keeper_creates_a_token_shown_once_and_revokes_it(app, club):
    client = keeper(app)
    response = client.post("/keeper/tokens", data={"name": "scoreboard", "create": "Create"})
    assert response.status_code == 200
    shown = page(response).select_one("[role=status] code")
    assert shown is not None
    token = text(shown)
    assert token.startswith("sk_")
    again = client.get("/keeper/tokens").get_data(as_text=True)
    assert token not in again
    assert "scoreboard" in again

    api = new_client(app, "192.168.1.50")
    assert api.get(f"{API}/sessions", headers=bearer(token)).status_code == 200
    response = client.post("/keeper/tokens", data={"token_id": "1", "revoke": "Revoke"})
    assert response.status_code == 200
    assert "revoked" in text(page(response))
    assert_api_denied(api.get(f"{API}/sessions", headers=bearer(token)))


def test_only_the_keeper_may_see_or_create_tokens(app, club):
    pinned, _ = club
    holder = reader(app, pinned)
    assert enter_pin(holder, pinned, PIN).status_code == 303
    for client in (new_client(app, LAN), reader(app, pinned), holder):
        response = client.get("/keeper/tokens")
        assert response.status_code in (302, 303, 403)
        response = client.post("/keeper/tokens", data={"name": "mine", "create": "Create"})
        assert response.status_code in (302, 303, 403)
        assert "sk_" not in response.get_data(as_text=True)
    with app.app_context():
        assert access.list_tokens(get_db()) == []


# The keeper password on the command line


def test_set_password_turns_on_club_mode(app, sessions):
    result = cli(app, "set-password", input=f"{PASSWORD}\n{PASSWORD}\n")
    assert result.exit_code == 0, (result.output, result.exception)
    assert is_club_mode(app)
    client = new_client(app, LAN)
    assert_to_login(client.get("/"))
    assert login(client).status_code == 303
    assert client.get("/").status_code == 200


def test_set_password_refuses_a_short_password_with_a_clear_message(app, sessions):
    result = cli(app, "set-password", input="short\nshort\n")
    assert result.exit_code != 0
    assert "the password needs at least 8 characters" in result.output, (
        result.output,
        result.exception,
    )
    assert not is_club_mode(app)
    assert new_client(app, LAN).get("/").status_code == 403


def test_set_password_remove_returns_to_local_mode(app, club):
    pinned, _ = club
    result = cli(app, "set-password", "--remove")
    assert result.exit_code == 0, (result.output, result.exception)
    assert "removed" in result.output
    assert not is_club_mode(app)
    assert new_client(app, LAN).get("/").status_code == 403
    client = new_client(app)
    assert client.get("/").status_code == 200
    assert client.get(f"/sessions/{pinned}/deals/new/totals").status_code == 200


def test_passwords_and_pins_are_hashed_with_scrypt_unless_the_app_says_otherwise(
    tmp_path, monkeypatch
):
    """The suite hashes cheaply (tests/passwords.py); a real app uses scrypt, for the keeper's
    password and for every edit PIN, and a hash made one way is still checked afterwards."""
    monkeypatch.delenv("SCOREKEEPER_SECRET_HASH_METHOD")
    app = helpers.make_app(tmp_path)
    pinned = start_session(app.test_client(), pin=PIN)
    assert cli(app, "set-password", input=f"{PASSWORD}\n{PASSWORD}\n").exit_code == 0
    with app.app_context():
        assert access.keeper_password_hash(get_db()).startswith("scrypt:")
        assert access.session_secrets(get_db(), pinned)["pin_hash"].startswith("scrypt:")
    assert login(new_client(app, LAN)).status_code == 303


# CSRF stays on for the login


def test_the_login_form_needs_its_csrf_token(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "csrf.sqlite")})
    set_password(app, PASSWORD)
    client = new_client(app, LAN)
    assert login(client).status_code == 400
    assert_to_login(client.get("/"))
    form = page(client.get("/login"))
    csrf = form.find(attrs={"name": "csrf_token"})["value"]
    response = client.post("/login", data={"password": PASSWORD, "csrf_token": csrf})
    assert response.status_code == 303
    assert client.get("/").status_code == 200
    # Logging out also needs the token: a foreign page cannot log the keeper out.
    assert client.post("/logout").status_code == 400
    assert client.get("/").status_code == 200


def form_token(client, path: str) -> str:
    return page(client.get(path)).find(attrs={"name": "csrf_token"})["value"]


def test_each_visitor_gets_a_token_of_their_own_and_only_theirs_is_accepted(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "csrf.sqlite")})
    anna, bruno = new_client(app), new_client(app)
    started = []
    for client in (anna, bruno):  # the session form posts with its token
        data = helpers.session_form() | {"csrf_token": form_token(client, "/sessions/new")}
        response = client.post("/sessions/new", data=data)
        assert response.status_code == 303
        started.append(int(response.headers["Location"].rsplit("/", 1)[1]))
    session_id = started[0]
    earlier = form_token(anna, f"/sessions/{session_id}")
    later = form_token(anna, f"/sessions/{session_id}")
    theirs = form_token(bruno, f"/sessions/{session_id}")
    assert earlier
    assert theirs
    assert theirs not in (earlier, later)
    # Bruno's token is no good in Anna's browser, nor is a made-up one: refused, nothing deleted.
    url = f"/sessions/{session_id}/delete"
    for token in (theirs, "x"):
        assert anna.post(url, data={"confirm": "y", "csrf_token": token}).status_code == 400
    assert [row["id"] for row in anna.get(f"{API}/sessions").get_json()] == started[::-1]
    # A token from an earlier page of hers still posts.
    assert anna.post(url, data={"confirm": "y", "csrf_token": earlier}).status_code == 303
    assert [row["id"] for row in anna.get(f"{API}/sessions").get_json()] == started[1:]
