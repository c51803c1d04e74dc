"""A player's charts: the score per deal month by month, and the rating over time in front of
the club's spread (the middle half of its established ratings), his provisional ones marked.
Each draws its title as a heading too: the page shows them one under the other."""

from __future__ import annotations

import datetime
from collections.abc import Sized

from flask_babel import gettext as _

from ..months import months_between
from .lines import Line
from .lines import LineChart
from .lines import draw
from .marks import Band
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
                "Score per deal by month, %(first)s to %(last)s: a point a month played, "
                "joined to the next; a thin dotted line bridges the months without a deal.",
                first=months[0][0],
                last=months[-1][0],
            ),
            _extremes(known),
        ]
    )
    chart = LineChart(
        title=title,
        desc=desc,
        lines=(
            Line(
                title,
                tuple((index, value) for index, (_m, value) in enumerate(months)),
                joined=True,
            ),
        ),
        x_range=(0, len(months) - 1) if len(months) > 1 else (-1, 1),
        x_ticks=tuple((index, months[index][0]) for index in range(0, len(months), step)),
        format_value=format_value,
        kind="months",
        heading=True,
    )
    return draw(chart)


def rating_chart(
    points: list[tuple[str, float, bool]],
    title: str,
    band: list[tuple[str, float, float]] | None = None,
) -> str:
    """The rating over time, (day "2024-11-30", value, provisional) on a time axis, so that a
    long pause shows; the provisional ones hollow and dashed; behind it the club's ``band``,
    (month "2024-11", 25th, 75th percentile) at each month's end."""
    _bounded(points)
    if not points:
        return empty_chart(title, _("Nothing to show yet."), _("Nothing to show yet."))
    dated = sorted(
        ((datetime.date.fromisoformat(day).toordinal(), v, p) for day, v, p in points),
        key=lambda item: item[0],  # stable: a day's games stay in order
    )
    first, last = dated[0][0], dated[-1][0]
    shade = _band(band or [], first, last)
    chart = LineChart(
        title=title,
        desc=_rating_words(dated, shade),
        lines=(
            Line(
                title,
                tuple((day, value) for day, value, _p in dated),
                tuple(p for *_dv, p in dated),
            ),
        ),
        x_range=(first, last) if last > first else (first - 1, first + 1),
        x_ticks=date_ticks(first, last),
        format_value=format_value,
        with_zero=False,
        kind="rating",
        heading=True,
        band=shade,
    )
    return draw(chart)


def _band(months: list[tuple[str, float, float]], first: int, last: int) -> Band | None:
    """The club's spread at each month's last day within the chart's days (a gap where a month
    has none), or None without any."""
    if not months:
        return None
    known = {month: (low, high) for month, low, high in months}
    spans = []
    for month in months_between(months[0][0], months[-1][0]):
        year, number = int(month[:4]), int(month[5:7])
        end = datetime.date(year + number // 12, number % 12 + 1, 1).toordinal() - 1
        low, high = known.get(month, (None, None))
        spans.append((float(min(max(end, first), last)), low, high))
    return Band(_("the club's middle half"), tuple(spans))


def _rating_words(dated: list[tuple[int, float, bool]], shade: Band | None) -> str:
    """The rating chart in words: its days, its extremes, what is provisional, the band."""
    days = [(datetime.date.fromordinal(d).isoformat(), v) for d, v, _p in dated]
    words = [
        _("Rating from %(first)s to %(last)s.", first=days[0][0], last=days[-1][0]),
        _extremes(days),
    ]
    early = [day for (day, _v), (_d, _value, p) in zip(days, dated, strict=True) if p]
    if early:
        words.append(
            _(
                "Provisional until %(day)s: hollow points on a thinner dashed line.",
                day=early[-1],
            )
        )
    if shade:
        words.append(
            _(
                "The grey band behind it is the middle half of the club's established ratings "
                "(25th to 75th percentile) at the end of each month."
            )
        )
    return " ".join(words)


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


def _bounded(points: Sized) -> None:
    if len(points) > MOST:
        raise ValueError(f"a chart draws at most {MOST} points, not {len(points)}")
