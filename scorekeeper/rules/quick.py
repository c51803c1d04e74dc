"""The quick count: a deal known by its counters, tricks and the Fool's trick (rules.md A4).

Pile sizes are 3 x tricks, +1 for the Fool's holder, -1 for the winner of the Fool's trick,
+ the scarto for the dealer; with the counters that is all the counting needs. Who won the
Fool's trick is needed only where it can change the deal (``settle_fool_trick``).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import TypeVar

from .cards import FOOL
from .cards import Card
from .errors import IllegalDealError
from .layout import Layout
from .layout import check_cards
from .problem import Problem
from .problem import problem
from .problem import translatable
from .ruleset import Ruleset

SCARTO = "scarto"
R = TypeVar("R")


def layout_from_quick_count(
    ruleset: Ruleset,
    dealer: int,
    counters: Mapping[Card, int | str],
    tricks: Sequence[int],
    fool_trick_winner: int | None,
    scarto: Sequence[Card] | None,
    names: Sequence[str],
) -> tuple[Layout, list[Problem]]:
    """Build the layout of a quick count, with the problems its input shows."""
    _check_input(ruleset, counters, tricks, fool_trick_winner)
    seats: list[list[Card]] = [[] for _ in range(ruleset.players)]
    laid_aside: list[Card] = []
    for card, place in counters.items():
        (laid_aside if place == SCARTO else seats[int(place)]).append(card)
    problems = _placement_problems(ruleset, counters, seats, laid_aside, scarto, names)
    problems += _trick_problems(ruleset, counters, tricks, fool_trick_winner)
    sizes = [
        ruleset.trick_size * won - (seat == fool_trick_winner) + (FOOL in seats[seat])
        for seat, won in enumerate(tricks)
    ]
    problems += [
        problem(
            "pile-size",
            "%(name)s won %(tricks)s tricks (%(cards)s cards) but %(counters)s counters are given",
            name=names[seat],
            tricks=tricks[seat],
            cards=sizes[seat],
            counters=len(seats[seat]),
        )
        for seat in range(ruleset.players)
        if len(seats[seat]) > max(sizes[seat], 0)
    ]
    known = scarto if scarto is not None else laid_aside
    layout = Layout(
        seats=tuple(map(tuple, seats)),
        sizes=tuple(max(size, 0) for size in sizes),
        scarto=tuple(known),
        scarto_size=ruleset.scarto_size if scarto is None else len(scarto),
        scarto_holder=dealer,
        scarto_known=scarto is not None,
        complete=False,
    )
    return layout, problems


def fool_trick_seats(
    ruleset: Ruleset, counters: Mapping[Card, int | str], tricks: Sequence[int]
) -> list[int]:
    """The seats that can have won the Fool's trick, as the quick count shows it.

    The Fool never wins a trick (rules.md 1.0), so not its player's seat (in a team ruleset a
    team's tricks are its seat's, so either team); the winner won a trick, and his pile, one
    card short of his tricks (A4), still holds the counters placed there.
    """
    owner = counters.get(FOOL)
    if not (_is_int(owner) and owner in range(len(tricks))):
        return []  # laid aside, or placed where _check_input refuses it
    placed = [0] * len(tricks)
    for card, place in counters.items():
        if isinstance(place, int) and card != FOOL and place in range(len(tricks)):
            placed[place] += 1
    return [
        seat
        for seat, won in enumerate(tricks)
        if _is_int(won)
        and won > 0
        and (seat != owner or ruleset.teams)
        and placed[seat] <= ruleset.trick_size * won - 1
    ]


def settle_fool_trick(
    ruleset: Ruleset,
    counters: Mapping[Card, int | str],
    tricks: Sequence[int],
    audit: Callable[[int | None], R],
) -> R:
    """Audit a quick count given without the Fool's trick's winner: ``audit(winner)``.

    Where every seat that can have won it gives the same audit, the answer cannot change the
    deal and that audit stands: counting in threes, the winner's 3k - 1 cards make k groups
    with the phantom blank, as 3k cards do (rules.md A4). Where it can (raw counting, 1.5; the
    Matto of a player without a trick, which goes to the winner of its trick, the last one,
    C13-C14), or no seat can have won it, the audit without a winner asks who did.
    """
    results = [audit(seat) for seat in fool_trick_seats(ruleset, counters, tricks)]
    if results and all(result == results[0] for result in results):
        return results[0]
    return audit(None)


def _check_input(
    ruleset: Ruleset,
    counters: Mapping[Card, int | str],
    tricks: Sequence[int],
    fool_trick_winner: int | None,
) -> None:
    """Input that cannot be read as a deal at all: wrong lengths, seats out of range."""
    seats = range(ruleset.players)
    if len(tricks) != ruleset.players:
        raise IllegalDealError(
            translatable("%(n)s trick counts given for %(players)s players"),
            n=len(tricks),
            players=ruleset.players,
        )
    if any(not _is_int(won) or won < 0 for won in tricks):
        raise IllegalDealError(translatable("tricks must be whole numbers, 0 or more"))
    if fool_trick_winner is not None and not (
        _is_int(fool_trick_winner) and fool_trick_winner in seats
    ):
        raise IllegalDealError(
            translatable("the Fool's trick winner must be a seat from 0 to %(last)s"),
            last=len(seats) - 1,
        )
    for card, place in counters.items():
        if place != SCARTO and not (_is_int(place) and place in seats):
            raise IllegalDealError(
                translatable(
                    "%(card)s must go to a seat from 0 to %(last)s or to the scarto, not %(place)s"
                ),
                card=card.label,
                last=len(seats) - 1,
                place=repr(place),
            )


def _placement_problems(
    ruleset: Ruleset,
    counters: Mapping[Card, int | str],
    seats: list[list[Card]],
    laid_aside: list[Card],
    scarto: Sequence[Card] | None,
    names: Sequence[str],
) -> list[Problem]:
    """Every counter placed once; the scarto as given agrees with the counters laid aside."""
    problems: list[Problem] = []
    given = list(scarto or ())
    if scarto is not None:
        problems += [
            problem(
                "scarto-mismatch",
                "%(card)s is marked as laid aside, not in the scarto",
                card=card.label,
            )
            for card in laid_aside
            if card not in given
        ]
        problems += [
            problem(
                "card-twice",
                "%(card)s is in the scarto and in %(name)s's pile",
                card=card.label,
                name=names[seat],
            )
            for seat, pile in enumerate(seats)
            for card in pile
            if card in given
        ]
    # The quick count places only counters: the blanks not named anywhere are taken as all there.
    named = [*counters, *(card for card in given if card not in counters)]
    blanks = [c for c in ruleset.cards if not ruleset.is_counter(c) and c not in set(named)]
    return problems + check_cards(ruleset, [named + blanks], None)


def _trick_problems(
    ruleset: Ruleset,
    counters: Mapping[Card, int | str],
    tricks: Sequence[int],
    fool_trick_winner: int | None,
) -> list[Problem]:
    problems: list[Problem] = []
    if sum(tricks) != ruleset.tricks_per_deal:
        problems.append(
            problem(
                "tricks-total",
                "the tricks add up to %(total)s, not %(expected)s",
                total=sum(tricks),
                expected=ruleset.tricks_per_deal,
            )
        )
    fool_played = FOOL in counters and counters[FOOL] != SCARTO
    if fool_played and fool_trick_winner is None:
        problems.append(
            problem("fool-trick-winner", "say who won the trick the Fool was played to")
        )
    elif fool_trick_winner is not None and not fool_played:
        problems.append(
            problem("fool-trick-winner", "the Fool was not played, so no one won its trick")
        )
    elif fool_trick_winner is not None and tricks[fool_trick_winner] == 0:
        problems.append(problem("fool-trick-winner", "the winner of the Fool's trick won no trick"))
    return problems


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
