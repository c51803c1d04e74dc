"""Audit a deal in one of three input forms: full piles, quick count, totals (rules.md A4, A5).

The audit never refuses to score what the table agreed; it lists every problem with a stable
code. ``DealResult.recordable`` is False only for problems that make the points themselves
doubtful (a card missing or twice, impossible pile sizes, totals that do not add up), or that
leave out a penalty the table owes (``last-trick-winner-needed``: the winner of the last trick
must be known to move an illegal scarto or the Fool to him; ``fool-led-needed``: whether the
Fool was led, where that sends it to him). Penalties applied are notes (``penalties``): the
Fool that goes to the winner of the last trick for how it was played (``fool_too_early``,
``fool_led``, fool_play.py) is ``fool-to-last-trick-winner``, its message saying why. Under the
Fool counted in a group, full piles that still owe its blank are ``fool-exchange``
(``fool_exchange``). Where the quick count or full piles show where the Fool was, the dealer's
scarto is judged knowing whether he kept it (rules.md C5).
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .counting import PileCount
from .counting import count_pile
from .counting import side_points
from .errors import IllegalDealError
from .fool_exchange import deal_total
from .fool_exchange import deal_totals
from .fool_exchange import settle_fool_exchange
from .fool_play import FoolPlay
from .fool_play import check_fool_play
from .fool_play import fool_play_problems
from .fool_play import led_last_winner
from .layout import Layout
from .layout import check_cards
from .layout import check_pile_sizes
from .layout import seat_names
from .penalties import apply_penalties
from .penalties import side_won_nothing
from .problem import Problem
from .problem import problem
from .problem import translatable
from .rotation import check_seat as _check_seat
from .ruleset import Ruleset
from .scarto import DealerDeclaration as DealerDeclaration
from .scarto import ScartoVerdict
from .scarto import judge_scarto

# Problems that make the points doubtful: the app refuses to record such a deal.
BLOCKING = frozenset(
    {
        "card-missing",
        "card-twice",
        "card-not-in-deck",
        "pile-size",
        "scarto-size",
        "scarto-mismatch",
        "trick-size",
        "play-incomplete",
        "tricks-total",
        "fool-trick-winner",
        "total-mismatch",
        "value-out-of-range",
        "last-trick-winner-needed",
        "fool-led-needed",
        "fool-led-impossible",
        "fool-exchange",
    }
)


@dataclass(frozen=True, slots=True)
class DealResult:
    """Points and scores per side (player, or team), with every problem found."""

    points: tuple[int, ...]
    scores: tuple[int, ...]
    problems: tuple[Problem, ...]
    notes: tuple[Problem, ...] = ()
    """Penalties applied, and what would settle an undecided scarto."""
    scarto: ScartoVerdict | None = None
    piles: tuple[PileCount, ...] | None = None
    """Each side's pile counted in groups, where every card is known (full piles)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def recordable(self) -> bool:
        return not any(problem.code in BLOCKING for problem in self.problems)


def audit_piles(
    ruleset: Ruleset,
    dealer: int,
    piles: Sequence[Sequence[Card]],
    scarto: Sequence[Card],
    *,
    last_trick_winner: int | None = None,
    declaration: DealerDeclaration | None = None,
    names: Sequence[str] | None = None,
    kept: Collection[Card] | None = None,
    fool_too_early: bool | None = None,
    fool_led: str | None = None,
) -> DealResult:
    """Audit each seat's won cards (the Fool with the player who played it) and the scarto.

    ``kept`` is the dealer's hand after laying the scarto aside, where the play shows it.
    ``fool_too_early``: was the Fool played before its player had won a trick, while he still
    held other cards? ``fool_led``: was it led (fool_play.FOOL_LED)? Where the ruleset sends the
    Fool elsewhere for that (rules.md C12-C14), None is a question not yet answered.
    """
    fool = FoolPlay(fool_too_early, fool_led)
    check_fool_play(ruleset, fool)
    return audit_played_piles(
        ruleset, dealer, piles, scarto, last_trick_winner, declaration, names, kept, fool, True
    )


def audit_played_piles(
    ruleset: Ruleset,
    dealer: int,
    piles: Sequence[Sequence[Card]],
    scarto: Sequence[Card],
    last_trick_winner: int | None,
    declaration: DealerDeclaration | None,
    names: Sequence[str] | None,
    kept: Collection[Card] | None,
    fool: FoolPlay,
    answered: bool = False,
) -> DealResult:
    """audit_piles, ``fool`` taken as known: a play shows it (replay.py) and judges it.

    ``answered``: ``fool`` is the keeper's answers, and what they show is flagged here.
    """
    _check_seat(ruleset, dealer, "dealer")
    if len(piles) != ruleset.players:
        raise IllegalDealError(
            translatable("%(n)s piles given for %(players)s players"),
            n=len(piles),
            players=ruleset.players,
        )
    names = seat_names(ruleset, names)
    problems = check_cards(ruleset, piles, names, scarto)
    layout = Layout.from_piles(piles, scarto, dealer)
    problems += check_pile_sizes(layout, ruleset, names)
    return _finish(
        ruleset, layout, problems, last_trick_winner, declaration, names, kept, fool, answered
    )


