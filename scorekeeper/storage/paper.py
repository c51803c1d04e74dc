"""What the paper protocol's page keeps beside its sessions: the request key a page saved once
with, and the sessions a protocol typed in twice would repeat."""

from __future__ import annotations

import json

import sqlite_utils

from .repository import now


def paper_key_session(db: sqlite_utils.Database, key: str) -> int | None:
    """The session a paper protocol's form with this key made, if any."""
    row = db.execute("select session_id from paper_keys where key = ?", [key]).fetchone()
    return int(row[0]) if row else None


def add_paper_key(db: sqlite_utils.Database, key: str, session_id: int) -> None:
    db.execute(
        "insert into paper_keys (key, session_id, at) values (?, ?, ?)", [key, session_id, now()]
    )


def same_sessions(
    db: sqlite_utils.Database, ruleset: str, played_on: str, players: list[str]
) -> list[int]:
    """The live sessions of this ruleset, day and players (as written, in order), newest first."""
    sql = """
        select id, players from sessions
        where deleted = 0 and ruleset = ? and played_on = ? order by id desc
    """
    rows = db.execute(sql, [ruleset, played_on])
    return [row[0] for row in rows if json.loads(row[1]) == players]
