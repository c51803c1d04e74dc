"""Server time per request, in-process: the Flask test client on a real SQLite file, no network.

Run: .venv/bin/python -m bench.requests [--samples 200] [--writes 60]. Prints a table and one
JSON line.

For sessions of 3, 30 and 120 deals: recording a deal (POST /api/v1/sessions/<id>/deals, what a
keeper's phone sends), the protocol page (GET /sessions/<id>, HTML) and the session's JSON
(GET /api/v1/sessions/<id>). Each figure is the whole request as the WSGI app serves it:
opening the database, the guard, the services, the rules core, rendering; besides the wall
time, the CPU time the process spent on it (which a busy machine does not inflate). Writes go
to several sessions of the size, WRITES_PER_SESSION each, so a session grows by at most that
many deals while it is measured. One process, one thread: this is the cost on one core, without the
clients that share the cores in bench/load.py.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from scorekeeper import create_app

SIZES = (3, 30, 120)
WRITES_PER_SESSION = 10
WARMUP = 5
PLAYERS = ["Anna", "Bruno", "Nicolò"]
POINTS = [[30, 27, 21], [20, 30, 28], [28, 28, 22], [26, 26, 26]]
KINDS = ("write", "page", "json")


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(p * len(ordered)) - 1))]


class Took:
    """Each request's wall time, and the CPU time this process spent on it: on a busy machine the
    wall time includes waiting for a core, the CPU time does not."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def __enter__(self) -> None:
        self._start = (time.perf_counter(), time.process_time())

    def __exit__(self, *_: object) -> None:
        self.wall.append(time.perf_counter() - self._start[0])
        self.cpu.append(time.process_time() - self._start[1])


def figures(took: Took) -> dict[str, float]:
    """Wall time mean, p50 and p99, CPU time mean and p50, in milliseconds."""
    ms = [1000 * v for v in took.wall]
    cpu = [1000 * v for v in took.cpu]
    return {
        "n": len(ms),
        "mean": round(statistics.fmean(ms), 2),
        "p50": round(percentile(ms, 0.50), 2),
        "p99": round(percentile(ms, 0.99), 2),
        "cpu_mean": round(statistics.fmean(cpu), 2),
        "cpu_p50": round(percentile(cpu, 0.50), 2),
    }


class Bench:
    def __init__(self, database: str) -> None:
        self.app = create_app({"TESTING": True, "DATABASE": database})
        self.client = self.app.test_client()

    def new_session(self, deals: int) -> int:
        body = {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0}
        answer = self.client.post("/api/v1/sessions", json=body)
        assert answer.status_code == 201, answer.data[:300]
        session_id = int(answer.get_json()["id"])
        for number in range(deals):
            self.post_deal(session_id, number)
        return session_id

    def post_deal(self, session_id: int, number: int) -> None:
        body = {"points": POINTS[number % len(POINTS)]}
        answer = self.client.post(f"/api/v1/sessions/{session_id}/deals", json=body)
        assert answer.status_code == 201, answer.data[:300]

    def get(self, path: str) -> None:
        answer = self.client.get(path)
        assert answer.status_code == 200, answer.data[:300]

    def reads(self, path: str, times: int) -> Took:
        for _ in range(WARMUP):
            self.get(path)
        took = Took()
        for _ in range(times):
            with took:
                self.get(path)
        return took

    def writes(self, deals: int, times: int) -> Took:
        took = Took()
        while len(took.wall) < times:
            session_id = self.new_session(deals)
            for number in range(deals, deals + min(WRITES_PER_SESSION, times - len(took.wall))):
                with took:
                    self.post_deal(session_id, number)
        return took

    def run(self, samples: int, writes: int) -> list[dict[str, Any]]:
        self.writes(3, WARMUP)  # imports, templates, first connection
        rows = []
        for deals in SIZES:
            session_id = self.new_session(deals)
            rows.append(
                {
                    "deals": deals,
                    "write": figures(self.writes(deals, writes)),
                    "page": figures(self.reads(f"/sessions/{session_id}", samples)),
                    "json": figures(self.reads(f"/api/v1/sessions/{session_id}", samples)),
                }
            )
        return rows


def print_table(rows: list[dict[str, Any]]) -> None:
    print(
        f"{'deals':>6}{'kind':>7}{'n':>6}{'mean ms':>10}{'p50 ms':>10}{'p99 ms':>10}"
        f"{'cpu mean':>10}{'cpu p50':>10}"
    )
    for row in rows:
        for kind in KINDS:
            f = row[kind]
            print(
                f"{row['deals']:>6}{kind:>7}{f['n']:>6}{f['mean']:>10}{f['p50']:>10}{f['p99']:>10}"
                f"{f['cpu_mean']:>10}{f['cpu_p50']:>10}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=200, help="reads per kind and size")
    parser.add_argument("--writes", type=int, default=60, help="deals recorded per size")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rows = Bench(str(Path(tmp) / "requests.sqlite")).run(
            max(1, args.samples), max(1, args.writes)
        )
    print_table(rows)
    print(json.dumps({"bench": "requests", "results": rows}))


if __name__ == "__main__":
    main()
