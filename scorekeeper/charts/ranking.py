"""A bar chart of a ranking: a horizontal bar per player, in the order given, the value at each
bar's end; a negative value's bar runs left of the zero line, its value on its left."""

from __future__ import annotations

from flask_babel import gettext as _

from .svg import AXIS
from .svg import PALETTE
from .svg import Svg
from .svg import empty_chart
from .svg import format_value
from .svg import line_to
from .svg import num
from .svg import shorten
from .svg import text_width

WIDTH = 420.0
ROW, BAR = 22.0, 14.0  # a row's height and its bar's, in viewBox units
TEXT = 12.0
NAME_WIDTH = 110.0  # the longest name; longer ones are cut with "…"
TOP, BOTTOM = 6.0, 6.0
ABOVE, BELOW = PALETTE[0], PALETTE[1]

MOST = 500
"""Bars a chart draws at most: a club's every player, ten times over."""


def ranking_chart(rows: list[tuple[str, float]], title: str) -> str:
    """A bar per player, in the order given, its value at its end."""
    if len(rows) > MOST:
        raise ValueError(f"a ranking chart draws at most {MOST} bars, not {len(rows)}")
    if not rows:
        return empty_chart(title, _("Nothing to show yet."), _("Nothing to show yet."))
    values = "; ".join(f"{name} {format_value(value)}" for name, value in rows)
    return draw(title, _("In the ranking's order: %(values)s.", values=values), rows)


def draw(title: str, desc: str, rows: list[tuple[str, float]]) -> str:
    """The ranking's bars as an <svg> element."""
    names = [shorten(name, NAME_WIDTH, TEXT) for name, _value in rows]
    values = [value for _name, value in rows]
    texts = [format_value(value) for value in values]
    names_end = max(text_width(name, TEXT) for name in names) + 12
    low, high = min(0.0, *values), max(0.0, *values)
    # Room for the values' texts beyond the longest bars, at both ends.
    widths = [(text_width(t, TEXT) + 6, v) for t, v in zip(texts, values, strict=True)]
    left = names_end + max((width for width, value in widths if value < 0), default=0.0)
    right = WIDTH - 4 - max((width for width, value in widths if value >= 0), default=0.0)
    span = (high - low) or 1.0

    def x(value: float) -> float:
        return left + (value - low) / span * (right - left)

    height = TOP + ROW * len(rows) + BOTTOM
    svg = Svg(WIDTH, height, "bars")
    zero = x(0.0)
    svg.group("bars", font_size=num(TEXT))
    for index, (value, name, text) in enumerate(zip(values, names, texts, strict=True)):
        middle = TOP + ROW * index + ROW / 2
        baseline = middle + TEXT * 0.35
        svg.text(names_end - 8, baseline, name, text_anchor="end", css_class="bar-name")
        end = x(value)
        colour = BELOW if value < 0 else ABOVE
        svg.rect(min(zero, end), middle - BAR / 2, abs(end - zero), BAR, colour, css_class="bar")
        value_x, anchor = (end - 4, "end") if value < 0 else (end + 4, "start")
        svg.text(value_x, baseline, text, text_anchor=anchor, css_class="bar-value")
    svg.end_group()
    svg.path([line_to(zero, TOP - 2, zero, height - BOTTOM + 2)], AXIS, stroke_width="1.2")
    return svg.document(title, desc)
