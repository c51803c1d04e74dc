"""Load on the real server: the club server, keepers writing and reading at once.

Run: .venv/bin/python -m bench.load [--seconds 5] [--server waitress|gunicorn|gthread]
[--workers N]. Prints a table and one JSON line.

The server serves on a free loopback port (127.0.0.1 only) with a temporary database: by default
waitress as ``make serve`` starts it (scorekeeper/serve.py); "gunicorn" is the club server before
it, gunicorn's sync workers with gunicorn.conf.py, and "gthread" the same with gunicorn's threaded
worker, so that one script measures them all (tests/servers.py). For 1, 4, 16
and 64 keepers, each with a session of their own, every keeper in turn records a deal (POST
/api/v1/sessions/<id>/deals), reads the protocol page (/sessions/<id>) and reads the session's
JSON, for --seconds; each keeper keeps its cookies, as a browser would, and starts a new session
when its session reaches 120 deals (timed as "start"). Then the "reading" scenario: 8 readers of
one 120-deal protocol page.
Each keeper sends its next request as soon as the last is answered (no time to think), so the
scenario with 16 keepers is 16 requests in flight at every moment. Reported: requests per
second, p50 and p99 latency per kind, errors (an answer other than 2xx or 3xx, or no answer),
each "database is locked" in the server's log, and the CPU time the server spent per request. The
clients are threads of this one process with a lean socket client (``call``); they share the
two cores with the server, as they would not in a club.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tests.servers import GTHREADS
from tests.servers import SERVERS
from tests.servers import Server
from tests.servers import call

KEEPERS = (1, 4, 16, 64)
READERS, READ_DEALS = 8, 120
PRINTING_KEEPERS, PRINT_DEALS = 16, 30
MAX_ROUNDS = 100_000  # per client thread, besides the time limit
TIMEOUT = 35.0  # a little over gunicorn's worker timeout
PLAYERS = ["Anna", "Bruno", "Nicolò"]
POINTS = [[30, 27, 21], [20, 30, 28], [28, 28, 22], [26, 26, 26]]
KINDS = ("write", "page", "json", "start", "sheet")
"""A deal recorded; the protocol page; the session's JSON; a new session; a session sheet."""


def new_session(port: int, deals: int = 0) -> int:
    """A new Scarto session with this many deals recorded; its id."""
    body = {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0}
    status, answer = call(port, "POST", "/api/v1/sessions", body)
    if status != 201:
        raise SystemExit(f"could not start a session: {status} {answer[:300]!r}")
    session_id = int(json.loads(answer)["id"])
    for number in range(deals):
        body = {"points": POINTS[number % len(POINTS)]}
        status, answer = call(port, "POST", f"/api/v1/sessions/{session_id}/deals", body)
        if status != 201:
            raise SystemExit(f"could not record deal {number + 1}: {status} {answer[:300]!r}")
    return session_id


class Tally:
    """Latencies per kind of request and the errors, shared by the client threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}
        self.samples: list[str] = []

    def timed(
        self,
        kind: str,
        port: int,
        method: str,
        path: str,
        body: Any = None,
        cookies: dict[str, str] | None = None,
    ) -> bytes:
        """Send one request, note its time and whether it failed; its answer's body."""
        start = time.perf_counter()
        answer = b""
        try:
            status, answer = call(port, method, path, body, cookies=cookies)
            error = None if status < 400 else f"{kind} {status} {answer[:120]!r}"
        except OSError as exc:
            error = f"{kind} {type(exc).__name__}: {exc}"
        elapsed = time.perf_counter() - start
        with self.lock:
            self.latencies.setdefault(kind, []).append(elapsed)
            if error:
                self.errors[kind] = self.errors.get(kind, 0) + 1
                if len(self.samples) < 5:
                    self.samples.append(error)
        return answer


def run_clients(count: int, seconds: float, work) -> float:
    """count threads each calling work(n, round) until the time is up; the elapsed seconds."""
    deadline = time.monotonic() + seconds

    def client(n: int) -> None:
        for round_ in range(MAX_ROUNDS):
            if time.monotonic() >= deadline:
                return
            work(n, round_)

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(count)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 3 * TIMEOUT)
    return time.perf_counter() - start


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[max(0, min(len(ordered) - 1, math.ceil(p * len(ordered)) - 1))]


def summary(
    scenario: str, clients: int, elapsed: float, tally: Tally, locked: int, cpu: tuple[float, float]
) -> dict:
    """The figures of a scenario; ``cpu``: the server's and this client's CPU seconds in it."""
    requests = sum(len(v) for v in tally.latencies.values())
    return {
        "scenario": scenario,
        "clients": clients,
        "seconds": round(elapsed, 2),
        "requests": requests,
        "requests_per_s": round(requests / elapsed, 1),
        "server_cpu_ms_per_request": round(1000 * cpu[0] / max(requests, 1), 2),
        "client_cpu_ms_per_request": round(1000 * cpu[1] / max(requests, 1), 2),
        "latency_ms": {
            kind: {
                "n": len(values),
                "p50": round(percentile(values, 0.50), 1),
                "p99": round(percentile(values, 0.99), 1),
            }
            for kind, values in sorted(
                tally.latencies.items(), key=lambda item: KINDS.index(item[0])
            )
        },
        "errors": sum(tally.errors.values()),
        "error_samples": tally.samples,
        "database_locked": locked,
    }


