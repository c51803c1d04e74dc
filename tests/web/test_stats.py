"""A player's statistics (GET /api/v1/players/<id>/stats and the player's page) against a slow
reference: every session loaded and its recorded scores added up in Python (tests/web/club.py).

The club below has Scarto, Tarocchi a 3 and Piedicavallo (teams: a seat carries its side's
score; a partner is no opponent), a deleted session, a deleted deal, a corrected deal, an
illegal scarto (marked, and counted for its dealer), a seat linked to nobody, and days over two
years.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper import services
from scorekeeper.services import ConflictError
from scorekeeper.services.players import persons as players
from tests.fuzzing import examples
from tests.web import helpers
from tests.web.club import add_session
from tests.web.club import call
from tests.web.club import illegal_scarto
from tests.web.club import player_id
from tests.web.club import record
from tests.web.club import reference
from tests.web.helpers import page
from tests.web.helpers import text

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")
SCARTO = [[30, 20, 28], [20, 30, 28], [26, 26, 26], [40, 20, 18], [18, 40, 20], [25, 27, 26]]
PIEDICAVALLO = [[60, 54], [50, 64], [57, 57], [70, 44], [44, 70]]
FIGURES = (
    "sessions",
    "games",
    "games_won",
    "deals",
    "score_total",
    "score_per_deal",
    "best_deal",
    "worst_deal",
    "points_per_deal_as_dealer",
    "points_per_deal_not_dealer",
    "marked_deals",
    "illegal_scartos",
    "head_to_head",
)
PERIODS = [
    (None, None, None),
    ("scarto", None, None),
    ("piedicavallo", None, None),
    ("tarocchi-a-3", None, None),
    (None, "2024-01-01", "2024-12-31"),
    ("scarto", "2024-01-10", "2024-01-10"),
    (None, "2023-06-01", None),
    (None, None, "2023-12-31"),
]


def build_club(app) -> dict[str, int]:
    """The club of the module's docstring; returns the sessions' ids by name."""
    anna, bruno, carla, dario, elena = NAMES
    made = {
        "old": add_session(
            app, "scarto", [anna, bruno, carla], "2023-05-02", [illegal_scarto(), *SCARTO]
        ),
        "corrected": add_session(app, "scarto", [bruno, dario, anna], "2024-01-10", SCARTO),
        "teams": add_session(
            app, "piedicavallo", [anna, bruno, carla, dario], "2024-02-01", PIEDICAVALLO
        ),
        "deleted": add_session(app, "scarto", [carla, elena, anna], "2024-03-03", SCARTO[:3]),
        "tarocchi": add_session(
            app, "tarocchi-a-3", [dario, elena, bruno], "2024-04-04", SCARTO * 2
        ),
        "nobody": add_session(app, "scarto", [elena, "Player 3", anna], "2024-05-05", SCARTO),
    }
    call(app, services.correct_deal, made["corrected"], 2, {"points": [10, 40, 28]})
    call(app, services.delete_deal, made["corrected"], 4)
    call(app, services.delete_session, made["deleted"])
    return made


@pytest.fixture
def club(app) -> dict[str, int]:
    return build_club(app)


def figures(answer: dict) -> dict:
    return {key: answer[key] for key in FIGURES}


def stats_path(player: int, ruleset=None, first=None, last=None, min_deals=None) -> str:
    query = {"ruleset": ruleset, "from": first, "to": last, "min_deals": min_deals}
    given = "&".join(f"{key}={value}" for key, value in query.items() if value is not None)
    return f"/api/v1/players/{player}/stats?{given}"


@pytest.mark.parametrize(("ruleset", "first", "last"), PERIODS)
def test_every_players_statistics_are_the_slow_references(app, client, club, ruleset, first, last):
    for name in NAMES:
        player = player_id(app, name)
        for min_deals in (1, 10):
            answer = client.get(stats_path(player, ruleset, first, last, min_deals))
            assert answer.status_code == 200
            expected = reference(app, player, ruleset, first, last, min_deals)
            assert figures(answer.get_json()) == expected, (name, min_deals)


def test_the_club_is_what_the_reference_is_checked_on(app, client, club):
    """The reference must see what the module's docstring promises, or it proves little."""
    anna = reference(app, player_id(app, "Anna"))
    assert anna["illegal_scartos"] == 1
    assert anna["marked_deals"] == 1
    assert anna["sessions"] == 4  # the deleted session left out
    # 7 + 5 (one deleted) + 5 (teams) + 6 = 23 deals
    assert anna["deals"] == 23
    bruno = reference(app, player_id(app, "Bruno"), ruleset="piedicavallo", min_deals=1)
    # Bruno (seat 1) and Dario (seat 3) are partners: Dario is no opponent of his.
    assert {row["name"] for row in bruno["head_to_head"]} == {"Anna", "Carla"}
    assert bruno["score_total"] == 54 + 64 + 57 + 44 + 70


