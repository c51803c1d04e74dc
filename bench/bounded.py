"""Bounded work: the largest bodies of the worst shape, in-process, against a fresh database.

Run: .venv/bin/python -m bench.bounded [--times 20]. Prints a table and one JSON line.

Each body is as large as MAX_CONTENT_LENGTH allows (less 64 bytes), of the shape that made the
most work before the bounds: tens of thousands of codes of one card, tricks, groups or lines.
Every one is refused with a 4xx; the figures are the whole request as the WSGI app serves it
(tests/web/test_bounded.py holds each endpoint and form to a count of calls). Before the bounds the
count of a pile given as one string of codes grew with the square of its size: 24,000 codes
took some 21 s, the full 87,000 minutes.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from scorekeeper import create_app

MARGIN = 64
API, S = "/api/v1", "/sessions/1"
RECORD = "ruleset: scarto\nplayers: Anna | Bruno | Carla\ndealer: Anna\nscarto: "


def ks(n: int) -> str:
    return "KS " * n


# name: path, the body of n units (the worst shape: one card n times). The API's bodies are
# JSON, the pages' forms; a deal's address is PUT, any other POST.
CASES: dict[str, tuple[str, Callable[[int], Any]]] = {
    "api count cards": (f"{API}/count", lambda n: {"ruleset": "scarto", "cards": ks(n)}),
    "api count groups": (f"{API}/count", lambda n: {"ruleset": "scarto", "groups": [ks(n)]}),
    "api audit play": (f"{API}/audit", lambda n: {"play": [["KS"]] * n}),
    "api sessions": (f"{API}/sessions", lambda n: {"players": ["A"] * n}),
    "api deal": (f"{API}{S}/deals", lambda n: {"play": [["KS"]] * n}),
    "api deal put": (f"{API}{S}/deals/1", lambda n: {"piles": [["KS"] * n]}),
    "api replay": (f"{API}{S}/replay", lambda n: {"play": [["KS"] * n]}),
    "page count": ("/count", lambda n: {"ruleset": "scarto", "cards": ks(n)}),
    "page count groups": ("/count", lambda n: {"ruleset": "scarto", "groups": "=0\n" * n}),
    "page piles": (f"{S}/deals/new/piles", lambda n: {"pile_0": ks(n), "check": "y"}),
    "page play draft": (f"{S}/deals/new/play", lambda n: {"tricks": ks(n), "draft": "y"}),
    "page scarto": (f"{S}/scarto", lambda n: {"scarto": ks(n), "check": "y"}),
    "page import": (f"{S}/deals/import", lambda n: {"record": RECORD + ks(n)}),
}


def encode(kind: str, body: Any) -> bytes:
    return json.dumps(body).encode() if kind == "json" else urlencode(body).encode()


def largest(kind: str, make: Callable[[int], Any], limit: int) -> bytes:
    """``make(n)`` with the largest n that stays under the limit (the unit grows evenly)."""
    one, two = len(encode(kind, make(1))), len(encode(kind, make(2)))
    n = 1 + (limit - MARGIN - one) // (two - one)
    while len(data := encode(kind, make(n))) > limit - MARGIN:
        n -= 1
    return data


def run(times: int) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "bounded.sqlite")
        app = create_app({"TESTING": True, "DATABASE": database, "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]}
        assert client.post("/api/v1/sessions", json=body).status_code == 201
        assert client.post(f"/api/v1{S}/deals", json={"points": [30, 27, 21]}).status_code == 201
        rows = []
        for name, (path, make) in CASES.items():
            kind = "json" if path.startswith(API) else "form"
            method = "PUT" if path.endswith("/deals/1") else "POST"
            data = largest(kind, make, app.config["MAX_CONTENT_LENGTH"])
            mime = "application/json" if kind == "json" else "application/x-www-form-urlencoded"
            took, statuses = [], set()
            for _ in range(times):
                start = time.perf_counter()
                answer = client.open(path, method=method, data=data, content_type=mime)
                took.append(1000 * (time.perf_counter() - start))
                statuses.add(answer.status_code)
            row = {"name": name, "kb": round(len(data) / 1024, 1), "status": sorted(statuses)}
            rows.append(
                row | {"mean_ms": round(sum(took) / times, 2), "max_ms": round(max(took), 2)}
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--times", type=int, default=20, help="requests per body")
    rows = run(max(1, parser.parse_args().times))
    print(f"{'request':<20}{'KB':>7}{'status':>8}{'mean ms':>10}{'max ms':>9}")
    for row in rows:
        status = ",".join(map(str, row["status"]))
        print(f"{row['name']:<20}{row['kb']:>7}{status:>8}{row['mean_ms']:>10}{row['max_ms']:>9}")
    worst = max(row["max_ms"] for row in rows)
    ms = {row["name"]: row["mean_ms"] for row in rows}
    print(json.dumps({"bench": "bounded", "mean_ms": ms, "max_ms": worst}))


if __name__ == "__main__":
    main()