def keepers(server: Server, count: int, seconds: float, printing: bool = False) -> dict:
    """count keepers, a session each, writing a deal and reading it back in turn; a keeper whose
    session reaches READ_DEALS deals starts a new one, as at a new evening. With ``printing``, one
    more client meanwhile prints: it records a deal in a session of PRINT_DEALS deals and fetches
    that session's sheet, a new PDF each time, again and again."""
    sessions = [new_session(server.port) for _ in range(count)]
    cookies: list[dict[str, str]] = [{} for _ in range(count)]  # each keeper's browser's
    printed = new_session(server.port, PRINT_DEALS) if printing else 0
    tally, locked = Tally(), server.locked()

    def work(n: int, round_: int) -> None:
        if n == count:
            path = f"/api/v1/sessions/{printed}/deals"
            call(server.port, "POST", path, {"points": POINTS[round_ % len(POINTS)]})
            tally.timed("sheet", server.port, "GET", f"/sessions/{printed}/sheet.pdf")
            return
        if round_ and round_ % READ_DEALS == 0:
            body = {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0}
            answer = tally.timed("start", server.port, "POST", "/api/v1/sessions", body)
            sessions[n] = int(json.loads(answer)["id"]) if answer else sessions[n]
        session_id, jar = sessions[n], cookies[n]
        path = f"/api/v1/sessions/{session_id}/deals"
        body = {"points": POINTS[round_ % len(POINTS)]}
        tally.timed("write", server.port, "POST", path, body, jar)
        tally.timed("page", server.port, "GET", f"/sessions/{session_id}", cookies=jar)
        tally.timed("json", server.port, "GET", f"/api/v1/sessions/{session_id}", cookies=jar)

    clients = count + int(printing)
    elapsed, cpu = measured(server, lambda: run_clients(clients, seconds, work))
    scenario = "keepers + printing" if printing else "keepers"
    return summary(scenario, count, elapsed, tally, server.locked() - locked, cpu)


def reading(server: Server, seconds: float) -> dict:
    """READERS readers of one READ_DEALS-deal protocol page."""
    session_id = new_session(server.port, READ_DEALS)
    cookies: list[dict[str, str]] = [{} for _ in range(READERS)]  # each reader's browser's
    tally, locked = Tally(), server.locked()

    def work(n: int, _round: int) -> None:
        tally.timed("page", server.port, "GET", f"/sessions/{session_id}", cookies=cookies[n])

    elapsed, cpu = measured(server, lambda: run_clients(READERS, seconds, work))
    scenario = f"reading {READ_DEALS} deals"
    return summary(scenario, READERS, elapsed, tally, server.locked() - locked, cpu)


def measured(server: Server, run: Any) -> tuple[float, tuple[float, float]]:
    """What run() returns, with the CPU seconds the server and this client spent meanwhile."""
    server_start, client_start = server.cpu_seconds(), time.process_time()
    elapsed = run()
    return elapsed, (server.cpu_seconds() - server_start, time.process_time() - client_start)


def print_table(results: list[dict]) -> None:
    print(
        f"{'scenario':<20}{'clients':>8}{'req/s':>9}{'kind':>7}{'n':>7}{'p50 ms':>9}"
        f"{'p99 ms':>9}{'errors':>8}{'locked':>8}{'cpu/req':>9}"
    )
    for row in results:
        first = True
        for kind, figures in row["latency_ms"].items():
            head = (
                (row["scenario"], row["clients"], row["requests_per_s"]) if first else ("", "", "")
            )
            cpu = row["server_cpu_ms_per_request"]
            tail = (row["errors"], row["database_locked"], cpu) if first else ("", "", "")
            print(
                f"{head[0]:<20}{head[1]:>8}{head[2]:>9}{kind:>7}{figures['n']:>7}"
                f"{figures['p50']:>9}{figures['p99']:>9}{tail[0]:>8}{tail[1]:>8}{tail[2]:>9}"
            )
            first = False
        for sample in row["error_samples"]:
            print(f"    error: {sample}")


def describe(server: str, workers: int) -> str:
    """The server measured, in words."""
    if server == "waitress":
        from scorekeeper.serve import THREADS

        return f"waitress (make serve): one process, {THREADS} threads"
    if server == "gthread":
        return f"gunicorn: {workers} gthread workers of {GTHREADS} threads"
    return f"gunicorn: {workers} sync workers"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per scenario (default 5)")
    parser.add_argument("--server", choices=SERVERS, default="waitress", help="default: waitress")
    parser.add_argument(
        "--workers", type=int, default=None, help="gunicorn's; default: gunicorn.conf.py's"
    )
    args = parser.parse_args()
    seconds = max(0.5, min(args.seconds, 120.0))
    workers = args.workers or multiprocessing.cpu_count()  # as gunicorn.conf.py says
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        with Server(Path(tmp) / "load.sqlite", log, workers, args.server) as server:
            results = [keepers(server, count, seconds) for count in KEEPERS]
            results.append(keepers(server, PRINTING_KEEPERS, seconds, printing=True))
            results.append(reading(server, seconds))
            locked_total = server.locked()
    print(f"{describe(args.server, workers)} on {os.cpu_count()} cores, {seconds:g} s each")
    print_table(results)
    print(
        json.dumps(
            {
                "bench": "load",
                "server": args.server,
                "workers": None if args.server == "waitress" else workers,
                "cores": os.cpu_count(),
                "seconds": seconds,
                "database_locked": locked_total,
                "results": results,
            }
        )
    )


if __name__ == "__main__":
    main()
