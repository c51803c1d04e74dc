"""An event's published tables as the director follows them: each table's deals played and
due, its last save, whether it is finished or was ended; and each entrant's score there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlite_utils

from ...storage import events

Row = dict[str, Any]


def table_lines(db: sqlite_utils.Database, event: Row) -> list[Row]:
    """Every published table of the event, by round and number: its session and progress (who
    sits there is the round's draw, event_rounds)."""
    due = event["deals_per_round"]
    lines = []
    for row in events.tables(db, event["id"]):
        lines.append(
            {
                "round": row["round"],
                "table": row["number"],
                "session_id": row["session_id"],
                "read_token": row["read_token"],
                "deals": row["deals"],
                "deals_due": due,
                "finished": row["deals"] >= due or row["ended_at"] is not None,
                "ended": row["ended_at"] is not None and row["deals"] < due,
                "last_save_at": row["last_save_at"],
            }
        )
    return lines


def unfinished(lines: Sequence[Row]) -> list[Row]:
    """The tables a round cannot close with, as the 409 lists them."""
    keys = ("table", "session_id", "deals", "deals_due", "last_save_at")
    return [{key: line[key] for key in keys} for line in lines if not line["finished"]]


def entrant_scores(table: Sequence[int], scores: Sequence[Sequence[int]]) -> dict[int, int]:
    """Each entrant's score at a table, from its deals' scores (a list per side): a player's
    own, or a couple's side (the first couple at seats 1 and 3 is side 1)."""
    totals = [sum(deal[side] for deal in scores) for side in range(len(table))]
    return dict(zip(table, totals, strict=True))
