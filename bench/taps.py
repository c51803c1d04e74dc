"""Taps and keystrokes to enter a deal on a phone, each way the app offers, beside the targets
of the issue "The keeper's evening on a phone". Run: .venv/bin/python -m bench.taps [--repeat N];
prints a table and one JSON line.

The real app on a temporary SQLite file, served by Werkzeug in a thread (as the browser tests'
live_server), driven by Debian's Chromium through Playwright at a phone's size (390x844, touch).
Per mode a script plays the keeper: from the protocol it taps the mode's button, enters a typical
deal of Scarto (random but legal, the same every run), saves it and waits for its row. It takes
the shortest way the page offers (a focused field needs no tap, a choice made none, the third
total or trick count is left to the app, "the rest to" fills the last pile), finding controls by
role, label and text. Seconds: the script's, first tap to saved row (the app's delays, not a
person's), the median of --repeat runs.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import shutil
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing
from contextlib import contextmanager
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.taps_keeper import CHECKED_FIRST
from bench.taps_keeper import MODES
from bench.taps_keeper import PLAYERS
from bench.taps_keeper import SCARTO
from bench.taps_keeper import Hands
from scorekeeper import services
from scorekeeper.rules.generator import PlayedDeal
from scorekeeper.rules.generator import random_deal
from scorekeeper.storage.db import open_db
from tests.servers import in_thread

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
# As tests/e2e/conftest.py: the machine's network is closed, Chromium must not call out.
FLAGS = "no-sandbox disable-gpu disable-quic no-first-run disable-background-networking"
ARGS = [f"--{flag}" for flag in (*FLAGS.split(), "disable-component-update", "disable-sync")]
SEED = 2024  # the typical deals: the same every run
TIMEOUT_MS = 15_000


@dataclass(frozen=True)
class Run:
    mode: str
    taps: int
    keystrokes: int
    seconds: float
    target: str
    met: bool
    actions: dict[str, int]


# The app, the session and the runs


@contextmanager
def served(database: Path) -> Iterator[str]:
    """The app on a free local port, as tests/e2e/conftest.py's live_server."""
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    with in_thread(database, "bench") as base_url:
        yield base_url


def next_deal(database: Path, session_id: int, seed: int) -> tuple[PlayedDeal, list[int], int]:
    """A typical deal for the next dealer in turn, its points as the app counts them, and its
    number in the session."""
    with closing(open_db(str(database))) as db:
        session = services.load_session(db, session_id)
    dealer = (session.first_dealer + len(session.deals)) % SCARTO.players
    deal = random_deal(SCARTO, seed, dealer)
    body = {"piles": [[c.code for c in pile] for pile in deal.piles]}
    body["scarto"] = [c.code for c in deal.scarto]
    points = list(services.preview_deal(session, body)[1].points)
    return deal, points, len(session.deals) + 1


def enter(browser: Any, base_url: str, database: Path, session_id: int, mode: str) -> Run:
    """One deal entered in one mode: from the protocol page to the saved row."""
    # Each way of entering its own typical deal, the same every run (both full piles the same).
    seed = SEED + list(MODES.values()).index(MODES[mode])
    deal, points, number = next_deal(database, session_id, seed)
    if mode in CHECKED_FIRST:  # before play, on its own page: not part of recording the deal
        with closing(open_db(str(database))) as db:
            services.check_scarto_first(db, session_id, {"scarto": [c.code for c in deal.scarto]})
    context = browser.new_context(base_url=base_url, locale="en-GB", **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"/sessions/{session_id}")
    hands = Hands(page)
    began = time.perf_counter()
    try:
        target, met = MODES[mode](hands, page, deal, points)
        page.wait_for_url(re.compile(rf"/sessions/{session_id}(?:[?#].*)?$"))
        page.locator(f"#deal-{number}").wait_for()
        seconds = time.perf_counter() - began
    except Exception as error:  # the page changed under the script: say what it shows
        alerts = page.get_by_role("alert").all_inner_texts()
        raise SystemExit(f"{mode}: not saved ({error}); the page says: {alerts}") from None
    finally:
        context.close()
    return Run(mode, hands.taps, hands.keystrokes, seconds, target, met, dict(hands.actions))


def new_session(database: Path) -> int:
    """A session of Scarto whose deals go Anna, Bruno, Nicolò, Anna: the same deals each round."""
    with closing(open_db(str(database))) as db:
        return services.start_session(db, {"ruleset": "scarto", "players": PLAYERS})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per mode (median seconds)")
    args = parser.parse_args()
    if not os.access(CHROMIUM, os.X_OK):
        raise SystemExit(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    runs: dict[str, list[Run]] = {mode: [] for mode in MODES}
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "taps.sqlite"
        new_session(database)  # creates and migrates the database before the app opens it
        with served(database) as base_url, sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(args.repeat):
                session_id = new_session(database)
                for mode in MODES:
                    runs[mode].append(enter(browser, base_url, database, session_id, mode))
            browser.close()
    # The same deals each round: the same taps; the seconds vary, their median is reported.
    median = {mode: statistics.median(run.seconds for run in done) for mode, done in runs.items()}
    report([replace(done[-1], seconds=median[mode]) for mode, done in runs.items()], args.repeat)


def report(rows: list[Run], repeat: int) -> None:
    print(f"Phone 390x844, touch; a typical Scarto deal per mode; median of {repeat} run(s)")
    print(f"{'mode':<28}{'taps':>6}{'keys':>6}{'seconds':>9}  {'target':<24}{'met?':>5}")
    for row in rows:
        figures = f"{row.taps:>6}{row.keystrokes:>6}{row.seconds:>9.2f}"
        print(f"{row.mode:<28}{figures}  {row.target:<24}{'yes' if row.met else 'no':>5}")
    print("\nwhere they go:")
    for row in rows:
        print(f"  {row.mode}: " + ", ".join(f"{n} {what}" for what, n in row.actions.items()))
    results = [asdict(row) | {"seconds": round(row.seconds, 2)} for row in rows]
    head = {"bench": "taps", "viewport": "390x844", "repeat": repeat}
    print(json.dumps(head | {"results": results}, ensure_ascii=False))


if __name__ == "__main__":
    main()
