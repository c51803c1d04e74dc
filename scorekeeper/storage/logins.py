"""The keeper's logins: a row per login, ended by logging out, by a new password, by the keeper
from the tokens page, or by being idle too long (web/access/). Only a hash of each login's token
is kept, as for API tokens."""

from __future__ import annotations

import time
from typing import Any

import sqlite_utils

from .repository import now
from .repository import select
from .repository import write

SEEN_EVERY = 60.0
"""Seconds between two notes of a login's last request: not a write per page."""
AGENT = 120
"""Characters kept of the browser's name, to tell the keeper's logins apart."""


def start_login(db: sqlite_utils.Database, token_hash: str, client: str, agent: str) -> int:
    with write(db):
        table = db.table("logins")
        row = {"token_hash": token_hash, "client": client[:64], "agent": agent[:AGENT]}
        table.insert({**row, "created": now(), "seen": time.time()})
        return int(table.last_pk or 0)


def find_login(db: sqlite_utils.Database, token_hash: str, idle: float) -> dict[str, Any] | None:
    """The login of this token if it is neither ended nor idle for ``idle`` seconds; its last
    request is noted at most once every ``SEEN_EVERY`` seconds."""
    sql = "select id, seen from logins where token_hash = ? and ended is null and seen > ?"
    rows = list(select(db, sql, [token_hash, time.time() - idle]))
    if not rows:
        return None
    if time.time() - rows[0]["seen"] > SEEN_EVERY:
        with write(db):
            db.execute("update logins set seen = ? where id = ?", [time.time(), rows[0]["id"]])
    return rows[0]


def active_logins(db: sqlite_utils.Database, idle: float) -> list[dict[str, Any]]:
    sql = """select id, client, agent, created, seen from logins
             where ended is null and seen > ? order by seen desc"""
    return list(select(db, sql, [time.time() - idle]))


def end_login(db: sqlite_utils.Database, login_id: int) -> bool:
    with write(db):
        sql = "update logins set ended = ? where id = ? and ended is null"
        return db.execute(sql, [now(), login_id]).rowcount == 1


def end_all(db: sqlite_utils.Database) -> None:
    """Every login ends: the password changed. Called inside the password's own transaction."""
    db.execute("update logins set ended = ? where ended is null", [now()])
