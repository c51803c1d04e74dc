"""The players page of a club of thousands (issue "The club's history, trusted").

Run: .venv/bin/python -m bench.players_page [--players 3000] [--samples 30]. Prints a table and
one JSON line.

A database of PLAYERS players, each with one session of three (so that every one has sessions
to count), and the page through Flask's test client, warm: the first page, a search, a later
page; each the whole request. Target: within 100 ms (it was 4.9 s and 9.2 MB for 3,000 players
before it was paged).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.web.db import get_db

TARGET_MS = 100.0


def build(players: int) -> object:
    path = Path(tempfile.mkdtemp(prefix="scorekeeper-players-")) / "club.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(path)})
    with app.app_context():
        db = get_db()
        for number in range(0, players, 3):
            names = [f"Giocatore {n:05d}" for n in range(number, number + 3)]
            services.start_session(db, {"ruleset": "scarto", "players": names})
    return app


def timed(client: object, path: str, samples: int) -> dict[str, float]:
    for _ in range(3):
        client.get(path)  # type: ignore[attr-defined]
    times, size = [], 0
    for _ in range(samples):
        began = time.perf_counter()
        answer = client.get(path)  # type: ignore[attr-defined]
        times.append(1000 * (time.perf_counter() - began))
        size = len(answer.data)
    return {
        "p50_ms": round(statistics.median(times), 1),
        "max_ms": round(max(times), 1),
        "kb": round(size / 1024),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--samples", type=int, default=30)
    args = parser.parse_args()
    client = build(args.players).test_client()  # type: ignore[attr-defined]
    figures = {
        "first_page": timed(client, "/players", args.samples),
        "search": timed(client, "/players?q=giocatore%2001", args.samples),
        "page_30": timed(client, "/players?page=30", args.samples),
    }
    for name, figure in figures.items():
        print(f"{name:12} {figure}")
    met = all(figure["p50_ms"] <= TARGET_MS for figure in figures.values())
    print(f"target p50 <= {TARGET_MS} ms: {'met' if met else 'NOT MET'}")
    print(json.dumps({"figures": figures, "met": met} | vars(args)))


if __name__ == "__main__":
    main()
