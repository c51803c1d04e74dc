"""The Fool counted in a group (77) and the blank its owner gives for it (rules.md C15, C18).

Under ``fool_counting="in-group"`` the Fool is counted as an ordinary card in a group of three.
That adds up only with C15's empty-card exchange, a house rule from the Philebus-style pages
([U23][U24]): the Wikipedia seed says the opposite ("Unlike in more advanced tarot games, the
player does not need to exchange the Fool with a worthless card"). The Fool's owner gives the
winner of the Fool's trick a blank from the cards he won: the winner's two cards of that trick
then make a whole group, and so does the owner's pile (the Fool and 3k - 1 won cards). Every
pile is whole groups, the deal totals 77 and the scores (points - 26) add up to -1 (E5 variant).

Where the owner's won cards hold no blank (he won no trick, or only counters), no exchange is
made: the Fool counts alone at its value and the winner of its trick counts his two leftover
cards with a phantom blank, as A4 counts any pile. That deal totals 78; the winner scores what a
real blank would have given him, and the owner pays with no counter. The scarto is no source of
the blank: it is checked as the dealer laid it aside (A5). A Fool that ends in the pile of its
trick's winner (the Tarocchi a 3 Matto, E6) fills his group of two itself: 77, nothing to give.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .cards import Card
from .layout import Layout
from .problem import Problem
from .problem import problem
from .ruleset import Ruleset


def exchanges_blank(ruleset: Ruleset) -> bool:
    """Whether the Fool's owner gives a blank for it: the Fool counted in a group (C15, C18)."""
    # Raw counting has no groups, and the teams' 4-card tricks do not fall into threes.
    return (
        ruleset.counting == "threes" and ruleset.fool_counting == "in-group" and not ruleset.teams
    )


def deal_totals(ruleset: Ruleset) -> tuple[int, ...]:
    """The totals a deal may have, the usual one first: 77, or 78 when no blank was given."""
    if exchanges_blank(ruleset):
        return (ruleset.deck_total, ruleset.deck_total + 1)
    return (ruleset.deck_total,)


def deal_total(ruleset: Ruleset, side_cards: Sequence[Sequence[Card]], sizes: Sequence[int]) -> int:
    """The total this deal must have, from where the Fool is and how many cards are with it."""
    total = ruleset.deck_total
    if not exchanges_blank(ruleset):
        return total
    side = next((s for s, cards in enumerate(side_cards) if any(c.is_fool for c in cards)), None)
    # The Fool's pile one card over whole groups: no blank was given, so the Fool counts alone
    # and the winner of its trick has his phantom blank, one point more than in whole groups.
    return total + 1 if side is not None and sizes[side] % 3 == 1 else total


def settle_fool_exchange(
    entered: Layout,
    layout: Layout,
    ruleset: Ruleset,
    names: Sequence[str],
    fool_trick_winner: int | None = None,
) -> tuple[Layout, list[Problem]]:
    """Make or check the exchange: the layout to count and the problems found (C15).

    ``entered`` is the layout as given, ``layout`` the same after the penalties. A Fool that
    a penalty moved was not kept by its owner, who owes nothing (C13, C14). The quick count
    assumes the exchange was made; full piles must show it (check_fool_exchange).
    """
    owner = entered.fool_holder
    if not exchanges_blank(ruleset) or owner is None or layout.fool_holder != owner:
        return layout, []
    if layout.complete:
        return layout, check_fool_exchange(entered, ruleset, names)
    return give_blank(layout, ruleset, owner, fool_trick_winner), []


def give_blank(layout: Layout, ruleset: Ruleset, owner: int, winner: int | None) -> Layout:
    """The quick count's piles after the exchange: the owner's one card less, the winner's more.

    ``owner`` holds the Fool, ``winner`` won its trick. Nothing moves when the owner's won cards
    are all counters, as far as the known counters show: he has no blank to give.
    """
    if winner is None or owner == winner or _blanks(layout, ruleset, owner) <= 0:
        return layout
    sizes = list(layout.sizes)
    sizes[owner] -= 1
    sizes[winner] += 1
    return replace(layout, sizes=tuple(sizes))


def give_blank_in_piles(
    piles: Sequence[Sequence[Card]], ruleset: Ruleset, owner: int, winner: int
) -> list[list[Card]]:
    """Full piles after the exchange: the owner's last blank moves to the winner's pile.

    For piles gathered from the play, which records tricks but not the exchange. ``owner`` is
    the seat that played the Fool; if its pile does not hold the Fool, or no blank, nothing moves.
    """
    moved = [list(pile) for pile in piles]
    if not exchanges_blank(ruleset) or owner == winner:
        return moved
    mine = moved[owner]
    blanks = [card for card in mine if not card.is_fool and not ruleset.is_counter(card)]
    if blanks and any(card.is_fool for card in mine):
        mine.remove(blanks[-1])
        moved[winner].append(blanks[-1])
    return moved


def check_fool_exchange(layout: Layout, ruleset: Ruleset, names: Sequence[str]) -> list[Problem]:
    """Full piles left as if the Fool were apart, though its owner had a blank to give.

    That is, the pile over whole tricks (by ``trick_size - 1``, A5) is not the Fool's: its
    trick's winner still has the two cards of it. Over in the Fool's pile, the exchange was
    made (or the winner of its trick holds it, E6). Other sizes are check_pile_sizes' to name.
    """
    owner = layout.fool_holder
    if not exchanges_blank(ruleset) or owner is None:
        return []
    size = ruleset.trick_size
    over = [seat for seat in range(ruleset.players) if layout.won(seat) % size]
    if len(over) != 1 or over[0] == owner or layout.won(over[0]) % size != size - 1:
        return []
    if _blanks(layout, ruleset, owner) <= 0:
        return []
    return [
        problem(
            "fool-exchange",
            "%(owner)s kept the Fool and owes %(winner)s a blank card in exchange",
            owner=names[owner],
            winner=names[over[0]],
        )
    ]


def _blanks(layout: Layout, ruleset: Ruleset, seat: int) -> int:
    """Blanks among a seat's won cards: those not known to be counters (the quick count)."""
    counters = sum(1 for c in layout.seats[seat] if not c.is_fool and ruleset.is_counter(c))
    return layout.won(seat) - counters
