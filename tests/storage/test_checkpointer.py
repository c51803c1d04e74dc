"""The checkpointer process's loop (storage/checkpointer.py); tests/system/test_checkpoints.py
runs it under gunicorn."""

from __future__ import annotations

import os
import threading

import pytest

from scorekeeper.storage import checkpointer
from scorekeeper.storage.db import checkpoint
from scorekeeper.storage.db import connect
from scorekeeper.storage.db import open_db


def test_a_checkpoint_copies_the_log_into_the_database_file(tmp_path):
    path = tmp_path / "c.sqlite"
    open_db(path).close()
    writer = connect(path, autocheckpoint=checkpointer.SAFETY_NET_PAGES)
    before = path.stat().st_size
    writer.execute("create table filler (text)")
    writer.conn.executemany("insert into filler values (?)", [("x" * 1000,)] * 200)
    writer.conn.commit()
    assert path.stat().st_size == before  # all of it still in the log
    checkpoint(connect(path))
    assert path.stat().st_size > before + 200 * 1000  # ~200 KB of rows now in the file


def test_the_loop_ends_when_its_parent_is_gone(tmp_path):
    path = tmp_path / "c.sqlite"
    open_db(path).close()
    # A parent that is not ours: the loop sees it gone and returns.
    loop = threading.Thread(target=checkpointer.run, args=(str(path), os.getppid() + 1, 0.01))
    loop.start()
    loop.join(timeout=5)
    assert not loop.is_alive()


@pytest.fixture
def held(tmp_path):
    """A database whose log a reader still needs: it began reading before the last write.
    Gives the path, the writer and the reader (``COMMIT`` on it lets the log go)."""
    path = tmp_path / "c.sqlite"
    open_db(path).close()
    writer = connect(path, autocheckpoint=checkpointer.SAFETY_NET_PAGES)
    writer.execute("create table filler (text)")
    writer.conn.commit()
    reader = connect(path)
    reader.conn.execute("BEGIN")
    reader.execute("select count(*) from filler").fetchone()  # holds this snapshot of the log
    writer.conn.executemany("insert into filler values (?)", [("x" * 1000,)] * 50)
    writer.conn.commit()
    return path, writer, reader


def test_a_checkpoint_says_whether_it_copied_the_log_whole(held):
    path, _writer, reader = held
    assert not checkpoint(connect(path))  # the reader still needs the log as it was
    reader.conn.execute("COMMIT")
    assert checkpoint(connect(path))  # now all of it


def test_the_checkpointer_tries_again_until_the_log_is_copied_whole(held):
    path, writer, reader = held
    db = connect(path)
    assert checkpointer.checkpoint_whole(db, tries=3) == 3  # the reader keeps it from the end
    reader.conn.execute("COMMIT")
    writer.conn.executemany("insert into filler values (?)", [("y" * 1000,)] * 50)
    writer.conn.commit()
    assert checkpointer.checkpoint_whole(db, tries=3) == 1
