"""Form tokens signed once a minute per visitor (web/tokens.py), with CSRF on as in use."""

from __future__ import annotations

import pytest
from flask import g
from flask import session
from flask_wtf.csrf import validate_csrf

from scorekeeper import create_app
from scorekeeper.web import tokens
from tests.web.helpers import page
from tests.web.helpers import session_form


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "tokens.sqlite")})


def token_on(client, path: str) -> str:
    return page(client.get(path)).find(attrs={"name": "csrf_token"})["value"]


def start(client) -> int:
    data = session_form() | {"csrf_token": token_on(client, "/sessions/new")}
    response = client.post("/sessions/new", data=data)
    assert response.status_code == 303
    return int(response.headers["Location"].rsplit("/", 1)[1])


def test_a_visitor_gets_the_same_token_again_and_it_is_accepted(app):
    client = app.test_client()
    session_id = start(client)
    first = token_on(client, f"/sessions/{session_id}")
    assert token_on(client, f"/sessions/{session_id}") == first
    other = app.test_client()  # another visitor, another session value: another token
    start(other)
    assert token_on(other, f"/sessions/{session_id}") != first
    # The kept token posts (a refused token would be a 400): the session is deleted.
    data = {"confirm": "y", "csrf_token": first}
    assert client.post(f"/sessions/{session_id}/delete", data=data).status_code == 303
    assert (
        client.post(f"/sessions/{session_id}/delete", data=data | {"csrf_token": "x"}).status_code
        == 400
    )


def test_a_token_is_signed_anew_once_it_is_a_minute_old(app):
    now = [1000.0]

    def token() -> str:
        g.pop("csrf_token", None)  # as a new request
        return tokens.form_token(clock=lambda: now[0])

    with app.test_request_context("/"):
        first = token()
        key = (app.secret_key, session["csrf_token"])
        assert tokens._kept[key] == (1000.0, first)
        now[0] += tokens.REUSE - 1
        assert token() == first
        assert tokens._kept[key][0] == 1000.0  # handed out again, not signed
        now[0] += 2
        fresh = token()
        assert tokens._kept[key] == (now[0], fresh)  # signed anew
        validate_csrf(fresh)  # raises if it were not a valid token for this session
        validate_csrf(first)
