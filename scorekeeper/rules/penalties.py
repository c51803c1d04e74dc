"""The penalties that move the scarto and the Fool when a deal is counted (rules.md C8, C13, C14).

Three rules send cards to the winner of the last trick (Tarocchi a 3, rules.md 1.4): an illegal
scarto (``illegal_scarto="to-last-trick-winner"``), and the Fool for how it was played
(``fool_play.py``: its player won no trick, played it too early, or led it). Piedicavallo's team
that wins no trick loses its Fool and its scarto to the other team (1.5).

Each penalty applied leaves a note saying what moved and to whom: ``scarto-to-last-trick-winner``,
``scarto-to-other-team``, ``fool-to-other-team``, and ``fool-to-last-trick-winner``, used for
every reason the Fool goes to the winner of the last trick, its message saying which.

A penalty is never left out in silence (rules.md A3 "illegal scarto"): when the winner of the last
trick is neither given nor certain from the input, the problem ``last-trick-winner-needed`` says
which penalty waits for him and asks who he is. It is blocking: such a deal is not recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .fool_play import NOT_SAID
from .fool_play import OPPONENTS
from .fool_play import FoolPlay
from .fool_play import fool_reason
from .fool_play import fool_to_last_trick_winner
from .fool_play import fool_trick_was_last
from .fool_play import last_trick_winner_needed
from .layout import Layout
from .problem import Problem
from .problem import problem
from .ruleset import Ruleset


def apply_penalties(
    layout: Layout,
    ruleset: Ruleset,
    illegal_scarto: bool,
    last_trick_winner: int | None,
    names: Sequence[str],
    fool: FoolPlay = NOT_SAID,
    fool_trick_winner: int | None = None,
) -> tuple[Layout, list[Problem], list[Problem]]:
    """Move the scarto and the Fool where the ruleset sends them: the layout, notes, problems.

    ``fool`` is how the Fool was played (fool_play.py), the Fool being entered with the player
    who played it; ``fool_trick_winner`` the seat that won its trick, where it is known.
    """
    notes: list[Problem] = []
    problems: list[Problem] = []
    winner = last_trick_winner
    why = fool_moves(layout, ruleset, fool)
    scarto_moves = illegal_scarto and ruleset.illegal_scarto == "to-last-trick-winner"
    if winner is None and (scarto_moves or (why is not None and why != OPPONENTS)):
        winner = derive_last_trick_winner(layout, ruleset, fool, fool_trick_winner)
    if scarto_moves:
        # rules.md 1.4 (Tarocchi a 3): an illegal scarto goes to whoever took the last trick.
        if winner is None:
            problems.append(
                problem(
                    "last-trick-winner-needed",
                    "the scarto was illegal, so it goes to whoever won the last trick: "
                    "say who won it",
                )
            )
        else:
            layout = replace(layout, scarto_holder=winner)
            notes.append(
                problem(
                    "scarto-to-last-trick-winner",
                    "the illegal scarto goes to %(name)s, who won the last trick",
                    name=names[winner],
                )
            )
    layout = _move_fool(layout, ruleset, why, winner, names, notes, problems)
    layout = _scarto_without_trick(layout, ruleset, names, notes)
    return layout, notes, problems


def fool_moves(layout: Layout, ruleset: Ruleset, fool: FoolPlay) -> str | None:
    """Why the Fool, entered with its player, leaves his pile (fool_play.py), or None."""
    holder = layout.fool_holder
    if holder is None:
        return None
    return fool_reason(ruleset, side_won_nothing(layout, ruleset, holder), fool)


def derive_last_trick_winner(
    layout: Layout,
    ruleset: Ruleset,
    fool: FoolPlay = NOT_SAID,
    fool_trick_winner: int | None = None,
) -> int | None:
    """The seat that won the last trick where the input makes it certain, else None.

    A seat that won every trick won the last. And where the Fool's trick was certainly the last
    (fool_play.py ``fool_trick_was_last``: led there, or the last card of a player who won
    none), its winner won the last trick: given, or the only seat whose won cards, without the
    Fool, leave trick_size - 1 over (rules.md A4, A5), in full piles as in the quick count,
    whose sizes come from the tricks.
    """
    seats = range(ruleset.players)
    winners = [seat for seat in seats if layout.won(seat)]
    if len(winners) == 1:
        return winners[0]
    holder = layout.fool_holder
    if holder is None:
        return None
    if not fool_trick_was_last(side_won_nothing(layout, ruleset, holder), fool):
        return None
    if fool_trick_winner is not None:
        return fool_trick_winner
    size = ruleset.trick_size
    over = [s for s in winners if s != holder and layout.won(s) % size == size - 1]
    return over[0] if len(over) == 1 else None


def _move_fool(
    layout: Layout,
    ruleset: Ruleset,
    why: str | None,
    winner: int | None,
    names: Sequence[str],
    notes: list[Problem],
    problems: list[Problem],
) -> Layout:
    """rules.md C13, C14: the Fool stays, goes to the last-trick winner, or to the opponents."""
    holder = layout.fool_holder
    if holder is None or why is None:
        return layout
    if why == OPPONENTS:
        other = (holder + 1) % ruleset.players
        side = ruleset.side_of(holder)
        notes.append(
            problem(
                "fool-to-other-team",
                "%(first)s and %(second)s won no trick, so the Fool goes to the other team",
                first=names[side],
                second=names[side + 2],
            )
        )
        return layout.move_fool(other)
    if winner is None:
        problems.append(last_trick_winner_needed(why, names[holder]))
        return layout
    if winner != holder:  # a player who played it too early may have won the last trick
        notes.append(fool_to_last_trick_winner(why, names[holder], names[winner]))
    return layout.move_fool(winner)


def _scarto_without_trick(
    layout: Layout, ruleset: Ruleset, names: Sequence[str], notes: list[Problem]
) -> Layout:
    """rules.md 1.5 (Piedicavallo): a team that wins no trick loses the scarto too."""
    if not ruleset.scarto_needs_team_trick:
        return layout
    if not side_won_nothing(layout, ruleset, layout.scarto_holder):
        return layout
    other = (layout.scarto_holder + 1) % ruleset.players
    side = ruleset.side_of(other)
    if ruleset.teams:
        notes.append(
            problem(
                "scarto-to-other-team",
                "the dealer's team won no trick, so the scarto goes to %(first)s and %(second)s",
                first=names[side],
                second=names[side + 2],
            )
        )
    else:
        notes.append(
            problem(
                "scarto-to-other-team",
                "the dealer's team won no trick, so the scarto goes to %(name)s",
                name=names[side],
            )
        )
    return replace(layout, scarto_holder=other)


def side_won_nothing(layout: Layout, ruleset: Ruleset, seat: int) -> bool:
    """Whether the side of this seat won no trick."""
    side = ruleset.side_of(seat)
    return all(layout.won(s) == 0 for s in range(ruleset.players) if ruleset.side_of(s) == side)
