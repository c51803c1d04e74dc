"""A club evening's rounds drawn (issue "Club evenings", §5): the seeded search's time.

Run: .venv/bin/python -m bench.draw [--rounds 40] [--seeds 2]. Prints a table and one JSON line.

For 60 and 140 entrants at tables of three, and 40 couples at tables of two, ROUNDS rounds each
drawn from the history of those before (who met, who sat out, who dealt first), for SEEDS seeds:
the CPU time of each draw (time.process_time), the slowest of all and the median, and the cost
of the last round. Forty rounds are a long championship's: past twenty or so, 60 entrants can no
longer avoid repeats, and the search then runs all its tries, its slowest case. Targets: a round
of 60 entrants within 100 ms, of 140 within 250 ms.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import time

from scorekeeper.rules.draw import History
from scorekeeper.rules.draw import draw_round

TARGETS = {60: 100.0, 140: 250.0}
FIELDS = ((60, 3), (140, 3), (40, 2))


def evening(entrants: int, per_table: int, rounds: int, seed: int) -> tuple[list[float], object]:
    met: dict[frozenset[int], int] = {}
    sat: dict[int, int] = {}
    last: frozenset[frozenset[int]] = frozenset()
    dealt: frozenset[int] = frozenset()
    times, draw = [], None
    for _ in range(rounds):
        history = History(met, last, frozenset(), sat, dealt)
        began = time.process_time()
        draw = draw_round(range(1, entrants + 1), per_table, history, seed)
        times.append(1000 * (time.process_time() - began))
        pairs = [frozenset(p) for t in draw.tables for p in itertools.combinations(t, 2)]
        for pair in pairs:
            met[pair] = met.get(pair, 0) + 1
        for entrant in draw.sitting_out:
            sat[entrant] = sat.get(entrant, 0) + 1
        last = frozenset(pairs)
        dealt = frozenset(t[s] for t, s in zip(draw.tables, draw.first_dealers, strict=True))
    return times, draw


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    figures = {}
    for entrants, per_table in FIELDS:
        times: list[float] = []
        for seed in range(1, args.seeds + 1):
            taken, last = evening(entrants, per_table, args.rounds, seed)
            times += taken
        figures[f"{entrants}x{per_table}"] = {
            "median_ms": round(statistics.median(times), 1),
            "max_ms": round(max(times), 1),
            "last_round_cost": vars(last.cost) if last else None,  # type: ignore[attr-defined]
        }
        print(f"{entrants} entrants, {per_table} a table: {figures[f'{entrants}x{per_table}']}")
    met = all(figures[f"{n}x3"]["max_ms"] <= target for n, target in TARGETS.items())
    print(f"targets {TARGETS} ms: {'met' if met else 'NOT MET'}")
    print(json.dumps({"bench": "draw", **figures, "met": met} | vars(args)))


if __name__ == "__main__":
    main()
