"""Every table name and SQL statement of the app. Rows come in and go out as plain dicts.

Writes go through ``write(db)``: one transaction, begun IMMEDIATE so that two writers queue on the
busy timeout instead of failing with "database is locked" when one upgrades a read lock.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from datetime import UTC
from datetime import datetime
from typing import Any

import sqlite_utils

Row = dict[str, Any]
_JSON_COLUMNS = (
    "input",
    "points",
    "scores",
    "problems",
    "notes",
    "scarto_check",
    "players",
    "overrides",
    "pending_scarto",
    "pending_play",
    "before",
    "after",
)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@contextlib.contextmanager
def write(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction: everything in it commits together or not at all."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.conn.rollback()
        raise
    else:
        db.conn.execute("COMMIT")


def insert_session(db: sqlite_utils.Database, row: Row) -> int:
    table = db.table("sessions")
    table.insert(_dump({**row, "created": now()}))
    return int(table.last_pk or 0)


def load_session(db: sqlite_utils.Database, session_id: int) -> Row | None:
    rows = list(db.query("select * from sessions where id = ?", [session_id]))
    return _load(rows[0]) if rows else None


def list_sessions(db: sqlite_utils.Database, deleted: bool = False) -> list[Row]:
    """Sessions newest first, with their number of deals; the deleted ones when asked."""
    sql = """
        select sessions.*, count(deals.id) as deal_count from sessions
        left join deals on deals.session_id = sessions.id and deals.deleted = 0
        where sessions.deleted = ?
        group by sessions.id order by sessions.id desc
    """
    return [_load(row) for row in db.query(sql, [int(deleted)])]


def set_session_deleted(db: sqlite_utils.Database, session_id: int, deleted: bool) -> None:
    db.execute("update sessions set deleted = ? where id = ?", [int(deleted), session_id])


def set_pending_scarto(db: sqlite_utils.Database, session_id: int, check: Row | None) -> None:
    value = json.dumps(check) if check is not None else None
    db.execute("update sessions set pending_scarto = ? where id = ?", [value, session_id])


def set_pending_play(db: sqlite_utils.Database, session_id: int, draft: Row | None) -> None:
    value = json.dumps(draft) if draft is not None else None
    db.execute("update sessions set pending_play = ? where id = ?", [value, session_id])


def load_deals(db: sqlite_utils.Database, session_id: int) -> list[Row]:
    """The session's deals in order, deleted ones left out."""
    sql = "select * from deals where session_id = ? and deleted = 0 order by position, id"
    return [_load(row) for row in db.query(sql, [session_id])]


def load_deleted_deals(db: sqlite_utils.Database, session_id: int) -> list[Row]:
    sql = "select * from deals where session_id = ? and deleted = 1 order by position, id"
    return [_load(row) for row in db.query(sql, [session_id])]


def next_position(db: sqlite_utils.Database, session_id: int) -> int:
    sql = "select coalesce(max(position), 0) + 1 from deals where session_id = ?"
    return int(db.execute(sql, [session_id]).fetchone()[0])


def insert_deal(db: sqlite_utils.Database, row: Row) -> int:
    stamp = now()
    table = db.table("deals")
    table.insert(_dump({**row, "created": stamp, "updated": stamp, "version": 1, "deleted": 0}))
    return int(table.last_pk or 0)


def update_deal(db: sqlite_utils.Database, deal_id: int, changes: Row) -> None:
    """Change a deal's stored fields and count a new version of it."""
    sets = ", ".join(f"[{name}] = ?" for name in changes)
    values = list(_dump(changes).values())
    sql = f"update deals set {sets}, version = version + 1, updated = ? where id = ?"
    db.execute(sql, [*values, now(), deal_id])


def add_history(
    db: sqlite_utils.Database, deal_id: int, action: str, before: Row | None, after: Row | None
) -> None:
    row = {"deal_id": deal_id, "at": now(), "action": action, "before": before, "after": after}
    db.table("deal_history").insert(_dump(row))


def load_history(db: sqlite_utils.Database, session_id: int) -> dict[int, list[Row]]:
    """Each deal's history, oldest first, by deal id."""
    sql = """
        select deal_history.* from deal_history join deals on deals.id = deal_history.deal_id
        where deals.session_id = ? order by deal_history.id
    """
    history: dict[int, list[Row]] = {}
    for row in db.query(sql, [session_id]):
        history.setdefault(row["deal_id"], []).append(_load(row))
    return history


def _dump(row: Row) -> Row:
    return {k: json.dumps(v) if k in _JSON_COLUMNS and v is not None else v for k, v in row.items()}


def _load(row: Row) -> Row:
    return {k: json.loads(v) if k in _JSON_COLUMNS and v is not None else v for k, v in row.items()}
