"""Checking a count made at the table: the groups the players formed, each with the value they
claimed for it, group by group against counting.py (rules.md A4), and the shape of the groups
(threes, a single short group, no card twice)."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .counting import count_pile
from .counting import fool_alone
from .counting import group_points
from .counting import single_leftover
from .problem import Problem
from .problem import problem
from .ruleset import Ruleset


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
    notes: tuple[Problem, ...] = ()
    """Remarks that leave the count right: a group of a single card (``single-leftover-card``)."""

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
    return CountCheck(points, claimed_total, checked, tuple(problems), _lone_cards(groups, ruleset))


def _lone_cards(groups: Sequence[Sequence[Card]], ruleset: Ruleset) -> tuple[Problem, ...]:
    """A note for each group the table made of a single card (the Fool counted apart aside)."""
    if ruleset.counting == "raw" or fool_alone([c for g in groups for c in g], ruleset):
        return ()
    apart = ruleset.fool_counting == "apart"
    lone = [[c for c in cards if not (apart and c.is_fool)] for cards in groups]
    return tuple(single_leftover(g[0], ruleset.value(g[0])) for g in lone if len(g) == 1)


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
