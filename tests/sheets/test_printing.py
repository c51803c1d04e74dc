"""One sheet rendered at a time per server (web/sheets/printing.py): a printer who finds another
sheet being rendered gets a page that tries again by itself, and nothing is rendered meanwhile."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.storage.db import open_db
from scorekeeper.web.sheets import printing
from tests.databases import fresh_database


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite")})


@pytest.fixture
def session_id(app):
    db = open_db(app.config["DATABASE"])
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Nicolò"], "first_dealer": 0}
    session_id = services.start_session(db, body)
    services.record_deal(db, session_id, {"points": [30, 27, 21]})
    return session_id


@pytest.fixture
def another_sheet_rendering():
    """Another thread holding the turn, as while it renders a sheet."""
    with printing.TURN:
        yield


def test_a_sheet_waits_its_turn_on_a_page_that_tries_again(
    client, session_id, another_sheet_rendering
):
    response = client.get(f"/sessions/{session_id}/sheet.pdf?paper=a4")
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "1"
    assert response.headers["Cache-Control"] == "no-store"
    soup = BeautifulSoup(response.data, "html.parser")
    assert soup.find("meta", attrs={"http-equiv": "refresh"})["content"] == "1"
    assert "Another sheet is being printed" in soup.get_text()
    assert soup.find("a", string="Try again now")["href"] == (
        f"/sessions/{session_id}/sheet.pdf?paper=a4"
    )


def test_the_sheet_comes_once_the_other_is_done(app, client, session_id):
    with printing.TURN:
        assert client.get(f"/sessions/{session_id}/sheet.pdf").status_code == 503
    response = client.get(f"/sessions/{session_id}/sheet.pdf")  # the page's retry
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["X-Sheet-Cache"] == "miss"  # the 503 rendered nothing, kept nothing


def test_a_sheet_already_rendered_never_waits(app, client, session_id):
    assert client.get(f"/sessions/{session_id}/sheet.pdf").status_code == 200
    with printing.TURN:
        response = client.get(f"/sessions/{session_id}/sheet.pdf")
    assert response.status_code == 200
    assert response.headers["X-Sheet-Cache"] == "hit"


def test_every_kind_of_sheet_takes_its_turn(client, session_id, another_sheet_rendering):
    for url in (
        "/print/blank.pdf?ruleset=scarto",
        f"/sessions/{session_id}/deals/1/audit.pdf",
    ):
        assert client.get(url).status_code == 503, url


def test_one_sheet_renders_at_a_time_and_the_turn_comes_back(app):
    with app.test_request_context("/"):
        with printing.my_turn() as first, printing.my_turn() as second:
            assert (first, second) == (True, False)
        with printing.my_turn() as again:
            assert again is True
