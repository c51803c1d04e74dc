"""Keeper logins that can be ended, and API tokens with a scope and an expiry.

The keeper's cookie used to be a signed ``{"keeper": true}`` good for 31 days: a copy taken
before logout, or before a password change, still let its holder in. A login is now a row on
the server; the cookie only names it.
"""

from __future__ import annotations

import time

from scorekeeper.storage import access
from scorekeeper.web.db import get_db
from tests.web.helpers import deal_count
from tests.web.helpers import page
from tests.web.helpers import text
from tests.web.test_access import API
from tests.web.test_access import LAN
from tests.web.test_access import assert_api_denied
from tests.web.test_access import assert_to_login
from tests.web.test_access import bearer
from tests.web.test_access import cli
from tests.web.test_access import keeper
from tests.web.test_access import new_client
from tests.web.test_access import set_password

pytest_plugins = ["tests.web.test_access"]  # its sessions and club fixtures


def cookie_of(client) -> str:
    return client.get_cookie("session").value


def with_cookie(app, value):
    """Another browser holding a copy of a cookie."""
    thief = new_client(app, "192.168.1.66")
    thief.set_cookie("session", value)
    return thief


def test_a_copy_of_the_cookie_taken_before_logout_no_longer_lets_anyone_in(app, club):
    client = keeper(app)
    copy = cookie_of(client)
    assert with_cookie(app, copy).get("/").status_code == 200
    assert client.post("/logout").status_code == 303
    assert_to_login(with_cookie(app, copy).get("/"))
    assert_to_login(client.get("/"))


def test_a_new_password_ends_every_login(app, club):
    phone, laptop = keeper(app), keeper(app, "192.168.1.30")
    copy = cookie_of(phone)
    set_password(app, "another-secret")
    for client in (phone, laptop, with_cookie(app, copy)):
        assert_to_login(client.get("/"))


def test_a_login_ends_after_the_idle_time(app, club):
    app.config["LOGIN_IDLE"] = 60
    client = keeper(app)
    assert client.get("/").status_code == 200
    with app.app_context():
        get_db().execute("update logins set seen = ?", [time.time() - 61]).connection.commit()
    assert_to_login(client.get("/"))


def test_a_login_in_use_stays(app, club):
    app.config["LOGIN_IDLE"] = 120
    client = keeper(app)
    with app.app_context():
        # 100 s ago: still on, and the request below notes it as seen now (more than a minute)
        get_db().execute("update logins set seen = ?", [time.time() - 100]).connection.commit()
    assert client.get("/").status_code == 200
    with app.app_context():
        seen = get_db().execute("select seen from logins").fetchone()[0]
    assert time.time() - seen < 5


def test_the_tokens_page_lists_the_logins_and_ends_another_one(app, club):
    laptop = keeper(app, "192.168.1.30")
    phone = keeper(app, "192.168.1.31")
    soup = page(laptop.get("/keeper/tokens"))
    rows = soup.select("input[name=login-login_id]")
    assert len(rows) == 2
    assert "192.168.1.31" in text(soup)
    assert "this login" in text(soup)
    phone_row = next(
        row for row in soup.select("tr") if "192.168.1.31" in text(row) and row.select("form")
    )
    login_id = phone_row.select_one("input[name=login-login_id]")["value"]
    response = laptop.post("/keeper/tokens", data={"login-login_id": login_id, "login-end": "End"})
    assert response.status_code == 200
    assert "192.168.1.31" not in text(page(response))
    assert_to_login(phone.get("/"))
    assert laptop.get("/").status_code == 200


def test_pages_that_show_a_secret_are_not_cached(app, club):
    client = keeper(app)
    response = client.post("/keeper/tokens", data={"name": "board", "create": "Create"})
    assert response.headers["Cache-Control"] == "no-store"
    assert client.get("/keeper/tokens").headers["Cache-Control"] == "no-store"


def test_a_read_only_token_reads_but_does_not_write(app, club):
    pinned, _ = club
    created = cli(app, "create-token", "scoreboard", "--read-only")
    assert created.exit_code == 0, created.output
    token = created.output.strip()
    client = new_client(app, LAN)
    assert client.get(f"{API}/sessions/{pinned}", headers=bearer(token)).status_code == 200
    response = client.post(
        f"{API}/sessions/{pinned}/deals", json={"points": [26, 26, 26]}, headers=bearer(token)
    )
    assert response.status_code == 403
    assert "only read" in response.get_json()["error"]
    response = client.post(
        f"{API}/sessions",
        json={"ruleset": "scarto", "players": ["A", "B", "C"]},
        headers=bearer(token),
    )
    assert response.status_code == 403
    assert deal_count(app, pinned) == 2


def test_a_token_expires(app, club):
    pinned, _ = club
    token = cli(app, "create-token", "tonight", "--days", "1").output.strip()
    client = new_client(app, LAN)
    assert client.get(f"{API}/sessions", headers=bearer(token)).status_code == 200
    with app.app_context():
        db = get_db()
        db.execute("update api_tokens set expires = '2020-01-01T00:00:00+00:00'")
        db.conn.commit()
    assert_api_denied(client.get(f"{API}/sessions", headers=bearer(token)))


def test_the_tokens_page_makes_a_read_only_token_that_expires(app, club):
    client = keeper(app)
    response = client.post(
        "/keeper/tokens", data={"name": "board", "scope": "read", "days": "7", "create": "Create"}
    )
    token = text(page(response).select_one("[role=status] code"))
    with app.app_context():
        (row,) = access.list_tokens(get_db())
    assert row["scope"] == "read"
    assert row["expires"] > row["created"]
    api = new_client(app, LAN)
    assert api.get(f"{API}/sessions", headers=bearer(token)).status_code == 200
    assert api.post(f"{API}/sessions", json={}, headers=bearer(token)).status_code == 403


def test_a_token_made_before_scopes_keeps_reading_and_writing(app, club):
    """The migration gives every existing token the scope "write" and no expiry."""
    pinned, _ = club
    from scorekeeper.web.access.auth import token_hash

    with app.app_context():
        db = get_db()
        db.execute(
            "insert into api_tokens (name, token_hash, created) values ('old', ?, '2025-01-01')",
            [token_hash("sk_old")],
        )
        db.conn.commit()
    client = new_client(app, LAN)
    response = client.post(
        f"{API}/sessions/{pinned}/deals", json={"points": [26, 26, 26]}, headers=bearer("sk_old")
    )
    assert response.status_code == 201


def test_a_huge_token_or_login_id_on_the_tokens_page_is_no_error(app, club):
    client = keeper(app)
    for data in (
        {"token_id": "9" * 30, "revoke": "Revoke"},
        {"token_id": "２", "revoke": "Revoke"},
        {"login-login_id": "9" * 30, "login-end": "End"},
    ):
        assert client.post("/keeper/tokens", data=data).status_code == 200
    assert cli(app, "revoke-token", "9" * 30).exit_code == 1
    assert keeper(app).get("/").status_code == 200  # the keeper's own login still on


def test_the_session_page_with_its_read_link_is_not_cached_in_club_mode(app, club):
    pinned, _ = club
    response = keeper(app).get(f"/sessions/{pinned}")
    assert "/view/" in response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
