"""Game progress: dealers, running totals and games (rules.md A3, C21).

A session is a list of deal scores, one per side (a player, or a team in Piedicavallo). The deal
passes to the next seat in order of play, across games; consecutive deals form games whose length
the ruleset sets; each finished game is ranked and settled (settlement.py).

A game of ``each-deals-once`` lasts until every player has dealt in it (English Wikipedia: "the
game continues until all players have dealt"): after a deal out of turn, the skipped one deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import IllegalDealError
from .problem import translatable
from .rotation import check_seat as _check_seat
from .rotation import dealer_of as dealer_of
from .rotation import dealers_of
from .rotation import next_dealer
from .ruleset import Ruleset
from .settlement import Settlement
from .settlement import Standing
from .settlement import settle
from .settlement import standings_of
from .sides import complete_points as complete_points
from .sides import wrong_count

TARGET = 100
"""The game total that ends a "first-to-100" game (rules.md 1.1, Tarocchi a 3)."""


@dataclass(frozen=True, slots=True)
class DealRow:
    """One line of the protocol: a deal, its dealer, its scores and the session totals after it."""

    number: int
    """Counted from 1 over the whole session."""
    dealer: int
    """Seat, 0-based in order of play."""
    game: int
    """The game this deal belongs to, counted from 1."""
    scores: tuple[int, ...]
    """The recorded score per side."""
    totals: tuple[int, ...]
    """Running session totals per side, this deal included."""
    out_of_turn: bool = False
    """Dealt by another seat than the rotation gave (the deal before's dealer's next)."""


@dataclass(frozen=True, slots=True)
class Game:
    """Consecutive deals that make one result."""

    number: int
    deals: tuple[int, ...]
    """Deal numbers, in order."""
    totals: tuple[int, ...]
    """The sum of this game's scores per side."""
    finished: bool
    standings: tuple[Standing, ...]
    """Highest total first."""
    settlement: Settlement | None
    """Only once the game is finished."""
    deals_to_go: int | None
    """Deals still needed (at least, when a tie may add more); None when only a score ends it."""


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a session stands after its deals."""

    rows: tuple[DealRow, ...]
    games: tuple[Game, ...]
    totals: tuple[int, ...]
    """Session totals per side."""
    next_dealer: int
    next_game: int
    """The game number the next deal belongs to."""
    deals_to_go: int | None
    """Deals still needed in the game being played or about to start; None for first-to-100."""

    @property
    def current_game(self) -> Game | None:
        """The unfinished game being played, or None when the next deal starts a new game."""
        if self.games and not self.games[-1].finished:
            return self.games[-1]
        return None


def progress(
    ruleset: Ruleset,
    first_dealer: int,
    deal_scores: Sequence[Sequence[int]],
    before: Progress | None = None,
    dealers: Sequence[int] | None = None,
) -> Progress:
    """Group a session's deal scores into games, with dealers, totals, standings and settlement.

    ``dealers`` are the seats that really dealt each deal; by default each follows the rotation
    from ``first_dealer`` (``dealers_of``). The next dealer follows the last deal's dealer.

    ``before`` may be the progress of an earlier state of the same session (the same ruleset and
    first dealer): its finished games over deals whose scores are unchanged are taken as they are,
    so that recording a deal costs the work of that deal's game, not of the whole session. The
    result is the same as without it.
    """
    _check_seat(ruleset, first_dealer)
    if dealers is None:
        dealers = dealers_of(ruleset, first_dealer, [None] * len(deal_scores))
    elif len(dealers) != len(deal_scores):
        raise IllegalDealError(_DEALERS_GIVEN, n=len(dealers), deals=len(deal_scores))
    same = min(_same_scores(before, first_dealer, deal_scores), _same_dealers(before, dealers))
    kept_games = _unchanged_games(before, same)
    start = kept_games[-1].deals[-1] if kept_games else 0
    kept_rows = before.rows[:start] if before is not None else ()
    # The kept games' deals were checked for ``before``: only the others are checked again.
    scores = [row.scores for row in kept_rows] + [
        _checked_scores(ruleset, number, deal)
        for number, deal in enumerate(deal_scores[start:], start + 1)
    ]
    new_games = _games(ruleset, scores, dealers, start, len(kept_games))
    games = kept_games + new_games
    rows = kept_rows + _rows(ruleset, first_dealer, scores, dealers, new_games, kept_rows)
    totals = rows[-1].totals if rows else (0,) * ruleset.sides
    current = games[-1] if games and not games[-1].finished else None
    return Progress(
        rows=rows,
        games=games,
        totals=totals,
        next_dealer=next_dealer(ruleset, first_dealer, dealers),
        next_game=current.number if current else len(games) + 1,
        deals_to_go=current.deals_to_go if current else game_length(ruleset),
    )


def _same_scores(
    before: Progress | None, first_dealer: int, deal_scores: Sequence[Sequence[int]]
) -> int:
    """How many deals, from the first, have the scores they had in ``before``."""
    if before is None or not before.rows or before.rows[0].dealer != first_dealer:
        return 0
    old = [row.scores for row in before.rows]
    length = min(len(old), len(deal_scores))
    # Recording a deal leaves the others as they were, the same tuples: one comparison in C.
    if list(deal_scores[:length]) == old[:length]:
        return length
    same = 0
    for row_scores, deal in zip(old, deal_scores, strict=False):
        if row_scores != tuple(deal):
            break
        same += 1
    return same


def _same_dealers(before: Progress | None, dealers: Sequence[int]) -> int:
    """How many deals, from the first, have the dealers they had in ``before``."""
    if before is None:
        return 0
    same = 0
    for row, dealer in zip(before.rows, dealers, strict=False):
        if row.dealer != dealer:
            break
        same += 1
    return same


def _unchanged_games(before: Progress | None, same: int) -> tuple[Game, ...]:
    """The finished games of ``before`` whose deals, the first ``same``, have the same scores."""
    if before is None:
        return ()
    kept = 0
    for game in before.games:
        if not game.finished or game.deals[-1] > same:
            break
        kept += 1
    return before.games[:kept]


def game_length(ruleset: Ruleset) -> int | None:
    """Give the deals in a game before any tie, or None when a game ends at a score (C21).

    For ``each-deals-once``, the deals when none is dealt out of turn."""
    if ruleset.game_length == "each-deals-once":
        return ruleset.players
    if ruleset.game_length == "first-to-100":
        return None
    return int(ruleset.game_length.removesuffix("-deals"))


def is_over(ruleset: Ruleset, dealers: Sequence[int], totals: Sequence[int]) -> bool:
    """Tell whether a game whose deals were dealt by ``dealers``, with these totals, is finished."""
    if not _length_reached(ruleset, dealers, totals):
        return False
    # rules.md A3 (Piedicavallo): a tie adds a deal, again until it is broken.
    return not (ruleset.tie_extra_deal and _first_is_tied(totals))


def _games(
    ruleset: Ruleset,
    scores: Sequence[tuple[int, ...]],
    dealers: Sequence[int],
    start: int = 0,
    games_before: int = 0,
) -> tuple[Game, ...]:
    """The games of the deals after the first ``start``, numbered after ``games_before``."""
    games: list[Game] = []
    for end in range(start + 1, len(scores) + 1):
        totals = _sum(scores[start:end], ruleset.sides)
        if is_over(ruleset, dealers[start:end], totals):
            number = games_before + len(games) + 1
            games.append(_game(ruleset, number, range(start + 1, end + 1), dealers, totals))
            start = end
    if start < len(scores):
        totals = _sum(scores[start:], ruleset.sides)
        number = games_before + len(games) + 1
        deals = range(start + 1, len(scores) + 1)
        games.append(_game(ruleset, number, deals, dealers, totals))
    return tuple(games)


def _game(
    ruleset: Ruleset, number: int, deals: range, dealers: Sequence[int], totals: tuple[int, ...]
) -> Game:
    dealt = dealers[deals.start - 1 : deals.stop - 1]
    finished = is_over(ruleset, dealt, totals)
    return Game(
        number=number,
        deals=tuple(deals),
        totals=totals,
        finished=finished,
        standings=standings_of(totals),
        settlement=settle(ruleset, totals) if finished else None,
        deals_to_go=_deals_to_go(ruleset, dealt, totals),
    )


def _deals_to_go(ruleset: Ruleset, dealers: Sequence[int], totals: Sequence[int]) -> int | None:
    if is_over(ruleset, dealers, totals):
        return 0
    if _length_reached(ruleset, dealers, totals):
        return 1  # a tie for first: one more deal, at least
    if ruleset.game_length == "each-deals-once":
        # The deals until the last player yet to deal in it deals, if the rotation is kept.
        players = ruleset.players
        after = (dealers[-1] + 1) % players
        waiting = [(seat - after) % players for seat in range(players) if seat not in dealers]
        return max(waiting) + 1
    length = game_length(ruleset)
    return None if length is None else length - len(dealers)


def _rows(
    ruleset: Ruleset,
    first_dealer: int,
    scores: Sequence[tuple[int, ...]],
    dealers: Sequence[int],
    games: Sequence[Game],
    rows_before: Sequence[DealRow] = (),
) -> tuple[DealRow, ...]:
    """The rows of the deals in ``games``, which follow ``rows_before``."""
    game_of = {number: game.number for game in games for number in game.deals}
    rows: list[DealRow] = []
    totals = rows_before[-1].totals if rows_before else (0,) * ruleset.sides
    for number in range(len(rows_before) + 1, len(scores) + 1):
        deal = scores[number - 1]
        totals = tuple(a + b for a, b in zip(totals, deal, strict=True))
        dealer = dealers[number - 1]
        turn = next_dealer(ruleset, first_dealer, dealers[: number - 1])
        rows.append(DealRow(number, dealer, game_of[number], deal, totals, dealer != turn))
    return tuple(rows)


def _length_reached(ruleset: Ruleset, dealers: Sequence[int], totals: Sequence[int]) -> bool:
    if ruleset.game_length == "each-deals-once":
        return len(set(dealers)) == ruleset.players  # every player has dealt in this game
    length = game_length(ruleset)
    if length is None:
        return len(dealers) > 0 and max(totals) >= TARGET
    return len(dealers) >= length


def _first_is_tied(totals: Sequence[int]) -> bool:
    return list(totals).count(max(totals)) > 1


def _sum(scores: Sequence[tuple[int, ...]], sides: int) -> tuple[int, ...]:
    return tuple(sum(deal[side] for deal in scores) for side in range(sides))


def _checked_scores(ruleset: Ruleset, number: int, deal: Sequence[int]) -> tuple[int, ...]:
    if len(deal) != ruleset.sides:
        wrong = wrong_count("scores", len(deal), ruleset)
        raise IllegalDealError(_IN_DEAL, number=number, problem=wrong)
    return tuple(deal)


_DEALERS_GIVEN = translatable("%(n)s dealers given for %(deals)s deals")
_IN_DEAL = translatable("deal %(number)s: %(problem)s")
