"""Counting a pile in threes, with a breakdown a person can follow (rules.md A4, B §1.6).

Each group of three is worth the sum of its cards' values (blanks 1) minus 2; a last group of two
gets a phantom blank; a last single card counts its own value; the Fool is counted apart. So a
group of 1-3 cards is worth sum(value - 1) + 1, and grouping never changes a pile's points.
Under ``counting="raw"`` (Piedicavallo) a pile is the plain sum of its cards' values.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .problem import Problem
from .problem import problem
from .ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Group:
    """Cards counted together, and what they are worth."""

    cards: tuple[Card, ...]
    points: int

    @property
    def phantom(self) -> bool:
        """A group of two, counted with a phantom blank as its third card."""
        return len(self.cards) == 2


@dataclass(frozen=True, slots=True)
class PileCount:
    """A pile's points with its groups; the Fool, when counted apart, is not in any group."""

    points: int
    groups: tuple[Group, ...]
    fool: Card | None
    fool_points: int
    cards: int


def group_points(cards: Sequence[Card], ruleset: Ruleset) -> int:
    """Points of one group: sum - 2 for three cards, phantom blank for two (rules.md A4)."""
    if ruleset.counting == "raw":
        return sum(ruleset.value(card) for card in cards)
    return sum(ruleset.value(card) - 1 for card in cards) + 1


def count_pile(cards: Iterable[Card], ruleset: Ruleset) -> PileCount:
    """Count a pile, grouping as the Swedish tip says: each counter with two blanks."""
    cards = list(cards)
    fool = next((card for card in cards if card.is_fool), None)
    apart = fool is not None and ruleset.fool_counting == "apart"
    rest = [card for card in cards if not (apart and card.is_fool)]
    counters = sorted((c for c in rest if ruleset.is_counter(c)), key=lambda c: -ruleset.value(c))
    blanks = [card for card in rest if not ruleset.is_counter(card)]
    chunks: list[list[Card]] = []
    while counters and len(blanks) >= 2:
        chunks.append([counters.pop(0), blanks.pop(0), blanks.pop(0)])
    leftover = counters + blanks
    chunks += [leftover[i : i + 3] for i in range(0, len(leftover), 3)]
    groups = tuple(Group(tuple(chunk), group_points(chunk, ruleset)) for chunk in chunks)
    fool_points = ruleset.value(fool) if apart and fool else 0
    total = sum(group.points for group in groups) + fool_points
    return PileCount(total, groups, fool if apart else None, fool_points, len(cards))


def pile_points(counters: Iterable[Card], size: int, ruleset: Ruleset) -> int:
    """Points of a pile known only by its counters and its number of cards (the quick count).

    ``size`` counts every card of the pile, the Fool included when it is there. By A4 blanks
    matter only through the pile size: points = sum(value - 1 over counters) + groups (+ Fool).
    """
    counters = list(counters)
    if ruleset.counting == "raw":
        return sum(ruleset.value(card) for card in counters) + size - len(counters)
    fool = next((card for card in counters if card.is_fool), None)
    apart = fool is not None and ruleset.fool_counting == "apart"
    grouped = [card for card in counters if not (apart and card.is_fool)]
    n = size - (1 if apart else 0)
    reduced = sum(ruleset.value(card) - 1 for card in grouped)
    return reduced + -(-n // 3) + (ruleset.value(fool) if apart and fool else 0)


@dataclass(frozen=True, slots=True)
class CheckedGroup:
    """A group as the players counted it: the value they claimed and what it is worth."""

    cards: tuple[Card, ...]
    points: int
    claimed: int

    @property
    def correct(self) -> bool:
        return self.points == self.claimed


@dataclass(frozen=True, slots=True)
class CountCheck:
    """The verdict on a count made at the table."""

    points: int
    claimed: int
    groups: tuple[CheckedGroup, ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_count(
    groups: Sequence[Sequence[Card]], claimed: Sequence[int], ruleset: Ruleset
) -> CountCheck:
    """Check the groups the players formed and the value they claimed for each."""
    if len(groups) != len(claimed):
        raise ValueError(f"{len(groups)} groups but {len(claimed)} claimed values")
    checked = tuple(
        CheckedGroup(tuple(cards), _counted_group_points(cards, ruleset), value)
        for cards, value in zip(groups, claimed, strict=True)
    )
    problems = [
        problem(
            "group-wrong",
            "group %(n)s (%(cards)s) is worth %(points)s, not %(claimed)s",
            n=i,
            cards=_labels(g.cards),
            points=g.points,
            claimed=g.claimed,
        )
        for i, g in enumerate(checked, start=1)
        if not g.correct
    ]
    problems += _group_shape_problems(groups, ruleset)
    points = count_pile([card for cards in groups for card in cards], ruleset).points
    claimed_total = sum(claimed)
    if not problems and claimed_total != points:
        problems.append(
            problem(
                "total-wrong",
                "the groups add up to %(points)s, not %(claimed)s",
                points=points,
                claimed=claimed_total,
            )
        )
    return CountCheck(points, claimed_total, checked, tuple(problems))


def _counted_group_points(cards: Sequence[Card], ruleset: Ruleset) -> int:
    if ruleset.fool_counting == "apart" and any(card.is_fool for card in cards):
        fool = [card for card in cards if card.is_fool]
        others = [card for card in cards if not card.is_fool]
        return sum(ruleset.value(card) for card in fool) + (
            group_points(others, ruleset) if others else 0
        )
    return group_points(cards, ruleset)


def _group_shape_problems(groups: Sequence[Sequence[Card]], ruleset: Ruleset) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[Card] = set()
    for cards in groups:
        for card in cards:
            if card in seen:
                problems.append(problem("card-twice", "%(card)s is counted twice", card=card.label))
            seen.add(card)
    if ruleset.counting == "raw":
        return problems
    for i, cards in enumerate(groups, start=1):
        others = [card for card in cards if not (card.is_fool and ruleset.fool_counting == "apart")]
        if len(others) > 3:
            problems.append(
                problem(
                    "group-too-big",
                    "group %(n)s has %(cards)s cards; count in threes",
                    n=i,
                    cards=len(others),
                )
            )
    short = [cards for cards in groups if 0 < _grouped(cards, ruleset) < 3]
    if len(short) > 1:
        problems.append(
            problem(
                "groups-short",
                "%(n)s groups have fewer than three cards; only the last may",
                n=len(short),
            )
        )
    return problems


def _grouped(cards: Sequence[Card], ruleset: Ruleset) -> int:
    return sum(1 for card in cards if not (card.is_fool and ruleset.fool_counting == "apart"))


def _labels(cards: Iterable[Card]) -> str:
    return " ".join(card.label for card in cards)
