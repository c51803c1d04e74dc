"""The access tables: the keeper's password, API tokens, failed attempts, session secrets."""

from __future__ import annotations

import time
from typing import Any

import sqlite_utils

from .repository import database_file
from .repository import now
from .repository import select
from .repository import write

CLUB_MODE_KEPT = 1.0
"""Seconds a process takes ``has_keeper_password`` as it last read it, per database file."""
_password_set: dict[str, tuple[float, bool]] = {}


def keeper_password_hash(db: sqlite_utils.Database) -> str | None:
    rows = list(select(db, "select password_hash from keeper where id = 1"))
    return rows[0]["password_hash"] if rows else None


def has_keeper_password(db: sqlite_utils.Database) -> bool:
    """Whether a keeper password is set, as read at most ``CLUB_MODE_KEPT`` seconds ago: every
    request asks (web/auth.py), and the read was a fortieth of a request's work under load. A
    password set or removed in this process counts at once; from another (the command line),
    within the second, and the app errs on the safe side meanwhile: without a password it serves
    only its own machine, with one it asks for the keeper's login."""
    file = database_file(db)
    kept = _password_set.get(file)
    if file and kept is not None and 0 <= time.monotonic() - kept[0] < CLUB_MODE_KEPT:
        return kept[1]
    found = keeper_password_hash(db) is not None
    if file:
        _password_set[file] = (time.monotonic(), found)
    return found


def set_keeper_password_hash(db: sqlite_utils.Database, password_hash: str | None) -> None:
    with write(db):
        db.execute("delete from keeper")
        if password_hash is not None:
            db.table("keeper").insert({"id": 1, "password_hash": password_hash, "updated": now()})
    _password_set.pop(database_file(db), None)


def add_token(db: sqlite_utils.Database, name: str, token_hash: str) -> int:
    with write(db):
        table = db.table("api_tokens")
        table.insert({"name": name, "token_hash": token_hash, "created": now()})
        return int(table.last_pk or 0)


def list_tokens(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    return list(select(db, "select id, name, created, revoked from api_tokens order by id"))


def active_token_hashes(db: sqlite_utils.Database) -> list[str]:
    sql = "select token_hash from api_tokens where revoked is null"
    return [row["token_hash"] for row in select(db, sql)]


def revoke_token(db: sqlite_utils.Database, token_id: int) -> bool:
    with write(db):
        cursor = db.execute(
            "update api_tokens set revoked = ? where id = ? and revoked is null", [now(), token_id]
        )
        return cursor.rowcount == 1


def count_failures(db: sqlite_utils.Database, client: str, window: float) -> int:
    sql = "select count(*) from failed_attempts where client = ? and at > ?"
    return int(db.execute(sql, [client, time.time() - window]).fetchone()[0])


def add_failure(db: sqlite_utils.Database, client: str, window: float) -> None:
    with write(db):
        db.execute("delete from failed_attempts where at < ?", [time.time() - window])
        db.table("failed_attempts").insert({"client": client, "at": time.time()})


def session_secrets(db: sqlite_utils.Database, session_id: int) -> dict[str, Any] | None:
    sql = "select id, read_token, pin_hash from sessions where id = ?"
    rows = list(select(db, sql, [session_id]))
    return rows[0] if rows else None


def session_by_read_token(db: sqlite_utils.Database, token: str) -> int | None:
    rows = list(select(db, "select id from sessions where read_token = ?", [token]))
    return int(rows[0]["id"]) if rows else None


def set_session_secrets(
    db: sqlite_utils.Database, session_id: int, read_token: str, pin_hash: str | None
) -> None:
    sql = "update sessions set read_token = ?, pin_hash = ? where id = ?"
    db.execute(sql, [read_token, pin_hash, session_id])
