"""The data a session's sheet carries (issue "Sheets that carry their data"): the session's
export, named and dated so that the same session gives the same file, byte for byte."""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

import sqlite_utils

from ...storage.session_history import last_change
from ..errors import NotFoundError
from .exports import session_export

DESCRIPTION = "scorekeeper export"


@dataclass(frozen=True)
class SheetData:
    name: str
    """``scorekeeper-session-<id>.json``"""
    data: bytes
    when: datetime.datetime
    """The session's last change (UTC): the file's dates."""

    @property
    def digest(self) -> str:
        """The first 12 hex digits of the file's SHA-256, printed on the sheet to match a
        paper copy and a file."""
        return hashlib.sha256(self.data).hexdigest()[:12]


def sheet_data(db: sqlite_utils.Database, session_id: int) -> SheetData:
    """The session's export as its sheet carries it."""
    changed = last_change(db, session_id)
    if changed is None:
        raise NotFoundError(f"no session {session_id}")
    when = datetime.datetime.fromisoformat(changed).astimezone(datetime.UTC)
    data = session_export(db, session_id, when)  # "exported_at" the last change: same bytes
    return SheetData(f"scorekeeper-session-{session_id}.json", data, when)
