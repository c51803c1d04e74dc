"""flask --app scorekeeper restore BACKUP_FILE: a backup put in the database's place, the database
kept first; refused, with nothing changed, when the backup is damaged or someone uses the
database (a server holding its lock, another program with it open: real processes here)."""

from __future__ import annotations

import contextlib
import hashlib
import re
import sqlite3
import subprocess
import sys
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.storage import exchange
from scorekeeper.storage.backup import backup_database
from scorekeeper.storage.backup import integrity_check
from scorekeeper.storage.db import connect
from scorekeeper.storage.serving import is_being_served
from tests.databases import add_session
from tests.storage.test_serving import ROOT
from tests.storage.test_serving import Holder

PLAYERS = ["Anna", "Nicolò", "Carla"]
# A program that opens the database, adds a session and ends without closing it (SIGKILL, say):
# its write stays in the log beside the file, as SQLite's autocheckpoint is off.
CRASHED_WRITER = """
import os, sys
from scorekeeper import services
from scorekeeper.storage.db import connect
db = connect(sys.argv[1])
db.execute("PRAGMA wal_autocheckpoint = 0")
services.start_session(db, {"ruleset": "scarto", "players": ["Left", "In", "Log"]})
os._exit(0)
"""
# A program that keeps the database open, idle between two reads, until its standard input closes.
READER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
connection.execute("select count(*) from sessions").fetchone()
print("open", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def database(tmp_path):
    """The app's database: one session of three deals, written and closed."""
    path = tmp_path / "main.sqlite"
    create_app({"TESTING": True, "DATABASE": str(path)})  # creates and migrates it
    add_session(path, PLAYERS, [[30, 27, 21], [20, 30, 28], [28, 28, 22]])
    return path


@pytest.fixture
def runner(database, tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(database)})
    app.instance_path = str(tmp_path / "instance")  # not the project's instance/ folder
    return app.test_cli_runner()


@pytest.fixture
def backup(database, tmp_path):
    """A backup of the database as it is now; the database then gets one more session."""
    made = backup_database(database, tmp_path / "copies" / "monday.sqlite")
    add_session(database, PLAYERS, [[26, 26, 26]])
    return made


def exported(path: Path) -> dict:
    """Every session of the database file, with its deals and history, as the export has it."""
    db = connect(path)
    try:
        return exchange.export_sessions(db, None, datetime(2025, 1, 1, tzinfo=UTC))
    finally:
        db.conn.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kept_copies(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "instance" / "backups").glob("*"))


def test_restore_puts_the_backup_in_place_and_keeps_the_database_as_it_was(
    runner, database, backup, tmp_path
):
    before = exported(database)
    assert len(before["sessions"]) == 2
    result = runner.invoke(args=["restore", str(backup)])
    assert result.exit_code == 0, result.output
    (kept,) = kept_copies(tmp_path)
    assert re.fullmatch(r"main-\d{8}-\d{6}-before-restore\.sqlite", kept.name)
    assert result.output.splitlines() == [
        f"The database as it was is kept in {kept}",
        f"Restored {backup} to {database}",
    ]
    assert exported(database) == exported(backup)
    assert len(exported(database)["sessions"]) == 1
    assert exported(kept) == before
    assert integrity_check(database) == ["ok"]
    assert not is_being_served(database)  # the restore let go of the lock


def test_restore_takes_the_old_log_into_the_kept_copy_and_never_into_the_backup(
    runner, database, backup, tmp_path
):
    subprocess.run([sys.executable, "-c", CRASHED_WRITER, str(database)], cwd=ROOT, check=True)
    log = Path(f"{database}-wal")
    assert log.stat().st_size > 0  # the crashed writer's session is in the log only
    result = runner.invoke(args=["restore", str(backup)])
    assert result.exit_code == 0, result.output
    (kept,) = kept_copies(tmp_path)
    kept_players = [session["players"] for session in exported(kept)["sessions"]]
    assert kept_players == [PLAYERS, PLAYERS, ["Left", "In", "Log"]]
    assert exported(database) == exported(backup)  # the old log was not replayed into it


def test_restore_refuses_while_a_server_serves_the_database(runner, database, backup, tmp_path):
    server = Holder(database)  # a real process holding the serving lock, as make serve will
    try:
        before, files = exported(database), digest(database)
        result = runner.invoke(args=["restore", str(backup)])
    finally:
        server.end()
        for pipe in (server.process.stdin, server.process.stdout):
            if pipe is not None:
                pipe.close()
    assert result.exit_code == 1
    assert result.output == (
        f"Error: nothing restored: a server (process {server.pid}) is serving {database}. "
        "Stop it first.\n"
    )
    assert (exported(database), digest(database)) == (before, files)
    assert kept_copies(tmp_path) == []


def test_restore_refuses_while_another_program_has_the_database_open(
    runner, database, backup, tmp_path
):
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(database)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert reader.stdout is not None
        assert reader.stdout.readline() == "open\n"
        before = exported(database)
        result = runner.invoke(args=["restore", str(backup)])
    finally:
        reader.communicate(timeout=10)  # closes its standard input: it ends
    assert result.exit_code == 1
    assert f"nothing restored: another program has {database} open" in result.output
    assert "(Litestream replicating it?). Stop it first." in result.output
    assert exported(database) == before
    assert kept_copies(tmp_path) == []
    assert not is_being_served(database)


def test_a_damaged_backup_is_refused_before_anything_changes(runner, database, backup, tmp_path):
    data = bytearray(backup.read_bytes())
    page = 4096
    data[3 * page + 8 : 4 * page] = b"\xa5" * (page - 8)  # a page of its tables overwritten
    backup.write_bytes(bytes(data))
    assert integrity_check(backup) != ["ok"]
    before, files = exported(database), digest(database)
    result = runner.invoke(args=["restore", str(backup)])
    assert result.exit_code == 1
    assert f"nothing restored: {backup} fails the integrity check: " in result.output
    assert (exported(database), digest(database)) == (before, files)
    assert kept_copies(tmp_path) == []


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"not a database at all, " * 100, "fails the integrity check: file is not a database"),
        (None, "is not a scorekeeper database: it has no sessions"),
    ],
)
def test_a_file_that_is_not_a_scorekeeper_database_is_refused(
    runner, database, tmp_path, content, said
):
    other = tmp_path / "other.sqlite"
    if content is None:
        with contextlib.closing(sqlite3.connect(other)) as conn:
            conn.execute("create table notes (text)")
    else:
        other.write_bytes(content)
    before = exported(database)
    result = runner.invoke(args=["restore", str(other)])
    assert result.exit_code == 1
    assert said in result.output
    assert exported(database) == before
    assert kept_copies(tmp_path) == []
