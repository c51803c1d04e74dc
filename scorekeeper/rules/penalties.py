"""The penalties that move the scarto and the Fool when a deal is counted (rules.md C8, C13, C14).

Three of them send cards to the winner of the last trick (Tarocchi a 3, rules.md 1.4): an illegal
scarto (``illegal_scarto="to-last-trick-winner"``), the Fool of a player who won no trick
(``fool_if_owner_no_trick="last-trick-winner"``), and a Fool played before its player had won a
trick (``fool_needs_prior_trick``; the keeper says so with ``fool_too_early``, a replay sees it).
Piedicavallo's team that wins no trick loses its Fool and its scarto to the other team (1.5).

Each penalty applied leaves a note saying what moved and to whom: ``scarto-to-last-trick-winner``,
``scarto-to-other-team``, ``fool-to-other-team``, and ``fool-to-last-trick-winner``, used for
every reason the Fool goes to the winner of the last trick, its message saying which (its player
won no trick, played it before winning a trick, or had to lead it).

A penalty is never left out in silence (rules.md A3 "illegal scarto"): when the winner of the last
trick is neither given nor implied by the input, the problem ``last-trick-winner-needed`` says
which penalty waits for him and asks who he is. It is blocking: such a deal is not recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .layout import Layout
from .play import LED
from .play import NO_TRICK
from .play import TOO_EARLY
from .problem import Problem
from .problem import problem
from .problem import translatable
from .ruleset import Ruleset


def apply_penalties(
    layout: Layout,
    ruleset: Ruleset,
    illegal_scarto: bool,
    last_trick_winner: int | None,
    names: Sequence[str],
    *,
    fool_too_early: bool = False,
) -> tuple[Layout, list[Problem], list[Problem]]:
    """Move the scarto and the Fool where the ruleset sends them: the layout, notes, problems.

    ``fool_too_early`` is True when the Fool, entered with the player who played it, was played
    before he had won a trick; the caller checks that the ruleset has that rule.
    """
    notes: list[Problem] = []
    problems: list[Problem] = []
    winner = last_trick_winner
    to_last_winner = ruleset.illegal_scarto == "to-last-trick-winner" or fool_too_early
    if winner is None and (to_last_winner or ruleset.fool_if_owner_no_trick != "stays"):
        # Only where a penalty may want him: the audit of every Scarto deal passes here.
        winner = derive_last_trick_winner(layout, ruleset, fool_too_early=fool_too_early)
    if illegal_scarto and ruleset.illegal_scarto == "to-last-trick-winner":
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
    layout = _move_fool(layout, ruleset, winner, names, fool_too_early, notes, problems)
    layout = _scarto_without_trick(layout, ruleset, names, notes)
    return layout, notes, problems


def derive_last_trick_winner(
    layout: Layout, ruleset: Ruleset, *, fool_too_early: bool = False
) -> int | None:
    """The seat that won the last trick where the piles imply it, else None.

    A seat that won every trick won the last. And where the Fool may be played only after its
    player has won a trick (rules.md C13), the Fool of a player who won none was his last card,
    unless the keeper says it was played too early: so the winner of the Fool's trick won the
    last trick. His won cards, without the Fool, are the only ones to leave trick_size - 1 over
    (rules.md A4, A5): in full piles as in the quick count, whose sizes come from the tricks.
    """
    seats = range(ruleset.players)
    winners = [seat for seat in seats if layout.won(seat)]
    if len(winners) == 1:
        return winners[0]
    holder = layout.fool_holder
    if not ruleset.fool_needs_prior_trick or fool_too_early or holder is None:
        return None
    if layout.won(holder):
        return None
    size = ruleset.trick_size
    over = [s for s in winners if s != holder and layout.won(s) % size == size - 1]
    return over[0] if len(over) == 1 else None


def fool_to_last_trick_winner(why: str, name: str, winner: str) -> Problem:
    """The note for a Fool that goes to the winner of the last trick, saying why."""
    if why == TOO_EARLY:
        template = translatable(
            "%(name)s played the Fool before winning a trick, so it goes to %(winner)s, "
            "who won the last trick"
        )
    elif why == LED:
        template = translatable(
            "%(name)s had to lead the Fool, so it goes to %(winner)s, who won the last trick"
        )
    else:
        template = translatable(
            "%(name)s won no trick, so the Fool goes to %(winner)s, who won the last trick"
        )
    return problem("fool-to-last-trick-winner", template, name=name, winner=winner)


def _winner_needed(why: str, name: str) -> Problem:
    """The blocking problem for a Fool that waits for the winner of the last trick."""
    if why == TOO_EARLY:
        template = translatable(
            "%(name)s played the Fool before winning a trick, so it goes to whoever won "
            "the last trick: say who won it"
        )
    else:
        template = translatable(
            "%(name)s won no trick, so the Fool goes to whoever won the last trick: say who won it"
        )
    return problem("last-trick-winner-needed", template, name=name)


def _move_fool(
    layout: Layout,
    ruleset: Ruleset,
    winner: int | None,
    names: Sequence[str],
    fool_too_early: bool,
    notes: list[Problem],
    problems: list[Problem],
) -> Layout:
    """rules.md C13, C14: the Fool stays, goes to the last-trick winner, or to the opponents."""
    holder = layout.fool_holder
    rule = ruleset.fool_if_owner_no_trick
    if holder is None:
        return layout
    if fool_too_early:
        # rules.md C13, the Italian page: "Il Matto può essere giocato solo se chi lo gioca ha
        # effettuato almeno una presa, altrimenti verrà assegnato a chi fa l'ultima presa".
        why = TOO_EARLY
    elif rule == "stays" or not _side_won_nothing(layout, ruleset, holder):
        return layout
    elif rule == "opponents" and ruleset.teams:
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
    else:
        why = NO_TRICK
    if winner is None:
        problems.append(_winner_needed(why, names[holder]))
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
    if not _side_won_nothing(layout, ruleset, layout.scarto_holder):
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


def _side_won_nothing(layout: Layout, ruleset: Ruleset, seat: int) -> bool:
    side = ruleset.side_of(seat)
    return all(layout.won(s) == 0 for s in range(ruleset.players) if ruleset.side_of(s) == side)
