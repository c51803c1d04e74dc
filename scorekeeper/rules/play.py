"""Trick rules: what a player may play, who wins a trick, where the Fool goes (rules.md 1.0-1.5).

Seats are 0-based in order of play. The player after the dealer leads the first trick and each
trick's winner leads the next (rules.md A1, C9). Nothing here obliges a player to beat the cards
already played: no source requires it and the Italian page says so (rules.md C17).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .cards import Suit
from .errors import IllegalDealError
from .problem import translatable
from .ruleset import Ruleset

NO_SEAT = translatable("no seat %(seat)s at a table of %(players)s")

# Why the Fool goes from its player to the winner of the last trick (fool_penalty).
NO_TRICK = "no-trick"
"""Its player won no trick (rules.md C14)."""
TOO_EARLY = "too-early"
"""It was played before its player had won a trick (rules.md C13)."""
LED = "led"
"""Its player had to lead it (rules.md 1.4, E6)."""


@dataclass(frozen=True, slots=True)
class Trick:
    """One complete trick: who led it, its cards in order of play, and who won it."""

    leader: int
    """Seat that played the first card."""
    cards: tuple[Card, ...]
    """One card per seat, in order of play."""
    winner: int
    """Seat that won the trick (never the Fool's player, since the Fool never wins)."""

    @classmethod
    def play(cls, leader: int, cards: Sequence[Card], ruleset: Ruleset) -> Trick:
        """Make the trick these cards form, working out its winner."""
        if len(cards) != ruleset.players:
            raise IllegalDealError(
                translatable("a trick has %(players)s cards, not %(n)s: %(cards)s"),
                players=ruleset.players,
                n=len(cards),
                cards=" ".join(card.label for card in cards),
            )
        if not 0 <= leader < ruleset.players:
            raise IllegalDealError(NO_SEAT, seat=leader, players=ruleset.players)
        winning = trick_winner(cards, ruleset)
        return cls(leader, tuple(cards), (leader + winning) % ruleset.players)

    def seat_of(self, index: int) -> int:
        """Seat that played the card at this position (0 = the lead)."""
        return (self.leader + index) % len(self.cards)

    def seat_playing(self, card: Card) -> int | None:
        """Seat that played this card, or None if it is not in the trick."""
        if card not in self.cards:
            return None
        return self.seat_of(self.cards.index(card))


def first_leader(dealer: int, ruleset: Ruleset) -> int:
    """Seat that leads the first trick: the player after the dealer (rules.md C9)."""
    return (dealer + 1) % ruleset.players


def led_suit(played: Sequence[Card]) -> Suit | None:
    """Suit the others must follow: that of the first card that is not the Fool.

    A led Fool sets no suit; the next card does (rules.md 1.2, 1.3, 1.5).
    """
    return next((card.suit for card in played if not card.is_fool), None)


def legal_plays(
    hand: Collection[Card], played: Sequence[Card], ruleset: Ruleset, *, has_won_trick: bool
) -> list[Card]:
    """List, in deck order, the cards of a hand that may go to a trick after ``played``."""
    others = [card for card in hand if not card.is_fool]
    options = _suit_duty(others, led_suit(played), ruleset)
    has_fool = len(others) < len(hand)
    # rules.md 1.4, E6: a Fool that may not be played yet must go when it is the last card.
    if has_fool and (not others or _fool_allowed(played, ruleset, has_won_trick=has_won_trick)):
        options = [*options, next(card for card in hand if card.is_fool)]
    return sorted(options)


def _suit_duty(cards: list[Card], suit: Suit | None, ruleset: Ruleset) -> list[Card]:
    """Follow suit; if void, trump when the ruleset says so; if void in trumps too, anything."""
    if suit is None:
        return cards  # leading, or after a led Fool: any card (rules.md 1.2)
    following = [card for card in cards if card.suit is suit]
    if following:
        return following
    trumps = [card for card in cards if card.is_trump]
    if ruleset.must_trump and trumps:
        return trumps
    return cards


def _fool_allowed(played: Sequence[Card], ruleset: Ruleset, *, has_won_trick: bool) -> bool:
    # rules.md 1.2/1.3: the Fool may be played at any time and excuses following suit, but
    # Tarocchi a 3 forbids leading it and playing it before its owner has won a trick (1.4).
    if not played and not ruleset.fool_may_lead:
        return False
    return has_won_trick or not ruleset.fool_needs_prior_trick


def trick_winner(played: Sequence[Card], ruleset: Ruleset) -> int:
    """Give the position in ``played`` of the winning card: the top trump, else the top card led.

    The Fool never wins (rules.md 1.0); trumps and suits rank as the ruleset says (20 over 21
    where the Angel is top; the round suits' pips in reverse).
    """
    trumps = [index for index, card in enumerate(played) if card.is_trump]
    if trumps:
        return _strongest(played, trumps, ruleset.trump_strength)
    suit = led_suit(played)
    if suit is None:
        raise IllegalDealError(
            translatable("a trick needs a card other than the Fool to have a winner")
        )
    following = [index for index, card in enumerate(played) if card.suit is suit]
    return _strongest(played, following, ruleset.suit_strength)


def _strongest(played: Sequence[Card], indexes: list[int], strength: Callable[[Card], int]) -> int:
    """The first of these positions holding the strongest card, as max() with a key gives.

    Without a lambda call per card: a replay works out the winner of every trick.
    """
    strengths = [strength(played[index]) for index in indexes]
    return indexes[strengths.index(max(strengths))]


def fool_holder(tricks: Sequence[Trick], ruleset: Ruleset) -> int | None:
    """Seat whose pile keeps the Fool after the play, or None if no trick holds it.

    Its player keeps it (rules.md 1.2-1.5), except under Tarocchi a 3's rules (1.4, C13, C14,
    E6), where fool_penalty sends it to the winner of the last trick. Piedicavallo's "team wins
    no trick" (rules.md 1.5) is left to the audit of the whole deal.
    """
    player = fool_player(tricks)
    if player is None:
        return None
    return tricks[-1].winner if fool_penalty(tricks, ruleset) else player


def fool_player(tricks: Sequence[Trick]) -> int | None:
    """Seat that played the Fool, or None if no trick holds it."""
    found = _fool_played(tricks)
    return None if found is None else tricks[found[0]].seat_of(found[1])


def fool_penalty(tricks: Sequence[Trick], ruleset: Ruleset) -> str | None:
    """Why the Fool goes from its player to the winner of the last trick, or None if it stays.

    NO_TRICK: its player won no trick (rules.md C14); TOO_EARLY: he played it before he had won
    a trick (C13); LED: he had to lead it (1.4, E6). ``penalties`` words the note for each.
    """
    found = _fool_played(tricks)
    if found is None:
        return None
    number, position = found
    player = tricks[number].seat_of(position)
    to_last_winner = ruleset.fool_if_owner_no_trick == "last-trick-winner"
    if to_last_winner and all(trick.winner != player for trick in tricks):
        return NO_TRICK
    if ruleset.fool_needs_prior_trick and all(t.winner != player for t in tricks[:number]):
        # The Italian page: "Il Matto può essere giocato solo se chi lo gioca ha effettuato
        # almeno una presa, altrimenti verrà assegnato a chi fa l'ultima presa", even if he
        # takes tricks later (rules.md A3, C13).
        return TOO_EARLY
    if to_last_winner and position == 0 and not ruleset.fool_may_lead:
        return LED
    return None


def _fool_played(tricks: Sequence[Trick]) -> tuple[int, int] | None:
    """The Fool's trick, as its index in the play, and the Fool's position in that trick."""
    for number, trick in enumerate(tricks):
        for position, card in enumerate(trick.cards):
            if card.is_fool:
                return number, position
    return None


def gather_piles(tricks: Sequence[Trick], ruleset: Ruleset) -> tuple[tuple[Card, ...], ...]:
    """Give each seat the cards it won, in order of play, and the Fool to its holder.

    The scarto is not included: it joins the dealer's pile when the deal is counted.
    """
    holder = fool_holder(tricks, ruleset)
    piles: list[list[Card]] = [[] for _ in range(ruleset.players)]
    for trick in tricks:
        for card in trick.cards:
            piles[holder if card.is_fool and holder is not None else trick.winner].append(card)
    return tuple(tuple(pile) for pile in piles)
