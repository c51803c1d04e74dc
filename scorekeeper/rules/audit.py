"""Audit a deal in one of three input forms: full piles, quick count, totals (rules.md A4, A5).

The audit never refuses to score what the table agreed; it lists every problem with a stable
code. ``DealResult.recordable`` is False only for problems that make the points themselves
doubtful (a card missing or twice, impossible pile sizes, totals that do not add up), or that
leave out a penalty the table owes (``last-trick-winner-needed``: the winner of the last trick
must be known to move an illegal scarto or the Fool to him). Penalties applied are notes
(``penalties``): a Fool played too early (``fool_too_early``, rules.md C13) reuses the code
``fool-to-last-trick-winner``, its message naming who played it and who gets it. Under the Fool
counted in a group, full piles that still owe its blank are ``fool-exchange`` (``fool_exchange``).
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
from .layout import Layout
from .layout import check_cards
from .layout import check_pile_sizes
from .layout import seat_names
from .penalties import apply_penalties
from .problem import Problem
from .problem import problem
from .problem import translatable
from .rotation import check_seat as _check_seat
from .ruleset import Ruleset
from .scarto import ScartoVerdict
from .scarto import check_scarto

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
        "fool-exchange",
    }
)


@dataclass(frozen=True, slots=True)
class DealerDeclaration:
    """What the dealer says about the cards he kept, to settle a conditional scarto."""

    keeps_trump: bool | None = None
    keeps_fool: bool | None = None
    had_other_choice: bool | None = None
    trumps_announced: int | None = None


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
    fool_too_early: bool = False,
) -> DealResult:
    """Audit each seat's won cards (the Fool with its holder) and the scarto.

    ``kept`` is the dealer's hand after laying the scarto aside, where the play shows it.
    ``fool_too_early``: was the Fool played before its player had taken a trick? (Where the
    ruleset forbids it, rules.md C13: the Fool, entered with its player, then goes to the winner
    of the last trick.)
    """
    _check_seat(ruleset, dealer, "dealer")
    _check_fool_too_early(ruleset, fool_too_early)
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
        ruleset, layout, problems, last_trick_winner, declaration, names, kept, fool_too_early
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
    fool_too_early: bool = False,
) -> DealResult:
    """Audit where each counter went, the tricks per seat and who won the Fool's trick.

    ``fool_too_early`` as for audit_piles: the Fool is placed with the player who played it.
    ``fool_trick_winner`` may be None where its answer cannot change the deal (quick.py).
    """
    from .quick import layout_from_quick_count  # the quick count's own checks live there
    from .quick import settle_fool_trick

    _check_seat(ruleset, dealer, "dealer")
    _check_fool_too_early(ruleset, fool_too_early)
    names = seat_names(ruleset, names)

    def audit(winner: int | None) -> DealResult:
        layout, problems = layout_from_quick_count(
            ruleset, dealer, counters, tricks, winner, scarto, names
        )
        return _finish(
            ruleset,
            layout,
            problems,
            last_trick_winner,
            declaration,
            names,
            None,
            fool_too_early,
            fool_trick_winner=winner,
        )

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
    kept: Collection[Card] | None = None,
    fool_too_early: bool = False,
    *,
    fool_trick_winner: int | None = None,
) -> DealResult:
    if last_trick_winner is not None:
        _check_seat(ruleset, last_trick_winner, "last trick winner")
    verdict = _scarto_verdict(ruleset, layout, declaration, kept)
    problems += verdict.problems if verdict else ()
    illegal = verdict is not None and verdict.legal is False
    notes = list(verdict.notes if verdict else ())
    entered = layout
    layout, penalties, owed = apply_penalties(
        layout, ruleset, illegal, last_trick_winner, names, fool_too_early=fool_too_early
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


def _scarto_verdict(
    ruleset: Ruleset,
    layout: Layout,
    declaration: DealerDeclaration | None,
    kept: Collection[Card] | None,
) -> ScartoVerdict | None:
    if not layout.scarto_known:
        return None
    said = declaration or DealerDeclaration()
    return check_scarto(
        layout.scarto,
        ruleset,
        kept=kept,
        keeps_trump=said.keeps_trump,
        keeps_fool=said.keeps_fool,
        had_other_choice=said.had_other_choice,
        trumps_announced=said.trumps_announced,
    )


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


def _check_fool_too_early(ruleset: Ruleset, fool_too_early: bool) -> None:
    if fool_too_early and not ruleset.fool_needs_prior_trick:
        raise IllegalDealError(
            translatable(
                "fool_too_early is not part of the ruleset %(ruleset_name)s: there the Fool may be "
                "played before its player has taken a trick (fool_needs_prior_trick is off)"
            ),
            ruleset_name=ruleset.name,
        )
