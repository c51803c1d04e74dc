"""The club's rating: openskill's Plackett-Luce model, one match per finished game, a rating per
ruleset (a player's Scarto says nothing of his Piedicavallo).

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

A replay never holds the database's write lock for longer than a save does: it claims the work
(one replay at a time, whichever process), reads the games from one snapshot outside any write,
rates them, and writes its rows in short transactions under its own number. Readers see the
last complete ratings until its last write shows it whole. A change saved meanwhile marks its
day again, and the next replay takes it: nothing newer is lost. A replay whose process died
(no heartbeat for ``LEASE``) is taken over by the next.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

import sqlite_utils
from openskill.models import PlackettLuce
from openskill.models import PlackettLuceRating

from ...rules import PRESETS
from ...storage import repository
from ...storage.stats import rows as results

MODEL = PlackettLuce()
"""openskill's defaults: a new player starts at mu 25, sigma 25/3."""


PROVISIONAL_GAMES = 10
"""A rating from fewer rated games than this is provisional: sigma starts at 8.3 and is still
about 6.5 after ten games at a table of three, so one lucky evening moves it a long way."""

Known = dict[tuple[int, str], tuple[PlackettLuceRating, int]]
"""Each player's rating and rated games in each ruleset, as the replay goes. A rating object is
made once a player and then taken from what ``rate`` gives back: openskill draws a random id
(uuid4, a call to the system's random source) for each one it makes, already once a player a
game for the copy ``rate`` works on, and twice would cost a quarter of a replay's time."""


LEASE = timedelta(seconds=60)
"""A replay whose heartbeat is older than this was left by a process that died: taken over."""
ROWS_A_WRITE = 1000
"""Rating rows a replay writes a transaction: a few milliseconds, as a save takes."""


def replay(
    db: sqlite_utils.Database,
    most_games: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> bool:
    """Work the ratings out again from the first day marked, if any, unless another replay is
    under way or it would rate more than ``most_games`` games. Whether this one did it (or
    there was nothing to do). ``progress(done, of)`` hears of each write."""
    claimed = _claim(db, most_games)
    if claimed is None:
        return results.dirty_from(db) is None and results.running_replay(db) is None
    number, day = claimed
    try:
        with repository.snapshot(db):
            known: Known = {
                (row["player_id"], ruleset): (MODEL.rating(row["mu"], row["sigma"]), row["games"])
                for ruleset in PRESETS
                for row in results.ratings_before(db, day, ruleset)
            }
            seats = list(results.rated_games(db, day))
        rows: list[tuple[Any, ...]] = []
        for _key, game in itertools.groupby(seats, lambda r: (r["session_id"], r["game"])):
            rows.extend(rate_game(list(game), known))
        if not _write(db, number, rows, progress):
            return False
    except BaseException:
        with repository.write(db):  # its days are to be done again, by the next replay
            results.abandon_replay(db, number)
            results.mark_ratings(db, day)
        raise
    _drop_dead(db, number, day)
    return True


def _claim(db: sqlite_utils.Database, most_games: int | None) -> tuple[int, str] | None:
    """Claim the replay of the marked days: (its number, its first day), or None when nothing
    is marked, another replay is under way, or it would rate more than ``most_games`` games."""
    day = results.dirty_from(db)
    if day is None or _under_way(results.running_replay(db)):
        return None
    if most_games is not None and results.games_from(db, day) > most_games:
        return None
    with repository.write(db):
        day, running = results.dirty_from(db), results.running_replay(db)
        if day is None or _under_way(running):
            return None
        if running is not None:  # its process died: this one starts where it started
            day = min(day, running["from_day"])
            results.abandon_replay(db, running["id"])
        results.clear_dirty(db)
        return results.start_replay(db, day, _now()), day


def _write(
    db: sqlite_utils.Database,
    number: int,
    rows: list[tuple[Any, ...]],
    progress: Callable[[int, int], None] | None,
) -> bool:
    """Write the replay's rows a few at a time, then show them: False if it was taken over."""
    turns = repository.Turns()
    for start in range(0, len(rows), ROWS_A_WRITE):
        with turns.write(db):
            if not results.keep_replay(db, number, _now()):
                return False
            results.insert_ratings(db, rows[start : start + ROWS_A_WRITE], number)
        if progress:
            progress(min(start + ROWS_A_WRITE, len(rows)), len(rows))
    with turns.write(db):
        if not results.keep_replay(db, number, _now()):
            return False
        results.finish_replay(db, number)
    return True


def _drop_dead(db: sqlite_utils.Database, number: int, day: str) -> None:
    """Delete the rows the finished replay hides, a few at a time."""
    turns = repository.Turns()
    while True:
        with turns.write(db):
            if results.drop_dead_ratings(db, number, day, ROWS_A_WRITE) < ROWS_A_WRITE:
                return


def _under_way(running: dict[str, Any] | None) -> bool:
    return running is not None and running["beat"] > (datetime.now(UTC) - LEASE).isoformat()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def rate_game(seats: list[dict[str, Any]], known: Known) -> list[tuple[Any, ...]]:
    """Rate one finished game (its seats' rows from ``results.rated_games``); update ``known``
    and return the ratings rows of its players (storage/stats/rows.py RATING_COLUMNS)."""
    first = seats[0]
    sides = match_sides(seats, first["ruleset"])
    if len(sides) < 2:
        return []
    totals = [total for total, _ in sides]
    ranks = [1.0 + sum(other > total for other in totals) for total in totals]
    ruleset = first["ruleset"]
    for _, players in sides:
        for player in players:
            if (player, ruleset) not in known:
                known[player, ruleset] = (MODEL.rating(), 0)
    teams = [[known[player, ruleset][0] for player in players] for _, players in sides]
    rows = []
    for (_, players), rated in zip(sides, MODEL.rate(teams, ranks=ranks), strict=True):
        for player, rating in zip(players, rated, strict=True):
            games = known[player, ruleset][1] + 1
            known[player, ruleset] = (rating, games)
            rows.append(
                (first["session_id"], first["game"], player, first["played_on"])
                + (rating.mu, rating.sigma, games, ruleset)
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
