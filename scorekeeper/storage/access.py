"""The access tables: the keeper's password, API tokens, failed attempts, session secrets."""

from __future__ import annotations

import time
from collections.abc import Iterable
from collections.abc import Mapping
from typing import Any

import sqlite_utils

from . import logins
from .repository import now
from .repository import select
from .repository import write

MAX_ID = 2**63 - 1
"""The largest id SQLite can hold: a larger one names nothing."""


def keeper_password_hash(db: sqlite_utils.Database) -> str | None:
    rows = list(select(db, "select password_hash from keeper where id = 1"))
    return rows[0]["password_hash"] if rows else None


def has_keeper_password(db: sqlite_utils.Database) -> bool:
    """Whether a keeper password is set: the app then serves the LAN, behind a login."""
    return keeper_password_hash(db) is not None


def set_keeper_password_hash(db: sqlite_utils.Database, password_hash: str | None) -> None:
    """A new password (or none) ends every login made with the old one."""
    with write(db):
        logins.end_all(db)
        db.execute("delete from keeper")
        if password_hash is not None:
            db.table("keeper").insert({"id": 1, "password_hash": password_hash, "updated": now()})


def add_token(
    db: sqlite_utils.Database,
    name: str,
    token_hash: str,
    scope: str = "write",
    expires: str | None = None,
) -> int:
    """A token that may read ("read") or also write ("write"), until ``expires`` (UTC, ISO)."""
    with write(db):
        table = db.table("api_tokens")
        row = {"name": name, "token_hash": token_hash, "scope": scope, "expires": expires}
        table.insert({**row, "created": now()})
        return int(table.last_pk or 0)


def list_tokens(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    sql = "select id, name, created, revoked, scope, expires from api_tokens order by id"
    return list(select(db, sql))


def active_tokens(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """The tokens not revoked nor expired: their hash and scope."""
    sql = """select token_hash, scope from api_tokens
             where revoked is null and (expires is null or expires > ?)"""
    return list(select(db, sql, [now()]))


def revoke_token(db: sqlite_utils.Database, token_id: int) -> bool:
    if not 0 < token_id <= MAX_ID:
        return False
    with write(db):
        cursor = db.execute(
            "update api_tokens set revoked = ? where id = ? and revoked is null", [now(), token_id]
        )
        return cursor.rowcount == 1


def reserve_attempt(
    db: sqlite_utils.Database, budgets: Mapping[str, int], window: float
) -> list[int] | None:
    """Count a try as failed before it is checked, against each of its budgets (a key and the
    failures it may have in ``window`` seconds: the client's address, its network), in one
    transaction with their counts: of many tries at once, no more than a budget allows get
    through. The ids of the reserved failures, to forget if the try succeeds; None when a
    budget is spent."""
    with write(db):
        db.execute("delete from failed_attempts where at < ?", [time.time() - window])
        sql = "select count(*) from failed_attempts where client = ? and at > ?"
        for key, limit in budgets.items():
            if db.execute(sql, [key, time.time() - window]).fetchone()[0] >= limit:
                return None
        table = db.table("failed_attempts")
        reserved = []
        for key in budgets:
            table.insert({"client": key, "at": time.time()})
            reserved.append(int(table.last_pk or 0))
        return reserved


def forget_attempt(db: sqlite_utils.Database, attempt_ids: Iterable[int]) -> None:
    """The try succeeded: it is not a failure, in any of its budgets."""
    with write(db):
        for attempt_id in attempt_ids:
            db.execute("delete from failed_attempts where id = ?", [attempt_id])


def session_secrets(db: sqlite_utils.Database, session_id: int) -> dict[str, Any] | None:
    if not 0 < session_id <= MAX_ID:
        return None
    sql = "select id, read_token, pin_hash, deleted from sessions where id = ?"
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


def club_link(db: sqlite_utils.Database) -> dict[str, Any] | None:
    """The live club read link (id, token, created), if the keeper has made one."""
    sql = "select id, token, created from club_links where ended is null order by id desc limit 1"
    return next(select(db, sql), None)


def new_club_link(db: sqlite_utils.Database, token: str) -> int:
    """A new club read link; the one before ends, and every visitor who came by it loses it."""
    with write(db):
        db.execute("update club_links set ended = ? where ended is null", [now()])
        cursor = db.execute("insert into club_links (token, created) values (?, ?)", [token, now()])
        return int(cursor.lastrowid or 0)


def end_club_link(db: sqlite_utils.Database) -> None:
    """No club read link any more: only the keeper reads the club's pages."""
    with write(db):
        db.execute("update club_links set ended = ? where ended is null", [now()])


def is_live_club_link(db: sqlite_utils.Database, link_id: int) -> bool:
    """Whether the club read link a visitor came by is still the live one."""
    sql = "select 1 from club_links where id = ? and ended is null"
    return db.execute(sql, [link_id]).fetchone() is not None
