"""Phones re-reading the protocol cost next to nothing (issue "A club server that runs for
years", §4): "the protocol page, the session JSON, the chart ... carry an ETag made from what
they show (the session's version and language, the viewer's rights), answer If-None-Match with
304 after one cheap query"."""

from __future__ import annotations

import pytest

from scorekeeper.web import conditional
from scorekeeper.web.db import get_db
from tests.web import helpers
from tests.web.helpers import record_totals
from tests.web.helpers import session_with_totals
from tests.web.test_access import PASSWORD
from tests.web.test_access import PIN
from tests.web.test_access import enter_pin
from tests.web.test_access import keeper
from tests.web.test_access import reader
from tests.web.test_access import set_password

PAGES = ("/sessions/{id}", "/api/v1/sessions/{id}", "/sessions/{id}/chart.svg")


@pytest.fixture
def statements(app):
    """The SQL each request runs, as SQLite traces it on the request's connection."""
    seen: list[str] = []

    @app.before_request
    def trace() -> None:
        seen.clear()
        get_db().conn.set_trace_callback(seen.append)

    return seen


@pytest.mark.parametrize("address", PAGES)
def test_an_unchanged_answer_is_a_304_and_a_changed_one_comes_whole(client, address):
    session_id = session_with_totals(client, [[30, 27, 21]])
    url = address.format(id=session_id)
    first = client.get(url)
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "private, no-cache"
    tag = first.headers["ETag"]
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.get_data() == b""
    assert again.headers["ETag"] == tag
    record_totals(client, session_id, [20, 30, 28])
    changed = client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert len(changed.get_data()) > 0


@pytest.mark.parametrize("address", PAGES)
def test_the_tag_names_the_language(client, address):
    url = address.format(id=session_with_totals(client, [[30, 27, 21]]))
    english = client.get(url, headers={"Accept-Language": "en"}).headers["ETag"]
    italian = client.get(url, headers={"Accept-Language": "it", "If-None-Match": english})
    assert italian.status_code == 200  # the same session, in other words
    assert italian.headers["ETag"] != english


def test_a_304_reads_the_session_version_and_nothing_else(client, statements):
    session_id = session_with_totals(client, [[30, 27, 21], [20, 30, 28], [26, 26, 26]])
    whole = client.get(f"/sessions/{session_id}")
    read_whole = list(statements)
    answer = client.get(f"/sessions/{session_id}", headers={"If-None-Match": whole.headers["ETag"]})
    assert answer.status_code == 304
    deal_reads = [sql for sql in statements if "from deals" in sql.lower()]
    # One query reads the deals' marks (repository.load_session_marks), none reads a deal.
    assert len(deal_reads) == 1
    assert "json_group_array" in deal_reads[0]
    assert len(statements) < len(read_whole) / 2, (statements, read_whole)


def test_a_new_release_makes_every_page_new(tmp_path):
    app = helpers.make_app(tmp_path)
    client = app.test_client()
    url = f"/sessions/{session_with_totals(client, [[30, 27, 21]])}"
    tag = client.get(url).headers["ETag"]
    app.config["RELEASE"] = app.config["RELEASE"] + "-next"
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 200


def test_a_page_with_a_form_is_made_again_each_half_hour(client, monkeypatch):
    """A kept page never outlives its form's CSRF token (Flask-WTF: an hour)."""
    url = f"/sessions/{session_with_totals(client, [[30, 27, 21]])}"  # local mode: may write
    now = 1_800_000_000.0
    monkeypatch.setattr(conditional.time, "time", lambda: now)
    tag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    now += conditional.FORM_WINDOW_S
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 200


def test_the_tag_names_what_the_reader_may_do(app, client):
    """A phone that unlocks the session with its PIN gets the page with its forms, not its
    reader's page kept; the keeper's page (it shows the read link, on the club's perhaps shared
    laptop) is kept by no cache."""
    session_id = helpers.start_session(client, pin=PIN)
    record_totals(client, session_id, [30, 27, 21])
    set_password(app, PASSWORD)
    phone = reader(app, session_id)
    url = f"/sessions/{session_id}"
    read = phone.get(url)
    assert read.headers["Cache-Control"] == "private, no-cache"
    assert phone.get(url, headers={"If-None-Match": read.headers["ETag"]}).status_code == 304
    assert enter_pin(phone, session_id, PIN).status_code in (302, 303)
    unlocked = phone.get(url, headers={"If-None-Match": read.headers["ETag"]})
    assert unlocked.status_code == 200
    assert unlocked.headers["ETag"] != read.headers["ETag"]
    assert keeper(app).get(url).headers["Cache-Control"] == "no-store"


# The club's pages: a player's page and the rankings


def test_a_players_page_and_the_rankings_are_304_until_a_figure_could_change(app, client):
    session_id = session_with_totals(client, [[30, 27, 21], [20, 30, 28], [26, 26, 26]])
    player = helpers.load(app, session_id).player_ids[0]
    for url in (f"/players/{player}", "/rankings?ruleset=scarto&min_deals=1"):
        first = client.get(url)
        assert first.status_code == 200
        tag = {"If-None-Match": first.headers["ETag"]}
        assert client.get(url, headers=tag).status_code == 304
    tags = {
        url: client.get(url).headers["ETag"]
        for url in (f"/players/{player}", "/rankings?ruleset=scarto&min_deals=1")
    }
    record_totals(client, session_id, [28, 28, 22])  # a new deal: new figures
    for url, tag in tags.items():
        assert client.get(url, headers={"If-None-Match": tag}).status_code == 200
    tags = {url: client.get(url).headers["ETag"] for url in tags}
    other = helpers.load(app, session_id).player_ids[1]
    client.patch(f"/api/v1/players/{other}", json={"name": "Bruno Rossi"})  # a name shown
    for url, tag in tags.items():
        assert client.get(url, headers={"If-None-Match": tag}).status_code == 200
