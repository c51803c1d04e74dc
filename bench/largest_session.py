"""The largest session allowed (issue #32, "Bounded everywhere"): its protocol page and its
printed sheet, CPU seconds and bytes, against the targets of 2 s and 300 KB.

Run: .venv/bin/python -m bench.largest_session [--deals N] [--repeat R]. Prints a table and one
JSON line.

Two sessions of N deals (the cap, MAX_SESSION_DEALS, by default) of Scarto for three players
(or Tarocchi a 3) with names of a usual length, recorded through the services:
- "piles": every deal entered as full piles from the random legal deal generator, as a keeper
  who types or taps every card would have it; none is marked;
- "marked": Tarocchi a 3, where a trump may not be laid aside, every deal's dealer laying
  trumps aside (the generator steered to it): every row of the protocol carries its problem and
  its penalty, the page's worst case in bytes.
Each figure is the whole request through the app (Flask's test client, warm: the first request
is not counted), the median of R: the CPU time of this process (time.process_time; the sheet is
rendered in this process, as in tests and ``flask run``) and the bytes of the answer, the page's
HTML uncompressed. On a busy machine the wall clock waits for other work; the CPU time much less.
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
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import Steer
from scorekeeper.rules.generator import random_deal
from scorekeeper.services.sessions.limits import MAX_SESSION_DEALS
from scorekeeper.storage.db import open_db

PLAYERS = ["Annamaria", "Bartolomeo", "Carlotta"]
TARGETS = {"cpu_s": 2.0, "page_kb": 300.0}
KINDS = ("piles", "marked")


def deal_body(ruleset_id: str, seed: int, dealer: int, marked: bool) -> dict[str, object]:
    """A deal as full piles; ``marked``: trick by trick, its dealer having laid trumps aside."""
    steer = Steer(scarto_trumps=True) if marked else None
    deal = random_deal(find_ruleset(ruleset_id), seed, dealer, steer)
    scarto = [card.code for card in deal.scarto]
    if marked:  # the play tells how the Matto was played, which the penalties may ask
        tricks = [[card.code for card in trick.cards] for trick in deal.tricks]
        return {"play": tricks, "scarto": scarto}
    return {
        "piles": [[card.code for card in pile] for pile in deal.piles],
        "scarto": scarto,
        "last_trick_winner": deal.last_trick_winner,
    }


def session_of(app, deals: int, marked: bool) -> int:
    """A session of ``deals`` deals, each recorded as the keeper's form records it."""
    ruleset = "tarocchi-a-3" if marked else "scarto"
    with app.test_request_context():
        db = open_db(app.config["DATABASE"])
        body = {"ruleset": ruleset, "players": PLAYERS, "first_dealer": 0, "place": "Biella"}
        session_id = services.start_session(db, body)
        for seed in range(deals):
            session = services.load_session(db, session_id)
            dealer = services.dealer_for(session, len(session.deals) + 1)
            services.record_deal(db, session_id, deal_body(ruleset, seed, dealer, marked))
        db.close()
    return session_id


def measured(client, url: str, repeat: int) -> dict[str, float]:
    """The median CPU seconds and wall seconds of ``repeat`` requests, and the answer's bytes."""
    first = client.get(url)  # warm: templates, fonts, the stylesheet
    assert first.status_code == 200, first.data[:300]
    cpu, wall = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        answer = client.get(url)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
        assert answer.status_code == 200
    return {
        "cpu_s": round(statistics.median(cpu), 3),
        "wall_s": round(statistics.median(wall), 3),
        "kb": round(len(answer.data) / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=MAX_SESSION_DEALS)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        config = {
            "TESTING": True,
            "DATABASE": str(Path(tmp) / "bench.sqlite"),
            "SHEET_CACHE_SIZE": 0,  # every sheet rendered, never served from the cache
            "MAX_SESSION_DEALS": args.deals,
        }
        app = create_app(config)
        client = app.test_client()
        for kind in KINDS:
            session_id = session_of(app, args.deals, kind == "marked")
            for what, url in (
                ("page", f"/sessions/{session_id}"),
                ("sheet", f"/sessions/{session_id}/sheet.pdf"),
            ):
                rows.append({"session": kind, "what": what, **measured(client, url, args.repeat)})
    print(
        f"{args.deals} deals a session; targets {TARGETS['cpu_s']} s CPU, page "
        f"{TARGETS['page_kb']:.0f} KB"
    )
    print(f"{'session':<8}{'what':<7}{'cpu s':>8}{'wall s':>8}{'KB':>9}")
    for row in rows:
        print(
            f"{row['session']:<8}{row['what']:<7}{row['cpu_s']:>8}{row['wall_s']:>8}{row['kb']:>9}"
        )
    print(json.dumps({"bench": "largest_session", "deals": args.deals, "results": rows}))


if __name__ == "__main__":
    main()
