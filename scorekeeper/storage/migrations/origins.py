"""The steps of the issue "Sheets that carry their data" (#34): the database's own identity,
and where each imported session came from."""

from __future__ import annotations

import uuid

import sqlite_utils

from .steps import migrations


@migrations()
def create_database_identity(db: sqlite_utils.Database) -> None:
    # One UUID made once per database (a new one, or one stored before this step): an export
    # names the database it came from, so that a session imported twice is told apart from a
    # new one. A copy of the file (a backup, a restore) is the same database and keeps it.
    db.execute(
        """create table database_identity (
               id integer primary key check (id = 1), uuid text not null
           )"""
    )
    db.execute("insert into database_identity (id, uuid) values (1, ?)", [str(uuid.uuid4())])


@migrations()
def keep_session_origins(db: sqlite_utils.Database) -> None:
    # An imported session keeps the database and the session it was exported from: the same
    # session imported again is refused, naming the session it became. One row a session, and
    # one session an origin.
    db.execute(
        """create table session_origins (
               session_id integer primary key references sessions(id),
               origin_database text not null,
               origin_session_id integer not null,
               unique (origin_database, origin_session_id)
           )"""
    )
