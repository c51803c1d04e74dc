"""A session's version: a short fingerprint that changes on every write to the session or its deals.

The printed sheets are cached by it (web/sheets.py), so it must change whenever anything a sheet
shows could have changed, and it must be cheap (three indexed queries, no JSON decoding):

- the session's row, every column but the two drafts a sheet does not show (the scarto checked
  before play and a play saved part-way; they change on every trick entered);
- each deal's id, position, version, deleted flag and time of change: recording a deal adds a row,
  and a correction, a deletion, a restore or a recount goes through ``repository.update_deal``,
  which counts a new version and stamps the time;
- the number and the last id of the deals' history entries (the sheet prints when a deal was
  corrected).

A deal's id and version alone would do within one database; the time of change, the history and
the session's own columns also keep two databases apart whose counters happen to agree (a backup
restored over the file), and whatever column a later migration adds to sessions.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import sqlite_utils

_NOT_SHOWN = ("pending_scarto", "pending_play")


@dataclass(frozen=True)
class SessionVersion:
    version: str  # 20 hex digits
    read_token: str  # the read link's token: the sheet prints it as a QR code


def session_version(db: sqlite_utils.Database, session_id: int) -> SessionVersion | None:
    """The session's current version, or None if there is no such session."""
    if not 0 < session_id < 2**63:
        return None
    cursor = db.execute("select * from sessions where id = ?", [session_id])
    row = cursor.fetchone()
    if row is None:
        return None
    names = [column[0] for column in cursor.description]
    session = {name: value for name, value in zip(names, row, strict=True)}
    for name in _NOT_SHOWN:
        session.pop(name, None)
    deals = db.execute(
        "select id, position, version, deleted, updated from deals where session_id = ? "
        "order by id",
        [session_id],
    ).fetchall()
    history = db.execute(
        "select count(*), max(deal_history.id) from deal_history "
        "join deals on deals.id = deal_history.deal_id where deals.session_id = ?",
        [session_id],
    ).fetchone()
    digest = hashlib.blake2b(digest_size=10)
    digest.update(repr((sorted(session.items()), deals, tuple(history))).encode())
    return SessionVersion(digest.hexdigest(), str(session.get("read_token") or ""))
