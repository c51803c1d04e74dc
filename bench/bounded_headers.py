"""A 60 KB Accept-Language header (issue #32, "Bounded everywhere"): the CPU a request costs with
it, against a browser's header, with the app's bound (web/i18n.py) and without it.

Run: .venv/bin/python -m bench.bounded_headers [--repeat N]. Prints a table and one JSON line.

Each figure is the median CPU time (time.process_time) of N requests for the home page through
Flask's test client, which reads the header to choose the page's language. "without the bound"
calls the app past its BoundedAcceptLanguage middleware, as the code before the bound ran.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from werkzeug.test import Client

from scorekeeper import create_app
from scorekeeper.web.i18n import BoundedAcceptLanguage
from tests.databases import fresh_database

BROWSER = "it-IT,it;q=0.9,en;q=0.8"
LARGE = ",".join(f"x{n % 1000:03d}-yy;q=0.{n % 9 + 1}" for n in range(5000))[:60_000]


def cpu_ms(client: Client, header: str, repeat: int) -> float:
    """The median CPU milliseconds of a request for the home page with this header."""
    asked = {"headers": {"Accept-Language": header}, "environ_base": {"REMOTE_ADDR": "127.0.0.1"}}
    client.get("/", **asked)  # warm
    spent = []
    for _ in range(repeat):
        start = time.process_time()
        answer = client.get("/", **asked)
        spent.append(time.process_time() - start)
        assert answer.status_code == 200
    return round(statistics.median(spent) * 1000, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "DATABASE": fresh_database(Path(tmp) / "b.sqlite")})
        bounded = app.test_client()
        assert isinstance(app.wsgi_app, BoundedAcceptLanguage)
        unbounded = Client(app.wsgi_app.app)
        rows = [
            {"header": name, "with_bound_ms": cpu_ms(bounded, header, args.repeat)}
            | {"without_bound_ms": cpu_ms(unbounded, header, args.repeat)}
            for name, header in (("browser", BROWSER), ("60 KB", LARGE))
        ]
    print(f"{'Accept-Language':<16}{'with the bound':>16}{'without':>10}  (CPU ms a request)")
    for row in rows:
        print(f"{row['header']:<16}{row['with_bound_ms']:>16}{row['without_bound_ms']:>10}")
    print(json.dumps({"bench": "bounded_headers", "results": rows}))


if __name__ == "__main__":
    main()
