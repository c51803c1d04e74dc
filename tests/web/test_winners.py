"""The club's winners by period (GET /api/v1/winners and the /winners page) against a slow
reference (tests/web/records_reference.py): a season's and a month's by the ranking's default
order, an evening's by its event's standings or the day's score total."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper import services
from scorekeeper.services.events.view import event_view
from scorekeeper.services.stats import winners as won
from scorekeeper.services.stats.figures import Filters
from scorekeeper.services.stats.figures import ranked
from tests.fuzzing import examples
from tests.web import helpers
from tests.web.club import add_session
from tests.web.club import call
from tests.web.helpers import page
from tests.web.helpers import text
from tests.web.records_reference import winners as reference
from tests.web.test_records import add_small_club
from tests.web.test_records import session_shapes
from tests.web.test_stats import PERIODS
from tests.web.test_stats import build_club

API = "/api/v1"
ENTRANTS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
KEYS = ("seasons", "months", "evenings")


def api_winners(client, ruleset=None, first=None, last=None) -> dict:
    query = {"ruleset": ruleset, "from": first, "to": last}
    given = "&".join(f"{key}={value}" for key, value in query.items() if value is not None)
    answer = client.get(f"{API}/winners?{given}")
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def played_event(client, day: str, points: list[list[int]]) -> int:
    """An event of six entrants on ``day``, its first round published and each table's deals
    played: the first table ``points``, the other [26, 26, 26]."""
    body = {"name": "Club night", "ruleset": "scarto", "entrants": ENTRANTS, "rounds": 2}
    made = client.post(f"{API}/events", json=body | {"deals_per_round": 3, "played_on": day})
    assert made.status_code == 201, made.get_json()
    event = f"{API}/events/{made.get_json()['id']}"
    client.post(f"{event}/rounds")
    tables = client.post(f"{event}/rounds/1/publish").get_json()["tables"]
    for number, table in enumerate(tables):
        for deal in points if number == 0 else [[26, 26, 26]]:
            path = f"{API}/sessions/{table['session_id']}/deals"
            assert client.post(path, json={"points": deal}).status_code == 201
    return int(made.get_json()["id"])


@pytest.fixture
def club(app) -> dict[str, int]:
    return build_club(app)


@pytest.mark.parametrize(("ruleset", "first", "last"), PERIODS)
def test_the_winners_are_the_slow_references(app, client, club, ruleset, first, last):
    answer = api_winners(client, ruleset, first, last)
    assert {key: answer[key] for key in KEYS} == reference(app, ruleset, first, last)


def test_an_events_first_wins_its_evening(app, client, club):
    # On the event's day Gina, no entrant, scores most in an ordinary session; the event's
    # first wins the evening all the same.
    add_session(app, "scarto", ["Gina", "Hugo", "Ivo"], "2024-09-09", [[78, 0, 0]] * 3)
    event_id = played_event(client, "2024-09-09", [[40, 20, 18], [40, 20, 18]])
    answer = api_winners(client, "scarto")
    (evening,) = [row for row in answer["evenings"] if row["played_on"] == "2024-09-09"]
    view = call(app, event_view, event_id)
    first = [s.name for s in view.standings if s.standing.rank == 1]
    assert evening["event_id"] == event_id
    assert evening["event_name"] == "Club night"
    assert [w["name"] for w in evening["winners"]] == first
    assert first
    assert "Gina" not in first
    assert {key: answer[key] for key in KEYS} == reference(app, "scarto")


def test_level_players_share_a_win(app, client):
    add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-03-01", [[30, 30, 18]] * 6)
    answer = api_winners(client, "scarto")
    for key in KEYS:
        (row,) = answer[key]
        assert sorted(w["name"] for w in row["winners"]) == ["Anna", "Bruno"]
    assert {key: answer[key] for key in KEYS} == reference(app, "scarto")


def test_a_month_is_won_by_the_first_of_its_ranking(app, client, club):
    """The month's winners are the first of the rankings page's default ranking of the month."""
    answer = api_winners(client, "scarto")
    for row in answer["months"]:
        year, month = row["period"].split("-")
        filters = Filters("scarto", f"{row['period']}-01", f"{row['period']}-31")
        shown = call(app, ranked, filters, None)
        assert shown.min_deals == row["min_deals"]
        first = [r["name"] for r in shown.rows if r["rank"] == 1]
        assert sorted(w["name"] for w in row["winners"]) == sorted(first), (year, month)


def test_a_deleted_session_is_left_out(app, client):
    add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-01", [[30, 20, 28]])
    gone = add_session(app, "scarto", ["Dario", "Bruno", "Carla"], "2024-01-01", [[78, 0, 0]])
    assert api_winners(client, "scarto")["evenings"][0]["winners"][0]["name"] == "Dario"
    call(app, services.delete_session, gone)
    answer = api_winners(client, "scarto")
    assert answer["evenings"][0]["winners"][0]["name"] == "Anna"
    assert {key: answer[key] for key in KEYS} == reference(app, "scarto")


def test_the_lists_are_bounded(monkeypatch, app, client):
    monkeypatch.setattr(won, "MAX_EVENINGS", 2)
    for day in ("2024-01-01", "2024-01-02", "2024-01-03"):
        add_session(app, "scarto", ["Anna", "Bruno", "Carla"], day, [[30, 20, 28]])
    answer = api_winners(client, "scarto")
    assert [row["played_on"] for row in answer["evenings"]] == ["2024-01-03", "2024-01-02"]


@settings(max_examples=examples(15), deadline=None)
@given(shapes=st.lists(session_shapes, min_size=1, max_size=5))
def test_any_small_clubs_winners_are_the_slow_references(shapes):
    with tempfile.TemporaryDirectory() as folder:
        app = helpers.make_app(Path(folder))
        client = app.test_client()
        add_small_club(app, shapes)
        for period in (
            (None, None, None),
            ("scarto", None, None),
            ("piedicavallo", "2024-01-02", None),
        ):
            answer = api_winners(client, *period)
            assert {key: answer[key] for key in KEYS} == reference(app, *period)


def test_the_page_lists_each_period_and_says_how_far_back(app, client, club):
    soup = page(client.get("/winners?ruleset=scarto"))
    expected = reference(app, "scarto")
    tables = soup.select("table.winners")
    assert len(tables) == 3
    assert len(tables[2].select("tbody tr")) == len(expected["evenings"])
    for row, shown in zip(expected["evenings"], tables[2].select("tbody tr"), strict=True):
        for winner in row["winners"]:
            assert winner["name"] in text(shown)
    assert all(table.parent.get("class") == ["scroll"] for table in tables)
    for language in ("it", "de", "sv"):
        assert client.get("/winners", headers={"Accept-Language": language}).status_code == 200
    assert client.get("/winners?month=3").status_code == 400
