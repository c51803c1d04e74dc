"""Crash safety (issue "Trust"): a server killed mid-write loses no acknowledged deal.

The real server (waitress, as `make serve` starts it) takes deals from four clients at once;
after about a second and a half the whole process group gets SIGKILL, as a power cut would. On
restart the database must pass SQLite's integrity check, hold every deal that was answered 201,
in its place, and hold no deal half-written: each with its points and scores for every side and
its history.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time

from .conftest import call

PLAYERS = ["Anna", "Bruno", "Nicolò"]
POINTS = [[30, 27, 21], [20, 30, 28], [28, 28, 22], [26, 26, 26], [35, 22, 21], [21, 21, 36]]
CLIENTS = 4
WRITES_PER_CLIENT = 500  # a count limit besides the time limit
KILL_AFTER = 1.5  # seconds of writing before the SIGKILL
CLIENT_LIMIT = 10.0  # no client runs longer than this, whatever happens


def test_a_killed_server_keeps_every_acknowledged_deal(servers, tmp_path):
    database = tmp_path / "crash.sqlite"
    server = servers(database)
    status, body = call(
        server.port,
        "POST",
        "/api/v1/sessions",
        {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0},
    )
    assert status == 201, body
    session_id = json.loads(body)["id"]

    acknowledged: list[tuple[int, list[int]]] = []  # (deal number, points) answered 201
    refused: list[str] = []  # answers other than 201 before the kill: a bug, not a crash
    lock = threading.Lock()
    killed = threading.Event()

    def client(seed: int) -> None:
        deadline = time.monotonic() + CLIENT_LIMIT
        for i in range(WRITES_PER_CLIENT):
            if time.monotonic() > deadline:
                return
            points = POINTS[(seed + i) % len(POINTS)]
            try:
                status, body = call(
                    server.port,
                    "POST",
                    f"/api/v1/sessions/{session_id}/deals",
                    {"points": points},
                    timeout=5.0,
                )
            except OSError:  # the server is gone
                if killed.is_set():
                    return
                time.sleep(0.01)
                continue
            with lock:
                if status == 201 and killed.is_set() and not body.endswith(b"}"):
                    return  # the answer was cut by the kill: its head came, not all its body
                if status == 201:
                    acknowledged.append((json.loads(body)["number"], points))
                elif not killed.is_set():
                    refused.append(f"{status} {body[:200]!r}")

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(KILL_AFTER)
        killed.set()
        server.kill()
    finally:
        for thread in threads:
            thread.join(timeout=CLIENT_LIMIT + 5)
    assert not any(thread.is_alive() for thread in threads)
    assert not refused, refused[:5]
    assert len(acknowledged) >= 10, "too few writes before the kill to test anything"
    numbers = [number for number, _ in acknowledged]
    assert len(set(numbers)) == len(numbers), "two writes were answered with the same number"

    with contextlib.closing(sqlite3.connect(database)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]

    server = servers(database)
    status, body = call(server.port, "GET", f"/api/v1/sessions/{session_id}")
    assert status == 200, body
    deals = json.loads(body)["deals"]
    assert len(deals) >= len(acknowledged)
    for number, points in acknowledged:
        assert deals[number - 1]["number"] == number
        assert deals[number - 1]["points"] == points, f"deal {number} is not what was answered"

    with contextlib.closing(sqlite3.connect(database)) as conn:
        rows = conn.execute(
            "select id, points, scores from deals where session_id = ?", [session_id]
        ).fetchall()
        assert len(rows) == len(deals)
        for deal_id, points, scores in rows:
            assert len(json.loads(points)) == len(PLAYERS), f"deal row {deal_id}: {points}"
            assert len(json.loads(scores)) == len(PLAYERS), f"deal row {deal_id}: {scores}"
        orphans = conn.execute(
            "select count(*) from deals where not exists "
            "(select 1 from deal_history where deal_history.deal_id = deals.id)"
        ).fetchone()[0]
        assert orphans == 0, f"{orphans} deals without a history row"
    assert "database is locked" not in server.log()
