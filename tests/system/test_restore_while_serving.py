"""A restore never runs under the club server: ``flask --app scorekeeper restore`` against the
real server (waitress, as ``make serve`` starts it) refuses, names the server, and leaves the
database as it was; once the server is gone, nobody holds the database's lock."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import UTC
from datetime import datetime
from pathlib import Path

from scorekeeper.storage.backup import backup_database
from scorekeeper.storage.db import connect
from scorekeeper.storage.exchange import export_sessions
from scorekeeper.storage.serving import is_being_served
from tests.servers import ROOT

from .conftest import call

GONE_POLLS = 500  # looks, 0.02 s apart, for a killed server's processes to be gone: a bound


def test_restore_refuses_while_the_club_server_serves_the_database(servers, tmp_path):
    database = tmp_path / "club.sqlite"
    server = servers(database)
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    status, answer = call(server.port, "POST", "/api/v1/sessions", body)
    assert status == 201, answer
    backup = backup_database(database, tmp_path / "monday.sqlite")
    session_id = json.loads(answer)["id"]
    path = f"/api/v1/sessions/{session_id}/deals"
    assert call(server.port, "POST", path, {"points": [30, 27, 21]})[0] == 201
    before = _sessions(database)

    flask = Path(sys.executable).with_name("flask")
    restore = subprocess.run(
        [str(flask), "--app", "scorekeeper", "restore", str(backup)],
        cwd=ROOT,
        env={**os.environ, "SCOREKEEPER_DATABASE": str(database)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert restore.returncode == 1, restore.stdout
    assert (
        f"nothing restored: a server (process {server.process.pid}) is serving {database}. "
        "Stop it first." in restore.stderr
    )
    assert _sessions(database) == before
    status, answer = call(server.port, "GET", f"/api/v1/sessions/{session_id}")
    assert status == 200  # the server goes on, none the wiser
    assert len(json.loads(answer)["deals"]) == 1
    assert is_being_served(database)

    server.kill()  # as a power cut would: the system lets go of the lock with its last process
    for _ in range(GONE_POLLS):  # its forked processes die a moment after it
        if not is_being_served(database):
            break
        time.sleep(0.02)
    assert not is_being_served(database)


def _sessions(database: Path) -> dict:
    """The database's sessions and deals, as the export has them (the figures' worker may write
    its rows meanwhile: they are not what a restore would change)."""
    db = connect(database)
    try:
        return export_sessions(db, None, datetime(2025, 1, 1, tzinfo=UTC))  # at one time
    finally:
        db.conn.close()
