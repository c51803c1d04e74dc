"""A player's charts: the score per deal month by month, and the rating over time."""

from __future__ import annotations

import datetime

from flask_babel import gettext as _

from .lines import Line
from .lines import LineChart
from .lines import draw
from .svg import empty_chart
from .svg import format_value

MOST = 1000
"""Points a chart draws at most: ten years of months are 120, of weekly evenings 520."""
MONTH_STEPS = (1, 2, 3, 6, 12, 24, 60, 120)
"""Months between two labelled ticks: the first that leaves at most six labels."""
DAY_STEPS = (1, 2, 7, 14)


def score_per_month_chart(months: list[tuple[str, float | None]], title: str) -> str:
    """The score per deal by month ("2024-11"), a gap where a month has None (no deal)."""
    _bounded(months)
    known = [(month, value) for month, value in months if value is not None]
    if not known:
        return empty_chart(title, _("Nothing to show yet."), _("Nothing to show yet."))
    step = next((s for s in MONTH_STEPS if len(months) / s <= 6), MONTH_STEPS[-1])
    desc = " ".join(
        [
            _(
                "Score per deal by month, %(first)s to %(last)s; a gap marks a month "
                "without a deal.",
                first=months[0][0],
                last=months[-1][0],
            ),
            _extremes(known),
        ]
    )
    chart = LineChart(
        title=title,
        desc=desc,
        lines=(Line(title, tuple((index, value) for index, (_m, value) in enumerate(months))),),
        x_range=(0, len(months) - 1) if len(months) > 1 else (-1, 1),
        x_ticks=tuple((index, months[index][0]) for index in range(0, len(months), step)),
        format_value=format_value,
        kind="months",
    )
    return draw(chart)


def rating_chart(points: list[tuple[str, float]], title: str) -> str:
    """The rating over time: dates ("2024-11-30") on a time axis, so that a long pause shows."""
    _bounded(points)
    if not points:
        return empty_chart(title, _("Nothing to show yet."), _("Nothing to show yet."))
    dated = sorted((datetime.date.fromisoformat(day).toordinal(), value) for day, value in points)
    first, last = dated[0][0], dated[-1][0]
    desc = " ".join(
        [
            _(
                "Rating from %(first)s to %(last)s.",
                first=datetime.date.fromordinal(first).isoformat(),
                last=datetime.date.fromordinal(last).isoformat(),
            ),
            _extremes([(datetime.date.fromordinal(d).isoformat(), v) for d, v in dated]),
        ]
    )
    chart = LineChart(
        title=title,
        desc=desc,
        lines=(Line(title, tuple((day, value) for day, value in dated)),),
        x_range=(first, last) if last > first else (first - 1, first + 1),
        x_ticks=date_ticks(first, last),
        format_value=format_value,
        with_zero=False,
        kind="rating",
    )
    return draw(chart)


def date_ticks(first: int, last: int) -> tuple[tuple[float, str], ...]:
    """Ticks between two days (ordinals): years over three years or more ("2024"), months over
    three months ("2024-11"), else days; a round step that leaves at most six."""
    start, end = datetime.date.fromordinal(first), datetime.date.fromordinal(last)
    if last - first >= 3 * 365:
        step = next((s for s in (1, 2, 5, 10, 20) if (end.year - start.year) / s <= 5), 50)
        years = range(start.year + 1, end.year + 1, 1)
        return tuple((datetime.date(y, 1, 1).toordinal(), str(y)) for y in years if y % step == 0)
    if last - first >= 90:
        count = (end.year - start.year) * 12 + end.month - start.month
        step = next(s for s in MONTH_STEPS if count / s <= 5)
        ticks = []
        for index in range(1, count + 1):
            year, month = divmod(start.year * 12 + start.month - 1 + index, 12)
            if month % step == 0:
                day = datetime.date(year, month + 1, 1)
                ticks.append((day.toordinal(), day.strftime("%Y-%m")))
        return tuple(ticks)
    step = next((s for s in DAY_STEPS if (last - first) / s <= 5), 30)
    days = range(first, last + 1, step)
    return tuple((day, datetime.date.fromordinal(day).isoformat()) for day in days)


def _extremes(values: list[tuple[str, float]]) -> str:
    """The highest and the lowest value, and when, in words."""
    high = max(values, key=lambda item: item[1])
    low = min(values, key=lambda item: item[1])
    return _(
        "Highest %(high)s (%(high_at)s), lowest %(low)s (%(low_at)s).",
        high=format_value(high[1]),
        high_at=high[0],
        low=format_value(low[1]),
        low_at=low[0],
    )


def _bounded(points: list[tuple[str, float]] | list[tuple[str, float | None]]) -> None:
    if len(points) > MOST:
        raise ValueError(f"a chart draws at most {MOST} points, not {len(points)}")
