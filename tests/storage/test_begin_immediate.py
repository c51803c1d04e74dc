"""A write's start waits for another writer in short steps (storage/db.py ``begin_immediate``),
on a real database file with two connections, as two gunicorn workers have."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from scorekeeper.storage.db import BUSY_TIMEOUT_MS
from scorekeeper.storage.db import begin_immediate
from scorekeeper.storage.db import connect
from scorekeeper.storage.db import open_db


@pytest.fixture
def path(tmp_path):
    path = tmp_path / "two.sqlite"
    open_db(path).close()
    return path


@pytest.fixture
def two(path):
    first, second = connect(path), connect(path)
    yield first.conn, second.conn
    first.close()
    second.close()


def busy_timeout(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA busy_timeout").fetchone()[0])


def test_a_writer_waits_for_the_other_and_then_writes(path):
    holder = connect(path).conn
    begin_immediate(holder)
    started = threading.Event()
    done: list[float] = []
    timeouts: list[int] = []

    def write() -> None:  # another worker: a connection of its own
        waiter = connect(path).conn
        started.set()
        begin_immediate(waiter)
        done.append(time.monotonic())
        waiter.execute("insert into keeper (id, password_hash, updated) values (1, 'h', 'now')")
        timeouts.append(busy_timeout(waiter))
        waiter.execute("COMMIT")
        waiter.close()

    thread = threading.Thread(target=write)
    thread.start()
    started.wait()
    time.sleep(0.05)  # the waiter tries again and again meanwhile
    assert not done  # it did not write while the other held the database
    released = time.monotonic()
    holder.execute("COMMIT")
    thread.join(timeout=5)
    assert done
    assert done[0] >= released
    assert holder.execute("select count(*) from keeper").fetchone()[0] == 1
    assert timeouts == [BUSY_TIMEOUT_MS]  # the rest of its transaction waits as before
    holder.close()


def test_past_the_timeout_the_database_is_locked_and_the_timeout_is_back(two):
    holder, waiter = two
    begin_immediate(holder)
    with pytest.raises(sqlite3.OperationalError, match="database is locked"):
        begin_immediate(waiter, timeout_ms=30)
    assert not waiter.in_transaction
    assert busy_timeout(waiter) == 30
    holder.execute("ROLLBACK")


def test_other_errors_are_not_waited_on(two):
    _, conn = two
    conn.execute("BEGIN")
    with pytest.raises(sqlite3.OperationalError, match="within a transaction"):
        begin_immediate(conn)  # a transaction already open: no point trying again
    conn.execute("ROLLBACK")
