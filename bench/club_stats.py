"""A club's ten years: the player page, a year's ranking, every rating again, and recording a deal.

Run: .venv/bin/python -m bench.club_stats [--seed 1] [--sessions 5000] [--samples 30]. Prints a
table and one JSON line.

The club: 60 players, SESSIONS sessions (5,000, about 150,000 deals) on days spread over the
ten years before yesterday, oldest first; a table of three drawn from the 60 (Scarto, one in
twenty Tarocchi a 3), one in ten a Piedicavallo table of four; 18 to 42 deals each. Every deal
comes from the random legal deal generator (rules/generator.py ``random_deal``), drawn from a
pool of generated deals per ruleset and dealer, and is recorded through
``services.record_deal`` as its full piles and scarto (``{"piles", "scarto",
"last_trick_winner"}``), audited as a keeper's would be. Seeding took 8 minutes here (about 3
ms a deal), and the statistics' rows and ratings 18 s more, once; the database is kept in the
temporary folder (scorekeeper-bench/club-<seed>-<sessions>.sqlite) and each run works on a copy
of it. Delete it after a change to the schema of the statistics' tables.

Measured warm, on the real app through the Flask test client (each figure the whole request):
the page of the player with the most deals (his most played ruleset, all time), the ranking
for the last full year (the club's most played ruleset), the ranking over all time; the records
and the winners for the last full year and over all time. Then
every rating worked out again from scratch (``services.stats.ratings.replay`` from the first day).
Then recording a deal (POST /api/v1/sessions/<id>/deals, full piles) side by side, in turns: on
the seeded database, and on a copy of it without the statistics tables (seat_results,
game_results, results_of, ratings and their indexes dropped), so that the two differ only by
them; and the refresh the next statistics read then makes for that deal's session.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.play import fool_play
from scorekeeper.services.stats import ratings
from scorekeeper.services.stats import rows as results
from scorekeeper.storage import repository
from scorekeeper.storage.db import connect
from scorekeeper.storage.stats.rows import mark_ratings
from scorekeeper.web.db import get_db

FIRST = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Luca", "Marta", "Nicolò"]
FIRST += ["Paola", "Renzo", "Silvia", "Tommaso", "Ugo", "Vera", "Walter", "Zita", "Bianca"]
FIRST += ["Cesare"]
LAST = ("Rossi", "Ferrero", "Bianchi")
POOL = 400
"""Generated deals per ruleset and dealer, used in turn: seeding should not wait for them."""
TARGETS = {"player_page": 100.0, "ranking_year": 100.0, "ratings_from_scratch": 10_000.0}
TARGETS |= {"records_year": 100.0, "winners_year": 100.0}


def deal_body(deal: Any) -> dict[str, Any]:
    """The deal as full piles, with what a keeper says beside them: who won the last trick,
    and whether the Matto was led (a led Matto may go to the last trick's winner)."""
    return {
        "piles": [[card.code for card in pile] for pile in deal.piles],
        "scarto": [card.code for card in deal.scarto],
        "last_trick_winner": deal.last_trick_winner,
        "fool_led": fool_play(deal.tricks, deal.ruleset).led,
    }


class Pool:
    """Random legal deals per (ruleset, dealer), generated on first use, then in turn."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.deals: dict[tuple[str, int], list[dict[str, Any]]] = {}

    def body(self, ruleset_id: str, dealer: int) -> dict[str, Any]:
        key = (ruleset_id, dealer)
        if key not in self.deals:
            ruleset = find_ruleset(ruleset_id)
            seeds = [self.rng.randrange(2**32) for _ in range(POOL)]
            self.deals[key] = [deal_body(random_deal(ruleset, s, dealer)) for s in seeds]
        return self.rng.choice(self.deals[key])


def seed_club(path: Path, seed: int, sessions: int) -> None:
    """Seed the club into a new database at ``path`` (see the module's docstring)."""
    rng = random.Random(seed)
    names = [f"{first} {last}" for last in LAST for first in FIRST]
    pool = Pool(rng)
    app = create_app({"TESTING": True, "DATABASE": str(path)})
    end = datetime.date.today() - datetime.timedelta(days=1)
    start = end.replace(year=end.year - 10)
    days = sorted(
        start + datetime.timedelta(days=rng.randrange((end - start).days)) for _ in range(sessions)
    )
    began = time.perf_counter()
    with app.test_request_context():
        db = get_db()
        for number, day in enumerate(days, 1):
            kind = rng.random()
            ruleset = "piedicavallo" if kind < 0.1 else "tarocchi-a-3" if kind < 0.15 else "scarto"
            seats = find_ruleset(ruleset).players
            body = {
                "ruleset": ruleset,
                "players": rng.sample(names, seats),
                "played_on": day.isoformat(),
            }
            session_id = services.start_session(db, body)
            for count in range(rng.randint(18, 42)):
                dealer = (count) % seats
                services.record_deal(db, session_id, pool.body(ruleset, dealer))
            if number % 250 == 0:
                print(f"seeded {number} sessions, {time.perf_counter() - began:.0f} s", flush=True)
        took = time.perf_counter()
        results.refresh(db, results.EVERYTHING)
        print(f"statistics worked out in {time.perf_counter() - took:.1f} s", flush=True)


def seeded(seed: int, sessions: int) -> Path:
    """The seeded database, made once and kept (see the module's docstring)."""
    folder = Path(tempfile.gettempdir()) / "scorekeeper-bench"
    folder.mkdir(exist_ok=True)
    path = folder / f"club-{seed}-{sessions}.sqlite"
    if not path.exists():
        partial = path.with_suffix(".partial")
        for leftover in folder.glob(partial.name + "*"):
            leftover.unlink()
        seed_club(partial, seed, sessions)
        db = connect(partial)
        db.execute("pragma journal_mode = delete")  # the log folded in, one file to keep
        db.close()
        partial.rename(path)
    return path


def summary(wall: list[float], cpu: list[float]) -> dict[str, float]:
    """Milliseconds: wall time mean, p50 and max; CPU time (of this process) mean and p50."""
    return {
        "n": len(wall),
        "mean": round(statistics.fmean(wall), 2),
        "p50": round(statistics.median(wall), 2),
        "max": round(max(wall), 2),
        "cpu_mean": round(statistics.fmean(cpu), 2),
        "cpu_p50": round(statistics.median(cpu), 2),
    }


def timed(action: Any, times: int, warmup: int = 3) -> dict[str, float]:
    """Each call of ``action`` after ``warmup`` calls: its wall time, and the CPU time this
    process spent on it (which a machine busy with other work does not inflate)."""
    for _ in range(warmup):
        action()
    wall, cpu = [], []
    for _ in range(times):
        start = (time.perf_counter(), time.process_time())
        action()
        wall.append(1000 * (time.perf_counter() - start[0]))
        cpu.append(1000 * (time.process_time() - start[1]))
    return summary(wall, cpu)


def get(client: Any, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.status_code, answer.data[:300])


def reads(app: Any, samples: int) -> dict[str, dict[str, float]]:
    """The player page, the rankings, the records and the winners, warm."""
    client = app.test_client()
    with app.app_context():
        db = get_db()
        results.refresh(db, results.EVERYTHING)
        sql = "select player_id, count(*) from session_players group by player_id order by 2 desc"
        player_id = db.execute(sql).fetchone()[0]
        year = db.execute("select max(substr(played_on, 1, 4)) from sessions").fetchone()[0]
    last_year = int(year) - 1
    return {
        "player_page": timed(lambda: get(client, f"/players/{player_id}"), samples),
        "player_page_year": timed(
            lambda: get(client, f"/players/{player_id}?year={last_year}"), samples
        ),
        "ranking_year": timed(lambda: get(client, f"/rankings?year={last_year}"), samples),
        "ranking_all_time": timed(lambda: get(client, "/rankings"), samples),
        "api_player_stats": timed(
            lambda: get(client, f"/api/v1/players/{player_id}/stats"), samples
        ),
        "records_year": timed(lambda: get(client, f"/records?year={last_year}"), samples),
        "records_all_time": timed(lambda: get(client, "/records"), samples),
        "winners_year": timed(lambda: get(client, f"/winners?year={last_year}"), samples),
        "winners_all_time": timed(lambda: get(client, "/winners"), samples),
    }


def ratings_from_scratch(app: Any, times: int) -> dict[str, float]:
    """Every rating worked out again, from the first day (read from a snapshot, written in short
    transactions)."""

    def replay() -> None:
        with app.app_context():
            db = get_db()
            with repository.write(db):
                mark_ratings(db, "0000-00-00")
            ratings.replay(db)

    return timed(replay, times, warmup=1)


def recording(seeded_path: Path, work: Path, samples: int) -> dict[str, dict[str, float]]:
    """Recording a deal with and without the statistics tables, in turns; and the refresh."""
    bare_path = work / "bare.sqlite"
    shutil.copy(seeded_path, bare_path)
    apps = {"with": create_app({"TESTING": True, "DATABASE": str(seeded_path)})}
    apps["without"] = create_app({"TESTING": True, "DATABASE": str(bare_path)})
    with apps["without"].app_context():
        for table in ("seat_results", "game_results", "results_of", "ratings"):
            get_db().execute(f"drop table {table}")
    pool = Pool(random.Random(7))
    wall: dict[str, list[float]] = {"with": [], "without": [], "refresh": []}
    cpu: dict[str, list[float]] = {"with": [], "without": [], "refresh": []}
    sessions = {}
    for name, app in apps.items():
        body = {"ruleset": "scarto", "players": ["Anna Rossi", "Bruno Rossi", "Carla Rossi"]}
        sessions[name] = app.test_client().post("/api/v1/sessions", json=body).get_json()["id"]

    def measure(name: str, keep: bool, action: Any, *args: Any) -> None:
        start = (time.perf_counter(), time.process_time())
        action(*args)
        if keep:
            wall[name].append(1000 * (time.perf_counter() - start[0]))
            cpu[name].append(1000 * (time.process_time() - start[1]))

    for number in range(samples + 3):
        for name, app in apps.items():
            path = f"/api/v1/sessions/{sessions[name]}/deals"
            body = pool.body("scarto", number % 3)
            measure(name, number >= 3, post, app, path, body)
        with apps["with"].app_context():
            measure("refresh", number >= 3, results.refresh, get_db())
    names = {
        "with": "record_deal_with_statistics",
        "without": "record_deal_without_statistics",
        "refresh": "refresh_after_deal",
    }
    return {names[name]: summary(wall[name], cpu[name]) for name in names}


def post(app: Any, path: str, body: dict[str, Any]) -> None:
    answer = app.test_client().post(path, json=body)
    assert answer.status_code == 201, answer.data[:300]


def counts(app: Any) -> dict[str, int]:
    with app.app_context():
        db = get_db()
        one = lambda sql: int(db.execute(sql).fetchone()[0])  # noqa: E731
        return {
            "players": one("select count(*) from players"),
            "sessions": one("select count(*) from sessions"),
            "deals": one("select count(*) from deals"),
            "rated_games": one("select count(distinct session_id || '-' || game) from ratings"),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sessions", type=int, default=5000)
    parser.add_argument("--samples", type=int, default=30)
    args = parser.parse_args()
    source = seeded(args.seed, args.sessions)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "club.sqlite"
        shutil.copy(source, path)
        app = create_app({"TESTING": True, "DATABASE": str(path)})
        rows = reads(app, args.samples)
        rows["ratings_from_scratch"] = ratings_from_scratch(app, 3)
        rows |= recording(path, Path(tmp), args.samples)
        club = counts(app)
    print(f"club: {club}")
    print(
        f"{'what':>32}{'n':>4}{'mean ms':>10}{'p50 ms':>10}{'max ms':>10}"
        f"{'cpu mean':>10}{'cpu p50':>10}{'target':>8}"
    )
    for name, row in rows.items():
        target = TARGETS.get(name, "")
        print(
            f"{name:>32}{row['n']:>4}{row['mean']:>10}{row['p50']:>10}{row['max']:>10}"
            f"{row['cpu_mean']:>10}{row['cpu_p50']:>10}{target:>8}"
        )
    print(json.dumps({"bench": "club_stats", "club": club, "results": rows, "targets_ms": TARGETS}))


if __name__ == "__main__":
    main()
