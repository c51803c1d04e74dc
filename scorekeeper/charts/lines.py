"""Line charts: lines over a numbered x axis, with labelled stretches (a session's games).

Each line has its colour, its dash pattern and, where there are several, its name at its end,
drawn with a short stretch of its own stroke: a reader tells the lines apart by colour, by
pattern in a grey-scale print, and by name. Labels that would overlap are moved apart, and
the stretches' labels that would overlap are left out (the stretches' lines stay).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace

from flask_babel import gettext as _

from . import marks
from .svg import AXIS
from .svg import BOUNDARY
from .svg import DASHES
from .svg import GRID
from .svg import MUTED
from .svg import PALETTE
from .svg import Svg
from .svg import line_to
from .svg import nice_ticks
from .svg import num
from .svg import point
from .svg import shorten
from .svg import text_width

WIDTH, HEIGHT = 420.0, 260.0
"""viewBox units: a tick label (11 units) is 9 px on a phone's 344 px, 7.4 pt on a 100 mm sheet."""
TICK, LABEL = 11.0, 12.0
NAME_WIDTH = 96.0  # the longest line-end label; longer names are cut with "…"
LEADER = 20.0  # the stretch of a line's own stroke between its end and its name
MARKED_UP_TO = 30  # points on a line: each gets a dot while there are at most this many


@dataclass(frozen=True)
class Line:
    name: str
    points: tuple[tuple[float, float | None], ...]
    """(x, y) in order of x; y None leaves a gap."""
    provisional: tuple[bool, ...] = ()
    """Per point, whether its value is provisional (the first ones): hollow markers, joined by
    a thinner dashed stretch."""
    joined: bool = False
    """A gap is bridged by a thin dotted joint rather than left open."""


@dataclass(frozen=True)
class Stretch:
    """A stretch of the x axis with its label: a game of a session."""

    start: float
    end: float
    label: str
    short: str
    """The label where the full one does not fit ("2" for "Game 2")."""


@dataclass(frozen=True)
class LineChart:
    title: str
    desc: str
    lines: tuple[Line, ...]
    x_range: tuple[float, float]
    x_ticks: tuple[tuple[float, str], ...]
    format_value: Callable[[float], str]
    x_caption: str = ""
    stretches: tuple[Stretch, ...] = ()
    with_zero: bool = True
    """The y axis includes 0 (scores: above or below even)."""
    kind: str = "lines"
    heading: bool = False
    """The title drawn at the top as well (a chart shown alone, or among others)."""
    band: marks.Band | None = None
    dots: bool = True
    """Each value a dot, on a line of few (MARKED_UP_TO); False: only those between gaps."""
    height: float = HEIGHT


@dataclass(frozen=True)
class _Frame:
    left: float
    top: float
    right: float
    bottom: float
    x_range: tuple[float, float]
    y_range: tuple[float, float]

    def x(self, value: float) -> float:
        low, high = self.x_range
        span = (high - low) or 1.0
        return self.left + (value - low) / span * (self.right - self.left)

    def y(self, value: float) -> float:
        low, high = self.y_range
        return self.bottom - (value - low) / (high - low) * (self.bottom - self.top)


def draw(chart: LineChart) -> str:
    """The chart as an <svg> element."""
    values = [y for line in chart.lines for _, y in line.points if y is not None]
    values += chart.band.values() if chart.band else []
    ticks = nice_ticks(min([*values, 0.0] if chart.with_zero else values), max(values, default=0))
    tick_texts = [chart.format_value(tick) for tick in ticks]
    named = len(chart.lines) > 1
    names = [shorten(line.name, NAME_WIDTH, LABEL) for line in chart.lines] if named else []
    widest = max((text_width(name, LABEL) for name in names), default=0.0)
    svg = Svg(WIDTH, chart.height, chart.kind)
    above = _top(svg, chart)
    frame = _Frame(
        left=max(text_width(text, TICK) for text in tick_texts) + 8,
        top=above + (28.0 if chart.stretches else 8.0),
        right=WIDTH - (LEADER + 8 + widest if named else 12.0),
        bottom=chart.height - (34.0 if chart.x_caption else 20.0),
        x_range=chart.x_range,
        y_range=(ticks[0], ticks[-1]),
    )
    caption = _stretch_caption(frame, chart.stretches)
    if caption:  # the stretches are numbered only, and named once at the left ("Games")
        frame = replace(frame, left=max(frame.left, text_width(caption, TICK) + 8))
    if chart.band:  # under the grid, whose lines stay readable across it
        marks.band(svg, frame.x, frame.y, chart.band)
    _grid(svg, frame, ticks, tick_texts)
    _x_axis(svg, frame, chart)
    _stretches(svg, frame, chart.stretches, caption)
    ends = [_line(svg, frame, line, index, chart.dots) for index, line in enumerate(chart.lines)]
    if named:
        _end_labels(svg, frame, names, ends)
    return svg.document(chart.title, chart.desc)


