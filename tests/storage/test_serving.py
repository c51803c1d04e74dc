"""Who uses a database (storage/serving.py), seen with real processes: the serving lock held by a
server's ``python -c`` that takes it and waits, by its forked child, by this test process; a
connection another program keeps open."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.storage.serving import DatabaseInUse
from scorekeeper.storage.serving import hold_serving_lock
from scorekeeper.storage.serving import is_being_served
from scorekeeper.storage.serving import is_open_elsewhere
from scorekeeper.storage.serving import lock_path
from scorekeeper.storage.serving import release

ROOT = Path(__file__).resolve().parents[2]
# Takes the lock as the club server does, says so, and waits until its standard input closes;
# with "fork", it forks a child first (as a server's workers are) and the parent ends at once.
HOLDER = """
import os, sys
from scorekeeper.storage.serving import hold_serving_lock
hold_serving_lock(sys.argv[1])
if sys.argv[2:] == ["fork"]:
    child = os.fork()
    if child:
        print(child, flush=True)
        os._exit(0)
else:
    print(os.getpid(), flush=True)
sys.stdin.read()
"""
# Opens the database, reads once, and keeps it open until its standard input closes.
OPENER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
connection.execute("select count(*) from sessions").fetchone()
print("open", flush=True)
sys.stdin.read()
"""
GONE_POLLS = 1000  # looks, 0.01 s apart, for a process told to end to be gone: a bound, not a time


class Holder:
    """A real process holding the serving lock of a database until ``end``; ``pid`` is the
    process that holds it (the child, when the first one forked)."""

    def __init__(self, database: Path, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(database), *args],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.pid = int(self.process.stdout.readline())  # once it holds the lock

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)  # as a power cut would: no clean-up
        self.process.wait(timeout=10)


@pytest.fixture
def holders():
    started: list[Holder] = []

    def start(database: Path, *args: str) -> Holder:
        started.append(Holder(database, *args))
        return started[-1]

    yield start
    for holder in started:
        holder.end()
        for pipe in (holder.process.stdin, holder.process.stdout):
            if pipe is not None:
                pipe.close()


def test_a_database_nobody_served_is_not_being_served(tmp_path):
    database = tmp_path / "club.sqlite"
    assert not is_being_served(database)
    assert not lock_path(database).exists()  # looking creates nothing


def test_a_server_process_holds_the_lock_until_it_dies(tmp_path, holders):
    database = tmp_path / "club.sqlite"
    server = holders(database)
    assert is_being_served(database)
    with pytest.raises(DatabaseInUse) as refused:
        hold_serving_lock(database)
    assert str(refused.value) == f"a server (process {server.pid}) is serving {database}"
    server.end()  # killed: the system lets go of its lock
    assert not is_being_served(database)
    handle = hold_serving_lock(database)
    try:
        assert lock_path(database).read_text() == f"{os.getpid()} serving\n"
    finally:
        release(handle)


def test_the_workers_a_server_forks_keep_the_lock_after_it_ends(tmp_path, holders):
    database = tmp_path / "club.sqlite"
    parent = holders(database, "fork")
    parent.process.wait(timeout=10)  # the first process has ended; its child goes on
    assert is_being_served(database)
    assert parent.process.stdin is not None
    parent.process.stdin.close()  # the child reads its end: it ends too
    for _ in range(GONE_POLLS):
        if not is_being_served(database):
            break
        time.sleep(0.01)
    assert not is_being_served(database)


def test_a_lock_this_process_holds_refuses_a_second_holder_and_goes_when_released(tmp_path):
    database = tmp_path / "club.sqlite"
    restoring = hold_serving_lock(database, "restoring")
    try:
        assert is_being_served(database)
        with pytest.raises(DatabaseInUse, match="is being restored by process"):
            hold_serving_lock(database)
    finally:
        release(restoring)
    assert not is_being_served(database)


def test_a_connection_another_process_keeps_open_is_seen_until_it_ends(tmp_path):
    database = tmp_path / "club.sqlite"
    with contextlib.closing(sqlite3.connect(database)) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("create table sessions (id)")
    assert not is_open_elsewhere(database)  # the last connection closed: nobody has it open
    with contextlib.closing(sqlite3.connect(database)) as mine:
        mine.execute("select count(*) from sessions").fetchone()
        assert not is_open_elsewhere(database)  # this process's own connections do not count
    program = subprocess.Popen(
        [sys.executable, "-c", OPENER, str(database)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert program.stdout is not None
        assert program.stdout.readline() == "open\n"
        assert is_open_elsewhere(database)  # idle, in no transaction
    finally:
        program.communicate(timeout=10)  # its standard input closed: it closes and ends
    assert not is_open_elsewhere(database)