def audit_quick_count(
    ruleset: Ruleset,
    dealer: int,
    counters: Mapping[Card, int | str],
    tricks: Sequence[int],
    fool_trick_winner: int | None,
    scarto: Sequence[Card] | None = None,
    *,
    last_trick_winner: int | None = None,
    declaration: DealerDeclaration | None = None,
    names: Sequence[str] | None = None,
    fool_too_early: bool | None = None,
    fool_led: str | None = None,
) -> DealResult:
    """Audit where each counter went, the tricks per seat and who won the Fool's trick.

    ``fool_too_early`` and ``fool_led`` as for audit_piles: the Fool is placed with the player
    who played it. ``fool_trick_winner`` may be None where its answer cannot change the deal
    (quick.py); a Fool led at the last trick won by ``last_trick_winner`` was won by him.
    """
    from .quick import layout_from_quick_count  # the quick count's own checks live there
    from .quick import settle_fool_trick

    _check_seat(ruleset, dealer, "dealer")
    fool = FoolPlay(fool_too_early, fool_led)
    check_fool_play(ruleset, fool)
    names = seat_names(ruleset, names)
    fool_trick_winner, mismatch = led_last_winner(fool, fool_trick_winner, last_trick_winner)
    if mismatch is not None:
        zero = tuple(0 for _ in range(ruleset.sides))
        return DealResult(zero, zero, (mismatch,))

    def audit(winner: int | None) -> DealResult:
        layout, found = layout_from_quick_count(
            ruleset, dealer, counters, tricks, winner, scarto, names
        )
        said = (last_trick_winner, declaration, names, None, fool, True)
        return _finish(ruleset, layout, found, *said, fool_trick_winner=winner)

    if fool_trick_winner is not None:
        return audit(fool_trick_winner)
    return settle_fool_trick(ruleset, counters, tricks, audit)


def audit_totals(ruleset: Ruleset, points: Sequence[int]) -> DealResult:
    """Audit the points each side counted: per seat, or per team where teams play."""
    if ruleset.teams and len(points) == ruleset.players:
        points = [points[0] + points[2], points[1] + points[3]]
    if len(points) != ruleset.sides:
        raise IllegalDealError(
            translatable("%(n)s totals given for %(sides)s sides"),
            n=len(points),
            sides=ruleset.sides,
        )
    problems = [
        problem(
            "value-out-of-range",
            "%(value)s points is impossible: a deal has 0 to %(total)s",
            value=value,
            total=ruleset.deck_total,
        )
        for value in points
        if not 0 <= value <= ruleset.deck_total
    ]
    # Under the Fool in a group, 78 where its owner had no blank to give (fool_exchange).
    problems += _total_problems(ruleset, points, deal_totals(ruleset))
    return DealResult(tuple(points), _scores(ruleset, points), tuple(problems))


def _finish(
    ruleset: Ruleset,
    layout: Layout,
    problems: list[Problem],
    last_trick_winner: int | None,
    declaration: DealerDeclaration | None,
    names: Sequence[str],
    kept: Collection[Card] | None,
    fool: FoolPlay,
    answered: bool,
    *,
    fool_trick_winner: int | None = None,
) -> DealResult:
    if last_trick_winner is not None:
        _check_seat(ruleset, last_trick_winner, "last trick winner")
    verdict = judge_scarto(ruleset, layout, declaration, kept)
    problems += verdict.problems if verdict else ()
    illegal = verdict is not None and verdict.legal is False
    notes = list(verdict.notes if verdict else ())
    entered = layout
    holder = entered.fool_holder
    if answered and holder is not None:
        won_nothing = side_won_nothing(entered, ruleset, holder)
        problems += fool_play_problems(ruleset, won_nothing, fool, names[holder])
    layout, penalties, owed = apply_penalties(
        layout, ruleset, illegal, last_trick_winner, names, fool, fool_trick_winner
    )
    notes += penalties
    problems += owed
    # rules.md C15, C18: under the Fool in a group, its owner gives a blank for it.
    layout, exchange = settle_fool_exchange(entered, layout, ruleset, names, fool_trick_winner)
    problems += exchange
    side_cards, side_sizes = layout.sides(ruleset)
    piles = None
    if layout.complete:
        piles = tuple(count_pile(cards, ruleset) for cards in side_cards)
    points = side_points(ruleset, side_cards, side_sizes, piles)
    problems += _total_problems(ruleset, points, (deal_total(ruleset, side_cards, side_sizes),))
    scores = _scores(ruleset, points)
    return DealResult(tuple(points), scores, tuple(problems), tuple(notes), verdict, piles)


def _total_problems(
    ruleset: Ruleset, points: Sequence[int], expected: Sequence[int] = ()
) -> list[Problem]:
    """The points against the deal's total: one of ``expected``, the deck total by default."""
    total = sum(points)
    allowed = expected or (ruleset.deck_total,)
    if total in allowed:
        return []
    return [
        problem(
            "total-mismatch",
            "the points add up to %(total)s, not %(expected)s",
            total=total,
            expected=allowed[0],
        )
    ]


def _scores(ruleset: Ruleset, points: Sequence[int]) -> tuple[int, ...]:
    """rules.md A3 "recorded score": points - 26 (the average), or raw points."""
    base = ruleset.score_base  # once: it looks the deck total up in a cache keyed by ruleset
    return tuple(value - base for value in points)
