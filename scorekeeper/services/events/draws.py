"""What the draw of an event's round weighs, read from its rounds so far: who met whom, who sat
out, who dealt first last round, whom the director keeps apart; and who is in the round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ...rules.draw import Draw
from ...rules.draw import History
from ...rules.draw import draw_round

Row = dict[str, Any]


def in_round(entrants: Sequence[Row], number: int) -> list[int]:
    """The entrants drawn in round ``number``: joined by then, not withdrawn before it."""
    return [
        row["no"]
        for row in entrants
        if row["joined_at"] <= number
        and (row["withdrawn_from"] is None or row["withdrawn_from"] > number)
    ]


def history_before(
    rounds: Sequence[Row], keep_apart: Sequence[tuple[int, int]], number: int
) -> History:
    """The history the draw of round ``number`` weighs: the published rounds before it."""
    played = [r for r in rounds if r["state"] != "draft" and r["number"] < number]
    met: Counter[frozenset[int]] = Counter()
    sat_out: Counter[int] = Counter()
    for row in played:
        for table in row["tables"]:
            met.update(frozenset(pair) for pair in combinations(table, 2))
        sat_out.update(row["sitting_out"])
    last = played[-1] if played else None
    return History(
        met=dict(met),
        last_round=frozenset(
            frozenset(pair)
            for table in (last["tables"] if last else ())
            for pair in combinations(table, 2)
        ),
        keep_apart=frozenset(frozenset(pair) for pair in keep_apart),
        sat_out=dict(sat_out),
        first_dealers=frozenset(dealers_of(last)) if last else frozenset(),
    )


def dealers_of(row: Mapping[str, Any]) -> list[int]:
    """Each table's first dealer of a round, as an entrant's number."""
    return [table[seat] for table, seat in zip(row["tables"], row["first_dealers"], strict=True)]


def draw_row(draw: Draw, attempt: int) -> Row:
    """A round's draw as stored."""
    return {
        "attempt": attempt,
        "tables": [list(table) for table in draw.tables],
        "first_dealers": list(draw.first_dealers),
        "sitting_out": list(draw.sitting_out),
        "cost": {
            "repeats": draw.cost.repeats,
            "consecutive": draw.cost.consecutive,
            "keep_apart_broken": draw.cost.keep_apart_broken,
            "bye_spread": draw.cost.bye_spread,
        },
    }


def drawn(
    event: Row,
    entrants: Sequence[Row],
    rounds: Sequence[Row],
    keep_apart: Sequence[tuple[int, int]],
    number: int,
    attempt: int,
    per_table: int,
) -> Row:
    """Round ``number`` drawn at ``attempt``, as stored."""
    history = history_before(rounds, keep_apart, number)
    draw = draw_round(
        in_round(entrants, number), per_table, history, round_seed(event["seed"], number), attempt
    )
    return draw_row(draw, attempt)


def round_seed(seed: int, number: int) -> int:
    """The seed of round ``number``'s draw: the event's, told apart per round (30 at most)."""
    return seed * 100 + number
