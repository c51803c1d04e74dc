"""Cold start: from a new process to the first page it serves.

Run: .venv/bin/python -m bench.cold_start [--repeat 5]. Prints a table and one JSON line.

Three measures, each from just before the process is spawned, on a fresh temporary database:
"test client": `python -c` builds the app and serves GET / with Flask's test client (what the
app itself costs: imports, create_app, migrations, the first request); "flask run" and
"gunicorn": the real servers on a free 127.0.0.1 port, until the first HTTP 200 of GET /.
The in-process run also reports the heavy libraries imported at start and after the first page:
weasyprint, segno and pypdf are for printed sheets only and should wait for the first sheet.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests import servers as gunicorn_server

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
LIMIT = 30.0  # seconds for a server to answer at all
HEAVY = ("weasyprint", "segno", "pypdf")
CHILD = """
import json, sys, time
from scorekeeper import create_app
app = create_app({"TESTING": True, "DATABASE": sys.argv[1]})
heavy = sys.argv[2].split(",")
started = [m for m in heavy if m in sys.modules]
status = app.test_client().get("/").status_code
served = time.time()
after = [m for m in heavy if m in sys.modules]
print(json.dumps({"served": served, "status": status, "at_start": started, "after_page": after}))
"""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def test_client_start(database: Path) -> tuple[float, dict[str, Any]]:
    """Spawn python, build the app, serve one page in-process: seconds to the served page."""
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(database), ",".join(HEAVY)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    child = json.loads(out.stdout.strip().splitlines()[-1])
    if child["status"] != 200:
        raise SystemExit(f"the first page answered {child['status']}")
    return child["served"] - start, child


def first_200(port: int, process: subprocess.Popen[bytes], start: float) -> float:
    deadline = start + LIMIT
    while time.time() < deadline and process.poll() is None:
        with contextlib.suppress(OSError):
            conn = http.client.HTTPConnection(HOST, port, timeout=LIMIT)
            try:
                conn.request("GET", "/", headers={"Connection": "close"})
                if conn.getresponse().status == 200:
                    return time.time() - start
            finally:
                conn.close()
        time.sleep(0.005)
    raise SystemExit("the server did not answer 200 in time")


def server_start(command: list[str], port: int, database: Path) -> float:
    """Spawn a real server, poll GET / on 127.0.0.1 until 200: seconds to the first page."""
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(database), "FLASK_DEBUG": "0"}
    start = time.time()
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        return first_200(port, process, start)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def flask_run(port: int) -> list[str]:
    flask = [sys.executable, "-m", "flask", "--app", "scorekeeper"]
    return [*flask, "run", "--host", HOST, "--port", str(port), "--no-reload", "--no-debugger"]


def gunicorn(port: int) -> list[str]:
    return gunicorn_server.command(port)


def figures(seconds: list[float]) -> dict[str, float]:
    ms = sorted(1000 * s for s in seconds)
    return {
        "n": len(ms),
        "min": round(ms[0]),
        "median": round(statistics.median(ms)),
        "max": round(ms[-1]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="starts of each kind (default 5)")
    args = parser.parse_args()
    repeat = max(1, min(args.repeat, 50))
    results: dict[str, dict[str, Any]] = {}
    child: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        for n in range(repeat):
            took, child = test_client_start(Path(tmp) / f"client-{n}.sqlite")
            runs.append(took)
        results["test client"] = figures(runs)
        for name, command in (("flask run", flask_run), ("gunicorn", gunicorn)):
            runs = []
            for n in range(repeat):
                port = free_port()
                runs.append(server_start(command(port), port, Path(tmp) / f"{name}-{n}.sqlite"))
            results[name] = figures(runs)
    print(f"{'start':<14}{'n':>4}{'min ms':>9}{'median ms':>11}{'max ms':>9}")
    for name, f in results.items():
        print(f"{name:<14}{f['n']:>4}{f['min']:>9}{f['median']:>11}{f['max']:>9}")
    print(
        f"heavy imports at start: {child['at_start'] or 'none'}; "
        f"after the first page: {child['after_page'] or 'none'}"
    )
    heavy = {"at_start": child["at_start"], "after_first_page": child["after_page"]}
    print(json.dumps({"bench": "cold_start", "results": results, "heavy_imports": heavy}))


if __name__ == "__main__":
    main()
