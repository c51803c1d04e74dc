"""A club evening's printed sheets (issue "Club evenings"): the table cards of a round of 20
tables, its seating list and the evening sheet of 4 rounds, each beside its target.

Run: make bench (or .venv/bin/python -m bench.event_sheets [--repeat N]). Prints a table and one
JSON line. An event of 60 entrants at tables of three (20 tables a round), 4 rounds of 6 deals
each played and closed: 80 table sessions, 480 deals. Every figure is a request through the app
(test client) in club mode with PUBLIC_URL set, so that each card carries its QR code; the
sheet cache is off (SHEET_CACHE_SIZE 0), and each sheet is requested once to warm up, then
REPEAT times: the median wall-clock and CPU milliseconds, and the pages. The evening sheet's
figure includes building its export (80 sessions) and attaching it (PDF/A-3b); the size of the
export is printed too. "cached": the evening sheet again with the cache on.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader
from werkzeug.security import generate_password_hash

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.services import events
from scorekeeper.services.events.export import event_sheet_data
from scorekeeper.storage import access
from scorekeeper.storage.db import open_db

ENTRANTS, ROUNDS, DEALS = 60, 4, 6
POINTS = ([30, 20, 28], [26, 26, 26], [20, 30, 28], [34, 24, 20])
TARGETS = {"table cards": 3000.0}
"""ms: the issue's target for a round's 20 table cards; the others are reported."""
HASH = "pbkdf2:sha256:1"


def evening(db) -> int:
    """The event, its 4 rounds published, every table's deals recorded, each round closed."""
    names = [f"Player {n:02d}" for n in range(1, ENTRANTS + 1)]
    body = {"name": "Bench evening", "ruleset": "scarto", "entrants": names, "seed": 1}
    event_id = events.create_event(db, {**body, "rounds": ROUNDS, "deals_per_round": DEALS})
    for number in range(1, ROUNDS + 1):
        events.draw_next_round(db, event_id)
        events.publish(db, event_id, number)
        for t, table in enumerate(events.event_view(db, event_id).rounds[-1].tables):
            for deal in range(DEALS):
                points = {"points": POINTS[(deal + t) % len(POINTS)]}
                services.record_deal(db, table.session_id, points)
        events.close(db, event_id, number)
    return event_id


def timed(client, url: str, repeat: int) -> dict[str, float]:
    """The pages of the sheet at url, and the median wall-clock and CPU ms of repeat requests."""
    first = client.get(url)
    assert first.status_code == 200, first.data[:300]
    wall, cpu = [], []
    for _ in range(repeat):
        began, began_cpu = time.perf_counter(), time.process_time()
        assert client.get(url).status_code == 200
        wall.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - began_cpu) * 1000)
    pages = len(PdfReader(io.BytesIO(first.data)).pages)
    return {"pages": pages, "ms": statistics.median(wall), "cpu_ms": statistics.median(cpu)}


def keeper(app):
    client = app.test_client()
    answer = client.post("/login", data={"password": "bench", "submit": "Log in"})
    assert answer.status_code == 303, answer.status_code
    return client


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "bench.sqlite")
        config = {"TESTING": True, "DATABASE": path, "WTF_CSRF_ENABLED": False}
        config |= {"PUBLIC_URL": "https://club.example.org", "SECRET_HASH_METHOD": HASH}
        uncached = create_app({**config, "SHEET_CACHE_SIZE": 0})
        db = open_db(path)
        began = time.perf_counter()
        event_id = evening(db)
        built_s = time.perf_counter() - began
        access.set_keeper_password_hash(db, generate_password_hash("bench", method=HASH))
        export_bytes = len(event_sheet_data(db, event_id).data)
        client = keeper(uncached)
        urls = {
            "table cards": f"/events/{event_id}/rounds/{ROUNDS}/cards.pdf",
            "seating list": f"/events/{event_id}/rounds/{ROUNDS}/seating.pdf",
            "evening sheet": f"/events/{event_id}/sheet.pdf",
        }
        rows = {name: timed(client, url, args.repeat) for name, url in urls.items()}
        cached = keeper(create_app(config))
        rows["evening sheet, cached"] = timed(cached, urls["evening sheet"], args.repeat * 10)

    print(f"an event of {ENTRANTS} entrants, {ROUNDS} rounds of {ENTRANTS // 3} tables, ", end="")
    print(f"{DEALS} deals each: built in {built_s:.1f} s; its export {export_bytes / 1024:.0f} KB")
    print(f"{'sheet':<24}{'pages':>7}{'ms':>9}{'cpu ms':>9}{'target':>9}")
    for name, row in rows.items():
        target = TARGETS.get(name)
        print(
            f"{name:<24}{row['pages']:>7}{row['ms']:>9.0f}{row['cpu_ms']:>9.0f}"
            f"{f'{target:.0f}' if target else '':>9}"
        )
    result = {
        "bench": "event_sheets",
        "export_bytes": export_bytes,
        "results": {name: {k: round(v, 1) for k, v in row.items()} for name, row in rows.items()},
        "targets_ms": TARGETS,
        "within_target": rows["table cards"]["ms"] <= TARGETS["table cards"],
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
