"""Widths of text in the sheets' own fonts, for the columns of a fixed table layout.

A table with ``table-layout: fixed`` takes its column widths as given instead of measuring
every cell's text first; this says how wide a column must be for its longest text. Advance
widths only, without kerning: DejaVu's pairs narrow a label by a fraction of a millimetre.
"""

from __future__ import annotations

import functools
from pathlib import Path

MM_PER_PT = 25.4 / 72


def text_width(text: str, font: Path, size_pt: float) -> float:
    """The width in mm of text set in the TrueType font at size_pt."""
    advances, units_per_em, fallback = _advances(font)
    units = sum(advances.get(ord(char), fallback) for char in text)
    return units / units_per_em * size_pt * MM_PER_PT


@functools.lru_cache(maxsize=8)
def _advances(font: Path) -> tuple[dict[int, int], int, int]:
    """Each character's advance width in the font's units, the units to an em, and the
    widest advance (for a character the font lacks, drawn from another font)."""
    from fontTools.ttLib import TTFont

    with TTFont(font, lazy=True) as ttf:
        metrics = ttf["hmtx"].metrics
        advances = {code: metrics[name][0] for code, name in ttf.getBestCmap().items()}
        units_per_em = int(ttf["head"].unitsPerEm)
    return advances, units_per_em, max(advances.values(), default=units_per_em)
