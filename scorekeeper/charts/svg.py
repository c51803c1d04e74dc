"""The SVG every chart is drawn with: a list of elements joined into one string.

Everything is a presentation attribute (stroke="…", not style="…" or a <style> element): the
pages' Content-Security-Policy allows no inline style, and WeasyPrint, which draws a sheet's
chart as an image of its own, applies none of the sheet's stylesheet to it. Every text passes
through ``escape``: players' names are user input.
"""

from __future__ import annotations

import hashlib
import math
import re
from html import escape as _html_escape
from html import unescape

from flask_babel import format_decimal

FONT = "'Sheet Sans', 'DejaVu Sans', Verdana, Arial, sans-serif"
"""The sheets' font first (static/print.css: WeasyPrint finds it there); a browser has no
"Sheet Sans" and takes the next. On a page, style.css gives the chart the page's font."""
INK, MUTED, GRID, AXIS = "#1d1d1f", "#555", "#e2dfd9", "#8a8680"
BOUNDARY = "#b5b0a6"
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#000000", "#E69F00")
"""Okabe and Ito's colours, told apart by colour-blind readers; the first four keep 3:1 against
white (WCAG 1.4.11) and come first, as a session has at most four sides."""
DASHES: tuple[str, ...] = ("", "9 4", "2 3", "12 3 3 3", "5 5", "1 2")
DASHES += ("14 3 2 3 2 3", "3 6", "18 5", "7 2 2 2", "10 3 1 3 1 3", "4 2 8 2")
"""A dash pattern per line, so that lines are told apart on a grey-scale print too: the first
six for a session's sides, twelve for the club's chart (charts/club.py)."""
BAND = "#d9d9d9"
"""The club's spread behind a player's rating: a light neutral grey, the same in print."""
_TITLE = re.compile(r"<title[^>]*>([^<]*)</title>")
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape(text: str) -> str:
    """Text safe in XML and HTML: markup escaped, and the control characters XML cannot hold
    dropped (a name typed with one would otherwise make the SVG unreadable)."""
    return _html_escape(_NOT_XML.sub("", text), quote=True)


def title_of(svg: str) -> str:
    """A chart's title, as plain text (for an <img>'s alt)."""
    found = _TITLE.search(svg)
    return unescape(found[1]) if found else ""


def num(value: float) -> str:
    """A coordinate: one decimal is a tenth of a unit, finer than any screen or printer shows."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def text_width(text: str, size: float) -> float:
    """About how wide a text is at this font size: DejaVu Sans's average advances (the widest
    of the fonts the chart may be drawn in), a little generous so that nothing overlaps."""
    wide = sum(1 for char in text if ord(char) >= 0x2E80)  # CJK and the like: a full em
    narrow = sum(1 for char in text if char in " .,:;'!|il1-()")
    return size * (0.64 * (len(text) - wide - narrow) + 0.36 * narrow + 1.0 * wide)


def shorten(text: str, width: float, size: float) -> str:
    """The text, cut with "…" to fit the width (the full text is in the chart's description
    and the page's table)."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About count round values (steps of 1, 2 or 5 times a power of ten) spanning low..high."""
    if not (math.isfinite(low) and math.isfinite(high)):
        raise ValueError("a chart's values must be finite numbers")
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    rough = (high - low) / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= rough)
    first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    return [round(k * step, 10) for k in range(first, last + 1)]


class Svg:
    """An SVG document in the making: elements appended in drawing order."""

    def __init__(self, width: float, height: float, kind: str) -> None:
        self.width, self.height, self.kind = width, height, kind
        self.parts: list[str] = []

    def path(self, segments: list[str], stroke: str, fill: str = "none", **more: str) -> None:
        """One path for many lines or dots: WeasyPrint draws a sheet's SVG element by element,
        about half a millisecond each, so a chart's grid is one path, not a line per value."""
        if segments:
            d = " ".join(segments)
            self.parts.append(f'<path d="{d}" fill="{fill}" stroke="{stroke}"{_attributes(more)}/>')

    def polyline(self, points: list[tuple[float, float]], stroke: str, **more: str) -> None:
        path = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self.parts.append(
            f'<polyline points="{path}" fill="none" stroke="{stroke}"{_attributes(more)}/>'
        )

    def rect(self, x: float, y: float, width: float, height: float, fill: str, **more: str) -> None:
        self.parts.append(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}" '
            f'fill="{fill}"{_attributes(more)}/>'
        )

    def text(self, x: float, y: float, text: str, **more: str) -> None:
        """A text whose baseline starts at (x, y); its size, colour and anchor are its group's
        unless given (text_anchor="end": it ends there, "middle": centred)."""
        self.parts.append(
            f'<text x="{num(x)}" y="{num(y)}"{_attributes(more)}>{escape(text)}</text>'
        )

    def group(self, css_class: str, **more: str) -> None:
        """Open a group: attributes given here hold for every element in it."""
        self.parts.append(f'<g class="{css_class}"{_attributes(more)}>')

    def end_group(self) -> None:
        self.parts.append("</g>")

    def document(self, title: str, desc: str) -> str:
        """The whole <svg>: its title and description first, named by aria-labelledby. The ids
        come from the content, so that two different charts on one page never share one."""
        body = "".join(self.parts)
        digest = hashlib.blake2s(f"{title}\n{desc}\n{body}".encode(), digest_size=4).hexdigest()
        ident = f"chart-{digest}"
        size = f"{num(self.width)} {num(self.height)}"
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="chart chart-{self.kind}" '
            f'viewBox="0 0 {size}" width="{num(self.width)}" height="{num(self.height)}" '
            f'role="img" aria-labelledby="{ident}-t {ident}-d" font-family="{FONT}" fill="{INK}">'
            f'<title id="{ident}-t">{escape(title)}</title>'
            f'<desc id="{ident}-d">{escape(desc)}</desc>{body}</svg>'
        )


def _attributes(values: dict[str, str]) -> str:
    """Attributes from keywords: text_anchor="end" is text-anchor="end"; css_class is class.
    Values are the builder's own (colours, dashes, numbers), never user text."""
    out = []
    for key, value in values.items():
        if value == "":
            continue
        name = "class" if key == "css_class" else key.replace("_", "-")
        out.append(f' {name}="{value}"')
    return "".join(out)


def empty_chart(title: str, desc: str, message: str) -> str:
    """A small chart that says there is nothing to show yet."""
    svg = Svg(420.0, 60.0, "empty")
    svg.rect(0.5, 0.5, 419.0, 59.0, "none", stroke=AXIS, stroke_dasharray="4 4")
    svg.text(
        210.0, 34.0, message, font_size="13", fill=MUTED, text_anchor="middle", css_class="empty"
    )
    return svg.document(title, desc)


def line_to(x1: float, y1: float, x2: float, y2: float) -> str:
    """A path segment: a line from one point to another."""
    return f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}"


def point(x: float, y: float) -> str:
    """A path segment of no length: drawn with round caps, a dot as wide as the stroke. Half the
    cost of a circle's two arcs in WeasyPrint (bench/charts.py)."""
    return f"M{num(x)} {num(y)}h0"


def format_value(value: float) -> str:
    """A value as the reader's language writes it, with at most two decimals ("1,25" in
    German and Italian)."""
    return str(format_decimal(value, format="#,##0.##"))
