"""A session's protocol on its printed sheet as lines of text on tab stops (issue #32).

WeasyPrint's time goes into boxes: each table cell is a box with its line and its text, about
0.6 ms of CPU, and a session of 500 deals had 4,000 of them and more (4-5 s a sheet; cProfile:
the cascade, the layout and the drawing of the cells, nothing else standing out). A line of text
costs about what one cell does, however many numbers it holds. So each deal is one line of
text, a game's deals the lines of one cell, and the columns are tab stops (CSS ``tab-size``:
one every ``TAB`` mm, each column a whole number of them). Numbers are right-aligned by the
spaces in front of them, worked out in the sheet's own font (metrics.py): DejaVu Sans' digits
are two of its spaces wide, so a column's digits line up exactly. The table's head keeps its
cells, its columns these widths, so that each name stands over its numbers.

The dealer, whose name has any width, is the last column: no tab stop follows his name.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .metrics import text_width

TAB_PX = 15
TAB = TAB_PX * 25.4 / 96
"""mm between two tab stops (print.css ``tab-size: 15px``): WeasyPrint hands Pango a tab size
in whole CSS pixels, so the stops are a whole number of pixels apart, about 4 mm."""
PAD = 1.4
"""mm of a cell's padding (print.css): a head's text starts and ends this far in. A number is
set to end where its head's text does, ``2 * PAD`` before its column's end as the line sees it
(the line starts ``PAD`` in from the table's edge); a tab stop then takes the next column to its
start, as long as the number ends within the last ``TAB`` of its column, which leaves room for
the half space a padding may be off."""
MIN_DEALER = 24.0
"""mm at least for the dealer's name; a longer one runs on to the next line."""

Cells = Sequence[tuple[int, str, int]]
"""A deal's cells: per side its points, its score as written ("+4"), its running total."""


@dataclass(frozen=True)
class Typesetter:
    """Text widths in the sheet's fonts at its size, and spaces to set text to a width."""

    font: Path
    bold: Path
    size: float

    def width(self, text: str, bold: bool = False) -> float:
        return text_width(text, self.bold if bold else self.font, self.size)

    def right(self, text: str, end: float, bold: bool = False) -> str:
        """The text after the spaces that make it end nearest ``end`` mm. The end is taken to
        the nearest whole number of spaces: a digit being two, every number of digits then ends
        exactly there, and one with a minus sign (a space and a seventh) a seventh of a space
        (0.15 mm) past it."""
        space = self.width(" ", bold)
        end = round(end / space) * space
        return " " * max(0, round((end - self.width(text, bold)) / space)) + text

    def cut(self, text: str, room: float) -> str:
        """The text, or as many of its first words as fit ``room`` mm with " …" after them."""
        if self.width(text) <= room:
            return text
        words, used = text.split(" "), self.width(" …")
        kept = words[:1]  # each word measured once: a note can have hundreds
        used += self.width(kept[0])
        for word in words[1:]:
            used += self.width(" " + word)
            if used > room:
                break
            kept.append(word)
        return " ".join(kept) + " …"

    def left(self, text: str, end: float, bold: bool = False) -> str:
        """The text, then the spaces that bring its end nearest ``end`` mm."""
        space = self.width(" ", bold)
        return text + " " * max(0, round((end - self.width(text, bold)) / space))


@dataclass(frozen=True)
class Columns:
    """The protocol's columns on a sheet, in mm, each but the dealer's a whole number of tab
    stops: the deal's number, then each side's points and total, then the dealer."""

    sides: int
    number: float
    points: float
    total: float
    dealer: float
    scores: float
    """The widest " (score)" of the sheet: the points end this far before their column's text."""

    @property
    def widths(self) -> tuple[float, ...]:
        return (self.number, *(self.points, self.total) * self.sides, self.dealer)


def columns(
    setter: Typesetter,
    sides: int,
    rows: Sequence[tuple[int, Cells]],
    heads: Sequence[str],
    width: float,
) -> Columns:
    """Columns as wide as the sheet's texts need, their heads' words included (``heads``: the
    number's, the points', the total's and the dealer's, bold); the dealer has the rest of
    ``width``."""
    number_head, points_head, total_head, dealer_head = heads
    said = [f" ({score})" for _, cells in rows for _, score, _ in cells]
    scores = max((setter.width(text) for text in said), default=0.0)
    numbers = [str(number) for number, _ in rows]
    points = [str(p) for _, cells in rows for p, _, _ in cells]
    totals = [str(t) for _, cells in rows for _, _, t in cells]
    number = _stops(max(_widest(setter, [number_head], True), _widest(setter, numbers)))
    points_col = _stops(max(_widest(setter, [points_head], True), _widest(setter, points) + scores))
    total = _stops(max(_widest(setter, [total_head, *totals], True), _widest(setter, totals)))
    dealer = max(MIN_DEALER, _widest(setter, [dealer_head], True) + 2 * PAD)
    dealer = max(dealer, width - number - sides * (points_col + total))
    return Columns(sides, number, points_col, total, dealer, scores)


def deal_line(setter: Typesetter, cols: Columns, number: int, cells: Cells, dealer: str) -> str:
    """A deal as one line: its number, each side's "points (score)" and total, the dealer."""
    fields = [setter.right(str(number), cols.number - 2 * PAD)]
    for points, score, total in cells:
        # The points right-aligned, then "(score)" from the same place on every line.
        shown = setter.right(str(points), cols.points - 2 * PAD - cols.scores) + f" ({score})"
        fields.append(setter.left(shown, cols.points - 2 * PAD))
        fields.append(setter.right(str(total), cols.total - 2 * PAD))
    return "\t".join([*fields, dealer])


def end_line(setter: Typesetter, cols: Columns, totals: Sequence[int], label: str) -> str:
    """A game's end, in bold: each side's total under its totals, the game's name last. An
    empty column is spaces, so that the tab after it goes to the next column, not the next
    stop."""
    fields = [setter.left("", cols.number - 2 * PAD, bold=True)]
    for total in totals:
        fields.append(setter.left("", cols.points - 2 * PAD, bold=True))
        fields.append(setter.right(str(total), cols.total - 2 * PAD, bold=True))
    return "\t".join([*fields, label])


def _stops(text: float) -> float:
    """A column's width for text this wide: its padding on both sides, in whole tab stops."""
    return math.ceil((text + 2 * PAD) / TAB) * TAB


def _widest(setter: Typesetter, texts: Sequence[str], bold: bool = False) -> float:
    """The widest word of the texts (a head breaks between words; a number is one)."""
    return max((setter.width(word, bold) for text in texts for word in text.split()), default=0.0)
