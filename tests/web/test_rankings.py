"""The club's ranking: GET /api/v1/rankings, the /rankings page and its CSV.

Scarto scores are points - 26: a deal of [30, 30, 18] gives +4, +4, -8.
"""

from __future__ import annotations

import csv
import io

import pytest

from scorekeeper import services
from scorekeeper.services import ConflictError
from scorekeeper.services.players import persons as players
from tests.web.club import add_session
from tests.web.club import call
from tests.web.club import player_id
from tests.web.club import ranked
from tests.web.club import reference
from tests.web.helpers import page
from tests.web.helpers import text

RANKING_KEYS = {
    "rank",
    "player_id",
    "name",
    "deals",
    "score_total",
    "score_per_deal",
    "games_won",
    "rating",
    "provisional",
    "games_won_pct",
    "peak",
    "peak_on",
}


@pytest.fixture
def club(app) -> dict[str, int]:
    """Anna and Bruno tie (+4 a deal each in 2024), Carla -8; Dario plays one session in 2023;
    Elena plays Piedicavallo with them."""
    tie, old = ["Anna", "Bruno", "Carla"], ["Dario", "Anna", "Carla"]
    return {
        "tie": add_session(app, "scarto", tie, "2024-03-01", [[30, 30, 18]] * 6),
        "old": add_session(app, "scarto", old, "2023-05-05", [[40, 20, 18]] * 3),
        "teams": add_session(
            app, "piedicavallo", ["Anna", "Bruno", "Carla", "Elena"], "2024-06-01", [[60, 54]] * 4
        ),
    }


def api_ranking(client, query: str = "") -> list[dict]:
    answer = client.get(f"/api/v1/rankings?{query}")
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_the_ranking_is_the_reference_for_every_order_and_period(app, client, club):
    for query, period in [
        ("ruleset=scarto", ("scarto", None, None)),
        ("ruleset=scarto&from=2024-01-01&to=2024-12-31", ("scarto", "2024-01-01", "2024-12-31")),
        ("", (None, None, None)),
        ("to=2023-12-31", (None, None, "2023-12-31")),
    ]:
        expected_rows = []
        for name in ("Anna", "Bruno", "Carla", "Dario", "Elena"):
            figures = reference(app, player_id(app, name), *period)
            if figures["deals"] >= 1:
                expected_rows.append({"name": name} | figures)
        for order in ("score_per_deal", "score_total", "games_won"):
            rows = api_ranking(client, f"{query}&min_deals=1&order={order}")
            assert [(row["rank"], row["name"]) for row in rows] == ranked(expected_rows, order)
            for row in rows:
                (mine,) = [e for e in expected_rows if e["name"] == row["name"]]
                assert row["deals"] == mine["deals"]
                assert row["score_total"] == mine["score_total"]
                assert row["score_per_deal"] == mine["score_per_deal"]
                assert row["games_won"] == mine["games_won"]


def test_players_with_the_same_figure_share_a_rank(app, client, club):
    rows = api_ranking(client, "ruleset=scarto&from=2024-01-01&min_deals=1")
    # Anna and Bruno: 6 deals of +4, so 4.0 a deal each; Carla -8.0.
    assert [(row["rank"], row["name"], row["score_per_deal"]) for row in rows] == [
        (1, "Anna", 4.0),
        (1, "Bruno", 4.0),
        (3, "Carla", -8.0),
    ]
    assert set(rows[0]) == RANKING_KEYS
    soup = page(client.get("/rankings?ruleset=scarto&from=2024-01-01&min_deals=1"))
    ranks = [row.td.get_text().strip() for row in soup.select("table.ranking tbody tr")]
    assert ranks == ["1=", "1=", "3"]


