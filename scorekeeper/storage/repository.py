"""Every table name and SQL statement of the app. Rows come in and go out as plain dicts.

Writes go through ``write(db)``: one transaction, begun IMMEDIATE so that two writers queue on the
busy timeout instead of failing with "database is locked" when one upgrades a read lock.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from collections.abc import Sequence
from datetime import UTC
from datetime import datetime
from typing import Any

import sqlite_utils

from .db import begin_immediate

Row = dict[str, Any]
Stamp = tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]]
"""What a session's stored state is at: its row, and a mark per deal (see
``load_session_stamped``)."""
MARK_ID, MARK_POSITION, MARK_DELETED, MARK_REVISION = 0, 1, 3, 6
"""Where a deal's mark holds its id, its position, its deleted flag and its revision."""
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
    rows = list(select(db, "select * from sessions where id = ?", [session_id]))
    return _load(rows[0]) if rows else None


def load_session_stamped(db: sqlite_utils.Database, session_id: int) -> tuple[Row, Stamp] | None:
    """The session's row and its stamp, which changes with every write to the session or its deals.

    The stamp is the session's row as stored and, per deal (deleted ones too, by id), a mark:
    (id, position, version, deleted, updated, id of its last history entry, revision). Every
    change to a deal goes through ``insert_deal`` (a new id) or ``update_deal`` (a new version and
    time) with its history entry, so a deal whose mark is unchanged is unchanged. Two indexed
    queries and no JSON decoding of the deals. Read both in one transaction for a stamp of one
    state; ``load_session_restamped`` reads less where a stamp of an earlier state is kept.
    """
    stamped_row = _stamped_row(db, session_id)
    if stamped_row is None:
        return None
    marks = tuple(db.execute(_MARKS + "where session_id = ? order by id", [session_id]).fetchall())
    return stamped_row[0], (stamped_row[1], marks)


def load_session_restamped(
    db: sqlite_utils.Database, session_id: int, kept: Stamp | None
) -> tuple[Row, Stamp] | None:
    """What ``load_session_stamped`` gives, read from ``kept``, the stamp of an earlier state,
    where there is one: the session's row, and only if its revision moved, the marks of the
    deals changed since. Every change to a deal or its history raises the session's revision and
    gives the deal the new one (triggers, migrations.add_revisions), so a deal whose revision is
    not above the kept state's is unchanged since; and a session's revision is its deals'
    highest, each rise being given to the deal changed."""
    if kept is None:
        return load_session_stamped(db, session_id)
    stamped_row = _stamped_row(db, session_id)
    if stamped_row is None:
        return None
    if stamped_row[1] == kept[0]:
        return stamped_row[0], kept
    revision = max((mark[MARK_REVISION] for mark in kept[1]), default=0)
    if stamped_row[0]["revision"] < revision:  # an older copy put in its place: read it all
        return load_session_stamped(db, session_id)
    sql = _MARKS + "where session_id = ? and revision > ?"
    marks = {mark[MARK_ID]: mark for mark in kept[1]}
    marks.update((mark[MARK_ID], mark) for mark in db.execute(sql, [session_id, revision]))
    return stamped_row[0], (stamped_row[1], tuple(sorted(marks.values())))


def stamped_with_new_deal(
    db: sqlite_utils.Database, session_id: int, before: Stamp, deal_id: int
) -> tuple[Row, Stamp] | None:
    """What ``load_session_stamped`` gives after a write that changed the state stamped
    ``before`` only by adding deal ``deal_id`` (and the session's row): the one new mark is
    read, not every deal's. A new deal's id is above every other (SQLite gives a new row the
    highest rowid plus one), so its mark comes last, as in the stamp read whole."""
    stamped_row = _stamped_row(db, session_id)
    if stamped_row is None:
        return None
    mark = db.execute(_MARKS + "where id = ? and session_id = ?", [deal_id, session_id]).fetchone()
    if mark is None or (before[1] and before[1][-1][MARK_ID] >= deal_id):
        return load_session_stamped(db, session_id)
    return stamped_row[0], (stamped_row[1], (*before[1], tuple(mark)))


_MARKS = """
    select id, position, version, deleted, updated,
        (select max(deal_history.id) from deal_history where deal_history.deal_id = deals.id),
        revision
    from deals
"""


def _stamped_row(db: sqlite_utils.Database, session_id: int) -> tuple[Row, tuple[Any, ...]] | None:
    """The session's row, and its values as stored (the first part of its stamp)."""
    cursor = db.execute("select * from sessions where id = ?", [session_id])
    values = cursor.fetchone()
    if values is None:
        return None
    names = [column[0] for column in cursor.description]
    return _load(dict(zip(names, values, strict=True))), tuple(values)


def load_deals_by_id(db: sqlite_utils.Database, deal_ids: list[int]) -> dict[int, Row]:
    """These deals' rows, by id."""
    sql = "select * from deals where id in (select value from json_each(?))"
    return {row["id"]: _load(row) for row in select(db, sql, [json.dumps(deal_ids)])}


def load_history_of(db: sqlite_utils.Database, deal_ids: list[int]) -> dict[int, list[Row]]:
    """These deals' history, oldest first, by deal id."""
    sql = """
        select * from deal_history where deal_id in (select value from json_each(?))
        order by id
    """
    history: dict[int, list[Row]] = {}
    for row in select(db, sql, [json.dumps(deal_ids)]):
        history.setdefault(row["deal_id"], []).append(_load(row))
    return history


def database_file(db: sqlite_utils.Database) -> str:
    """The database's file name; "" for a database in memory. Asked once per connection."""
    known: str | None = getattr(db, "_scorekeeper_file", None)
    if known is None:
        rows = db.execute("PRAGMA database_list").fetchall()
        known = next((str(file or "") for _seq, name, file in rows if name == "main"), "")
        db._scorekeeper_file = known  # type: ignore[attr-defined]
    return known


def list_sessions(db: sqlite_utils.Database, deleted: bool = False) -> list[Row]:
    """Sessions newest first, with their number of deals; the deleted ones when asked."""
    sql = """
        select sessions.*, count(deals.id) as deal_count from sessions
        left join deals on deals.session_id = sessions.id and deals.deleted = 0
        where sessions.deleted = ?
        group by sessions.id order by sessions.id desc
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
