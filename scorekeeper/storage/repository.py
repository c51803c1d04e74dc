"""Every table name and SQL statement of the app. Rows come in and go out as plain dicts.

Writes go through ``write(db)``: one transaction, begun IMMEDIATE so that two writers queue on the
busy timeout instead of failing with "database is locked" when one upgrades a read lock.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from collections.abc import Sequence
from datetime import UTC
from datetime import datetime
from typing import Any

import sqlite_utils

from .db import begin_immediate

Row = dict[str, Any]
JSON_COLUMNS = frozenset(
    (
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
        "player_ids",
    )
)
"""Columns stored as JSON text: written by ``dump_row``, read back by ``_load``."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@contextlib.contextmanager
def write(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction: everything in it commits together or not at all."""
    begin_immediate(db.conn)
    try:
        yield db
    except BaseException:
        db.conn.rollback()
        raise
    else:
        db.conn.execute("COMMIT")


class Turns:
    """Writes one after another (a replay's, a rebuild's) that let other writers in between.

    SQLite does not hand its write lock over in turn: a writer waiting for it sleeps on its busy
    timeout (1, 2, 5, 10, 15, 20, 25 ms...) and tries again, and one that begins again the
    moment it commits keeps finding it taken. Behind a replay's back-to-back writes, saves
    waited up to 0.9 s (bench/stats_replay.py). So each write after the first begins only once
    as long as the one before took, and at least ``GAP_S``, has passed since it ended.
    """

    GAP_S = 0.012

    def __init__(self) -> None:
        self.ended = 0.0
        self.took = 0.0

    @contextlib.contextmanager
    def write(self, db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
        wait = self.ended + max(self.took, self.GAP_S) - time.monotonic()
        if self.ended and wait > 0:
            time.sleep(wait)
        began = time.monotonic()
        with write(db):
            yield db
        self.ended = time.monotonic()
        self.took = self.ended - began


@contextlib.contextmanager
def snapshot(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One read transaction: every read in it sees the database as it was at the first, whatever
    is written meanwhile (WAL), and it holds no lock a writer waits for."""
    db.conn.execute("BEGIN")
    try:
        yield db
    finally:
        db.conn.execute("COMMIT")


def select(db: sqlite_utils.Database, sql: str, params: Sequence[Any] = ()) -> Iterator[Row]:
    """The rows of a SELECT, as dicts. sqlite-utils' ``query`` wraps each statement in a
    savepoint in case it writes; a plain read needs none, and this spares the two statements
    on every request's way (the keeper check, the loading of deals)."""
    cursor = db.conn.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return (dict(zip(names, values, strict=True)) for values in cursor)


def insert_session(db: sqlite_utils.Database, row: Row) -> int:
    table = db.table("sessions")
    table.insert(dump_row({**row, "created": now()}))
    return int(table.last_pk or 0)


def load_session(db: sqlite_utils.Database, session_id: int) -> Row | None:
    """The session's row, with the player each seat is linked to (in order of play), read in
    the same query."""
    sql = """
        select sessions.*, (
            select json_group_array(player_id) from (
                select player_id from session_players
                where session_players.session_id = sessions.id order by seat
            )
        ) as player_ids
        from sessions where id = ?
    """
    rows = list(select(db, sql, [session_id]))
    return _load(rows[0]) if rows else None


def load_session_marks(
    db: sqlite_utils.Database, session_id: int
) -> tuple[Row, list[tuple[Any, ...]]] | None:
    """The session's row as stored (no JSON decoded) with its seats' players and its last
    correction (``_seats``, ``_corrected``), and, per deal (deleted ones too, by id), a mark:
    (id, position, version, deleted, updated, id of its last history entry). Together they
    change with every write to the session, its seats or its deals: a deal changes only through
    ``insert_deal`` (a new id) or ``update_deal`` (a new version and time), with its history
    entry. One query, no deal's JSON read."""
    sql = """
        select sessions.*, (
            select json_group_array(json_array(id, position, version, deleted, updated, (
                select max(deal_history.id) from deal_history
                where deal_history.deal_id = deals.id
            )))
            from deals where deals.session_id = sessions.id
        ) as [_deal_marks], (
            select group_concat(seat || ':' || ifnull(player_id, ''), ' ') from (
                select seat, player_id from session_players
                where session_players.session_id = sessions.id order by seat
            )
        ) as [_seats], (
            select max(id) from session_history where session_history.session_id = sessions.id
        ) as [_corrected]
        from sessions where id = ?
    """
    rows = list(select(db, sql, [session_id]))
    if not rows:
        return None
    row = rows[0]
    marks = sorted(tuple(mark) for mark in json.loads(row.pop("_deal_marks")))
    return row, marks


def has_deleted_deals(db: sqlite_utils.Database, session_id: int) -> bool:
    """Whether some of the session's deals were deleted (and may be restored)."""
    sql = "select exists(select 1 from deals where session_id = ? and deleted = 1)"
    return bool(db.execute(sql, [session_id]).fetchone()[0])


def list_sessions(
    db: sqlite_utils.Database, deleted: bool = False, by_day: bool = False
) -> list[Row]:
    """Sessions with their number of deals, the last entered first, or by the day they were
    played (``by_day``: the latest first); the deleted ones when asked."""
    order = "sessions.played_on desc, sessions.id desc" if by_day else "sessions.id desc"
    sql = f"""
        select sessions.*, count(deals.id) as deal_count from sessions
        left join deals on deals.session_id = sessions.id and deals.deleted = 0
        where sessions.deleted = ?
        group by sessions.id order by {order}
    """
    return [_load(row) for row in select(db, sql, [int(deleted)])]


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
    return [_load(row) for row in select(db, sql, [session_id])]


def load_deleted_deals(db: sqlite_utils.Database, session_id: int) -> list[Row]:
    sql = "select * from deals where session_id = ? and deleted = 1 order by position, id"
    return [_load(row) for row in select(db, sql, [session_id])]


def next_position(db: sqlite_utils.Database, session_id: int) -> int:
    sql = "select coalesce(max(position), 0) + 1 from deals where session_id = ?"
    return int(db.execute(sql, [session_id]).fetchone()[0])


def next_version(db: sqlite_utils.Database, session_id: int) -> int:
    """The version a deal of the session takes when it is stored or changed: one above every
    version of its deals, deleted ones too. So a version names one state of one deal, and a
    version read from one deal never matches another that later takes its number. Call it in
    the write that stores the version."""
    sql = "select coalesce(max(version), 0) + 1 from deals where session_id = ?"
    return int(db.execute(sql, [session_id]).fetchone()[0])


def insert_deal(db: sqlite_utils.Database, row: Row) -> Row:
    """Store a new deal; the row as ``load_deals`` will read it back, with its id."""
    stamp = now()
    version = next_version(db, row["session_id"])
    stored = dump_row({**row, "created": stamp, "updated": stamp, "version": version, "deleted": 0})
    cursor = db.execute(_insert_sql("deals", stored), list(stored.values()))
    return _load({"id": cursor.lastrowid, **stored})


def update_deal(db: sqlite_utils.Database, deal_id: int, changes: Row) -> None:
    """Change a deal's stored fields and give it a new version (``next_version``)."""
    sets = ", ".join(f"[{name}] = ?" for name in changes)
    values = list(dump_row(changes).values())
    sql = f"""
        update deals set {sets}, updated = ?, version = (
            select max(other.version) + 1 from deals as other
            where other.session_id = deals.session_id
        )
        where id = ?
    """
    db.execute(sql, [*values, now(), deal_id])


def add_history(
    db: sqlite_utils.Database, deal_id: int, action: str, before: Row | None, after: Row | None
) -> Row:
    """Add an entry to a deal's history; the entry as ``load_history`` will read it back."""
    row = {"deal_id": deal_id, "at": now(), "action": action, "before": before, "after": after}
    stored = dump_row(row)
    cursor = db.execute(_insert_sql("deal_history", stored), list(stored.values()))
    return _load({"id": cursor.lastrowid, **stored})


def _insert_sql(table: str, row: Row) -> str:
    names = ", ".join(f"[{name}]" for name in row)
    return f"insert into [{table}] ({names}) values ({', '.join('?' * len(row))})"


def load_history(db: sqlite_utils.Database, session_id: int) -> dict[int, list[Row]]:
    """Each deal's history, oldest first, by deal id."""
    sql = """
        select deal_history.* from deal_history join deals on deals.id = deal_history.deal_id
        where deals.session_id = ? order by deal_history.id
    """
    history: dict[int, list[Row]] = {}
    for row in select(db, sql, [session_id]):
        history.setdefault(row["deal_id"], []).append(_load(row))
    return history


def dump_row(row: Row) -> Row:
    return {k: json.dumps(v) if k in JSON_COLUMNS and v is not None else v for k, v in row.items()}


def _load(row: Row) -> Row:
    return {k: json.loads(v) if k in JSON_COLUMNS and v is not None else v for k, v in row.items()}
