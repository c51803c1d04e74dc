"""Where sessions come from: this database's identity, and the origin each imported session
keeps (migrations/origins.py).

An export (exchange.py, format version 2) names the database it was written from by a UUID made
once per database. An import keeps, for each session it makes, that database and the session's
id there; the same session imported again is refused (``AlreadyImportedError``), naming the
session it became. A copy of the database file (a backup, a restore) is the same database: it
keeps the identity.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlite_utils

from ..rules.problem import translatable
from .checks import ExchangeError


class AlreadyImportedError(ExchangeError):
    """Sessions of an import were imported before: nothing is stored.

    ``sessions`` pairs, for each of them, the session it became here with its id in the
    database it was exported from, in the file's order.
    """

    code = "already-imported"

    def __init__(self, sessions: Sequence[tuple[int, int]]) -> None:
        here, there = sessions[0]
        if len(sessions) == 1:
            template = translatable(
                "session %(origin)s of this file was imported before: it is session %(id)s here"
            )
            super().__init__(template, origin=there, id=here)
        else:
            template = translatable(
                "%(count)s sessions of this file were imported before; the first, session "
                "%(origin)s, is session %(id)s here"
            )
            super().__init__(template, count=len(sessions), origin=there, id=here)
        self.sessions = list(sessions)


def database_id(db: sqlite_utils.Database) -> str:
    """This database's UUID, made once by its migration."""
    row = db.execute("select uuid from database_identity where id = 1").fetchone()
    return str(row[0])


def imported_as(db: sqlite_utils.Database, database: str, origin_session_id: int) -> int | None:
    """The session an origin's session became here, if it was imported before."""
    row = db.execute(
        "select session_id from session_origins"
        " where origin_database = ? and origin_session_id = ?",
        [database, origin_session_id],
    ).fetchone()
    return None if row is None else int(row[0])


def origin_of(db: sqlite_utils.Database, session_id: int) -> tuple[str, int] | None:
    """The database and the session an imported session came from; None for one made here."""
    row = db.execute(
        "select origin_database, origin_session_id from session_origins where session_id = ?",
        [session_id],
    ).fetchone()
    return None if row is None else (str(row[0]), int(row[1]))


def note_origin(
    db: sqlite_utils.Database, session_id: int, database: str, origin_session_id: int
) -> None:
    """Keep where an imported session came from (within the import's transaction)."""
    db.execute(
        "insert into session_origins (session_id, origin_database, origin_session_id)"
        " values (?, ?, ?)",
        [session_id, database, origin_session_id],
    )