def test_the_minimum_of_deals_applies_to_every_order(app, client, club):
    # Dario's three deals (2023) against the others' nine or more in Scarto.
    for order in ("score_per_deal", "score_total", "games_won"):
        names = [
            row["name"] for row in api_ranking(client, f"ruleset=scarto&min_deals=4&order={order}")
        ]
        assert "Dario" not in names
        assert "Anna" in names
    names = [row["name"] for row in api_ranking(client, "ruleset=scarto&min_deals=3")]
    assert "Dario" in names
    # By default 30 deals: nobody here has as many.
    assert api_ranking(client, "ruleset=scarto") == []
    assert api_ranking(client, "ruleset=scarto&min_deals=0") != []


def test_archived_players_stay_and_merged_ones_are_counted_as_who_they_were(app, client, club):
    dario, anna, elena = (player_id(app, name) for name in ("Dario", "Anna", "Elena"))
    before = api_ranking(client, "min_deals=1")
    call(app, players.update_player, player_id(app, "Bruno"), {"archived": True})
    # Archived is not erased: the history keeps him (was: he vanished from every ranking).
    assert api_ranking(client, "min_deals=1") == before
    # Dario sat with Anna: they are two people, and a merge is refused (was: she sat twice).
    with pytest.raises(ConflictError, match="Dario and Anna both sit in the session of 2023-05-05"):
        call(app, players.merge_players, dario, anna)
    call(app, players.merge_players, dario, elena)  # Dario was Elena all along
    rows = api_ranking(client, "ruleset=scarto&min_deals=1")
    assert "Dario" not in [row["name"] for row in rows]
    (elena_row,) = [row for row in rows if row["name"] == "Elena"]
    # Dario's three deals of +14 (40 - 26) are Elena's now: her only Scarto.
    assert (elena_row["deals"], elena_row["score_total"]) == (3, 3 * 14)


def test_the_rating_stands_beside_each_row(app, client, club):
    rows = api_ranking(client, "ruleset=scarto&min_deals=1")
    for row in rows:
        path = f"/api/v1/players/{row['player_id']}/stats?ruleset=scarto"
        answer = client.get(path).get_json()
        assert row["rating"] == (answer["rating"] or {}).get("value")
        assert row["rating"] is not None
        assert row["provisional"] is True  # two games at most: provisional
    # A rating is a ruleset's: over every ruleset, none.
    assert {row["rating"] for row in api_ranking(client, "min_deals=1")} == {None}
    # As it stood at the end of the period: before 2024, only the 2023 game is rated.
    old = api_ranking(client, "ruleset=scarto&to=2023-12-31&min_deals=1")
    (dario,) = [row for row in old if row["name"] == "Dario"]
    assert dario["rating"] is not None


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("ruleset=whist", "ruleset"),
        ("from=2024-13-01", "from"),
        ("to=31.12.2024", "to"),
        ("from=2024-02-01&to=2024-01-01", "from"),
        ("min_deals=1.5", "min_deals"),
        ("min_deals=-3", "min_deals"),
        ("order=name", "order"),
    ],
)
def test_a_bad_parameter_is_a_400_that_names_it(client, query, named):
    answer = client.get(f"/api/v1/rankings?{query}")
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith(named)
    page_answer = client.get(f"/rankings?{query}")
    assert page_answer.status_code == 400
    assert text(page(page_answer).select_one(".error")).startswith(named)


# The page


def test_the_page_shows_the_ranking_in_every_language(app, client, club):
    for language in ("en", "it", "de", "sv"):
        answer = client.get(
            "/rankings?ruleset=scarto&min_deals=1", headers={"Accept-Language": language}
        )
        assert answer.status_code == 200
        soup = page(answer)
        names = [text(row.select_one("td a")) for row in soup.select("table.ranking tbody tr")]
        # Dario +14.00 a deal, Bruno +4.00, Anna (24 - 18) / 9 = 0.67, Carla -8.00
        assert names == ["Dario", "Bruno", "Anna", "Carla"]
        assert soup.select_one("#rating-explained") is not None
        assert soup.select_one("figure.club-chart svg title") is not None
    english = page(client.get("/rankings?ruleset=scarto&min_deals=1"))
    assert "fewer than 10 rated games" in text(english.select_one("#rating-explained"))
    italian = page(
        client.get("/rankings?ruleset=scarto&min_deals=1", headers={"Accept-Language": "it"})
    )
    # The figures with a decimal comma in Italian.
    cells = [text(td) for td in italian.select("table.ranking tbody tr td.num")]
    assert "14,00" in cells


