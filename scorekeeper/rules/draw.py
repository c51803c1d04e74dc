"""A round of a club evening drawn: which entrants sit at which table, who sits out, who deals
first (issue "Club evenings", §2).

An entrant is a player (3-player rulesets: three entrants a table) or a couple (Piedicavallo:
two couples a table), known by its number. The draw is a seeded search: the same seed and attempt
give the same draw in every process (one ``random.Random`` seeded with a string, no set
iterated). It minimises, in this order (``Cost``): entrants the director keeps apart who meet,
repeated meetings (a repeat costs more the more often the pair met: 1, then 2, then 3...),
meetings repeated from the round just played, and an uneven spread of sit-outs. Those who sit
out (the entrants the tables leave over) are the ones who sat out least, so that nobody sits
out twice before everyone who can has sat out once.

No library draws tables of three or four (the pairing libraries pair one against one), and the
search is small: random tables, then swaps of two entrants of different tables kept while they
lower the cost, from a few starts.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

Pair = frozenset[int]
NOTHING = (0, 0, 0)
"""The cost of tables where nobody kept apart, nobody met before: no draw does better."""

STARTS = 3
"""Random arrangements the search starts from; the best end wins."""
TRIES_EACH = 20
"""Swaps tried per entrant from each start, after which a start ends."""


@dataclass(frozen=True, order=True)
class Cost:
    """What a draw costs, compared in this order: the first that differs decides."""

    keep_apart_broken: int = 0
    repeats: int = 0
    """Each pair that met before, weighted by how often: a second meeting 1, a third 2, ..."""
    consecutive: int = 0
    """Pairs who met in the round just played too."""
    bye_spread: int = 0
    """The most sit-outs of an entrant less the fewest, once this round's are counted."""


@dataclass(frozen=True)
class History:
    """What the draw weighs: how often each pair met, who met last round, who is kept apart,
    how often each entrant sat out, who dealt first last round."""

    met: Mapping[Pair, int] = field(default_factory=dict)
    last_round: frozenset[Pair] = frozenset()
    keep_apart: frozenset[Pair] = frozenset()
    sat_out: Mapping[int, int] = field(default_factory=dict)
    first_dealers: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Draw:
    tables: tuple[tuple[int, ...], ...]
    """Each table's entrants in seat order."""
    first_dealers: tuple[int, ...]
    """Each table's first dealer: a seat of ``tables``."""
    sitting_out: tuple[int, ...]
    cost: Cost


def draw_round(
    entrants: Sequence[int], per_table: int, history: History, seed: int, attempt: int = 1
) -> Draw:
    """Draw a round of ``entrants`` (their numbers), ``per_table`` a table."""
    if per_table < 2:
        raise ValueError("a table seats at least two entrants")
    rng = random.Random(f"scorekeeper-draw:{seed}:{attempt}")
    ordered = sorted(set(entrants))
    out = _sitting_out(ordered, len(ordered) % per_table, history.sat_out, rng)
    seated = [entrant for entrant in ordered if entrant not in out]
    best: list[list[int]] = []
    best_cost = None
    for start in range(STARTS if len(seated) > per_table else 1):
        # The first start seats greedily, as a director would by hand: the search never ends
        # worse than that; the others start from random tables.
        first = _greedy(seated, per_table, history) if start == 0 else None
        tables = _search(seated, per_table, history, rng, first)
        cost = _tables_cost(tables, history)
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost == NOTHING:  # no draw costs less: no need to look further
            break
    for table in best:
        rng.shuffle(table)  # the seats: no order of the search shows at the table
    drawn = tuple(tuple(table) for table in best)
    return Draw(
        tables=drawn,
        first_dealers=tuple(_first_dealer(table, history.first_dealers) for table in drawn),
        sitting_out=tuple(out),
        cost=Cost(*(best_cost or (0, 0, 0)), _bye_spread(ordered, out, history.sat_out)),
    )


def _sitting_out(
    ordered: list[int], count: int, sat_out: Mapping[int, int], rng: random.Random
) -> list[int]:
    """The ``count`` entrants who sat out least (among equals, drawn)."""
    lots = {entrant: rng.random() for entrant in ordered}
    return sorted(sorted(ordered, key=lambda e: (sat_out.get(e, 0), lots[e]))[:count])


def _bye_spread(ordered: list[int], out: list[int], sat_out: Mapping[int, int]) -> int:
    counts = [sat_out.get(entrant, 0) + (entrant in out) for entrant in ordered]
    return max(counts) - min(counts) if counts else 0


