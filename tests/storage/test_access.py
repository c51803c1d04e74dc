"""The keeper password's presence, kept a second per process (storage/access.py)."""

from __future__ import annotations

import sqlite3

from scorekeeper.storage import access
from scorekeeper.storage.db import connect
from scorekeeper.storage.db import open_db


def test_a_password_set_here_counts_at_once_and_from_elsewhere_within_the_second(
    tmp_path, monkeypatch
):
    path = tmp_path / "access.sqlite"
    open_db(path).close()
    db = connect(path)
    assert not access.has_keeper_password(db)
    access.set_keeper_password_hash(db, "hash")  # in this process: at once
    assert access.has_keeper_password(db)
    # Another process (the command line) removes it: this one keeps its answer for the second...
    other = sqlite3.connect(path)
    other.execute("delete from keeper")
    other.commit()
    other.close()
    assert access.has_keeper_password(db)
    # ... and reads it again after.
    monkeypatch.setattr(access, "CLUB_MODE_KEPT", 0.0)
    assert not access.has_keeper_password(db)
    db.close()


def test_a_database_in_memory_is_asked_every_time():
    db = connect(":memory:")
    db.execute("create table keeper (id integer primary key, password_hash text, updated text)")
    assert not access.has_keeper_password(db)
    db.execute("insert into keeper values (1, 'hash', 'now')")
    assert access.has_keeper_password(db)