def _top(svg: Svg, chart: LineChart) -> float:
    """The heading and the legend, if any, over the chart; the height they take."""
    above = marks.heading(svg, chart.title) if chart.heading else 0.0
    entries = [("band", chart.band.label)] if chart.band else []
    if any(any(line.provisional) for line in chart.lines):
        entries.append(("provisional", _("provisional")))
    return above + marks.legend(svg, above, entries, PALETTE[0])


def _grid(svg: Svg, frame: _Frame, ticks: list[float], texts: list[str]) -> None:
    """A horizontal line and a label per tick of the y axis; the zero line darker."""
    rules = [line_to(frame.left, frame.y(t), frame.right, frame.y(t)) for t in ticks if t != 0]
    svg.path(rules, GRID, css_class="grid")
    if ticks[0] < 0 < ticks[-1] or 0 in ticks:
        zero = frame.y(0)
        svg.path([line_to(frame.left, zero, frame.right, zero)], AXIS, stroke_width="1.2")
    svg.group("y-axis", font_size=num(TICK), fill=MUTED, text_anchor="end")
    for tick, text in zip(ticks, texts, strict=True):
        svg.text(frame.left - 5, frame.y(tick) + TICK * 0.35, text)
    svg.end_group()


def _x_axis(svg: Svg, frame: _Frame, chart: LineChart) -> None:
    """The x axis, a tick and a label at each of the chart's x ticks that has room, and the
    axis's caption under them."""
    marks = [line_to(frame.left, frame.bottom, frame.right, frame.bottom)]
    svg.group("x-axis", font_size=num(TICK), fill=MUTED, text_anchor="middle")
    shown_until = -1e9
    for value, text in chart.x_ticks:
        x = frame.x(value)
        half = text_width(text, TICK) / 2
        middle = min(max(x, half + 2), WIDTH - half - 2)  # the first and last stay inside
        if middle - half < shown_until + 4:
            continue  # would overlap the label before it
        shown_until = middle + half
        marks.append(line_to(x, frame.bottom, x, frame.bottom + 3))
        svg.text(middle, frame.bottom + 4 + TICK, text)
    if chart.x_caption:
        svg.text((frame.left + frame.right) / 2, svg.height - 4, chart.x_caption)
    svg.end_group()
    svg.path(marks, AXIS)


def _stretch_caption(frame: _Frame, stretches: tuple[Stretch, ...]) -> str:
    """Where a stretch's full label ("Game 12") would not fit above it, the stretches are
    labelled by their numbers alone, under this caption at the left ("Games")."""
    for stretch in stretches:
        room = frame.x(stretch.end) - frame.x(stretch.start) - 4
        if text_width(stretch.label, TICK) > room:
            return _("Games")
    return ""


def _stretches(svg: Svg, frame: _Frame, stretches: tuple[Stretch, ...], caption: str) -> None:
    """A line where each stretch but the last ends (one path: a segment per boundary), and
    each stretch's label centred above it: its full label, or its number under the caption;
    left out where it would overlap the one before (a long session's games are narrow)."""
    ends = [frame.x(stretch.end) for stretch in stretches[:-1]]
    bounds = [line_to(x, frame.top - 18, x, frame.bottom) for x in ends]
    svg.path(bounds, BOUNDARY, css_class="game-boundaries")
    baseline = frame.top - 10
    svg.group("game-labels", font_size=num(TICK), fill=MUTED)
    if caption:
        svg.text(frame.left - 5, baseline, caption, text_anchor="end", css_class="caption")
    shown_until = -1e9
    for stretch in stretches:
        text = stretch.short if caption else stretch.label
        width = text_width(text, TICK)
        x = (frame.x(stretch.start) + frame.x(stretch.end)) / 2 - width / 2
        if x < shown_until + 5:
            continue
        shown_until = x + width
        svg.text(x, baseline, text, css_class="game-label")
    svg.end_group()


