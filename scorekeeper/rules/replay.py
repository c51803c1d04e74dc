"""Replay a deal trick by trick and judge every card against the hand that played it.

The record is the scarto and the tricks in order of play. The first trick is led by the seat
after the dealer and each winner leads the next (rules.md C9), so every card's player is known;
a player's hand at trick t is every card he plays from trick t on. A card that was not a legal
play from that hand is a revoke, proved by a card the player still held and played later
(``judge``). A complete record is counted as any other deal (``audit``); its count is also the
last row of the running points, so the protocol and the trick-by-trick view agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace

from .audit import BLOCKING
from .audit import DealerDeclaration
from .audit import DealResult
from .audit import audit_played_piles
from .cards import Card
from .counting import RunningPoints
from .fool_exchange import give_blank_in_piles
from .judge import judge_play
from .layout import check_cards
from .layout import seat_names
from .play import Trick
from .play import first_leader
from .play import fool_penalty
from .play import fool_play
from .play import fool_player
from .play import gather_piles
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
    """Each side's card points after each trick, the Fool with its player's side; after the
    last trick of a complete, readable record, the deal's points (the scarto and penalties in)."""
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
    *,
    declaration: DealerDeclaration | None = None,
) -> Replay:
    """Replay the tricks; judge every card when the record is complete and readable.

    The last running row of such a record is the deal's points as audit_play gives them; the
    dealer's ``declaration`` settles his scarto there, as it does for audit_play.
    """
    return _replay_and_audit(ruleset, dealer, scarto, play, names, declaration)[0]


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
    played, result = _replay_and_audit(ruleset, dealer, scarto, play, names, declaration)
    if result is None:
        missing = [] if played.complete else [_incomplete(ruleset, played)]
        zero = tuple(0 for _ in range(ruleset.sides))
        return played, DealResult(zero, zero, (*played.problems, *missing))
    return played, result


def _replay_and_audit(
    ruleset: Ruleset,
    dealer: int,
    scarto: Sequence[Card],
    play: Sequence[Sequence[Card]],
    names: Sequence[str] | None,
    declaration: DealerDeclaration | None,
) -> tuple[Replay, DealResult | None]:
    """The replay and, for a complete and readable record, the audit of its piles.

    The audit's points are the replay's last running row, so that the row after the last trick
    counts the scarto and the penalties (the Fool, an illegal scarto) as the deal's result does.
    """
    names = seat_names(ruleset, names)
    shape = _shape_problems(ruleset, scarto, play, names)
    tricks, leader = _tricks(ruleset, dealer, play)
    current = tuple(play[len(tricks)]) if len(play) > len(tricks) else ()
    complete = len(tricks) == ruleset.tricks_per_deal and not current
    running = _running(ruleset, tricks)
    hands = _hands(ruleset, tricks)
    problems = list(shape)
    if complete and not shape:
        problems += judge_play(ruleset, tricks, hands, names)
    next_seat = None if complete else (leader + len(current)) % ruleset.players
    played = Replay(tricks, current, tuple(problems), running, complete, hands, next_seat)
    if not complete or any(p.code in BLOCKING for p in problems):
        return played, None
    result = _audit(ruleset, dealer, scarto, played, declaration, names)
    return replace(played, running=(*running[:-1], result.points)), result


def _audit(
    ruleset: Ruleset,
    dealer: int,
    scarto: Sequence[Card],
    played: Replay,
    declaration: DealerDeclaration | None,
    names: Sequence[str],
) -> DealResult:
    """Count the piles of a complete play as a keeper would enter them, with the Fool with its
    player and how it was played (fool_play.py), so that every form counts a deal one way."""
    tricks = played.tricks
    player = fool_player(tricks)
    piles: Sequence[Sequence[Card]] = gather_piles(tricks, ruleset, as_played=True)
    if player is not None and fool_penalty(tricks, ruleset) is None:
        # The play records the tricks, not the exchange a table counting the Fool in a group
        # makes (rules.md C15, C18): the Fool's owner gives the winner of its trick a blank.
        fools_trick = next(trick for trick in tricks if any(c.is_fool for c in trick.cards))
        piles = give_blank_in_piles(piles, ruleset, player, fools_trick.winner)
    result = audit_played_piles(
        ruleset,
        dealer,
        piles,
        scarto,
        tricks[-1].winner,
        declaration,
        names,
        played.hands[dealer],
        fool_play(tricks, ruleset),
    )
    return replace(result, problems=(*played.problems, *result.problems))


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
    found = check_cards(ruleset, [seen], None, scarto)  # "in the deal": no English name
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
    """Card points each side has won after each trick, counted as its pile would be.

    The Fool is not won with its trick: it counts for the side of its player, who puts it in
    his own pile (rules.md 1.0; the Swedish page: "kan inte vinna ett stick, men inte heller
    förloras av sin ägare"; Piedicavallo, 1.5: "it goes into the scoring pile of the team that
    played it"). Where a penalty moves it at the end, the audit's last row says so.
    """
    won = [RunningPoints(ruleset) for _ in range(ruleset.sides)]
    running = []
    for trick in tricks:
        cards = trick.cards
        fools = [index for index, card in enumerate(cards) if card.is_fool]
        won[ruleset.side_of(trick.winner)].add(
            [card for card in cards if not card.is_fool] if fools else cards
        )
        for index in fools:
            won[ruleset.side_of(trick.seat_of(index))].add(cards[index : index + 1])
        running.append(tuple([pile.points for pile in won]))
    return tuple(running)
