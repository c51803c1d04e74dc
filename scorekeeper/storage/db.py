"""Open the SQLite database with the settings the app relies on.

``open_db`` creates and migrates a database: the app calls it once, when it is built.
``connect`` opens a connection to a database already migrated: cheap, for each request.

Every connection: foreign keys on, a busy timeout (writers queue instead of failing with
"database is locked"), and ``synchronous = NORMAL``. The journal is WAL, a setting the file
keeps once ``open_db`` has made it. Under WAL, NORMAL syncs the log at each checkpoint rather than
at each commit: a commit is durable as soon as it returns against a crash of the app's process
(SIGKILL, an exception, a killed worker: the log is in the operating system's hands), and the
database is never corrupted; only a power cut or an operating-system crash may lose the last
commits before the checkpoint.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils

from .migrations import migrations

BUSY_TIMEOUT_MS = 5000
PRAGMAS = (
    "PRAGMA foreign_keys = ON",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
    "PRAGMA synchronous = NORMAL",
)


def open_db(path: str | Path) -> sqlite_utils.Database:
    """Open (creating if needed) and migrate the database: WAL, foreign keys, busy timeout."""
    db = connect(path)
    if str(path) != ":memory:":
        db.enable_wal()
    migrations.apply(db)
    return db


def begin_immediate(conn: sqlite3.Connection) -> None:
    """Start a write transaction at once (IMMEDIATE), so that two writers queue on SQLite's busy
    timeout instead of one failing with "database is locked" when it upgrades a read lock."""
    conn.execute("BEGIN IMMEDIATE")


def connect(path: str | Path) -> sqlite_utils.Database:
    """A connection to a database ``open_db`` has created and migrated, with the app's PRAGMAs."""
    conn = sqlite3.connect(str(path))
    for pragma in PRAGMAS:
        conn.execute(pragma)
    return sqlite_utils.Database(conn)
