"""Replay a deal trick by trick and judge every card against the hand that played it.

The record is the scarto and the tricks in order of play. The first trick is led by the seat
after the dealer and each winner leads the next (rules.md C9), so every card's player is known;
a player's hand at trick t is every card he plays from trick t on. A card that was not a legal
play from that hand is a revoke, proved by a card the player still held and played later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace

from .audit import BLOCKING
from .audit import DealerDeclaration
from .audit import DealResult
from .audit import audit_piles
from .cards import Card
from .cards import Suit
from .counting import RunningPoints
from .layout import check_cards
from .layout import seat_names
from .play import Trick
from .play import first_leader
from .play import gather_piles
from .play import led_suit
from .play import legal_plays
from .problem import Problem
from .problem import problem
from .ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Replay:
    """The tricks as played, with who led and won each, and what the play proves."""

    tricks: tuple[Trick, ...]
    """The complete tricks, in order."""
    current: tuple[Card, ...]
    """The cards of a trick still being played (a record saved part-way)."""
    problems: tuple[Problem, ...]
    """Cards played against the rules, each with its trick; and a record that cannot be read."""
    running: tuple[tuple[int, ...], ...]
    """Each side's card points won after each trick (the scarto not yet counted)."""
    complete: bool
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards as played (the dealer's after laying the scarto aside)."""
    next_seat: int | None
    """The seat to play next, or None when the deal is over."""


def replay(
    ruleset: Ruleset,
    dealer: int,
    scarto: Sequence[Card],
    play: Sequence[Sequence[Card]],
    names: Sequence[str] | None = None,
) -> Replay:
    """Replay the tricks; judge every card when the record is complete and readable."""
    names = seat_names(ruleset, names)
    shape = _shape_problems(ruleset, scarto, play, names)
    tricks, leader = _tricks(ruleset, dealer, play)
    current = tuple(play[len(tricks)]) if len(play) > len(tricks) else ()
    complete = len(tricks) == ruleset.tricks_per_deal and not current
    running = _running(ruleset, tricks)
    hands = _hands(ruleset, tricks)
    problems = list(shape)
    if complete and not shape:
        problems += _judge(ruleset, tricks, hands, names)
    next_seat = None if complete else (leader + len(current)) % ruleset.players
    return Replay(tricks, current, tuple(problems), running, complete, hands, next_seat)


def audit_play(
    ruleset: Ruleset,
    dealer: int,
    scarto: Sequence[Card],
    play: Sequence[Sequence[Card]],
    *,
    declaration: DealerDeclaration | None = None,
    names: Sequence[str] | None = None,
) -> tuple[Replay, DealResult]:
    """Replay a deal, then count its piles as any other deal; the play's problems come first."""
    names = seat_names(ruleset, names)
    played = replay(ruleset, dealer, scarto, play, names)
    if not played.complete or any(p.code in BLOCKING for p in played.problems):
        missing = [] if played.complete else [_incomplete(ruleset, played)]
        zero = tuple(0 for _ in range(ruleset.sides))
        return played, DealResult(zero, zero, (*played.problems, *missing))
    result = audit_piles(
        ruleset,
        dealer,
        gather_piles(played.tricks, ruleset),
        scarto,
        last_trick_winner=played.tricks[-1].winner,
        declaration=declaration,
        names=names,
        kept=played.hands[dealer],
    )
    return played, replace(result, problems=(*played.problems, *result.problems))


def _incomplete(ruleset: Ruleset, played: Replay) -> Problem:
    return problem(
        "play-incomplete",
        "the play has %(n)s of the %(total)s tricks",
        n=len(played.tricks),
        total=ruleset.tricks_per_deal,
    )


def _shape_problems(
    ruleset: Ruleset,
    scarto: Sequence[Card],
    play: Sequence[Sequence[Card]],
    names: Sequence[str],
) -> list[Problem]:
    """A record that cannot be replayed: trick sizes, too many tricks, cards twice or unknown."""
    problems = [
        problem(
            "trick-size",
            "trick %(number)s has %(n)s cards; a trick has %(size)s",
            number=number,
            n=len(cards),
            size=ruleset.players,
            trick=number,
        )
        for number, cards in enumerate(play, start=1)
        if len(cards) > ruleset.players or (len(cards) < ruleset.players and number < len(play))
    ]
    if len(play) > ruleset.tricks_per_deal:
        problems.append(
            problem(
                "tricks-total",
                "%(n)s tricks were entered; a deal has %(size)s",
                n=len(play),
                size=ruleset.tricks_per_deal,
            )
        )
    seen = [card for cards in play for card in cards]
    found = check_cards(ruleset, [seen], ["the play"], scarto)
    complete = sum(map(len, play)) == ruleset.tricks_per_deal * ruleset.players
    problems += [p for p in found if complete or p.code != "card-missing"]
    return problems


def _tricks(
    ruleset: Ruleset, dealer: int, play: Sequence[Sequence[Card]]
) -> tuple[tuple[Trick, ...], int]:
    """The complete tricks with leaders and winners, and the seat leading the next one."""
    leader = first_leader(dealer, ruleset)
    tricks: list[Trick] = []
    for cards in play:
        if len(cards) != ruleset.players or all(card.is_fool for card in cards):
            break
        trick = Trick.play(leader, cards, ruleset)
        tricks.append(trick)
        leader = trick.winner
    return tuple(tricks), leader


def _hands(ruleset: Ruleset, tricks: Sequence[Trick]) -> tuple[tuple[Card, ...], ...]:
    players = ruleset.players
    hands: list[list[Card]] = [[] for _ in range(players)]
    for trick in tricks:
        for index, card in enumerate(trick.cards):
            hands[(trick.leader + index) % players].append(card)  # trick.seat_of(index)
    return tuple(tuple(hand) for hand in hands)


def _running(ruleset: Ruleset, tricks: Sequence[Trick]) -> tuple[tuple[int, ...], ...]:
    """Card points each side has won after each trick, counted as its pile would be."""
    won = [RunningPoints(ruleset) for _ in range(ruleset.sides)]
    running = []
    for trick in tricks:
        won[ruleset.side_of(trick.winner)].add(trick.cards)
        running.append(tuple([pile.points for pile in won]))
    return tuple(running)


def _judge(
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