def test_the_figures_follow_each_change_to_the_deals(app, client, club):
    anna = player_id(app, "Anna")
    client.get(stats_path(anna))  # the rows are made now, then kept
    call(app, services.correct_deal, club["old"], 3, {"points": [60, 10, 8]})
    call(app, services.delete_deal, club["nobody"], 1)
    call(app, services.delete_session, club["deleted"], deleted=False)  # brought back
    record(app, club["teams"], [100, 14])
    assert figures(client.get(stats_path(anna, min_deals=1)).get_json()) == reference(
        app, anna, min_deals=1
    )


def test_a_seat_moved_to_another_player_moves_its_figures(app, client, club):
    anna, bruno = player_id(app, "Anna"), player_id(app, "Bruno")
    client.get(stats_path(anna))
    call(app, players.link_seat, club["nobody"], 1, bruno)  # "Player 3" was Bruno
    with pytest.raises(ConflictError, match="Bruno sits at seat 2 of this session already"):
        call(app, players.link_seat, club["nobody"], 2, bruno)  # one person, one seat
    for player in (anna, bruno):
        answer = client.get(stats_path(player, min_deals=1)).get_json()
        assert figures(answer) == reference(app, player, min_deals=1)


def test_the_answer_has_every_key_and_the_best_deal_says_where(app, client, club):
    answer = client.get(stats_path(player_id(app, "Anna"), ruleset="scarto")).get_json()
    assert set(answer) == {*FIGURES, "player_id", "name", "ruleset", "from", "to", "rating"} | {
        *("games_won_pct", "streaks", "form", "rating_peak"),
        *("partners", "best_partner", "hardest_opponents"),
    }
    assert set(answer["best_deal"]) == {"score", "session_id", "deal_id", "number", "played_on"}
    assert set(answer["rating"]) == {"value", "mu", "sigma", "games", "provisional"}
    # The illegal scarto's dealer Anna: 78 points less the King's five... whatever the deal
    # gave, the best deal is the highest score of hers the reference found.
    assert answer["best_deal"]["score"] == reference(app, answer["player_id"])["best_deal"]["score"]


def test_a_player_without_deals_has_zeros_and_nulls(app, client):
    created = client.post("/api/v1/players", json={"name": "Zoe"}).get_json()
    answer = client.get(f"/api/v1/players/{created['id']}/stats").get_json()
    assert figures(answer) == {
        "sessions": 0,
        "games": 0,
        "games_won": 0,
        "deals": 0,
        "score_total": 0,
        "score_per_deal": None,
        "best_deal": None,
        "worst_deal": None,
        "points_per_deal_as_dealer": None,
        "points_per_deal_not_dealer": None,
        "marked_deals": 0,
        "illegal_scartos": 0,
        "head_to_head": [],
    }
    assert answer["rating"] is None


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("ruleset=bridge", "ruleset"),
        ("from=2024-1-1", "from"),
        ("from=2024-02-30", "from"),
        ("to=yesterday", "to"),
        ("to=２０２４-01-01", "to"),
        ("from=2024-05-01&to=2024-04-30", "from"),
        ("min_deals=-1", "min_deals"),
        ("min_deals=ten", "min_deals"),
        ("min_deals=1000000", "min_deals"),
    ],
)
def test_a_bad_parameter_is_a_400_that_names_it(app, client, query, named):
    created = client.post("/api/v1/players", json={"name": "Zoe"}).get_json()
    answer = client.get(f"/api/v1/players/{created['id']}/stats?{query}")
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith(named)


def test_an_unknown_player_is_a_404(client):
    assert client.get("/api/v1/players/99/stats").status_code == 404
    assert client.get("/players/99").status_code == 404
    assert client.get("/players/99/deals.csv").status_code == 404


# The property: any small club


POINTS = {
    "scarto": [[30, 20, 28], [26, 26, 26], [40, 20, 18], [10, 30, 38], [78, 0, 0]],
    "piedicavallo": [[60, 54], [57, 57], [70, 44], [14, 100]],
}
session_shapes = st.tuples(
    st.sampled_from(sorted(POINTS)),
    st.permutations(range(5)),
    st.sampled_from(["2024-01-01", "2024-01-02", "2024-06-30", "2025-01-01"]),
    st.lists(st.integers(0, 4), max_size=9),
    st.booleans(),
)


