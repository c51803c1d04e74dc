"""A deal saved once across a server killed and restarted (issue "The keeper's evening on a
phone"): the client sends it with an Idempotency-Key, the server gets SIGKILL before, while or
after it handles the request, comes back on the same database, and the client sends the same
request with the same key until it gets an answer. However the kill fell, the session then
holds the deal exactly once, with its points, and the deal its key.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time

from tests.servers import Connection
from tests.servers import header_value
from tests.servers import request_bytes

from .conftest import call

PLAYERS = ["Anna", "Bruno", "Nicolò"]
POINTS = [[30, 27, 21], [20, 30, 28], [28, 28, 22], [26, 26, 26], [35, 22, 21], [21, 21, 36]]
# When the SIGKILL falls, one round each:
# - "before": the server is down when the keeper taps Save;
# - "in the write": the server holds the request, waiting for the database's write lock (which
#   the test holds meanwhile);
# - a fraction of the time a request takes, after it is sent: while the server reads (0.0),
#   records (0.5) or answers (1.0) it, as the timing falls; "in the write" holds the server in
#   the middle of recording for sure;
# - "after": it was answered, and the answer lost on its way.
KILLS = ["before", "in the write", 0.0, 0.5, 1.0, "after"]
RETRY_LIMIT = 30.0  # seconds a client keeps trying, restarts included


class Client:
    """A keeper's phone: sends one deal with its key to whichever server is up, again and again
    until an answer comes (a refused connection, a cut answer: try again)."""

    def __init__(self, session_id: int, port: int) -> None:
        self.session_id, self.port = session_id, port

    def send(self, key: str, points: list[int], once: bool = False) -> tuple[int, bytes, bytes]:
        path = f"/api/v1/sessions/{self.session_id}/deals"
        request = request_bytes("POST", path, {"points": points}, {"Idempotency-Key": key})
        deadline = time.monotonic() + RETRY_LIMIT
        while True:
            connection = Connection(self.port, timeout=5.0)
            try:
                return connection.send(request)
            except OSError:
                if once or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
            finally:
                connection.close()

    def first_try(self, key: str, points: list[int], outcome: list[str]) -> None:
        """One try, as when the keeper taps Save: answered, or lost."""
        try:
            outcome.append(f"answered {self.send(key, points, once=True)[0]}")
        except OSError as error:
            outcome.append(f"lost ({type(error).__name__})")


def test_a_deal_sent_again_across_a_killed_server_is_recorded_once(servers, tmp_path):
    database = tmp_path / "restart.sqlite"
    server = servers(database)
    body = {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0}
    status, answer = call(server.port, "POST", "/api/v1/sessions", body)
    assert status == 201, answer
    client = Client(json.loads(answer)["id"], server.port)
    took = _request_time(server.port)
    rounds: list[str] = []  # what became of each first try: for the failure messages

    for number, kill in enumerate(KILLS, start=1):
        key, points = f"deal-{number}", POINTS[(number - 1) % len(POINTS)]
        rounds.append(f"{kill}: " + _kill_around(server, client, key, points, kill, took, database))
        recorded = len(_stored_points(database, client.session_id)) == number
        rounds[-1] += ", recorded" if recorded else ", not recorded"
        if kill in ("before", "in the write"):
            assert not recorded, rounds
        if kill == "after":
            assert recorded, rounds

        server = servers(database)  # back on the same database
        client.port = server.port
        status, head, answer = client.send(key, points)  # until it gets an answer
        assert status == 201, (rounds, answer[:300])
        assert json.loads(answer)["points"] == points
        assert json.loads(answer)["number"] == number
        replayed = header_value(head, "Idempotent-Replayed") == "true"
        assert replayed == recorded, rounds  # the first answer again iff it was recorded
        # Exactly one deal a round, in order, each with its points.
        expected = [POINTS[i % len(POINTS)] for i in range(number)]
        assert _stored_points(database, client.session_id) == expected, rounds

    with contextlib.closing(sqlite3.connect(database)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        keyless = conn.execute(
            "select count(*) from deals where not exists "
            "(select 1 from request_keys where request_keys.deal_id = deals.id)"
        ).fetchone()[0]
        assert keyless == 0  # every deal was stored with its key
    assert "database is locked" not in server.log()


def _kill_around(server, client, key, points, kill, took, database) -> str:
    """Send the deal once and SIGKILL the server as ``kill`` says; what the first try got."""
    outcome: list[str] = []
    if kill == "before":
        server.kill()
        client.first_try(key, points, outcome)
    elif kill == "after":
        client.first_try(key, points, outcome)
        server.kill()
    else:
        sender = threading.Thread(target=client.first_try, args=(key, points, outcome))
        with contextlib.closing(sqlite3.connect(database, isolation_level=None)) as holder:
            if kill == "in the write":
                holder.execute("BEGIN IMMEDIATE")  # the server's write waits for it
            sender.start()
            time.sleep(0.3 if kill == "in the write" else kill * took)
            server.kill()
            if holder.in_transaction:
                holder.execute("ROLLBACK")
        sender.join(timeout=10)
    return outcome[0] if outcome else "no outcome"


def _request_time(port: int) -> float:
    """Seconds a deal's audit takes, there and back: about what recording one takes."""
    times = []
    for _ in range(7):
        started = time.perf_counter()
        body = {"ruleset": "scarto", "points": POINTS[0]}
        status, _ = call(port, "POST", "/api/v1/audit", body)
        assert status == 200
        times.append(time.perf_counter() - started)
    return sorted(times)[len(times) // 2]


def _stored_points(database, session_id: int) -> list[list[int]]:
    with contextlib.closing(sqlite3.connect(database)) as conn:
        rows = conn.execute(
            "select points from deals where session_id = ? and deleted = 0 order by position",
            [session_id],
        ).fetchall()
    return [json.loads(points) for (points,) in rows]