def _line(
    svg: Svg, frame: _Frame, line: Line, index: int, dots: bool
) -> tuple[float, float] | None:
    """Draw a line, a polyline per run of values without a gap (bridged by a dotted joint if
    the line is joined), its provisional points hollow; where it ends, if anywhere."""
    colour, dash = PALETTE[index % len(PALETTE)], DASHES[index % len(DASHES)]
    runs = _runs(frame, line)
    marked = dots and sum(len(run) for run in runs) <= MARKED_UP_TO
    svg.group(f"line line-{index}")
    if line.joined:
        joints = [line_to(*a[-1][:2], *b[0][:2]) for a, b in zip(runs, runs[1:], strict=False)]
        svg.path(joints, colour, stroke_width="1.2", stroke_dasharray="1 3", css_class="joint")
    for run in runs:
        early = sum(1 for *_xy, provisional in run if provisional)  # the first ones
        for part, css, width, pattern in (
            (run[:early], "series-provisional", "1.6", marks.PROVISIONAL_DASH),
            (run[max(early - 1, 0) :], "series", "2.2", dash),
        ):
            if len(part) > 1:
                svg.polyline(
                    [(x, y) for x, y, _p in part],
                    colour,
                    stroke_width=width,
                    stroke_dasharray=pattern,
                    stroke_linejoin="round",
                    css_class=css,
                )
    # A value between two gaps is a dot, or it would not show.
    filled = [point(x, y) for run in runs for x, y, p in run if not p and (marked or len(run) == 1)]
    svg.path(filled, colour, stroke_width="5.2", stroke_linecap="round", css_class="dots")
    marks.hollow(svg, [(x, y) for run in runs for x, y, p in run if p], colour)
    svg.end_group()
    return runs[-1][-1][:2] if runs else None


def _runs(frame: _Frame, line: Line) -> list[list[tuple[float, float, bool]]]:
    """The line's runs of values without a gap, as (x, y, provisional) in the frame."""
    runs: list[list[tuple[float, float, bool]]] = [[]]
    flags = line.provisional or (False,) * len(line.points)
    for (x, y), provisional in zip(line.points, flags, strict=True):
        if y is None:
            runs.append([])
        else:
            runs[-1].append((frame.x(x), frame.y(y), provisional))
    return [run for run in runs if run]


def _end_labels(
    svg: Svg, frame: _Frame, names: list[str], ends: list[tuple[float, float] | None]
) -> None:
    """Each line's name at its end, moved apart where they would overlap, reached by a short
    stretch of the line's own colour and dash pattern."""
    placed = [(index, end) for index, end in enumerate(ends) if end is not None]
    placed.sort(key=lambda item: item[1][1])
    heights = _spread([end[1] for _, end in placed], LABEL + 2, frame.top, frame.bottom)
    svg.group("line-labels", font_size=num(LABEL))
    column = frame.right + LEADER  # every name at the right, where the lines end
    for (index, (x, y)), height in zip(placed, heights, strict=True):
        colour, dash = PALETTE[index % len(PALETTE)], DASHES[index % len(DASHES)]
        # A line that ends well before the others (a player's last game months ago) reaches
        # its name by a thin dotted leader: no stretch of its stroke where it has no value.
        far = column - x > LEADER + 8
        svg.polyline(
            [(x + 2, y), (column - 4, height), (column, height)],
            colour,
            stroke_width="1" if far else "2",
            stroke_dasharray="1 3" if far else dash,
            css_class="leader",
        )
        baseline = height + LABEL * 0.35
        svg.text(column + 3, baseline, names[index], css_class="line-label")
    svg.end_group()


def _spread(wanted: list[float], gap: float, top: float, bottom: float) -> list[float]:
    """Heights as near the wanted ones (in order) as can be, at least gap apart, within reach
    of top..bottom: pushed down, then up again where the last ran past the bottom."""
    heights: list[float] = []
    for want in wanted:
        heights.append(max(want, heights[-1] + gap) if heights else max(want, top))
    limit = bottom + gap / 2
    for index in range(len(heights) - 1, -1, -1):
        heights[index] = min(heights[index], limit)
        limit = heights[index] - gap
    return heights
