"""Where a preset reads a source that is silent or unclear (rules.md 1.1, Part B §2).

Each preset follows its source; where the source says nothing, or says it unclearly, the preset
still needs a value, and the table should know that it is a reading, so that it can set a house
rule instead. Each reading is one sentence for the reference card: what the source leaves open,
and what the preset does. A reading stands only while the option keeps the preset's value.
"""

from __future__ import annotations

from .problem import translatable
from .ruleset import PRESETS
from .ruleset import Ruleset

_SCARTO = {
    "scarto_trumps": translatable(
        "The sources do not restrict other trumps in the scarto: here they may be laid aside."
    ),
    "fool_if_owner_no_trick": translatable(
        "The sources do not say where the Fool of a player who wins no trick goes: here it "
        "stays with him, as it cannot be captured."
    ),
}

READINGS: dict[str, dict[str, str]] = {
    "scarto": _SCARTO,
    "scarto-sv": _SCARTO,
    "tarocchi-a-3": {
        "fool_counting": translatable(
            "The page does not say how the Matto is counted: here apart, at its value, the two "
            "cards left with it counting with a blank."
        ),
        "fool_may_lead": translatable(
            "The page names no penalty for a Matto led by choice: here it goes to the winner "
            "of the last trick, as one that had to be led there."
        ),
        "recording": translatable(
            "The page does not say what the protocol records: here the points as counted."
        ),
        "game_length": translatable(
            "The page leaves the length of a game to the table (3, 6 or 9 deals, or 100 "
            "points): here 3 deals."
        ),
        "settlement": translatable("The page does not say who pays: here the highest total wins."),
    },
    "piedicavallo": {
        "must_trump": translatable(
            'The source says a player void in the suit led "can" play a trump: here he must, '
            "as in the other rules."
        ),
        "counting": translatable(
            "The source gives 114 points a deal but not how the cards are counted: here their "
            "values are added."
        ),
    },
}
"""By preset, the options whose value is a reading, each with its sentence."""


def readings_of(ruleset: Ruleset) -> list[str]:
    """The readings that stand in this ruleset: those of its preset whose option it keeps."""
    preset = PRESETS[ruleset.id]
    return [
        sentence
        for option, sentence in READINGS.get(ruleset.id, {}).items()
        if getattr(ruleset, option) == getattr(preset, option)
    ]
