"""Open the SQLite database with the settings the app relies on."""

from __future__ import annotations

from pathlib import Path

import sqlite_utils

from .migrations import migrations


def open_db(path: str | Path) -> sqlite_utils.Database:
    """Open (creating if needed) and migrate the database: WAL, foreign keys, busy timeout."""
    db = sqlite_utils.Database(path)
    if str(path) != ":memory:":
        db.enable_wal()
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 5000")
    migrations.apply(db)
    return db
