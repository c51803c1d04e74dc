"""Back up: a consistent copy of the database file, made while the app keeps running.

A copy of the file itself, taken while the app writes, may catch half a commit, and under WAL the
latest commits are not in the file yet but in the log beside it. SQLite's online backup API copies
the database as of one commit instead, and under WAL its read transaction blocks no writer, so the
app need not stop. A backup never overwrites a file (``ExchangeError`` if one is in the way), and
``integrity_check`` tells whether a copy is sound before anyone relies on it.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

from ..rules.problem import translatable
from .exchange import ExchangeError

_EXISTS = translatable("%(dest)s exists already: a backup does not overwrite a file")


def backup_database(source: str | Path, dest: str | Path) -> Path:
    """Copy the database at source to dest, consistently, even while others write to it.

    SQLite's online backup copies every page in one step under a read transaction; in WAL mode
    that blocks no writer, and the copy is the database as of one commit. The copy is made beside
    dest and moved into place when complete; it is a single file (rollback journal, not WAL).
    dest must not exist: a backup never overwrites anything.
    """
    source, dest = Path(source), Path(dest)
    if not source.is_file():
        raise ExchangeError(translatable("there is no database at %(source)s"), source=str(source))
    if dest.exists():
        raise ExchangeError(_EXISTS, dest=str(dest))
    dest.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".part")
    os.close(handle)
    try:
        reader = sqlite3.connect(source, timeout=30)
        try:
            copy = sqlite3.connect(partial)
            try:
                reader.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")
            finally:
                copy.close()
        finally:
            reader.close()
        _move_without_overwriting(Path(partial), dest)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return dest


def _move_without_overwriting(partial: Path, dest: Path) -> None:
    try:
        os.link(partial, dest)  # fails if dest appeared meanwhile
    except FileExistsError:
        raise ExchangeError(_EXISTS, dest=str(dest)) from None
    except OSError:  # a file system without hard links
        if dest.exists():
            raise ExchangeError(_EXISTS, dest=str(dest)) from None
        os.replace(partial, dest)
    else:
        partial.unlink()


def integrity_check(path: str | Path) -> list[str]:
    """SQLite's PRAGMA integrity_check of a database file, opened read-only: ["ok"] if sound."""
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    connection = sqlite3.connect(uri, uri=True)
    try:
        return [str(row[0]) for row in connection.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as error:  # too damaged to check: "file is not a database"
        return [str(error)]
    finally:
        connection.close()