@settings(max_examples=examples(15), deadline=None)
@given(shapes=st.lists(session_shapes, min_size=1, max_size=5), delete_first=st.booleans())
def test_any_small_clubs_statistics_are_the_slow_references(shapes, delete_first):
    with tempfile.TemporaryDirectory() as folder:
        app = helpers.make_app(Path(folder))
        client = app.test_client()
        for ruleset, order, day, deals, deleted in shapes:
            seats = 4 if ruleset == "piedicavallo" else 3
            names = [NAMES[i] for i in order[:seats]]
            session_id = add_session(
                app, ruleset, names, day, [POINTS[ruleset][d % len(POINTS[ruleset])] for d in deals]
            )
            if delete_first and deals:
                call(app, services.delete_deal, session_id, 1)
            if deleted:
                call(app, services.delete_session, session_id)
        for row in call(app, players.list_players):
            player = row["id"]
            for period in ((None, None, None), ("scarto", "2024-01-02", "2024-12-31")):
                answer = client.get(stats_path(player, *period, min_deals=2)).get_json()
                assert figures(answer) == reference(app, player, *period, min_deals=2)


# The player's page


def test_the_players_page_shows_the_statistics_in_every_language(app, client, club):
    anna = player_id(app, "Anna")
    expected = reference(app, anna, ruleset="scarto")
    for language in ("en", "it", "de", "sv"):
        answer = client.get(f"/players/{anna}", headers={"Accept-Language": language})
        assert answer.status_code == 200
        soup = page(answer)
        assert text(soup.h1) == "Anna"
        figures_table = soup.select_one("table.figures")
        cells = [text(td) for td in figures_table.select("td")]
        assert cells[3] == str(expected["deals"])  # the most played ruleset: Scarto
        assert cells[4] == str(expected["score_total"])
        assert soup.select_one("#rating-explained") is not None
    assert "fewer than 10 rated games" in text(page(client.get(f"/players/{anna}")))
    italian = page(client.get(f"/players/{anna}", headers={"Accept-Language": "it"}))
    shown = expected["score_per_deal"]
    assert f"{shown:.2f}".replace(".", ",") in text(italian.select_one("table.figures"))


def test_the_players_page_links_his_sessions_and_fits_a_phone(app, client, club):
    anna = player_id(app, "Anna")
    soup = page(client.get(f"/players/{anna}?ruleset="))
    links = {a["href"] for a in soup.select("table.sessions-played a")}
    live = {club[name] for name in ("old", "corrected", "teams", "nobody")}
    assert links == {f"/sessions/{session_id}" for session_id in live}
    # On a phone the ruleset and the deals leave their columns for a line under the day.
    assert soup.select("table.sessions-played th.wide-only")
    assert soup.select("table.sessions-played small.narrow-only")
    opponents = [text(row.td) for row in soup.select("table.head-to-head tbody tr")]
    assert opponents == [row["name"] for row in reference(app, anna)["head_to_head"]]


def test_a_player_page_without_deals_and_with_a_bad_filter(app, client):
    created = client.post("/api/v1/players", json={"name": "Zoe", "nickname": "Z"}).get_json()
    for language in ("en", "it", "de", "sv"):
        answer = client.get(f"/players/{created['id']}", headers={"Accept-Language": language})
        assert answer.status_code == 200
        assert "Zoe" in text(page(answer).h1)
    answer = client.get(f"/players/{created['id']}?year=20x4")
    assert answer.status_code == 400
    assert "year" in text(page(answer).select_one(".error"))
    answer = client.get(f"/players/{created['id']}?month=3")
    assert answer.status_code == 400


def test_the_deals_csv_has_a_line_per_deal_played(app, client, club):
    anna = player_id(app, "Anna")
    answer = client.get(f"/players/{anna}/deals.csv?ruleset=piedicavallo")
    assert answer.status_code == 200
    lines = answer.get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert lines[0] == "played_on,session_id,deal,ruleset,seat,dealer,points,score,marked"
    teams = club["teams"]
    # Anna sits at seat 0 and deals the first deal; her team's points are its score.
    assert lines[1:] == [
        f"2024-02-01,{teams},{n},piedicavallo,0,{int(n in (1, 5))},{p[0]},{p[0]},0"
        for n, p in enumerate(PIEDICAVALLO, 1)
    ]
    every = client.get(f"/players/{anna}/deals.csv?ruleset=").get_data(as_text=True)
    assert len(every.splitlines()) == 1 + reference(app, anna)["deals"]
