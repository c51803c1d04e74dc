"""Rules core speed: full-pile audits, quick-count audits and random deals per second, one core.

Run: make bench  (or .venv/bin/python bench/rules_core.py). Prints a table and one JSON line.
"""

from __future__ import annotations

import json
import time

from scorekeeper.rules import PRESETS
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.audit import audit_quick_count
from scorekeeper.rules.generator import random_deal

DEALS_PER_RULESET = 200
SECONDS = 1.0


def per_second(work, items) -> float:
    """Run work over items, cycling, for SECONDS; return items per second."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        for item in items:
            work(item)
        done += len(items)
    return done / (time.perf_counter() - start)


def quick_input(deal):
    ruleset = deal.ruleset
    counters = {c: s for s, pile in enumerate(deal.piles) for c in pile if ruleset.is_counter(c)}
    counters |= {c: "scarto" for c in deal.scarto if ruleset.is_counter(c)}
    return deal, counters


def main() -> None:
    rows = []
    for ruleset_id in PRESETS:
        ruleset = find_ruleset(ruleset_id)
        start = time.perf_counter()
        deals = [random_deal(ruleset, seed) for seed in range(DEALS_PER_RULESET)]
        generated = DEALS_PER_RULESET / (time.perf_counter() - start)
        full = per_second(lambda d: audit_piles(d.ruleset, d.dealer, d.piles, d.scarto), deals)
        quick = per_second(
            lambda dc: audit_quick_count(
                dc[0].ruleset,
                dc[0].dealer,
                dc[1],
                dc[0].tricks_won,
                dc[0].fool_trick_winner,
                dc[0].scarto,
            ),
            [quick_input(d) for d in deals],
        )
        rows.append(
            {
                "ruleset": ruleset_id,
                "full_pile_audits_per_s": round(full),
                "quick_count_audits_per_s": round(quick),
                "random_deals_per_s": round(generated),
            }
        )
    print(f"{'ruleset':<14}{'full-pile audits/s':>20}{'quick-count audits/s':>22}{'deals/s':>10}")
    for row in rows:
        print(
            f"{row['ruleset']:<14}{row['full_pile_audits_per_s']:>20}"
            f"{row['quick_count_audits_per_s']:>22}{row['random_deals_per_s']:>10}"
        )
    print(json.dumps({"bench": "rules_core", "results": rows}))


if __name__ == "__main__":
    main()
