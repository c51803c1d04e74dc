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
from .fool_play import OPPONENTS
from .fool_play import FoolPlay
from .fool_play import fool_reason
from .problem import translatable
from .ruleset import Ruleset

NO_SEAT = translatable("no seat %(seat)s at a table of %(players)s")


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

    Its player keeps it (rules.md 1.2-1.5), except where fool_penalty sends it to the winner of
    the last trick (Tarocchi a 3, 1.4, C13, C14, E6). Piedicavallo's "team wins no trick"
    (rules.md 1.5) is left to the audit of the whole deal.
    """
    player = fool_player(tricks)
    if player is None:
        return None
    why = fool_penalty(tricks, ruleset)
    return tricks[-1].winner if why is not None and why != OPPONENTS else player


def fool_player(tricks: Sequence[Trick]) -> int | None:
    """Seat that played the Fool, or None if no trick holds it."""
    found = _fool_played(tricks)
    return None if found is None else tricks[found[0]].seat_of(found[1])


def fool_play(tricks: Sequence[Trick], ruleset: Ruleset) -> FoolPlay:
    """How the Fool was played, as the keeper of a quick count would say it (fool_play.py).

    Too early: before its player had won a trick, and not as his last card (the last trick of
    the deal), where the ruleset has that rule; led: at the last trick, earlier, or not.
    """
    found = _fool_played(tricks)
    if found is None:
        return FoolPlay()
    number, position = found
    player = tricks[number].seat_of(position)
    last = number == ruleset.tricks_per_deal - 1
    early = not last and all(trick.winner != player for trick in tricks[:number])
    led = "no" if position else ("last-trick" if last else "earlier")
    return FoolPlay(too_early=early if ruleset.fool_needs_prior_trick else None, led=led)


def fool_penalty(tricks: Sequence[Trick], ruleset: Ruleset) -> str | None:
    """Why the Fool leaves its player's pile after this play, or None if it stays with him.

    The reasons are fool_play.py's, decided from how the play went, as for a quick count.
    """
    player = fool_player(tricks)
    if player is None:
        return None
    side = ruleset.side_of(player)
    won_nothing = all(ruleset.side_of(trick.winner) != side for trick in tricks)
    return fool_reason(ruleset, won_nothing, fool_play(tricks, ruleset))


def _fool_played(tricks: Sequence[Trick]) -> tuple[int, int] | None:
    """The Fool's trick, as its index in the play, and the Fool's position in that trick."""
    for number, trick in enumerate(tricks):
        for position, card in enumerate(trick.cards):
            if card.is_fool:
                return number, position
    return None


def gather_piles(
    tricks: Sequence[Trick], ruleset: Ruleset, *, as_played: bool = False
) -> tuple[tuple[Card, ...], ...]:
    """Give each seat the cards it won, in order of play, and the Fool to its holder.

    ``as_played``: the Fool to the player who played it, as a keeper enters it, the audit
    moving it where the ruleset sends it. The scarto is not included: it joins the dealer's
    pile when the deal is counted.
    """
    holder = fool_player(tricks) if as_played else fool_holder(tricks, ruleset)
    piles: list[list[Card]] = [[] for _ in range(ruleset.players)]
    for trick in tricks:
        for card in trick.cards:
            piles[holder if card.is_fool and holder is not None else trick.winner].append(card)
    return tuple(tuple(pile) for pile in piles)
