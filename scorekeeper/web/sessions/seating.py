"""The players drawn around the table in the order typed, so the keeper can check the seats.

Seats are entered in order of play (rules.md A1). Whether that order runs to the dealer's right
or left depends on the source (rules.md C9): the drawing puts the first player nearest the
keeper and the next ones round the table that way, as seen from above. static/seats.js redraws
it as names are typed; this draws it for the first page and for browsers without scripts.
"""

from __future__ import annotations

import math
from typing import Any

from ...rules.ruleset import PRESETS
from ...sheets.content import play_direction

SIZE = 100  # the drawing's viewBox is SIZE x SIZE
RADIUS = 34


def seat_positions(count: int, direction: str) -> list[tuple[float, float]]:
    """Where each seat sits in the drawing: seat 0 at the bottom, then round the table.

    Seen from above, counter-clockwise runs bottom, right, top, left: the player on the right
    hand of someone at the bottom, facing the table, is on the right of the drawing.
    """
    turn = 1 if direction == "counter-clockwise" else -1
    positions = []
    for seat in range(count):
        angle = turn * 2 * math.pi * seat / count
        x = SIZE / 2 + RADIUS * math.sin(angle)
        y = SIZE / 2 + RADIUS * math.cos(angle)
        positions.append((round(x, 1), round(y, 1)))
    return positions


def table_data() -> dict[str, dict[str, Any]]:
    """Per ruleset: how many seats, which way play runs, and the sentence that says so."""
    return {
        ruleset.id: {
            "players": ruleset.players,
            "direction": ruleset.play_direction,
            "text": play_direction(ruleset),
        }
        for ruleset in PRESETS.values()
    }
