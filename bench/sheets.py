"""Printed sheet speed: session sheets of 3, 30 and 120 deals and the blank sheet, warm.

Run: make bench-sheets (or .venv/bin/python bench/sheets.py). Prints a table and one JSON line.
Each sheet is rendered once to warm up (imports, fonts), then REPEAT times through the app.
"""

from __future__ import annotations

import io
import json
import resource
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.storage.db import open_db

REPEAT = 5
SCORES = [[30, 27, 21], [20, 30, 28], [28, 28, 22]]


def session_with(db, deals: int) -> int:
    session_id = services.start_session(
        db, {"ruleset": "scarto", "players": ["Anna", "Bruno", "Nicolò"], "first_dealer": 0}
    )
    for number in range(deals):
        services.record_deal(db, session_id, {"points": SCORES[number % 3]})
    return session_id


def measure(client, url: str) -> dict[str, object]:
    first = client.get(url)
    assert first.status_code == 200, first.data[:200]
    pages = len(PdfReader(io.BytesIO(first.data)).pages)
    start = time.perf_counter()
    for _ in range(REPEAT):
        client.get(url)
    ms = (time.perf_counter() - start) * 1000 / REPEAT
    return {
        "sheet": url,
        "pages": pages,
        "ms_per_sheet": round(ms, 1),
        "ms_per_page": round(ms / pages, 1),
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "bench.sqlite")
        app = create_app({"TESTING": True, "DATABASE": path})
        db = open_db(path)
        urls = [f"/sessions/{session_with(db, n)}/sheet.pdf" for n in (3, 30, 120)]
        urls.append("/print/blank.pdf?ruleset=scarto")
        client = app.test_client()
        rows = [measure(client, url) for url in urls]
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{'sheet':<34}{'pages':>6}{'ms/sheet':>10}{'ms/page':>9}")
    for row in rows:
        print(
            f"{row['sheet']:<34}{row['pages']:>6}{row['ms_per_sheet']:>10}{row['ms_per_page']:>9}"
        )
    print(f"peak RSS {rss_mb:.0f} MB")
    print(json.dumps({"bench": "sheets", "results": rows, "peak_rss_mb": round(rss_mb)}))


if __name__ == "__main__":
    main()
