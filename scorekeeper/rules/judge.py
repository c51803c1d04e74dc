"""Judge every card of a replayed deal against the hand that played it (rules.md 1.2-1.5).

A player's hand at trick t is every card he plays from trick t on, so a card that was not a
legal play from that hand is a revoke, proved by a card the player still held and played later.
Split from ``replay``, which reads the record and counts it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .cards import Suit
from .play import Trick
from .play import led_suit
from .play import legal_plays
from .problem import Problem
from .problem import problem
from .ruleset import Ruleset


def judge_play(
    ruleset: Ruleset,
    tricks: Sequence[Trick],
    hands: Sequence[Sequence[Card]],
    names: Sequence[str],
) -> list[Problem]:
    """Check every card against the hand that played it (rules.md 1.2-1.5).

    Most cards are plainly legal, as the count of the suits each seat still holds shows; only
    the others, and the Fool, are put to legal_plays with the whole hand.
    """
    players = ruleset.players
    held = [dict.fromkeys(Suit, 0) for _ in hands]  # the Fool is not counted with the trumps
    for seat, hand in enumerate(hands):
        for card in hand:
            held[seat][card.suit] += not card.is_fool
    has_won = [False] * players
    problems: list[Problem] = []
    for number, trick in enumerate(tricks, start=1):
        suit: Suit | None = None  # the suit led: that of the first card that is not the Fool
        for index, card in enumerate(trick.cards):
            seat = (trick.leader + index) % players
            if not _plainly_legal(card, suit, held[seat], ruleset):
                # His hand at this trick is what he plays from it on, one card a trick.
                before, hand = trick.cards[:index], hands[seat][number - 1 :]
                legal = legal_plays(hand, before, ruleset, has_won_trick=has_won[seat])
                if card not in legal:
                    played_in = {c: n for n, t in enumerate(tricks, start=1) for c in t.cards}
                    problems.append(
                        _why(ruleset, number, names[seat], card, before, legal, played_in)
                    )
            if not card.is_fool:
                held[seat][card.suit] -= 1
                suit = card.suit if suit is None else suit
        has_won[trick.winner] = True
    return problems


def _plainly_legal(card: Card, suit: Suit | None, held: dict[Suit, int], ruleset: Ruleset) -> bool:
    """True when legal_plays would allow the card whatever else the hand holds.

    That is a lead, a card of the suit led, or one played void in the suit led (and void in
    trumps too, or a trump, where one must trump). ``held`` counts the cards of each suit the
    player still holds, this one included. False leaves the card to legal_plays: always the Fool.
    """
    if card.is_fool:
        return False
    if suit is None or card.suit is suit:
        return True
    if held[suit]:
        return False  # he held the suit led
    return card.is_trump or not ruleset.must_trump or not held[Suit.TRUMPS]


def _fool_played_wrongly(
    ruleset: Ruleset, number: int, before: Sequence[Card], common: dict[str, str | int]
) -> Problem:
    """The Fool led where it may not be, or played before its player won a trick."""
    if not before and not ruleset.fool_may_lead:
        return problem(
            "fool-lead",
            "trick %(number)s: %(name)s led the Fool, which may not be led",
            trick=number,
            **common,
        )
    return problem(
        "fool-too-early",
        "trick %(number)s: %(name)s played the Fool before winning a trick",
        trick=number,
        **common,
    )


def _why(
    ruleset: Ruleset,
    number: int,
    name: str,
    card: Card,
    before: Sequence[Card],
    legal: Sequence[Card],
    played_in: dict[Card, int],
) -> Problem:
    """Say which rule the card broke, with the card the player held instead as proof."""
    common: dict[str, str | int] = {"number": number, "name": name, "card": card.label}
    if card.is_fool:
        return _fool_played_wrongly(ruleset, number, before, common)
    held = next(c for c in legal if not c.is_fool)
    proof: dict[str, str | int] = {"held": held.label, "later": played_in[held]}
    suit = led_suit(before)
    if held.suit is suit:
        if suit is Suit.TRUMPS:
            return problem(
                "revoke",
                "trick %(number)s: %(name)s played %(card)s on a trump lead "
                "while holding %(held)s (played in trick %(later)s)",
                trick=number,
                **common,
                **proof,
            )
        return problem(
            "revoke",
            "trick %(number)s: %(name)s played %(card)s on a %(suit)s lead "
            "while holding %(held)s (played in trick %(later)s)",
            trick=number,
            suit=suit.symbol if suit else "",
            **common,
            **proof,
        )
    return problem(
        "must-trump",
        "trick %(number)s: %(name)s played %(card)s, void in %(suit)s, "
        "while holding the trump %(held)s (played in trick %(later)s)",
        trick=number,
        suit=suit.symbol if suit else "",
        **common,
        **proof,
    )
