"""A session's own corrections: the day it was played, its seats' players (services/sessions/
details.py), each kept with what was before."""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from .repository import Row
from .repository import now
from .repository import select


def add_session_history(
    db: sqlite_utils.Database, session_id: int, action: str, before: Any, after: Any
) -> None:
    """Keep a correction of a session itself (its day, its seats' players)."""
    db.execute(
        "insert into session_history (session_id, at, action, before, after) "
        "values (?, ?, ?, ?, ?)",
        [session_id, now(), action, json.dumps(before), json.dumps(after)],
    )


def session_history(db: sqlite_utils.Database, session_id: int) -> list[Row]:
    """A session's own corrections, oldest first."""
    sql = "select * from session_history where session_id = ? order by id"
    return [
        row | {"before": json.loads(row["before"]), "after": json.loads(row["after"])}
        for row in select(db, sql, [session_id])
    ]


def last_change(db: sqlite_utils.Database, session_id: int) -> str | None:
    """When the session last changed (ISO 8601, UTC): its start, a deal's last change, or a
    correction of its own; None for no such session."""
    sql = """
        select max(at) from (
            select created as at from sessions where id = :id
            union all select updated from deals where session_id = :id
            union all select at from session_history where session_id = :id
        )
    """
    found = db.execute(sql, {"id": session_id}).fetchone()[0]
    return str(found) if found else None


def set_played_on(db: sqlite_utils.Database, session_id: int, day: str) -> None:
    db.execute("update sessions set played_on = ? where id = ?", [day, session_id])
