"""The cost of holding a request body to the OpenAPI description (web/api/shape.py).

Run: .venv/bin/python -m bench.api_shapes [--times 2000]. Prints a table and one JSON line.

Each body is checked as the API checks it, in a request context (its refusals are translated):
the keys and sizes are read from openapi.json once, then each check walks the body's keys and
lists against them. The figure is the cost per request, beside the 1-3 ms a deal's whole
request costs on the server (README, Performance).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.rules.cards import full_deck
from scorekeeper.web.api import shape

DECK = [card.code for card in full_deck()]
BODIES = {
    "deal: points": ("DealInput", {"points": [30, 27, 21]}),
    "deal: full piles": (
        "DealInput",
        {"piles": [DECK[:25], DECK[25:50], DECK[50:75]], "scarto": DECK[75:]},
    ),
    "deal: play of 25 tricks": (
        "DealInput",
        {"play": [DECK[i : i + 3] for i in range(0, 75, 3)], "scarto": DECK[75:]},
    ),
    "audit: quick count": (
        "AuditRequest",
        {"ruleset": "scarto", "counters": {"KS": 0, "QS": 1}, "tricks": [9, 8, 8], "dealer": 0},
    ),
    "session": ("SessionRequest", {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]}),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=2000)
    times = parser.parse_args().times
    app = create_app({"TESTING": True, "DATABASE": str(Path(tempfile.mkdtemp()) / "b.sqlite")})
    results = {}
    with app.test_request_context("/"):
        for name, (schema, body) in BODIES.items():
            check = shape.session_body if schema == "SessionRequest" else None
            run = check or (lambda body, schema=schema: shape.deal_body(body, schema))
            run(body)  # the description read once, as the first request reads it
            start = time.perf_counter()
            for _ in range(times):
                run(body)
            results[name] = round((time.perf_counter() - start) / times * 1e6, 1)
    print(f"{'body':28} {'µs per request':>15}")
    for name, micros in results.items():
        print(f"{name:28} {micros:>15}")
    print(json.dumps({"bench": "api_shapes", "times": times, "us_per_request": results}))


if __name__ == "__main__":
    main()
