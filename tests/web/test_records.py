"""The club's records (GET /api/v1/records and the /records page) against a slow reference:
every live session loaded from its stored deals and its records counted in Python
(tests/web/records_reference.py), on the statistics' test club and on small random clubs."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper import services
from scorekeeper.services.stats import rows
from scorekeeper.services.stats.records import RECORDS
from scorekeeper.storage.migrations.records import fill_game_deficits
from tests.fuzzing import examples
from tests.web import helpers
from tests.web.club import add_session
from tests.web.club import call
from tests.web.helpers import page
from tests.web.helpers import text
from tests.web.records_reference import records as reference
from tests.web.test_stats import PERIODS
from tests.web.test_stats import build_club


def api_records(client, ruleset=None, first=None, last=None) -> dict:
    query = {"ruleset": ruleset, "from": first, "to": last}
    given = "&".join(f"{key}={value}" for key, value in query.items() if value is not None)
    answer = client.get(f"/api/v1/records?{given}")
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


@pytest.fixture
def club(app) -> dict[str, int]:
    return build_club(app)


@pytest.mark.parametrize(("ruleset", "first", "last"), PERIODS)
def test_the_records_are_the_slow_references(app, client, club, ruleset, first, last):
    answer = api_records(client, ruleset, first, last)
    assert answer["ruleset"] == ruleset
    assert {name: answer[name] for name in RECORDS} == reference(app, ruleset, first, last)


def test_a_piedicavallo_deal_names_both_partners(app, client, club):
    best = api_records(client, "piedicavallo")["best_deal"]
    # [70, 44]: Anna (seat 0) and Carla (seat 2), partners, scored 70 in the fourth deal.
    assert best["value"] == 70
    assert [p["name"] for p in best["players"]] == ["Anna", "Carla"]
    assert (best["session_id"], best["number"]) == (club["teams"], 4)


def test_the_earliest_of_equal_records_holds_it_and_level_players_share_it(app, client):
    # Two days with the same best deal: the first day's holds it; in it two seats level.
    add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-02-02", [[30, 30, 18]])
    add_session(
        app, "scarto", ["Dario", "Elena", "Anna"], "2024-01-01", [[10, 38, 30], [30, 30, 18]]
    )
    answer = api_records(client, "scarto")
    assert answer["best_deal"]["value"] == 12  # 38 - 26
    worst = answer["worst_deal"]  # -16: on 1 January, deal 1, Dario alone
    assert (worst["value"], worst["played_on"], worst["number"]) == (-16, "2024-01-01", 1)
    evening = answer["most_deals"]  # two deals on 1 January, at one table: all three share
    assert evening["value"] == 2
    assert sorted(p["name"] for p in evening["players"]) == ["Anna", "Dario", "Elena"]
    assert {name: answer[name] for name in RECORDS} == reference(app, "scarto")


def test_a_comeback_is_the_deepest_deficit_of_a_won_game(app, client):
    # A first-to-N Scarto game is long; the reference and the answer agree whatever it is, and
    # a seat behind after the first deal that wins the game holds it.
    deals = [[10, 40, 28]] + [[40, 10, 28]] * 12
    session = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-03-03", deals)
    answer = api_records(client, "scarto")
    assert answer["biggest_comeback"] == reference(app, "scarto")["biggest_comeback"]
    comeback = answer["biggest_comeback"]
    assert comeback is not None
    assert comeback["session_id"] == session
    assert [p["name"] for p in comeback["players"]] == ["Anna"]
    assert (comeback["value"], comeback["number"], comeback["game"]) == (30, 1, 1)


def test_a_deleted_session_is_left_out(app, client):
    kept = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-01", [[30, 20, 28]])
    gone = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-02", [[78, 0, 0]])
    assert api_records(client, "scarto")["best_deal"]["session_id"] == gone
    call(app, services.delete_session, gone)
    assert api_records(client, "scarto")["best_deal"]["session_id"] == kept
    assert {name: api_records(client, "scarto")[name] for name in RECORDS} == reference(
        app, "scarto"
    )


def test_an_empty_club_holds_no_record(client):
    answer = api_records(client)
    assert all(answer[name] is None for name in RECORDS)
    assert client.get("/records").status_code == 200


def test_the_migration_works_out_the_deficits_the_rows_do(app, club):
    """The step that added the deficits filled the rows made before it by the same definition."""

    def compare(db):
        rows.refresh(db)
        sql = (
            "select session_id, game, seat, behind, behind_after from game_results order by 1, 2, 3"
        )
        made = db.execute(sql).fetchall()
        db.execute("update game_results set behind = 0, behind_after = 0")
        fill_game_deficits(db)
        return made, db.execute(sql).fetchall()

    made, migrated = call(app, compare)
    assert made == migrated
    assert any(row[3] for row in made)


@pytest.mark.parametrize(
    "query", ["ruleset=bridge", "from=2024-1-1", "to=", "from=2024-05-01&to=2024-04-30"]
)
def test_a_bad_parameter_is_a_400(client, query):
    assert client.get(f"/api/v1/records?{query}").status_code == 400
    assert client.get(f"/api/v1/winners?{query}").status_code == 400


# The property: any small club

POINTS = {
    "scarto": [[30, 20, 28], [26, 26, 26], [40, 20, 18], [10, 30, 38], [78, 0, 0]],
    "piedicavallo": [[60, 54], [57, 57], [70, 44], [14, 100]],
}
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")
session_shapes = st.tuples(
    st.sampled_from(sorted(POINTS)),
    st.permutations(range(5)),
    st.sampled_from(["2024-01-01", "2024-01-02", "2024-06-30", "2025-01-01"]),
    st.lists(st.integers(0, 4), max_size=12),
    st.booleans(),
)
"""A session of a small club: ruleset, the players' order, day, its deals' points, deleted."""


def add_small_club(app, shapes) -> None:
    """The sessions ``session_shapes`` drew, stored as the app stores them."""
    for ruleset, order, day, deals, deleted in shapes:
        seats = 4 if ruleset == "piedicavallo" else 3
        names = [NAMES[i] for i in order[:seats]]
        points = [POINTS[ruleset][d % len(POINTS[ruleset])] for d in deals]
        session_id = add_session(app, ruleset, names, day, points)
        if deleted:
            call(app, services.delete_session, session_id)


@settings(max_examples=examples(15), deadline=None)
@given(shapes=st.lists(session_shapes, min_size=1, max_size=5))
def test_any_small_clubs_records_are_the_slow_references(shapes):
    with tempfile.TemporaryDirectory() as folder:
        app = helpers.make_app(Path(folder))
        client = app.test_client()
        add_small_club(app, shapes)
        for period in (
            (None, None, None),
            ("scarto", None, None),
            ("piedicavallo", "2024-01-02", "2024-12-31"),
        ):
            answer = api_records(client, *period)
            assert {name: answer[name] for name in RECORDS} == reference(app, *period)


# The page


def test_the_page_shows_each_record_and_links_its_session(app, client, club):
    soup = page(client.get("/records?ruleset=scarto"))
    expected = reference(app, "scarto")
    for name in RECORDS:
        block = soup.select_one(f"li#{name}")
        assert block is not None
        record = expected[name]
        if record is None:
            continue
        for player in record["players"]:
            assert player["name"] in text(block)
        links = [a["href"] for a in block.select("a") if a["href"].startswith("/sessions/")]
        assert links
        assert links[0].startswith(f"/sessions/{record['session_id']}")
    assert "earliest" in text(soup)
    for language in ("it", "de", "sv"):
        assert client.get("/records", headers={"Accept-Language": language}).status_code == 200
    assert client.get("/records?year=20x4").status_code == 400


# The club read link


def test_the_club_link_opens_both_pages_and_links_only_the_sessions_it_may_read(tmp_path):
    from scorekeeper.storage import access
    from scorekeeper.web.db import get_db
    from tests.passwords import quick_hash
    from tests.web.helpers import load
    from tests.web.test_club_link import PASSWORD
    from tests.web.test_club_link import club_reader
    from tests.web.test_club_link import keeper
    from tests.web.test_club_link import new_link
    from tests.web.test_club_link import path_of

    app = helpers.make_app(tmp_path)
    first = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-01", [[78, 0, 0]])
    second = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-02", [[0, 0, 78]])
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash(PASSWORD))
    reader = club_reader(app, new_link(keeper(app)))
    for url in ("/records", "/winners", "/records?ruleset=scarto&year=2024"):
        assert reader.get(url).status_code == 200, url

    def session_links() -> set[str]:
        soup = page(reader.get("/records?ruleset=scarto"))
        return {a["href"].split("#")[0] for a in soup.select("li.record a[href^='/sessions/']")}

    assert session_links() == set()  # no session's link: shown without one
    assert f"Session {first}, deal 1" in text(page(reader.get("/records?ruleset=scarto")))
    # Nothing more: the sessions, the API, a write.
    assert path_of(reader.get(f"/sessions/{first}")) == "/login"
    assert path_of(reader.get("/events")) == "/login"
    assert reader.post("/records", data={}).status_code == 405  # nothing to write there
    assert reader.get("/api/v1/records").status_code == 401
    assert reader.get("/api/v1/winners").status_code == 401
    # A session's read link opens that session: its records link to it, the other's do not.
    reader.get(f"/view/{load(app, first).read_token}")
    assert session_links() == {f"/sessions/{first}"}
    assert second not in {int(link.rsplit("/", 1)[1]) for link in session_links()}
