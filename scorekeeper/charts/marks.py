"""What a line chart draws besides its lines: its title as a visible heading, a legend, a shaded
band behind the lines (the club's spread), and hollow markers for provisional values.

A screen reader has the title and the description (<title>, <desc>); the heading is the same
title for the eye, so that a chart printed or shared alone still says what it is. The legend
names what is not a line of its own (the band, the provisional stretch) in words, with a sample
of how it is drawn: in a grey-scale print it is told apart by shape, not by colour.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .svg import BAND
from .svg import INK
from .svg import MUTED
from .svg import Svg
from .svg import line_to
from .svg import num
from .svg import point
from .svg import shorten
from .svg import text_width

HEADING = 13.0
"""The heading's font size: 10.6 px on a phone's 344 px, a little above the ticks' 9."""
HEADING_ROOM = 22.0
LEGEND = 11.0
LEGEND_ROW = 16.0
SWATCH = 14.0  # a legend sample's width
PROVISIONAL_DASH = "3 3"


@dataclass(frozen=True)
class Band:
    """A shaded band behind the lines: (x, low, high) in order of x; low and high None leave a
    gap. Its label is the legend's word for it."""

    label: str
    points: tuple[tuple[float, float | None, float | None], ...]

    def values(self) -> list[float]:
        return [v for _x, low, high in self.points for v in (low, high) if v is not None]


def heading(svg: Svg, title: str) -> float:
    """The title at the chart's top left, cut to its width; the height it takes."""
    text = shorten(title, svg.width - 8, HEADING)
    svg.text(
        4,
        HEADING + 2,
        text,
        font_size=num(HEADING),
        font_weight="bold",
        fill=INK,
        css_class="chart-heading",
    )
    return HEADING_ROOM


def legend(svg: Svg, top: float, entries: list[tuple[str, str]], colour: str) -> float:
    """The legend's entries, ("band" or "provisional", their words), left to right from ``top``,
    a new row where the next would not fit; the height it takes."""
    if not entries:
        return 0.0
    x, baseline = 4.0, top + LEGEND
    svg.group("legend", font_size=num(LEGEND), fill=MUTED)
    for kind, words in entries:
        words = shorten(words, svg.width - 8 - SWATCH - 6, LEGEND)
        width = SWATCH + 4 + text_width(words, LEGEND)
        if x > 4 and x + width > svg.width - 4:
            x, baseline = 4.0, baseline + LEGEND_ROW
        middle = baseline - LEGEND * 0.35
        if kind == "band":
            svg.rect(x, middle - 5, SWATCH, 10, BAND, css_class="legend-band")
        else:
            sample = [line_to(x, middle, x + SWATCH, middle)]
            svg.path(sample, colour, stroke_width="1.6", stroke_dasharray=PROVISIONAL_DASH)
            hollow(svg, [(x + SWATCH / 2, middle)], colour)
        svg.text(x + SWATCH + 4, baseline, words, css_class=f"legend-{kind}")
        x += width + 14
    svg.end_group()
    return baseline - top + 8


def band(svg: Svg, x: Callable[[float], float], y: Callable[[float], float], shade: Band) -> None:
    """The band as a filled shape per run of months without a gap: along its top edge, then
    back along its bottom edge; a month alone is a short bar."""
    runs: list[list[tuple[float, float, float]]] = [[]]
    for at, low, high in shade.points:
        if low is None or high is None:
            runs.append([])
        else:
            runs[-1].append((x(at), y(low), y(high)))
    shapes = []
    for run in (run for run in runs if run):
        if len(run) == 1:
            at, low, high = run[0]
            run = [(at - 1.5, low, high), (at + 1.5, low, high)]
        top = " L".join(f"{num(at)} {num(high)}" for at, _low, high in run)
        bottom = " L".join(f"{num(at)} {num(low)}" for at, low, _high in reversed(run))
        shapes.append(f"M{top} L{bottom}Z")
    svg.path(shapes, "none", fill=BAND, css_class="band")


def hollow(svg: Svg, points: list[tuple[float, float]], colour: str) -> None:
    """Hollow markers: a dot of the line's colour with a white one in it (two paths, not a
    circle each: bench/charts.py)."""
    dots = [point(px, py) for px, py in points]
    svg.path(dots, colour, stroke_width="6.4", stroke_linecap="round", css_class="provisional")
    svg.path(dots, "#fff", stroke_width="3.2", stroke_linecap="round", css_class="hollow")
