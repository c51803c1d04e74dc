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
import time
from pathlib import Path

import sqlite_utils

from .migrations import migrations

BUSY_TIMEOUT_MS = 5000
FIRST_PAUSE, LONGEST_PAUSE = 0.000_05, 0.001
"""Seconds ``begin_immediate`` waits before trying again: doubling from the first to the longest."""
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


def begin_immediate(conn: sqlite3.Connection, timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
    """Start a write transaction, waiting for another writer to finish, as long as the busy
    timeout allows; then "database is locked", as SQLite says.

    SQLite's own wait sleeps 1 ms, then 2, then 5 and more between tries. Another worker holds
    the database for a fraction of a millisecond per write, so a writer that finds it taken
    slept a millisecond or three, and its worker with it: under bench/load.py, one write in
    eight. Here the tries come after 50 µs, doubling up to 1 ms. Only the start waits so: once
    it holds the write lock, the rest of the transaction keeps the busy timeout of ``PRAGMAS``.
    """
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        deadline = time.monotonic() + timeout_ms / 1000
        pause = FIRST_PAUSE
        while True:
            try:
                conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                    raise
            time.sleep(pause)
            pause = min(2 * pause, LONGEST_PAUSE)
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(timeout_ms)}")


def checkpoint(db: sqlite_utils.Database) -> bool:
    """Copy what the log holds into the database file, as far as readers allow (PASSIVE: it
    neither waits for readers nor blocks writers); whether it copied the log whole, so that the
    next write starts the log over. A failure leaves it to the next one."""
    try:
        busy, pages, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    except sqlite3.Error:
        return False
    return bool(busy == 0 and pages == copied)


def connect(path: str | Path, autocheckpoint: int | None = None) -> sqlite_utils.Database:
    """A connection to a database ``open_db`` has created and migrated, with the app's PRAGMAs;
    ``autocheckpoint``: the log's size in pages at which a commit checkpoints (SQLite's default
    1,000), raised where another process checkpoints (storage/checkpointer.py)."""
    conn = sqlite3.connect(str(path))
    for pragma in PRAGMAS:
        conn.execute(pragma)
    if autocheckpoint is not None:
        conn.execute(f"PRAGMA wal_autocheckpoint = {int(autocheckpoint)}")
    return sqlite_utils.Database(conn)
