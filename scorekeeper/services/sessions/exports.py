"""Sessions exported as JSON (the format is described in storage/exchange.py), and copies of
the whole database: what the downloads and the keeper's commands ask for."""

from __future__ import annotations

from datetime import datetime

import sqlite_utils

from ...storage.backup import backup_database
from ...storage.backup import integrity_check
from ...storage.exchange import ExchangeError
from ...storage.exchange import dumps
from ...storage.exchange import export_sessions
from ...storage.origins import database_id
from ...storage.restore import restore_database
from ...storage.serving import DatabaseInUse

__all__ = [
    "DatabaseInUse",
    "ExchangeError",
    "backup_database",
    "database_id",
    "dumps",
    "export_sessions",
    "integrity_check",
    "restore_database",
    "session_export",
]


def session_export(db: sqlite_utils.Database, session_id: int, at: datetime) -> bytes:
    """One session's export file (UTF-8 JSON, as ``flask export`` writes it) as exported at
    ``at``: the same bytes for the same session unchanged and the same ``at``, so that a sheet
    that attaches it (with the session's last change as ``at``) is the same file too.

    :raises ExchangeError: no such session.
    """
    return dumps(export_sessions(db, [session_id], at)).encode("utf-8")
