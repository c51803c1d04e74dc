"""The rating: openskill's Plackett-Luce, one match per finished game, replayed from the first day
that changed. Each test builds two databases where it matters: one where a deal was wrong and
then corrected (or deleted, or merged...), one where it was right from the start; their ratings
must be the same, to the last bit of every float.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

from scorekeeper import services
from scorekeeper.services.players import persons as players
from scorekeeper.services.stats import ratings
from scorekeeper.services.stats.rows import refresh
from scorekeeper.storage import repository
from scorekeeper.storage.stats.rows import LIVE
from scorekeeper.storage.stats.rows import mark_ratings
from scorekeeper.web.db import get_db
from tests.web import helpers
from tests.web.club import add_session
from tests.web.club import call
from tests.web.club import player_id
from tests.web.club import record

SCARTO = [[30, 20, 28], [20, 30, 28], [26, 26, 26], [40, 20, 18], [18, 40, 20], [25, 27, 26]]


def season(app, first_deal=(30, 20, 28), extra: bool = False) -> list[int]:
    """Four evenings over a year; the first deal of the first evening as given, and an extra
    deal after it when ``extra``."""
    opening = [list(first_deal)] + ([[50, 14, 14]] if extra else [])
    return [
        add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-10", opening + SCARTO),
        add_session(app, "scarto", ["Dario", "Anna", "Bruno"], "2024-03-05", SCARTO[::-1]),
        add_session(
            app,
            "piedicavallo",
            ["Anna", "Carla", "Bruno", "Dario"],
            "2024-06-01",
            [[60, 54], [70, 44], [50, 64], [57, 57], [80, 34]],
        ),  # fmt: skip
        add_session(app, "scarto", ["Carla", "Dario", "Anna"], "2024-11-11", SCARTO + SCARTO[:3]),
    ]


def snapshot(app) -> list[tuple]:
    """Every rating row after the statistics are brought up to date, in order."""
    with app.app_context():
        db = get_db()
        refresh(db)
        sql = f"""
            select played_on, session_id, game, player_id, mu, sigma, games from ratings
            where {LIVE} order by played_on, session_id, game, player_id
        """
        return [tuple(row) for row in db.execute(sql)]


def by_name(app) -> dict[tuple, tuple]:
    """The ratings keyed by day, player's name and rated games: ids may differ between two
    databases built in another order."""
    names = {row["id"]: row["name"] for row in call(app, players.list_players)}
    return {
        (day, names[pid], games): (mu, sigma) for day, _, _, pid, mu, sigma, games in snapshot(app)
    }


def from_scratch(app) -> list[tuple]:
    with app.app_context():
        db = get_db()
        with repository.write(db):
            mark_ratings(db, "0000-00-00")
        assert ratings.replay(db)
    return snapshot(app)


def test_a_corrected_old_deal_gives_the_ratings_of_a_right_one(app, other):
    sessions = season(app, first_deal=(10, 40, 28))
    wrong = snapshot(app)  # worked out, kept: the correction must replay them
    call(app, services.correct_deal, sessions[0], 1, {"points": [40, 10, 28]})
    season(other, first_deal=(40, 10, 28))
    right = snapshot(other)
    assert snapshot(app) == right
    assert wrong != right  # the correction changed something, or this test proves nothing
    assert from_scratch(app) == right


def test_a_deleted_old_deal_gives_the_ratings_of_one_never_recorded(app, other):
    sessions = season(app, extra=True)
    before = snapshot(app)
    call(app, services.delete_deal, sessions[0], 2)
    season(other)
    assert snapshot(app) == snapshot(other)
    assert before != snapshot(other)


def test_the_order_the_sessions_came_in_does_not_matter(app, other):
    """An old paper protocol entered last, ratings read between each: the same ratings as when
    every evening was entered in its order."""
    season(app)
    days = ["2024-01-10", "2024-03-05", "2024-06-01", "2024-11-11"]
    bodies = [
        (["Anna", "Bruno", "Carla"], [[30, 20, 28], *SCARTO]),
        (["Dario", "Anna", "Bruno"], SCARTO[::-1]),
        (["Carla", "Dario", "Anna"], SCARTO + SCARTO[:3]),
    ]
    for (names, deals), day in reversed(
        list(zip(bodies, [days[0], days[1], days[3]], strict=True))
    ):
        add_session(other, "scarto", names, day, deals)
        snapshot(other)
    teams = add_session(other, "piedicavallo", ["Anna", "Carla", "Bruno", "Dario"], days[2])
    for points in [[60, 54], [70, 44], [50, 64], [57, 57], [80, 34]]:
        record(other, teams, points)
        snapshot(other)
    assert by_name(other) == by_name(app)


def test_a_merge_and_its_undoing_give_back_the_ratings(app):
    season(app)
    add_session(app, "scarto", ["Ana", "Bruno", "Dario"], "2024-02-02", SCARTO)
    add_session(app, "scarto", ["Ana", "Carla", "Bruno"], "2024-12-12", SCARTO)
    before = snapshot(app)
    ana, anna = player_id(app, "Ana"), player_id(app, "Anna")
    merge = call(app, players.merge_players, ana, anna)
    merged = snapshot(app)
    assert merged != before
    assert ana not in {row[3] for row in merged}  # her games are Anna's now
    # Anna's Scarto: 2 + 2 + 3 finished games of the season, and Ana's 2 + 2 (her Piedicavallo
    # game is another ruleset's rating).
    assert max(row[6] for row in merged if row[3] == anna) == 11
    call(app, players.undo_merge, merge)
    assert snapshot(app) == before


def test_a_deleted_session_takes_its_games_with_it_and_brings_them_back(app, other):
    sessions = season(app)
    before = snapshot(app)
    call(app, services.delete_session, sessions[1])
    without = snapshot(app)
    assert all(row[1] != sessions[1] for row in without)
    call(app, services.delete_session, sessions[1], deleted=False)
    assert snapshot(app) == before


def test_every_finished_game_is_a_match_ranked_by_its_totals(app):
    # 3 deals a game: [+4, -6, +2], [-6, +4, +2], [0, 0, 0]: totals -2, -2, +4, Carla first,
    # Anna and Bruno tied second.
    session_id = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-10", SCARTO[:4])
    rows = snapshot(app)
    assert [(row[2], row[3], row[6]) for row in rows] == [(1, 1, 1), (1, 2, 1), (1, 3, 1)]
    model = PlackettLuce()
    teams = [[model.rating()] for _ in range(3)]
    expected = model.rate(teams, ranks=[2, 2, 1])
    assert [(row[4], row[5]) for row in rows] == [(t[0].mu, t[0].sigma) for t in expected]
    assert rows[0][1] == session_id  # the fourth deal starts a game not finished: not rated


def test_teams_are_rated_as_teams_and_nobody_is_left_out(app):
    add_session(
        app, "piedicavallo", ["Anna", "Bruno", "Carla", "Dario"], "2024-01-10",
        [[60, 54], [70, 44], [50, 64], [57, 57]],
    )  # fmt: skip
    add_session(app, "scarto", ["Anna", "Player 2", "Player 3"], "2024-02-02", SCARTO[:3])
    add_session(app, "scarto", ["Anna", "Bruno", "Player 3"], "2024-03-03", SCARTO[:3])
    rows = snapshot(app)
    model = PlackettLuce()
    # Team 0 (Anna, Carla) 237 against team 1 (Bruno, Dario) 219: first.
    won, lost = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2]
    )
    first = {row[3]: (row[4], row[5]) for row in rows if row[0] == "2024-01-10"}
    anna, bruno = player_id(app, "Anna"), player_id(app, "Bruno")
    assert first[anna] == first[player_id(app, "Carla")] == (won[0].mu, won[0].sigma)
    assert first[bruno] == first[player_id(app, "Dario")] == (lost[0].mu, lost[0].sigma)
    # Anna alone with two placeholders: no match. Anna and Bruno with one: a match of two.
    assert [row[0] for row in rows if row[0] > "2024-01-10"] == ["2024-03-03", "2024-03-03"]


def test_the_rating_is_provisional_for_fewer_than_ten_games(app, client):
    session_id = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-10", SCARTO * 4)
    anna = player_id(app, "Anna")
    for _ in range(3):
        record(app, session_id, SCARTO[0])  # 27 deals: 9 games
    rating = client.get(f"/api/v1/players/{anna}/stats?ruleset=scarto").get_json()["rating"]
    assert (rating["games"], rating["provisional"]) == (9, True)
    assert rating["value"] == round(rating["mu"] - 3 * rating["sigma"], 1)
    soup = helpers.page(client.get(f"/players/{anna}?ruleset=scarto"))
    rating_row = next(
        row for row in soup.select("table.figures tr") if helpers.text(row.th) == "Rating"
    )
    assert "*" in helpers.text(rating_row.td)
    for _ in range(3):
        record(app, session_id, SCARTO[0])  # 30 deals: 10 games
    rating = client.get(f"/api/v1/players/{anna}/stats?ruleset=scarto").get_json()["rating"]
    assert (rating["games"], rating["provisional"]) == (10, False)
    ranking = client.get("/api/v1/rankings?ruleset=scarto&min_deals=1").get_json()
    assert all(row["provisional"] is False for row in ranking)
    # The rating as it stood before the period's end: none before any game.
    before = client.get(f"/api/v1/players/{anna}/stats?ruleset=scarto&to=2024-01-09").get_json()
    assert before["rating"] is None


def test_a_session_the_rules_cannot_read_counts_for_nothing_and_fails_nothing(app, client):
    good = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-10", SCARTO[:3])
    bad = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-11", SCARTO[:3])
    with app.app_context():
        # A deal stored with a score per side too few, as no version of the app writes it.
        get_db().execute("update deals set scores = '[1, 2]' where session_id = ?", [bad])
        get_db().conn.commit()
    answer = client.get(f"/api/v1/players/{player_id(app, 'Anna')}/stats")
    assert answer.status_code == 200
    assert answer.get_json()["deals"] == 3
    assert {row[1] for row in snapshot(app)} == {good}
