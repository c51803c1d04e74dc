"""Audit a deal in one of three input forms: full piles, quick count, totals (rules.md A4, A5).

The audit never refuses to score what the table agreed; it lists every problem with a stable
code. ``DealResult.recordable`` is False only for problems that make the points themselves
doubtful (a card missing or twice, impossible pile sizes, totals that do not add up).
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .counting import PileCount
from .counting import count_pile
from .counting import pile_points
from .errors import IllegalDealError
from .layout import Layout
from .layout import apply_penalties
from .layout import check_cards
from .layout import check_pile_sizes
from .layout import seat_names
from .problem import Problem
from .problem import problem
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
) -> DealResult:
    """Audit each seat's won cards (the Fool with its holder) and the scarto.

    ``kept`` is the dealer's hand after laying the scarto aside, where the play shows it.
    """
    _check_seat(ruleset, dealer, "dealer")
    if len(piles) != ruleset.players:
        raise IllegalDealError(f"{len(piles)} piles given for {ruleset.players} players")
    names = seat_names(ruleset, names)
    problems = check_cards(ruleset, piles, names, scarto)
    layout = Layout.from_piles(piles, scarto, dealer)
    problems += check_pile_sizes(layout, ruleset, names)
    return _finish(ruleset, layout, problems, last_trick_winner, declaration, names, kept)


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
) -> DealResult:
    """Audit where each counter went, the tricks per seat and who won the Fool's trick."""
    from .quick import layout_from_quick_count  # the quick count's own checks live there

    _check_seat(ruleset, dealer, "dealer")
    names = seat_names(ruleset, names)
    layout, problems = layout_from_quick_count(
        ruleset, dealer, counters, tricks, fool_trick_winner, scarto, names
    )
    return _finish(ruleset, layout, problems, last_trick_winner, declaration, names)


def audit_totals(ruleset: Ruleset, points: Sequence[int]) -> DealResult:
    """Audit the points each side counted: per seat, or per team where teams play."""
    if ruleset.teams and len(points) == ruleset.players:
        points = [points[0] + points[2], points[1] + points[3]]
    if len(points) != ruleset.sides:
        raise IllegalDealError(f"{len(points)} totals given for {ruleset.sides} sides")
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
    problems += _total_problems(ruleset, points)
    return DealResult(tuple(points), _scores(ruleset, points), tuple(problems))


def _finish(
    ruleset: Ruleset,
    layout: Layout,
    problems: list[Problem],
    last_trick_winner: int | None,
    declaration: DealerDeclaration | None,
    names: Sequence[str],
    kept: Collection[Card] | None = None,
) -> DealResult:
    if last_trick_winner is not None:
        _check_seat(ruleset, last_trick_winner, "last trick winner")
    verdict = _scarto_verdict(ruleset, layout, declaration, kept)
    problems += verdict.problems if verdict else ()
    illegal = verdict is not None and verdict.legal is False
    notes = list(verdict.notes if verdict else ())
    layout, penalties = apply_penalties(layout, ruleset, illegal, last_trick_winner, names)
    notes += penalties
    side_cards, side_sizes = layout.sides(ruleset)
    piles = None
    if layout.complete:
        piles = tuple(count_pile(cards, ruleset) for cards in side_cards)
    points = _side_points(ruleset, side_cards, side_sizes, piles)
    problems += _total_problems(ruleset, points)
    scores = _scores(ruleset, points)
    return DealResult(tuple(points), scores, tuple(problems), tuple(notes), verdict, piles)


def _side_points(
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


def _total_problems(ruleset: Ruleset, points: Sequence[int]) -> list[Problem]:
    total = sum(points)
    if total == ruleset.deck_total:
        return []
    return [
        problem(
            "total-mismatch",
            "the points add up to %(total)s, not %(expected)s",
            total=total,
            expected=ruleset.deck_total,
        )
    ]


def _scores(ruleset: Ruleset, points: Sequence[int]) -> tuple[int, ...]:
    """rules.md A3 "recorded score": points - 26 (the average), or raw points."""
    base = ruleset.score_base  # once: it looks the deck total up in a cache keyed by ruleset
    return tuple(value - base for value in points)


def _check_seat(ruleset: Ruleset, seat: object, what: str) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < ruleset.players:
        raise IllegalDealError(
            f"{what} must be a seat from 0 to {ruleset.players - 1}, not {seat!r}"
        )
