"""Rules core speed on one core: audits, trick replays and random deals per second.

Run: make bench  (or .venv/bin/python -m bench.rules_core). Prints a table, the targets and one
JSON line. Each deal's inputs (piles, counters, tricks) are worked out before the timed loops:
``PlayedDeal.piles`` and friends recompute on every access and are not what is measured.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from scorekeeper.rules import PRESETS
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.audit import audit_quick_count
from scorekeeper.rules.generator import PlayedDeal
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.replay import audit_play
from scorekeeper.rules.replay import replay

DEALS_PER_RULESET = 200
SECONDS = 1.0
TARGETS = {"full_pile_audits_per_s": 10_000, "trick_replays_per_s": 2_000}
"""What the rules core should reach on one core of the 2-core reference machine."""

COLUMNS = (
    ("full_pile_audits_per_s", "full-pile audits/s"),
    ("quick_count_audits_per_s", "quick-count audits/s"),
    ("trick_replays_per_s", "trick replays/s"),
    ("replays_only_per_s", "replay() only/s"),
    ("random_deals_per_s", "deals/s"),
)


def per_second(work: Callable[[Any], object], items: Sequence[Any]) -> float:
    """Run work over items, cycling, for SECONDS of this process's CPU time; items per second.

    CPU time, not wall time: the figure is one core's throughput even when other work shares
    the machine (tests, a server), which would otherwise halve it at random.
    """
    done, start = 0, time.process_time()
    while time.process_time() - start < SECONDS:
        for item in items:
            work(item)
        done += len(items)
    return done / (time.process_time() - start)


def pile_input(deal: PlayedDeal) -> tuple[Any, ...]:
    """audit_piles' arguments, in plain lists."""
    return deal.ruleset, deal.dealer, [list(pile) for pile in deal.piles], list(deal.scarto)


def quick_input(deal: PlayedDeal) -> tuple[Any, ...]:
    """audit_quick_count's arguments: where each counter went, tricks won, the Fool's trick."""
    ruleset = deal.ruleset
    counters: dict[Any, int | str]
    counters = {c: s for s, pile in enumerate(deal.piles) for c in pile if ruleset.is_counter(c)}
    counters |= {c: "scarto" for c in deal.scarto if ruleset.is_counter(c)}
    tricks_won, fool_trick = list(deal.tricks_won), deal.fool_trick_winner
    return ruleset, deal.dealer, counters, tricks_won, fool_trick, list(deal.scarto)


def play_input(deal: PlayedDeal) -> tuple[Any, ...]:
    """audit_play's and replay's arguments: the scarto and the tricks as entered."""
    return deal.ruleset, deal.dealer, list(deal.scarto), [list(t.cards) for t in deal.tricks]


def measure(ruleset_id: str) -> dict[str, Any]:
    ruleset = find_ruleset(ruleset_id)
    start = time.process_time()
    deals = [random_deal(ruleset, seed) for seed in range(DEALS_PER_RULESET)]
    generated = DEALS_PER_RULESET / (time.process_time() - start)
    piles = [pile_input(deal) for deal in deals]
    quick = [quick_input(deal) for deal in deals]
    plays = [play_input(deal) for deal in deals]
    return {
        "ruleset": ruleset_id,
        "full_pile_audits_per_s": round(per_second(lambda a: audit_piles(*a), piles)),
        "quick_count_audits_per_s": round(per_second(lambda a: audit_quick_count(*a), quick)),
        "trick_replays_per_s": round(per_second(lambda a: audit_play(*a), plays)),
        "replays_only_per_s": round(per_second(lambda a: replay(*a), plays)),
        "random_deals_per_s": round(generated),
    }


def main() -> None:
    rows = [measure(ruleset_id) for ruleset_id in PRESETS]
    print(f"{'ruleset':<14}" + "".join(f"{title:>22}" for _, title in COLUMNS))
    for row in rows:
        print(f"{row['ruleset']:<14}" + "".join(f"{row[key]:>22}" for key, _ in COLUMNS))
    target_row = "".join(f"{TARGETS.get(key, ''):>22}" for key, _ in COLUMNS)
    print(f"{'target':<14}{target_row}")
    met = {}
    for key, target in TARGETS.items():
        lowest = min(row[key] for row in rows)
        met[key] = lowest >= target
        verdict = "met" if met[key] else "NOT met"
        print(f"{key}: lowest {lowest} against a target of {target}: {verdict}")
    print(
        "(trick replays/s is audit_play: the replay, then the full-pile audit; "
        "replay() only/s is the replay and its judging alone; CPU time, one core)"
    )
    print(json.dumps({"bench": "rules_core", "targets": TARGETS, "met": met, "results": rows}))


if __name__ == "__main__":
    main()