def _pair_cost(a: int, b: int, history: History) -> tuple[int, int, int]:
    pair = frozenset((a, b))
    met = history.met.get(pair, 0)
    return (pair in history.keep_apart, met * (met + 1) // 2, pair in history.last_round)


def _with(entrant: int, table: list[int], history: History) -> tuple[int, int, int]:
    """What ``entrant`` costs at ``table`` (itself left out of it)."""
    total = (0, 0, 0)
    for other in table:
        if other != entrant:
            cost = _pair_cost(entrant, other, history)
            total = (total[0] + cost[0], total[1] + cost[1], total[2] + cost[2])
    return total


def _tables_cost(tables: list[list[int]], history: History) -> tuple[int, int, int]:
    totals = [0, 0, 0]
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                for k, value in enumerate(_pair_cost(a, b, history)):
                    totals[k] += value
    return (totals[0], totals[1], totals[2])


def _greedy(seated: list[int], per_table: int, history: History) -> list[list[int]]:
    """Tables seated by hand's method: each starts with the lowest number left, then takes,
    seat by seat, whoever left costs least beside those seated (the lowest number among
    equals)."""
    left = list(seated)
    tables = []
    while left:
        table = [left.pop(0)]
        while len(table) < per_table:
            best = min(left, key=lambda e: (_with(e, [*table, e], history), e))
            left.remove(best)
            table.append(best)
        tables.append(table)
    return tables


def _search(
    seated: list[int],
    per_table: int,
    history: History,
    rng: random.Random,
    start: list[list[int]] | None = None,
) -> list[list[int]]:
    """Random tables (or ``start``), then swaps of two entrants of different tables kept while
    they lower the cost, until TRIES_EACH tries an entrant in a row lower nothing."""
    shuffled = list(seated)
    rng.shuffle(shuffled)
    if start is not None:
        tables = [list(table) for table in start]
        shuffled = [entrant for table in tables for entrant in table]
        rng.shuffle(shuffled)
    else:
        tables = [shuffled[i : i + per_table] for i in range(0, len(shuffled), per_table)]
    if len(tables) < 2:
        return tables
    where = {entrant: (t, s) for t, table in enumerate(tables) for s, entrant in enumerate(table)}
    cost = _tables_cost(tables, history)
    idle, patience = 0, TRIES_EACH * len(shuffled)
    while idle < patience and cost != NOTHING:
        idle += 1
        a, b = rng.sample(shuffled, 2)
        (ta, sa), (tb, sb) = where[a], where[b]
        if ta == tb:
            continue
        before = _sum(_with(a, tables[ta], history), _with(b, tables[tb], history))
        tables[ta][sa], tables[tb][sb] = b, a
        after = _sum(_with(b, tables[ta], history), _with(a, tables[tb], history))
        if after < before:
            where[a], where[b] = (tb, sb), (ta, sa)
            cost = (cost[0] - before[0] + after[0], cost[1] - before[1] + after[1],
                    cost[2] - before[2] + after[2])  # fmt: skip
            idle = 0
        else:
            tables[ta][sa], tables[tb][sb] = a, b  # no better: back as it was
    return tables


def _sum(x: tuple[int, int, int], y: tuple[int, int, int]) -> tuple[int, int, int]:
    return (x[0] + y[0], x[1] + y[1], x[2] + y[2])


def _first_dealer(table: tuple[int, ...], dealt_first: frozenset[int]) -> int:
    """The first seat whose entrant did not deal first last round; the first seat if none."""
    return next((seat for seat, e in enumerate(table) if e not in dealt_first), 0)


def assess(tables: Sequence[Sequence[int]], sitting_out: Sequence[int], history: History) -> Draw:
    """A draw as arranged by hand (the director swapped two entrants): its first dealers and
    its cost, as ``draw_round`` would give them."""
    drawn = tuple(tuple(table) for table in tables)
    ordered = sorted([e for table in drawn for e in table] + list(sitting_out))
    return Draw(
        tables=drawn,
        first_dealers=tuple(_first_dealer(table, history.first_dealers) for table in drawn),
        sitting_out=tuple(sorted(sitting_out)),
        cost=Cost(
            *_tables_cost([list(t) for t in drawn], history),
            _bye_spread(ordered, list(sitting_out), history.sat_out),
        ),
    )
