"""The session cookie with verified cookies kept (web/cookies.py): what Flask's own does."""

from __future__ import annotations

import pytest
from flask import session

from scorekeeper.web.cookies import KeptCookieSessionInterface


@pytest.fixture
def keeper_routes(app):
    """Two test pages: one logs the keeper in (in the cookie), one tells whether they are."""

    @app.get("/_test/set")
    def set_():
        session["keeper"] = True
        return ""

    @app.get("/_test/keeper")
    def keeper():
        return "yes" if session.get("keeper") else "no"


def cookie_of(client) -> str:
    return client.get_cookie("session").value


def test_a_cookie_kept_gives_each_request_its_own_copy(app):
    @app.get("/_test/add/<int:n>")
    def add(n):
        session.setdefault("read", []).append(n)
        session.modified = True
        return ",".join(map(str, session["read"]))

    @app.get("/_test/show")
    def show():
        return ",".join(map(str, session.get("read", [])))

    client = app.test_client()
    assert client.get("/_test/add/1").text == "1"
    signed = cookie_of(client)
    assert client.get("/_test/show").text == "1"  # read from the cookie, now kept
    assert client.get("/_test/add/2").text == "1,2"
    # The first cookie again: the second request's change did not reach what was kept of it.
    other = app.test_client()
    other.set_cookie("session", signed)
    assert other.get("/_test/show").text == "1"


@pytest.mark.usefixtures("keeper_routes")
def test_a_changed_cookie_is_refused_though_the_genuine_one_is_kept(app):
    client = app.test_client()
    client.get("/_test/set")
    signed = cookie_of(client)
    assert client.get("/_test/keeper").text == "yes"
    forged = app.test_client()
    payload, dot, signature = signed.rpartition(".")
    forged.set_cookie(
        "session", payload + dot + ("A" if signature[0] != "A" else "B") + signature[1:]
    )
    assert forged.get("/_test/keeper").text == "no"


@pytest.mark.usefixtures("keeper_routes")
def test_a_kept_cookie_too_old_is_refused(app):
    clock = [0.0]
    interface = KeptCookieSessionInterface(clock=lambda: clock[0])
    app.session_interface = interface

    client = app.test_client()
    client.get("/_test/set")
    clock[0] = 1e12  # the kept cookie's clock: far past the session lifetime (31 days)
    assert client.get("/_test/keeper").text == "yes"  # verified now, by itsdangerous, and kept
    assert client.get("/_test/keeper").text == "no"  # kept, and too old by the kept clock