def test_the_page_defaults_to_the_most_played_ruleset_and_a_year(app, client, club):
    soup = page(client.get("/rankings?min_deals=1"))
    assert soup.select_one("#f-ruleset option[selected]")["value"] == "scarto"
    soup = page(client.get("/rankings?min_deals=1&year=2023"))
    names = [text(row.select_one("td a")) for row in soup.select("table.ranking tbody tr")]
    assert names == ["Dario", "Anna", "Carla"]  # +14, -6, -8
    soup = page(client.get("/rankings?min_deals=1&year=2024&month=6&ruleset="))
    names = [text(row.select_one("td a")) for row in soup.select("table.ranking tbody tr")]
    assert sorted(names) == ["Anna", "Bruno", "Carla", "Elena"]


def test_an_empty_club_has_an_empty_ranking_page(client):
    for language in ("en", "it", "de", "sv"):
        answer = client.get("/rankings", headers={"Accept-Language": language})
        assert answer.status_code == 200
        assert page(answer).select("table.ranking") == []
    assert client.get("/api/v1/rankings").get_json() == []


def test_the_csv_has_the_same_rows_with_the_same_filters(app, client, club):
    soup = page(client.get("/rankings?ruleset=scarto&min_deals=1&order=score_total"))
    link = soup.find("a", string="Download as CSV")["href"]
    assert {"min_deals=1", "order=score_total", "ruleset=scarto"} <= set(
        link.split("?")[1].split("&")
    )
    answer = client.get(link)
    assert answer.status_code == 200
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True).lstrip("\ufeff"))))
    api = api_ranking(client, "ruleset=scarto&min_deals=1&order=score_total")
    assert rows[0][:3] == ["rank", "player", "deals"]  # stable ids, the API's
    assert [(int(r[0]), r[1], int(r[3])) for r in rows[1:]] == [
        (row["rank"], row["name"], row["score_total"]) for row in api
    ]


def test_the_table_fits_a_phone(app, client, club):
    soup = page(client.get("/rankings?ruleset=scarto&min_deals=1&order=games_won"))
    head = [th.get("class", []) for th in soup.select("table.ranking thead th")]
    # The order's figure and the rating stay; the other figures go under the name.
    shown = [
        text(th)
        for th in soup.select("table.ranking thead th")
        if "wide-only" not in th.get("class", [])
    ]
    assert shown == ["#", "Player", "Games won", "Rating"]
    assert len(head) == 8  # with the win percentage, wide only
    assert soup.select("table.ranking small.narrow-only")


def test_a_deleted_session_leaves_the_ranking(app, client, club):
    call(app, services.delete_session, club["old"])
    assert "Dario" not in [row["name"] for row in api_ranking(client, "min_deals=1")]
    call(app, services.delete_session, club["old"], deleted=False)
    assert "Dario" in [row["name"] for row in api_ranking(client, "min_deals=1")]


def test_the_players_a_minimum_leaves_out_are_listed_with_their_deals(app, client, club):
    # Scarto: Anna 6 + 3, Bruno 6, Carla 6 + 3, Dario 3 deals; at least 7: Anna and Carla.
    answer = client.get("/rankings?ruleset=scarto&min_deals=7")
    soup = page(answer)
    assert [text(a) for a in soup.select("table.ranking tbody td a")] == ["Anna", "Carla"]
    assert text(soup.select_one("#left-out-title")) == "2 players left out"
    left = [text(li) for li in soup.select(".left-out-list li")]
    assert left == ["Bruno 6 deals", "Dario 3 deals"]
    assert "Fewer than 7 deals in this ruleset and period:" in text(soup)


