"""Checkpoints outside requests (issue "Speed"): under gunicorn with gunicorn.conf.py, a process
of its own copies the log into the database file, and the workers leave it to that process."""

from __future__ import annotations

import json
import time
from pathlib import Path

from scorekeeper.storage import checkpointer

from .conftest import call

PLAYERS = ["Anna", "Bruno", "Nicolò"]


def children_of(pid: int) -> list[str]:
    """The command lines of the processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rpartition(")")[2].split()[1])
            if parent == pid:
                found.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except (OSError, ValueError):
            continue
    return found


def test_the_log_reaches_the_database_file_without_a_commit_waiting_for_it(servers, tmp_path):
    database = tmp_path / "wal.sqlite"
    server = servers(database)
    assert server.process is not None
    assert any(
        "scorekeeper.storage.checkpointer" in line for line in children_of(server.process.pid)
    )
    before = database.stat().st_size
    body = {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0}
    status, answer = call(server.port, "POST", "/api/v1/sessions", body)
    assert status == 201, answer
    session_id = json.loads(answer)["id"]
    for _ in range(60):  # far fewer pages than the workers' own limit
        status, answer = call(
            server.port, "POST", f"/api/v1/sessions/{session_id}/deals", {"points": [30, 27, 21]}
        )
        assert status == 201, answer
    # The workers alone would not checkpoint before SAFETY_NET_PAGES: the file grows only because
    # the checkpointer copies the log into it, within about a second.
    deadline = time.monotonic() + 5 * checkpointer.INTERVAL
    while database.stat().st_size <= before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert database.stat().st_size > before
