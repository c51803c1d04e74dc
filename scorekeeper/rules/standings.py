"""A club evening's standings (issue "Club evenings", §3): each table's results turned into the
event's points by its ranking rule, byes and adjustments added, tie-breaks applied in order.

Ranking orders:
- ``table-points``: at each table, placement points by the score there (default 2, 1, ½ for
  first, second and third); entrants tied at a table share the average of the places they span;
- ``match-points``: couples, two a table: 2 for the higher score, 0 for the lower, 1 each for a
  draw (the same rule: the places' points shared);
- ``score``: the total score; ``per-deal``: the score per deal played.
A bye (an entrant sitting out a round) scores the average of the round's placement points, or
nothing (``bye="zero"``). Adjustments (penalties, corrections) are added to the points as they
are (to the score, for the orders by score). Tie-breaks, in the rule's order: ``score`` (total
score), ``point-difference`` (the score less the opponents', for couples), ``best-round`` (the
best points of one round), ``lot`` (drawn from the event's seed: no two entrants tie then).
Without ``lot``, entrants equal on everything share a rank.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction

ORDERS = ("table-points", "match-points", "score", "per-deal")
TIE_BREAKS = ("score", "point-difference", "best-round", "lot")
PLACEMENT_POINTS = (Fraction(2), Fraction(1), Fraction(1, 2))
MATCH_POINTS = (Fraction(2), Fraction(0))


@dataclass(frozen=True)
class TableResult:
    """One table of one round: each entrant's score there, and the deals played."""

    round: int
    scores: Mapping[int, int]
    deals: int


@dataclass(frozen=True)
class Rule:
    order: str = "table-points"
    places: tuple[Fraction, ...] = PLACEMENT_POINTS
    """The points of each place at a table (``match-points``: MATCH_POINTS)."""
    bye: str = "average"
    tie_breaks: tuple[str, ...] = ("score", "best-round", "lot")


@dataclass(frozen=True)
class Standing:
    rank: int
    entrant: int
    points: Fraction
    score: int
    deals: int
    per_deal: Fraction | None
    byes: int
    adjustments: Fraction
    by_round: Mapping[int, Fraction] = field(default_factory=dict)
    difference: int = 0


def table_points(scores: Mapping[int, int], places: tuple[Fraction, ...]) -> dict[int, Fraction]:
    """Each entrant's places points at one table; entrants of equal score share the average of
    the places they take together."""
    ranked = sorted(scores, key=lambda entrant: -scores[entrant])
    points: dict[int, Fraction] = {}
    start = 0
    while start < len(ranked):
        end = start
        while end + 1 < len(ranked) and scores[ranked[end + 1]] == scores[ranked[start]]:
            end += 1
        spanned = [places[i] if i < len(places) else Fraction(0) for i in range(start, end + 1)]
        share = sum(spanned, Fraction(0)) / len(spanned)
        for entrant in ranked[start : end + 1]:
            points[entrant] = share
        start = end + 1
    return points


@dataclass
class _Tally:
    """What the tables and byes give each entrant, before the order."""

    by_round: dict[int, dict[int, Fraction]]
    score: dict[int, int]
    deals: dict[int, int]
    difference: dict[int, int]
    byes: dict[int, list[int]]


def standings(
    entrants: Iterable[int],
    tables: Iterable[TableResult],
    byes: Mapping[int, Iterable[int]],
    adjustments: Mapping[int, Fraction],
    rule: Rule,
    seed: int,
) -> list[Standing]:
    """The standings, best first. ``byes``: each entrant's rounds sat out."""
    if rule.order not in ORDERS or any(t not in TIE_BREAKS for t in rule.tie_breaks):
        raise ValueError(f"unknown ranking order or tie-break: {rule}")
    everyone = sorted(set(entrants))
    tally = _tally(everyone, tables, byes, rule)
    lots = _lots(everyone, seed)

    def key(entrant: int) -> tuple[object, ...]:
        return _key(entrant, tally, adjustments.get(entrant, Fraction(0)), rule, lots[entrant])

    result: list[Standing] = []
    for position, entrant in enumerate(sorted(everyone, key=key, reverse=True), start=1):
        tied = result and key(result[-1].entrant) == key(entrant)
        deals = tally.deals[entrant]
        result.append(
            Standing(
                rank=result[-1].rank if tied else position,
                entrant=entrant,
                points=_points(tally, entrant) + adjustments.get(entrant, 0),
                score=tally.score[entrant],
                deals=deals,
                per_deal=Fraction(tally.score[entrant], deals) if deals else None,
                byes=len(tally.byes[entrant]),
                adjustments=Fraction(adjustments.get(entrant, 0)),
                by_round=dict(tally.by_round[entrant]),
                difference=tally.difference[entrant],
            )
        )
    return result


def _tally(
    everyone: list[int],
    tables: Iterable[TableResult],
    byes: Mapping[int, Iterable[int]],
    rule: Rule,
) -> _Tally:
    tally = _Tally(
        {e: {} for e in everyone},
        dict.fromkeys(everyone, 0),
        dict.fromkeys(everyone, 0),
        dict.fromkeys(everyone, 0),
        {e: sorted(set(byes.get(e, ()))) for e in everyone},
    )
    for table in tables:
        total = sum(table.scores.values())
        others = len(table.scores) - 1
        for entrant, points in table_points(table.scores, rule.places).items():
            rounds = tally.by_round[entrant]
            rounds[table.round] = rounds.get(table.round, Fraction(0)) + points
            tally.score[entrant] += table.scores[entrant]
            tally.deals[entrant] += table.deals
            # The score less the opponents': at a table of two couples, the other's; at a larger
            # table, their average, kept whole by counting it ``others`` times over.
            mine = table.scores[entrant]
            tally.difference[entrant] += mine * others - (total - mine)
    bye = sum(rule.places, Fraction(0)) / len(rule.places) if rule.bye == "average" else Fraction(0)
    for entrant in everyone:
        for number in tally.byes[entrant]:
            rounds = tally.by_round[entrant]
            rounds[number] = rounds.get(number, Fraction(0)) + bye
    return tally


def _points(tally: _Tally, entrant: int) -> Fraction:
    return sum(tally.by_round[entrant].values(), Fraction(0))


def _key(
    entrant: int, tally: _Tally, adjustment: Fraction, rule: Rule, lot: float
) -> tuple[object, ...]:
    """What the order compares: the rule's figure, then its tie-breaks in order."""
    score, deals = tally.score[entrant] + adjustment, tally.deals[entrant]
    first: object = {
        "table-points": _points(tally, entrant) + adjustment,
        "match-points": _points(tally, entrant) + adjustment,
        "score": score,
        "per-deal": score / deals if deals else Fraction(-(10**9)),  # no deal played: last
    }[rule.order]
    breaks = {
        "score": tally.score[entrant],
        "point-difference": tally.difference[entrant],
        "best-round": max(tally.by_round[entrant].values(), default=Fraction(0)),
        "lot": lot,
    }
    return (first, *(breaks[name] for name in rule.tie_breaks))


def _lots(everyone: list[int], seed: int) -> dict[int, float]:
    """A lot per entrant, drawn from the event's seed: the same for the same event."""
    rng = random.Random(f"scorekeeper-lots:{seed}")
    return {entrant: rng.random() for entrant in everyone}
