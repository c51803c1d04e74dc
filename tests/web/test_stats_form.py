"""A player's win percentage, streaks, form, partners and peak rating (GET
/api/v1/players/<id>/stats, the player's page, the ranking) against the slow references of
tests/web/form_reference.py, on the club of test_stats.py, on a club long enough for peaks and
partners of ten deals, and on small random clubs.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper import services
from scorekeeper.services.players import persons as players
from tests.fuzzing import examples
from tests.web import helpers
from tests.web.club import add_session
from tests.web.club import call
from tests.web.club import player_id
from tests.web.form_reference import form_reference
from tests.web.form_reference import partners_reference
from tests.web.form_reference import peaks_reference
from tests.web.helpers import page
from tests.web.helpers import text
from tests.web.test_stats import NAMES
from tests.web.test_stats import PERIODS
from tests.web.test_stats import POINTS
from tests.web.test_stats import build_club
from tests.web.test_stats import session_shapes
from tests.web.test_stats import stats_path

FORM_KEYS = ("games_won_pct", "streaks", "form")
PARTNER_KEYS = ("partners", "best_partner", "hardest_opponents")
TEAMS = [[60, 54], [50, 64], [57, 57], [70, 44], [44, 70], [80, 34], [30, 84]]
"""Piedicavallo points: a game is four deals, and a tie for the best total deals one more."""


def keys(answer: dict, names: tuple[str, ...]) -> dict:
    return {key: answer[key] for key in names}


@pytest.fixture
def club(app) -> dict[str, int]:
    return build_club(app)


@pytest.fixture
def long_club(app) -> None:
    """Five players over many evenings: Scarto games enough for established ratings (ten or more
    games each), Piedicavallo with changing partners, a seat linked to nobody, a game tied for
    three at the end (and an unfinished one after it)."""
    for day in range(1, 13):
        names = [NAMES[(day + i) % 5] for i in range(3)]
        deals = [POINTS["scarto"][(day * k) % 5] for k in range(1, 7)]
        add_session(app, "scarto", names, f"2024-{day:02d}-0{1 + day % 3}", deals)
    for day in range(1, 7):
        names = [NAMES[(day * i) % 5] for i in (1, 2, 3, 4)]
        if len(set(names)) < 4:
            names = [NAMES[(day + i) % 5] for i in range(4)]
        deals = [TEAMS[(day + k) % len(TEAMS)] for k in range(9)]
        add_session(app, "piedicavallo", names, f"2024-{day:02d}-15", deals)
    add_session(app, "scarto", ["Anna", "Player 3", "Bruno"], "2024-12-24", POINTS["scarto"])
    add_session(app, "scarto", ["Carla", "Dario", "Elena"], "2024-12-30", [[26, 26, 26]] * 4)


@pytest.mark.parametrize(("ruleset", "first", "last"), PERIODS)
def test_form_and_partners_are_the_slow_references(app, client, club, ruleset, first, last):
    for name in NAMES:
        player = player_id(app, name)
        answer = client.get(stats_path(player, ruleset, first, last)).get_json()
        assert keys(answer, FORM_KEYS) == form_reference(app, player, ruleset, first, last), name
        expected = partners_reference(app, player, ruleset, first, last)
        assert keys(answer, PARTNER_KEYS) == expected, name


@pytest.mark.parametrize(
    ("ruleset", "first", "last"),
    [
        (None, None, None),
        ("scarto", None, None),
        ("scarto", "2024-06-01", "2024-09-30"),
        ("piedicavallo", None, None),
        ("piedicavallo", "2024-03-01", None),
    ],
)
def test_a_long_clubs_figures_and_peaks_are_the_slow_references(
    app, client, long_club, ruleset, first, last
):
    peaks = peaks_reference(app, ruleset, first, last) if ruleset else {}
    for name in NAMES:
        player = player_id(app, name)
        answer = client.get(stats_path(player, ruleset, first, last)).get_json()
        assert keys(answer, FORM_KEYS) == form_reference(app, player, ruleset, first, last)
        expected = partners_reference(app, player, ruleset, first, last)
        assert keys(answer, PARTNER_KEYS) == expected
        assert answer["rating_peak"] == peaks.get(player), name
        for min_deals in (1, 20):  # the head-to-head's minimum does not move the hardest
            other = client.get(stats_path(player, ruleset, first, last, min_deals)).get_json()
            assert other["hardest_opponents"] == expected["hardest_opponents"]
    if ruleset:
        asked = {"ruleset": ruleset, "from": first, "to": last, "min_deals": 0}
        query = "&".join(f"{key}={value}" for key, value in asked.items() if value is not None)
        rows = client.get(f"/api/v1/rankings?{query}").get_json()
        for row in rows:
            assert (row["peak"], row["peak_on"]) == (None, None)  # in a ranking by rating only
            mine = form_reference(app, row["player_id"], ruleset, first, last)
            assert row["games_won_pct"] == mine["games_won_pct"]
        for row in client.get(f"/api/v1/rankings?{query}&order=rating").get_json():
            peak = peaks.get(row["player_id"]) or {}
            assert (row["peak"], row["peak_on"]) == (peak.get("value"), peak.get("played_on"))


def test_the_long_club_has_what_the_references_are_checked_on(app, client, long_club):
    """Peaks, best partners, hardest opponents, ties and streaks longer than one, or the
    comparisons above prove little."""
    peaks = peaks_reference(app, "scarto")
    assert len(peaks) == 5
    anyone = [
        client.get(stats_path(player_id(app, name), "piedicavallo")).get_json() for name in NAMES
    ]
    assert any(answer["best_partner"] for answer in anyone)
    assert any(len(answer["hardest_opponents"]) == 3 for answer in anyone)
    # Piedicavallo deals again after a tie: its games end with a winner. Scarto's may tie.
    scarto = [client.get(stats_path(player_id(app, name), "scarto")).get_json() for name in NAMES]
    results = {game["result"] for answer in anyone + scarto for game in answer["form"]}
    assert results == {"W", "T", "L"}
    assert any(answer["streaks"]["games_won"]["longest"]["length"] > 1 for answer in anyone)


def test_a_player_without_games_has_empty_streaks_and_form(app, client):
    created = client.post("/api/v1/players", json={"name": "Zoe"}).get_json()
    answer = client.get(f"/api/v1/players/{created['id']}/stats?ruleset=scarto").get_json()
    nothing = {"length": 0, "first_day": None, "last_day": None}
    assert keys(answer, FORM_KEYS + PARTNER_KEYS) == {
        "games_won_pct": None,
        "streaks": {
            "games_won": {"longest": nothing, "current": nothing},
            "positive_evenings": {"longest": nothing, "current": nothing},
        },
        "form": [],
        "partners": [],
        "best_partner": None,
        "hardest_opponents": [],
    }
    assert answer["rating_peak"] is None


@settings(max_examples=examples(15), deadline=None)
@given(shapes=st.lists(session_shapes, min_size=1, max_size=5), delete_first=st.booleans())
def test_any_small_clubs_form_and_partners_are_the_slow_references(shapes, delete_first):
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
            for period in ((None, None, None), ("piedicavallo", "2024-01-02", "2024-12-31")):
                answer = client.get(stats_path(player, *period)).get_json()
                assert keys(answer, FORM_KEYS) == form_reference(app, player, *period)
                assert keys(answer, PARTNER_KEYS) == partners_reference(app, player, *period)


# The pages


def test_the_players_page_shows_form_streaks_and_partners_in_english_and_italian(
    app, client, long_club
):
    anna = player_id(app, "Anna")
    expected = form_reference(app, anna, "piedicavallo")
    partners = partners_reference(app, anna, "piedicavallo")
    english = page(client.get(f"/players/{anna}?ruleset=piedicavallo"))
    marks = [text(li.select_one("[aria-hidden]")) for li in english.select("ol.form-marks li")]
    assert marks == [game["result"] for game in expected["form"]]
    spoken = text(english.select_one("ol.form-marks li .visually-hidden"))
    assert spoken.split(",")[0] in {"won", "tied first", "lost"}
    assert "W won (the best total alone), T tied first (the best total shared), L lost" in text(
        english
    )
    assert "Most games won in a row" in text(english.select_one("table.streaks"))
    names = [text(row.td.a) for row in english.select("table.partners tbody tr")]
    assert names == [row["name"] for row in partners["partners"]]
    assert "Best partner" in text(english) or partners["best_partner"] is None
    pct = expected["games_won_pct"]
    assert f"{pct:.1f}% of the finished games" in text(english.select_one("table.figures"))
    italian = page(
        client.get(f"/players/{anna}?ruleset=piedicavallo", headers={"Accept-Language": "it"})
    )
    # Letters and words in Italian once the catalogue has them; the English until then.
    assert len(italian.select("ol.form-marks li")) == len(expected["form"])
    assert f"{pct:.1f}".replace(".", ",") in text(italian.select_one("table.figures"))
    assert italian.select_one("table.partners") is not None


def test_the_players_page_shows_his_peak_in_a_ruleset(app, client, long_club):
    anna = player_id(app, "Anna")
    peak = peaks_reference(app, "scarto")[anna]
    soup = page(client.get(f"/players/{anna}?ruleset=scarto"))
    row = next(tr for tr in soup.select("table.figures tr") if "Peak rating" in text(tr))
    assert f"{peak['value']:.1f}" in text(row.td)
    assert soup.select_one("table.partners") is None  # Scarto has no partners
    italian = page(client.get(f"/players/{anna}?ruleset=scarto", headers={"Accept-Language": "it"}))
    assert f"{peak['value']:.1f}".replace(".", ",") in text(italian.select_one("table.figures"))


def test_the_ranking_by_rating_shows_the_peak_and_its_day(app, client, long_club):
    soup = page(client.get("/rankings?ruleset=scarto&min_deals=1&order=rating"))
    heads = [text(th) for th in soup.select("table.ranking thead th")]
    assert heads[-3:] == ["Rating", "Peak", "Peak on"]
    assert "Won %" in heads
    assert "Peak: the highest rating in the period" in text(soup.select_one("#peak-explained"))
    peaks = peaks_reference(app, "scarto")
    for tr in soup.select("table.ranking tbody tr:not(.group)"):
        name = text(tr.select_one("td a"))
        value = peaks[player_id(app, name)]["value"]
        assert text(tr.select("td")[-2]).startswith(f"{value:.1f}")
    # By another order, no peak columns.
    heads = [text(th) for th in page(client.get("/rankings?ruleset=scarto")).select("thead th")]
    assert "Peak" not in heads
