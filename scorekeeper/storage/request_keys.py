"""The keys deals' writes come with, and their first answers: table ``request_keys``.

A key is stored in the transaction that stores its deal, so that neither is ever kept without the
other. The services' writes begin their own transaction (``repository.write``); ``write`` here
begins one around them and gives them a connection on which theirs is a savepoint inside it.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from typing import Any
from typing import cast

import sqlite_utils

from . import repository

Row = dict[str, Any]
SAVEPOINT = "deal_write"


@contextlib.contextmanager
def write(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction (IMMEDIATE, so that two requests with one key queue, and the
    second finds the first's key); yields the database for a service's own ``repository.write``
    to run inside it, as a savepoint."""
    with repository.write(db):
        nested = cast(sqlite3.Connection, _Savepoint(db.conn))
        # The connection already has sqlite-utils' PRAGMA and plugins: not again.
        yield sqlite_utils.Database(nested, recursive_triggers=False, execute_plugins=False)


class _Savepoint:
    """A connection already in a transaction, as ``repository.write`` sees it: its BEGIN
    IMMEDIATE opens a savepoint, its COMMIT releases it, its rollback undoes the savepoint's
    work. All else is the connection's own."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        nested = {"BEGIN IMMEDIATE": f"SAVEPOINT {SAVEPOINT}", "COMMIT": f"RELEASE {SAVEPOINT}"}
        return self._conn.execute(nested.get(sql, sql), parameters)

    def rollback(self) -> None:
        if self._conn.in_transaction:  # an error may have ended the whole transaction already
            self._conn.execute(f"ROLLBACK TO {SAVEPOINT}")
            self._conn.execute(f"RELEASE {SAVEPOINT}")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def load_request_key(
    db: sqlite_utils.Database, session_id: int, key: str, since: float
) -> Row | None:
    """The session's key, if it was stored at ``since`` or later, with its headers decoded."""
    sql = "select * from request_keys where session_id = ? and key = ? and at >= ?"
    rows = list(repository.select(db, sql, [session_id, key, since]))
    if not rows:
        return None
    return {**rows[0], "headers": json.loads(rows[0]["headers"] or "{}")}


def load_last_form_key(
    db: sqlite_utils.Database, session_id: int, key: str, separator: str, since: float
) -> Row | None:
    """The last write of a form's ``key``: stored as the key, or as the key, ``separator`` and
    more (services/request_keys.form_key); the range keeps to the (session_id, key) index."""
    # A key stored alone is a form's write from before form_key.
    sql = (
        "select * from request_keys where session_id = ? and at >= ?"
        " and (key = ? or (key >= ? and key < ?)) order by at desc, id desc limit 1"
    )
    low, high = key + separator, key + chr(ord(separator) + 1)
    rows = list(repository.select(db, sql, [session_id, since, key, low, high]))
    if not rows:
        return None
    return {**rows[0], "headers": json.loads(rows[0]["headers"] or "{}")}


def save_request_key(db: sqlite_utils.Database, row: Row) -> None:
    """Store a key with its first answer (in the write that stores its deal)."""
    stored = {**row, "headers": json.dumps(row.get("headers") or {})}
    names = ", ".join(f"[{name}]" for name in stored)
    marks = ", ".join("?" * len(stored))
    db.execute(f"insert into request_keys ({names}) values ({marks})", list(stored.values()))


def purge_request_keys(db: sqlite_utils.Database, before: float) -> None:
    """Forget the keys stored before ``before``: a client retries within minutes, not days."""
    db.execute("delete from request_keys where at < ?", [before])
