"""The figures of the rating charts: a player's rating month by month with his provisional ones
marked, the club's spread behind it, and a season's course of every regular player.

The club's spread in a month is the middle half (25th to 75th percentile, ``statistics.quantiles``
inclusive) of the ratings shown at the end of that month of every player established by then
(PROVISIONAL_GAMES rated games or more in the ruleset); a month with fewer than BAND_PLAYERS
such players has none.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import sqlite_utils

from ...months import months_between
from ...storage.stats import figures as stats
from ...storage.stats import rating_charts as stored
from ...storage.stats.figures import Filters
from .figures import CHART_MONTHS
from .ratings import PROVISIONAL_GAMES
from .ratings import ordinal

BAND_PLAYERS = 4
"""Established players a month's spread needs: the quartiles of fewer say little."""
REGULAR_GAMES = 10
"""Rated games in a season that make a player a regular of it (the club's chart)."""
CLUB_LINES = 12
"""Regular players the club's chart draws at most, those with the most games: more lines than
dash patterns and colours can tell apart."""


@dataclass(frozen=True)
class Course:
    """A player's rating over time: (day, value shown, provisional) after his last rated game
    of each month (a player's chart) or day (the club's chart)."""

    player_id: int
    name: str
    games: int
    """His rated games in the period."""
    points: list[tuple[str, float, bool]]


@dataclass(frozen=True)
class ClubCourses:
    """The club's chart: the regular players drawn (CLUB_LINES at most), and how many there are."""

    courses: list[Course]
    regulars: int


def rating_points(
    db: sqlite_utils.Database, player_id: int, filters: Filters
) -> list[tuple[str, float, bool]]:
    """The player's rating, (day, value shown, provisional): after each of his provisional
    games, a point a game, then after his last rated game of each month in the period (the
    last CHART_MONTHS months)."""
    if filters.ruleset is None:
        return []
    rows = stats.rating_by_month(db, player_id, filters)[-CHART_MONTHS:]
    if not rows:
        return []
    period = (rows[0]["played_on"][:7] + "-01", filters.last or "9999-12-31")
    early = stored.first_ratings(db, player_id, filters.ruleset, period, PROVISIONAL_GAMES)
    settled = [row for row in rows if row["games"] >= PROVISIONAL_GAMES]
    shown = early + settled  # his first games, if in the chart, each of them
    return [(row["played_on"], ordinal(row), row["games"] < PROVISIONAL_GAMES) for row in shown]


def club_band(
    db: sqlite_utils.Database, ruleset: str, first: str, last: str
) -> list[tuple[str, float, float]]:
    """(month, 25th, 75th percentile) of the club's established ratings at the end of each
    month from ``first`` to ``last`` (YYYY-MM) that has BAND_PLAYERS of them or more."""
    months = months_between(first, last)[-CHART_MONTHS:]
    values: dict[str, list[float]] = defaultdict(list)
    row = {"mu": 0.0, "sigma": 0.0}  # one dict for every row: a few thousand of them
    for month, row["mu"], row["sigma"] in stored.established_by_month(
        db, ruleset, months, PROVISIONAL_GAMES
    ):
        values[month].append(ordinal(row))
    band = []
    for month in months:
        shown = sorted(values.get(month, []))
        if len(shown) >= BAND_PLAYERS:
            band.append((month, round(_quartile(shown, 1), 2), round(_quartile(shown, 3), 2)))
    return band


def _quartile(ordered: list[float], which: int) -> float:
    """The ``which``th quartile of sorted values, as ``statistics.quantiles(n=4,
    method="inclusive")`` works it out (its arithmetic, without its sorting and checks again)."""
    m = len(ordered) - 1
    j, delta = divmod(which * m, 4)
    if delta == 0:
        return ordered[j]
    return (ordered[j] * (4 - delta) + ordered[j + 1] * delta) / 4


def club_courses(db: sqlite_utils.Database, ruleset: str, year: int) -> ClubCourses:
    """Every regular player's rating over the ``year`` in ``ruleset``, a point a month he played
    (after his last game of it):
        the CLUB_LINES with the most rated games (then by name), and the number of regulars."""
    rows = stored.season_ratings(db, ruleset, f"{year:04d}-01-01", f"{year:04d}-12-31")
    names: dict[int, str] = {}
    games: dict[int, int] = defaultdict(int)
    points: dict[int, list[tuple[str, float, bool]]] = defaultdict(list)
    for row in rows:
        player = row["player_id"]
        names[player] = row["name"]
        games[player] += row["rated"]
        shown = (row["played_on"], ordinal(row), row["games"] < PROVISIONAL_GAMES)
        points[player].append(shown)
    regulars = [player for player in names if games[player] >= REGULAR_GAMES]
    regulars.sort(key=lambda player: (-games[player], names[player].casefold()))
    courses = [
        Course(player, names[player], games[player], points[player])
        for player in regulars[:CLUB_LINES]
    ]
    return ClubCourses(courses, len(regulars))
