"""Counting a pile in threes, with a breakdown a person can follow (rules.md A4, B §1.6).

Each group of three is worth the sum of its cards' values (blanks 1) minus 2; a last group of two
gets a phantom blank; a last single card counts its own value, noting that no legal deal leaves
one (``single-leftover-card``); the Fool is counted apart. So a group of 1-3 cards is worth
sum(value - 1) + 1, and grouping never changes a pile's points.
Under ``counting="raw"`` (Piedicavallo) a pile is the plain sum of its cards' values.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Protocol

from .cards import FOOL
from .cards import Card
from .problem import Problem
from .problem import problem


class Ruleset(Protocol):
    """What counting reads of a ruleset (ruleset.Ruleset): the counting does not depend on the
    rest of it, and the ruleset counts its own pack with it (its deck total)."""

    @property
    def counting(self) -> str: ...
    @property
    def fool_counting(self) -> str: ...
    @property
    def _values(self) -> dict[int, int]: ...
    def value(self, card: Card) -> int: ...


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
    notes: tuple[Problem, ...] = field(default=(), compare=False)
    """What the count says beside the points (``single-leftover-card``); they follow from the
    cards, so two counts of the same cards are equal whatever their notes."""


def group_points(cards: Sequence[Card], ruleset: Ruleset) -> int:
    """Points of one group: sum - 2 for three cards, phantom blank for two (rules.md A4)."""
    return _group_points(cards, ruleset._values, ruleset.counting == "raw")


def _group_points(cards: Sequence[Card], values: dict[int, int], raw: bool) -> int:
    # sum(value - 1) + 1 is sum(value) - len + 1; the value table is read by each card's key.
    total = sum([values[card._key] for card in cards])
    return total if raw else total - len(cards) + 1


def count_pile(cards: Iterable[Card], ruleset: Ruleset) -> PileCount:
    """Count a pile, grouping as the Swedish tip says: each counter with two blanks."""
    cards = list(cards)
    values = ruleset._values
    counters, blanks, fool = _sort_out(cards, ruleset)
    raw = ruleset.counting == "raw"
    # Each counter with two blanks while both last, then whatever is left in threes, counters
    # first. A counter with two blanks (worth 1 each) is worth its value, raw its value + 2.
    paired = min(len(counters), len(blanks) // 2)
    groups = [
        Group((card, blanks[2 * i], blanks[2 * i + 1]), value + 2 if raw else value)
        for i, (value, card) in enumerate(counters[:paired])
    ]
    leftover = [card for _, card in counters[paired:]] + blanks[2 * paired :]
    for i in range(0, len(leftover), 3):
        chunk = tuple(leftover[i : i + 3])
        groups.append(Group(chunk, _group_points(chunk, values, raw)))
    fool_points = values[fool._key] if fool else 0
    total = sum([group.points for group in groups]) + fool_points
    notes: tuple[Problem, ...] = ()
    if not raw and len(leftover) % 3 == 1 and not fool_alone(cards, ruleset):
        notes = (single_leftover(groups[-1].cards[0], groups[-1].points),)
    return PileCount(total, tuple(groups), fool, fool_points, len(cards), notes)


def fool_alone(cards: Sequence[Card], ruleset: Ruleset) -> bool:
    """Whether a single card over may be the Fool counted alone, as is legal in a group (C15).

    Its owner had no blank to give in exchange (fool_exchange); its points come out the same.
    """
    return ruleset.fool_counting == "in-group" and any(card.is_fool for card in cards)


def single_leftover(card: Card, points: int) -> Problem:
    # rules.md A4: a last single card counts its own value, and the checker says no legal
    # deal leaves one (pile sizes are 3k, or 3k + 2 for the winner of the Fool's trick).
    return problem(
        "single-leftover-card",
        "%(card)s is left over on its own and counts its own value, %(points)s; "
        "a pile from a legal deal never leaves a single card over",
        card=card.label,
        points=points,
    )


def _sort_out(
    cards: list[Card], ruleset: Ruleset
) -> tuple[list[tuple[int, Card]], list[Card], Card | None]:
    """A pile's counters with their values, highest first, and its blanks, each in pile order.

    The Fool counted apart is in neither (nor is a second Fool), and comes third. Bucketed by
    value, which gives the order a stable sort on -value gives without a key call per card;
    values are few (2 to 5), so sorting the buckets costs nothing.
    """
    values = ruleset._values
    apart = ruleset.fool_counting == "apart"
    fool = None
    buckets: dict[int, list[Card]] = {}
    blanks: list[Card] = []
    for card in cards:
        if apart and card.is_fool:
            fool = card if fool is None else fool
            continue
        value = values[card._key]
        if value > 1:
            buckets.setdefault(value, []).append(card)
        else:
            blanks.append(card)
    counters = [(value, card) for value in sorted(buckets, reverse=True) for card in buckets[value]]
    return counters, blanks, fool


def pile_points(counters: Iterable[Card], size: int, ruleset: Ruleset) -> int:
    """Points of a pile known only by its counters and its number of cards (the quick count).

    ``size`` counts every card of the pile, the Fool included when it is there. By A4 blanks
    matter only through the pile size: points = sum(value - 1 over counters) + groups (+ Fool).
    """
    counters = list(counters)
    values = ruleset._values
    total = sum([values[card._key] for card in counters])
    fools = sum([card.is_fool for card in counters])
    return _points(ruleset, total, len(counters), fools, size)


def side_points(
    ruleset: Ruleset,
    side_cards: Sequence[Sequence[Card]],
    side_sizes: Sequence[int],
    piles: tuple[PileCount, ...] | None,
) -> list[int]:
    """Each side's points: those of its pile counted in groups, where every card is known.

    Grouping never changes a pile's points (rules.md A4), so the counted piles give what
    pile_points would, but for a pile holding the Fool twice (a deal entered wrong), which the
    two count differently: there pile_points decides, as it always did.
    """
    if piles is not None and all(
        len(cards) == size and sum([card.is_fool for card in cards]) <= 1
        for cards, size in zip(side_cards, side_sizes, strict=True)
    ):
        return [pile.points for pile in piles]
    return [pile_points(c, n, ruleset) for c, n in zip(side_cards, side_sizes, strict=True)]


def _points(ruleset: Ruleset, total: int, known: int, fools: int, size: int) -> int:
    """pile_points from its sums: the known cards' values, how many there are, how many Fools.

    Counted apart, every Fool is out of the groups but only one is taken off the pile size
    and added back (a deal with the Fool twice is flagged, and counted as it always was).
    """
    if ruleset.counting == "raw":
        return total + size - known
    if fools and ruleset.fool_counting == "apart":
        fool = ruleset._values[FOOL._key]
        reduced = total - fools * fool - (known - fools)
        return reduced + -(-(size - 1) // 3) + fool
    return total - known + -(-size // 3)


class RunningPoints:
    """A pile's points kept up to date as it grows: a replay's score after each trick.

    ``points`` is always pile_points of every card added, counted as a whole pile, without
    going over the whole pile again after each trick.
    """

    __slots__ = ("_ruleset", "_total", "_cards", "_fools", "points")

    def __init__(self, ruleset: Ruleset) -> None:
        self._ruleset = ruleset
        self._total = self._cards = self._fools = 0
        self.points = _points(ruleset, 0, 0, 0, 0)

    def add(self, cards: Iterable[Card]) -> None:
        values = self._ruleset._values
        for card in cards:
            self._total += values[card._key]
            self._cards += 1
            self._fools += card.is_fool
        self.points = _points(self._ruleset, self._total, self._cards, self._fools, self._cards)
