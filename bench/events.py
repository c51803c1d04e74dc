"""What an evening's director and its API clients wait for (issue "Club evenings", §5).

Run: .venv/bin/python -m bench.events [--entrants 60] [--rounds 4] [--deals 12] [--samples 30].
Prints a table and one JSON line.

An event of ENTRANTS players of Scarto (20 tables of three for 60), ROUNDS rounds drawn,
published and played to the end, DEALS deals a table (960 deals for the defaults), the last
round closed. Read warm through Flask's test client, as the keeper (no password: the app serves
its own machine): the event's JSON (GET /api/v1/events/<id>), the director's page
(/events/<id>) and the board (/events/<id>/board). The wall time of the whole request, median
of SAMPLES. Target: the event JSON and the director's page within 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.services import events
from scorekeeper.web.db import get_db

TARGET_MS = 100.0
POINTS = ([30, 27, 21], [20, 30, 28], [26, 26, 26])


def wall_ms(request: Callable[[], object], samples: int) -> float:
    for _ in range(3):  # warm
        request()
    times = []
    for _ in range(samples):
        began = time.perf_counter()
        request()
        times.append(1000 * (time.perf_counter() - began))
    return round(statistics.median(times), 1)


def build(app, entrants: int, rounds: int, deals: int) -> int:
    """The event, every round played to the end."""
    with app.test_request_context():
        db = get_db()
        names = [f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}x" for i in range(entrants)]
        body = {"name": "Bench night", "ruleset": "scarto", "entrants": names}
        event_id = events.create_event(db, {**body, "rounds": rounds, "deals_per_round": deals})
        for number in range(1, rounds + 1):
            events.draw_next_round(db, event_id)
            events.publish(db, event_id, number)
            for table in events.event_view(db, event_id).rounds[-1].tables:
                for k in range(deals):
                    services.record_deal(db, table.session_id, {"points": POINTS[k % 3]})
            events.close(db, event_id, number)
    return event_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--samples", type=int, default=30)
    args = parser.parse_args()
    path = Path(tempfile.mkdtemp(prefix="scorekeeper-events-")) / "club.sqlite"
    app = create_app({"DATABASE": str(path), "SECRET_KEY": "bench"})
    event_id = build(app, args.entrants, args.rounds, args.deals)
    client = app.test_client()

    def read(path: str) -> Callable[[], object]:
        def request() -> object:
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code)
            return response

        return request

    figures = {
        "event_json_ms": wall_ms(read(f"/api/v1/events/{event_id}"), args.samples),
        "director_page_ms": wall_ms(read(f"/events/{event_id}"), args.samples),
        "board_ms": wall_ms(read(f"/events/{event_id}/board"), args.samples),
    }
    tables = args.entrants // 3
    print(f"An event of {args.entrants} entrants, {tables} tables x {args.rounds} rounds, ", end="")
    print(f"{args.deals} deals a table; median of {args.samples} warm requests (wall time):")
    for name, value in figures.items():
        print(f"  {name:<20} {value:>8.1f} ms   (target {TARGET_MS:.0f} ms)")
    print(json.dumps({"bench": "events", "tables": tables, "rounds": args.rounds, **figures}))


if __name__ == "__main__":
    main()
