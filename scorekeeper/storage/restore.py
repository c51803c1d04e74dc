"""Restore: a backup put in the database's place, whole or not at all, never under a server.

In order, and nothing changes until every check has passed:

1. the backup must pass SQLite's integrity check and be a scorekeeper database (its sessions);
2. the restore takes the database's serving lock (serving.py), so that it refuses while a server
   serves the database and no server starts while it works; no other program may have it open
   (Litestream, say: serving.py ``is_open_elsewhere``); a TRUNCATE checkpoint then moves
   whatever the write-ahead log holds into the file;
3. the current database is kept: an online backup of it, checked, at the path the caller gives;
4. the backup is copied beside the database (SQLite's online backup, so that a backup still in WAL
   mode comes with its log), checked, and renamed over the database, after the old ``-wal`` and
   ``-shm`` files are removed: SQLite would otherwise replay the old log into the new file.

The rename is atomic: a crash leaves the old database or the new one, never half of either.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from pathlib import Path

from ..rules.problem import translatable
from .backup import backup_database
from .backup import integrity_check
from .checks import ExchangeError
from .serving import RESTORING
from .serving import DatabaseInUse
from .serving import hold_serving_lock
from .serving import is_open_elsewhere
from .serving import release

BUSY_TIMEOUT = 2.0  # seconds the checkpoint waits for other programs before refusing
_UNSOUND = translatable("%(file)s fails the integrity check: %(found)s")
_OPEN_ELSEWHERE = translatable("another program has %(database)s open (Litestream replicating it?)")


def restore_database(backup: str | Path, database: str | Path, keep: Path) -> Path | None:
    """Put the backup in place of the database; the current database is kept at ``keep`` first.

    Returns where the current database was kept, or None if there was none.

    :raises ExchangeError: if the backup is damaged or not a scorekeeper database (nothing
        changed); DatabaseInUse if a server or another program is using the database.
    """
    backup, database = Path(backup), Path(database)
    check_backup(backup, database)
    lock = hold_serving_lock(database, RESTORING)
    try:
        kept = None
        if database.exists():
            _settle(database)
            kept = backup_database(database, keep)
            _require_sound(kept)
        _put_in_place(backup, database)
        return kept
    finally:
        release(lock)


def check_backup(backup: Path, database: Path) -> None:
    """Refuse a backup that is missing, damaged, not a scorekeeper database, or the database."""
    if not backup.is_file():
        raise ExchangeError(translatable("there is no backup at %(backup)s"), backup=str(backup))
    if database.exists() and backup.samefile(database):
        raise ExchangeError(translatable("%(backup)s is the database itself"), backup=str(backup))
    verdict = integrity_check(backup)
    if verdict != ["ok"]:
        raise ExchangeError(_UNSOUND, file=str(backup), found="; ".join(verdict)[:500])
    uri = backup.resolve().as_uri() + "?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as connection:
        found = connection.execute(
            "select count(*) from sqlite_master where type = 'table' and name = 'sessions'"
        ).fetchone()[0]
    if not found:
        raise ExchangeError(
            translatable("%(backup)s is not a scorekeeper database: it has no sessions"),
            backup=str(backup),
        )


def _settle(database: Path) -> None:
    """Refuse if another program has the database open; move the log into the file (a TRUNCATE
    checkpoint, which also waits for any read or write, then says it could not finish)."""
    if is_open_elsewhere(database):
        raise DatabaseInUse(_OPEN_ELSEWHERE, database=str(database))
    connection = sqlite3.connect(database, timeout=BUSY_TIMEOUT, isolation_level=None)
    try:
        busy = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
    except sqlite3.OperationalError:  # "database is locked": a writer kept its lock
        busy = 1
    finally:
        connection.close()
    if busy:
        raise DatabaseInUse(_OPEN_ELSEWHERE, database=str(database))


def _put_in_place(backup: Path, database: Path) -> None:
    handle, name = tempfile.mkstemp(
        dir=database.parent, prefix=f".{database.name}.", suffix=".part"
    )
    os.close(handle)
    partial = Path(name)
    try:
        reader = sqlite3.connect(backup.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            copy = sqlite3.connect(partial)
            try:
                reader.backup(copy)
                verdict = [str(row[0]) for row in copy.execute("PRAGMA integrity_check")]
                copy.execute("PRAGMA journal_mode = WAL")  # as the app keeps its database
            finally:
                copy.close()  # the last connection: its -wal and -shm go with it
        finally:
            reader.close()
        if verdict != ["ok"]:
            raise ExchangeError(_UNSOUND, file=str(partial), found="; ".join(verdict)[:500])
        for stale in ("-wal", "-shm"):
            Path(f"{database}{stale}").unlink(missing_ok=True)
        os.replace(partial, database)
    except BaseException:
        for leftover in ("", "-wal", "-shm"):
            Path(f"{partial}{leftover}").unlink(missing_ok=True)
        raise
    _sync_folder(database.parent)


def _require_sound(path: Path) -> None:
    verdict = integrity_check(path)
    if verdict != ["ok"]:
        raise ExchangeError(_UNSOUND, file=str(path), found="; ".join(verdict)[:500])


def _sync_folder(folder: Path) -> None:
    """Make the rename durable: the folder's entry is written to disk (where the system can)."""
    with contextlib.suppress(OSError, AttributeError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
