"""The club's chart: every regular player's rating over a season in a ruleset, a line each,
named at its end (the names moved apart so that none overlaps another, in a column at the
right), each line with its own dash pattern and colour (charts/svg.py: twelve of them)."""

from __future__ import annotations

import datetime

from flask_babel import gettext as _

from .lines import Line
from .lines import LineChart
from .lines import draw
from .player import date_ticks
from .svg import empty_chart
from .svg import format_value

HEIGHT = 320.0
"""Taller than a player's chart: twelve names at the right, 14 units apart, and the heading."""
MOST = 5000
"""Points the chart draws at most, all lines: twelve players each playing every day."""


def club_chart(
    courses: list[tuple[str, list[tuple[str, float]]]],
    title: str,
    season: str,
    regulars: tuple[int, int, int],
) -> str:
    """A line per player, (name, [(day "2024-11-30", rating)]: after his last game of each
    month he played) in the order given, over the
    ``season``; ``regulars``: how many regular players it has, the rated games that make one,
    and how many the chart draws at most (those drawn are the first)."""
    if sum(len(points) for _name, points in courses) > MOST:
        raise ValueError(f"the club's chart draws at most {MOST} points")
    drawn = [(name, points) for name, points in courses if points]
    if not drawn:
        message = _("No regular player in this season yet.")
        return empty_chart(title, message, message)
    lines = tuple(
        Line(name, tuple((_ordinal(day), value) for day, value in points)) for name, points in drawn
    )
    first = min(x for line in lines for x, _v in line.points)
    last = max(x for line in lines for x, _v in line.points)
    chart = LineChart(
        title=title,
        desc=_words(drawn, season, regulars),
        lines=lines,
        x_range=(first, last) if last > first else (first - 1, first + 1),
        x_ticks=date_ticks(int(first), int(last)),
        format_value=format_value,
        with_zero=False,
        kind="club",
        heading=True,
        height=HEIGHT,
        dots=False,  # twelve lines of dots hide one another
    )
    return draw(chart)


def _ordinal(day: str) -> float:
    return float(datetime.date.fromisoformat(day).toordinal())


def _words(
    drawn: list[tuple[str, list[tuple[str, float]]]], season: str, regulars: tuple[int, int, int]
) -> str:
    """The chart in words: whose ratings, how chosen, and where each ended."""
    count, games, most = regulars
    ends = "; ".join(f"{name} {format_value(points[-1][1])}" for name, points in drawn)
    words = [
        _(
            "The rating of each regular player over %(season)s (%(games)s rated games or "
            "more in it), a line each with its own dash pattern, named at its end.",
            season=season,
            games=games,
        ),
        _(
            "At most the %(most)s with the most games are drawn: %(shown)s of %(regulars)s "
            "regular players.",
            most=most,
            shown=len(drawn),
            regulars=count,
        ),
        _("Last ratings: %(ends)s.", ends=ends),
    ]
    return " ".join(words)