def test_the_default_minimum_adapts_to_the_period(app, client, club):
    # Scarto in 2023: Dario, Anna and Carla 3 deals each; a third of 3 is 1: nobody left out
    # (was: 30 deals, an empty ranking for every month and most rulesets of a real club).
    soup = page(client.get("/rankings?ruleset=scarto&year=2023"))
    assert "players with at least 1 deal" in text(soup)
    assert len(soup.select("table.ranking tbody tr")) == 3
    assert soup.select_one("#left-out-title") is None
    # Every year of Scarto: Anna and Carla played 9 deals, a third of it is 3: all four are in.
    soup = page(client.get("/rankings?ruleset=scarto"))
    assert "players with at least 3 deals" in text(soup)
    assert len(soup.select("table.ranking tbody tr")) == 4
    # The CSV follows the page.
    assert client.get("/rankings.csv?ruleset=scarto").get_data(as_text=True).count("\n") == 5


def test_every_ruleset_is_one_scale_and_a_rating_is_a_rulesets(app, client):
    # Anna: a Scarto game of 30, 30, 28 points (scores +4, +4, +2) and a Tarocchi a 3 game of
    # 40, 40, 40 raw points. Added as recorded that made 10 + 120 = 130; on one scale (points
    # above 26 each) it is 10 + 42 = 52.
    add_session(
        app,
        "scarto",
        ["Anna", "Bruno", "Carla"],
        "2024-01-10",
        [[30, 30, 18], [30, 20, 28], [28, 28, 22]],
    )
    add_session(app, "tarocchi-a-3", ["Anna", "Bruno", "Carla"], "2024-02-10", [[40, 20, 18]] * 3)
    (anna,) = [row for row in api_ranking(client, "min_deals=1") if row["name"] == "Anna"]
    assert (anna["deals"], anna["score_total"]) == (6, 52)
    soup = page(client.get("/rankings?ruleset=&min_deals=1"))
    assert "Every ruleset on one scale" in text(soup)
    # A rating per ruleset: one finished game each, never two games in one rating.
    for ruleset in ("scarto", "tarocchi-a-3"):
        stats = client.get(f"/api/v1/players/{anna_id(app)}/stats?ruleset={ruleset}").get_json()
        assert (stats["games"], stats["rating"]["games"]) == (1, 1)


def anna_id(app) -> int:
    return player_id(app, "Anna")


def test_a_ranking_by_rating_puts_the_provisional_ratings_apart(app, client):
    # Anna, Bruno, Carla: ten games of Scarto together (established); Dario one game with
    # them (provisional). Every game: Anna +4, Bruno +1, Carla -5 a deal.
    add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-10", [[30, 27, 21]] * 30)
    add_session(app, "scarto", ["Dario", "Anna", "Bruno"], "2024-02-10", [[40, 20, 18]] * 3)
    rows = api_ranking(client, "ruleset=scarto&min_deals=1&order=rating")
    established = [row for row in rows if not row["provisional"]]
    assert [row["name"] for row in established] == ["Anna", "Bruno", "Carla"]
    assert [row["name"] for row in rows[3:]] == ["Dario"]  # apart, after them
    assert [row["rating"] for row in established] == sorted(
        (row["rating"] for row in established), reverse=True
    )
    soup = page(client.get("/rankings?ruleset=scarto&min_deals=1&order=rating"))
    group = soup.select_one("table.ranking tr.group")
    assert "Provisional: fewer than 10 rated games" in text(group)
    assert text(group.find_next("tr").select_one("a")) == "Dario"
    refused = client.get("/api/v1/rankings?order=rating")
    assert refused.status_code == 400
    assert "a ranking by rating needs a ruleset" in refused.get_json()["error"]
    assert client.get("/rankings?ruleset=&order=rating").status_code == 400
