"""A session's version: a short fingerprint that changes on every write to the session or its deals.

The printed sheets are cached by it (web/sheets/views.py), so it must change whenever anything a
sheet shows could have changed, and it must be cheap: one query (``repository.load_session_marks``).
It is the session's row as stored, without the two drafts a sheet does not show (the scarto
checked before play and a play saved part-way; they change on every trick entered), and each
deal's id, position, version, deleted flag, time of change and last history entry. The times,
the history and the session's own columns also keep two databases apart whose counters happen to
agree (a backup restored over the file), and whatever column a later migration adds to sessions
(such as ``revision``, which triggers still raise with every change to a deal, though nothing
else reads it now: migrations.add_revisions).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import sqlite_utils

from ...storage import repository

_NOT_SHOWN = ("pending_scarto", "pending_play")


@dataclass(frozen=True)
class SessionVersion:
    version: str  # 20 hex digits
    read_token: str  # the read link's token: the sheet prints it as a QR code


def session_version(db: sqlite_utils.Database, session_id: int) -> SessionVersion | None:
    """The session's current version, or None if there is no such session."""
    if not 0 < session_id < 2**63:
        return None
    marked = repository.load_session_marks(db, session_id)
    if marked is None:
        return None
    row, marks = marked
    shown = sorted((name, repr(value)) for name, value in row.items() if name not in _NOT_SHOWN)
    digest = hashlib.blake2b(digest_size=10)
    digest.update(repr((shown, marks)).encode())
    return SessionVersion(digest.hexdigest(), str(row.get("read_token") or ""))
