"""The keeper password's presence, read from the database on every request (storage/access.py)."""

from __future__ import annotations

import sqlite3

from scorekeeper.storage import access
from scorekeeper.storage.db import connect
from scorekeeper.storage.db import open_db


def test_a_password_set_or_removed_anywhere_counts_at_once(tmp_path):
    path = tmp_path / "access.sqlite"
    open_db(path).close()
    db = connect(path)
    assert not access.has_keeper_password(db)
    access.set_keeper_password_hash(db, "hash")
    assert access.has_keeper_password(db)
    # Another process (the command line) removes it: the next request serves this machine only.
    other = sqlite3.connect(path)
    other.execute("delete from keeper")
    other.commit()
    other.close()
    assert not access.has_keeper_password(db)
    db.close()
