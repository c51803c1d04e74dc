"""The club's rating: openskill's Plackett-Luce model, one match per finished game.

Every finished game of a live session is a match, rated in the order (played_on, session, game):
the sides ranked by their game totals (the higher the better, ties sharing a rank), a side
being a player or, in Piedicavallo, a team of two. Seats linked to no player are left out, and
so is a player linked to two seats of one game (his result there says nothing of him against
the others); a game left with fewer than two sides is not rated. After each game every player
in it has a row in ``ratings``: mu and sigma, and his rated games so far.

The ratings are worked out again from the first day whose games changed (storage/stats/rows.py
``mark_ratings``): each player's last rating before that day is taken as it is, and the games
from that day on are played again in order. So the same stored deals give the same ratings,
whatever order the changes came in, as if every deal had been right from the start.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from typing import Any

import sqlite_utils
from openskill.models import PlackettLuce
from openskill.models import PlackettLuceRating

from ...rules import PRESETS
from ...storage.stats import rows as results

MODEL = PlackettLuce()
"""openskill's defaults: a new player starts at mu 25, sigma 25/3."""


PROVISIONAL_GAMES = 10
"""A rating from fewer rated games than this is provisional: sigma starts at 8.3 and is still
about 6.5 after ten games at a table of three, so one lucky evening moves it a long way."""

Known = dict[int, tuple[PlackettLuceRating, int]]
"""Each player's rating and rated games, as the replay goes. A rating object is made once a
player and then taken from what ``rate`` gives back: openskill draws a random id (uuid4, a
call to the system's random source) for each one it makes, already once a player a game for
the copy ``rate`` works on, and twice would cost a quarter of a replay's time."""


def replay(db: sqlite_utils.Database) -> None:
    """Work the ratings out again from the first day marked, if any. Call inside a write."""
    day = results.dirty_from(db)
    if day is None:
        return
    known: Known = {
        row["player_id"]: (MODEL.rating(row["mu"], row["sigma"]), row["games"])
        for row in results.ratings_before(db, day)
    }
    results.delete_ratings_from(db, day)
    rows: list[tuple[Any, ...]] = []
    games = itertools.groupby(results.rated_games(db, day), lambda r: (r["session_id"], r["game"]))
    for _key, seats in games:
        rows.extend(rate_game(list(seats), known))
    results.insert_ratings(db, rows)
    results.ratings_replayed(db)


def rate_game(seats: list[dict[str, Any]], known: Known) -> list[tuple[Any, ...]]:
    """Rate one finished game (its seats' rows from ``results.rated_games``); update ``known``
    and return the ratings rows of its players (storage/stats/rows.py RATING_COLUMNS)."""
    first = seats[0]
    sides = match_sides(seats, first["ruleset"])
    if len(sides) < 2:
        return []
    totals = [total for total, _ in sides]
    ranks = [1.0 + sum(other > total for other in totals) for total in totals]
    for _, players in sides:
        for player in players:
            if player not in known:
                known[player] = (MODEL.rating(), 0)
    teams = [[known[player][0] for player in players] for _, players in sides]
    rows = []
    for (_, players), rated in zip(sides, MODEL.rate(teams, ranks=ranks), strict=True):
        for player, rating in zip(players, rated, strict=True):
            games = known[player][1] + 1
            known[player] = (rating, games)
            rows.append(
                (first["session_id"], first["game"], player, first["played_on"])
                + (rating.mu, rating.sigma, games)
            )
    return rows


def match_sides(seats: Iterable[dict[str, Any]], ruleset_id: str) -> list[tuple[int, list[int]]]:
    """The sides of a game as a match, in order: (total, player ids), without the seats linked
    to nobody or to a player who sits twice."""
    seats = list(seats)
    ruleset = PRESETS.get(ruleset_id)
    twice = Counter(seat["player_id"] for seat in seats)
    sides: dict[int, tuple[int, list[int]]] = {}
    for seat in seats:
        player = seat["player_id"]
        if player is None or twice[player] > 1:
            continue
        side = ruleset.side_of(seat["seat"]) if ruleset else seat["seat"]
        sides.setdefault(side, (seat["total"], []))[1].append(player)
    return [sides[side] for side in sorted(sides)]


def rating_json(row: dict[str, Any] | None) -> dict[str, Any] | None:
    """A rating as shown: openskill's ordinal (mu - 3 sigma, the strength the player has at
    least, almost surely), to one decimal, with mu, sigma and the rated games behind it."""
    if row is None:
        return None
    return {
        "value": ordinal(row),
        "mu": round(row["mu"], 3),
        "sigma": round(row["sigma"], 3),
        "games": row["games"],
        "provisional": row["games"] < PROVISIONAL_GAMES,
    }


def ordinal(row: dict[str, Any]) -> float:
    """The rating shown: mu - 3 sigma, to one decimal."""
    return round(row["mu"] - 3 * row["sigma"], 1)
