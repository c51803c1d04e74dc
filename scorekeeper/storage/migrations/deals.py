"""Steps on the stored deals, after those of the club's history (migrations/players.py).

Each carries what it needs, frozen as it was written: the code it would call will change, and
the step must not.
"""

from __future__ import annotations

import json

import sqlite_utils

from .steps import migrations

_LED_FOOL_MOVES = {"fool_may_lead": False, "fool_if_owner_no_trick": "last-trick-winner"}
"""The options under which a led Fool goes to the winner of the last trick, and their values
in each preset of the day this step was written."""
_PRESET_VALUES = {
    "scarto": {"fool_may_lead": True, "fool_if_owner_no_trick": "stays"},
    "scarto-sv": {"fool_may_lead": True, "fool_if_owner_no_trick": "stays"},
    "tarocchi-a-3": {"fool_may_lead": False, "fool_if_owner_no_trick": "last-trick-winner"},
    "piedicavallo": {"fool_may_lead": True, "fool_if_owner_no_trick": "opponents"},
}


@migrations()
def answer_fool_led_as_counted(db: sqlite_utils.Database) -> None:
    # The issue "Every form, the same score": a quick count or full piles of Tarocchi a 3 now
    # says whether the Matto was led (fool_led), and a deal that does not is refused where it
    # matters. The deals stored before were counted as if it was not led: their input says so
    # ("no"), so that they read back, correct and export as they were counted. Which of them
    # were wrong cannot be known from what was stored (CHANGES.md says so).
    sessions = [
        row["id"]
        for row in db.query("select id, ruleset, overrides from sessions")
        if _led_fool_moves(row["ruleset"], row["overrides"])
    ]
    for session_id in sessions:
        rows = db.query(
            "select id, input from deals where session_id = ? and form in ('quick', 'piles')",
            [session_id],
        )
        for row in list(rows):
            given = json.loads(row["input"])
            if "fool_led" in given or given.get("fool_too_early") is True:
                continue
            given["fool_led"] = "no"
            db.execute(
                "update deals set input = ? where id = ?",
                [json.dumps(given), row["id"]],
            )


def _led_fool_moves(ruleset: str, overrides: str | None) -> bool:
    values = {**_PRESET_VALUES.get(ruleset, {}), **json.loads(overrides or "{}")}
    return all(values.get(name) == value for name, value in _LED_FOOL_MOVES.items())
