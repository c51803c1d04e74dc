"""Random legal deals, played out card by card, for tests and demo data.

Everything comes from one ``random.Random(seed)``, and no set is ever iterated, so a seed gives
the same deal in every process, whatever the hash seed.

A ``Steer`` bends the deal towards the edges random play rarely reaches, for the tests that
compare every way of entering one deal: a side that tries to lose every trick, a Fool kept to
the last trick, played too early or led against the rules, trumps laid aside. Unsteered, a seed
gives the deal it always gave.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace

from .cards import Card
from .errors import IllegalDealError
from .play import NO_SEAT
from .play import Trick
from .play import first_leader
from .play import fool_holder
from .play import gather_piles
from .play import legal_plays
from .play import trick_winner
from .ruleset import Ruleset
from .scarto import check_scarto

_RANDOM_CANDIDATES = 24
"""Random scartos tried before going through every possible one (rarely needed)."""
_PREFER_BLANKS = 0.75
"""How often a candidate is drawn from the plain suit blanks, the usual choice at the table."""


FOOL_SIDE = -1
"""The loser of a steered deal: the side of the player dealt the Fool."""
AFTER_FOOL_SIDE = -2
"""The loser of a steered deal: the side after the Fool's, so that the Fool's player often wins
the trick before the last and must lead the last one."""
FOOL_TIMES = ("any", "last", "early", "lead")
"""When a steered Fool is played: as random play has it; kept to its player's last card; at
the first trick it can go to, whatever the rules say; led at the first trick its player leads."""


@dataclass(frozen=True, slots=True)
class Steer:
    """How to bend a random deal towards an edge; the defaults play at random."""

    loser: int | None = None
    """A side (a seat, or a team; or ``FOOL_SIDE``, ``AFTER_FOOL_SIDE``) that plays not to take
    a trick, the others their strongest: it often wins none."""
    fool: str = "any"
    """One of ``FOOL_TIMES``."""
    scarto_trumps: bool = False
    """The dealer lays aside as many trumps as he can, the Bagatto first, legal or not."""
    weak: bool = False
    """The loser is dealt the lowest cards (the Fool stays where the shuffle put it)."""


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One deal from the shuffle to the last trick, with every card in its place."""

    ruleset: Ruleset
    dealer: int
    """Seat that dealt, 0-based in order of play; the next seat leads the first trick."""
    hands: tuple[tuple[Card, ...], ...]
    """The cards each seat was dealt; the dealer's before he laid the scarto aside."""
    scarto: tuple[Card, ...]
    """The cards the dealer laid aside; they join his pile when the deal is counted."""
    tricks: tuple[Trick, ...]
    """Every trick in the order played."""

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat won, the Fool with its holder; the scarto is not included."""
        return gather_piles(self.tricks, self.ruleset)

    @property
    def fool_owner(self) -> int | None:
        """Seat dealt the Fool, or None if it is in the scarto."""
        if any(card.is_fool for card in self.scarto):
            return None
        holders = (seat for seat, hand in enumerate(self.hands) if any(c.is_fool for c in hand))
        return next(holders, None)

    @property
    def fool_trick_winner(self) -> int | None:
        """Seat that won the trick the Fool was played to, or None."""
        return next(
            (trick.winner for trick in self.tricks if any(c.is_fool for c in trick.cards)), None
        )

    @property
    def fool_holder(self) -> int | None:
        """Seat whose pile holds the Fool at the end, or None if it is in the scarto."""
        return fool_holder(self.tricks, self.ruleset)

    @property
    def last_trick_winner(self) -> int:
        return self.tricks[-1].winner

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat won."""
        winners = [trick.winner for trick in self.tricks]
        return tuple(winners.count(seat) for seat in range(self.ruleset.players))


def random_deal(
    ruleset: Ruleset, seed: int, dealer: int = 0, steer: Steer | None = None
) -> PlayedDeal:
    """Shuffle, deal, lay a legal scarto aside and play every trick with random legal cards;
    or bend the deal as ``steer`` says (its cards may then break the rules)."""
    if not 0 <= dealer < ruleset.players:
        raise IllegalDealError(NO_SEAT, seat=dealer, players=ruleset.players)
    rng = random.Random(seed)
    while True:
        hands = _deal_hands(ruleset, dealer, rng)
        if steer is not None:
            steer = _resolve(steer, hands, ruleset)
            hands = _weaken(hands, steer, ruleset) if steer.weak else hands
        if steer is not None and steer.scarto_trumps:
            scarto: tuple[Card, ...] | None = _trumps_first(hands[dealer], ruleset)
        else:
            scarto = choose_scarto(hands[dealer], ruleset, rng)
        if scarto is not None:  # else no legal scarto in this hand: deal again
            break
    held = [list(hand) for hand in hands]
    held[dealer] = [card for card in held[dealer] if card not in scarto]
    leader = first_leader(dealer, ruleset)
    if steer is None:
        tricks = _play_tricks(held, leader, ruleset, rng)
    else:
        tricks = _play_steered(held, leader, ruleset, rng, steer)
    return PlayedDeal(ruleset, dealer, hands, scarto, tricks)


def _resolve(steer: Steer, hands: Sequence[Sequence[Card]], ruleset: Ruleset) -> Steer:
    """The steer with its loser a side: FOOL_SIDE and AFTER_FOOL_SIDE found in the hands."""
    if steer.loser not in (FOOL_SIDE, AFTER_FOOL_SIDE):
        return steer
    owner = next((s for s, hand in enumerate(hands) if any(c.is_fool for c in hand)), 0)
    after = steer.loser == AFTER_FOOL_SIDE
    return replace(steer, loser=ruleset.side_of((owner + after) % ruleset.players))


def _weaken(
    hands: Sequence[Sequence[Card]], steer: Steer, ruleset: Ruleset
) -> tuple[tuple[Card, ...], ...]:
    """The same cards dealt again so that the loser's seats hold the lowest of them."""
    losers = [seat for seat in range(ruleset.players) if ruleset.side_of(seat) == steer.loser]
    pool = sorted(
        (card for hand in hands for card in hand if not card.is_fool),
        key=lambda c: (c.is_trump, ruleset.trump_strength(c) if c.is_trump else 0, c._key),
    )
    new: list[list[Card]] = [[c for c in hand if c.is_fool] for hand in hands]
    order = losers + [seat for seat in range(ruleset.players) if seat not in losers]
    for seat in order:
        while len(new[seat]) < len(hands[seat]):
            new[seat].append(pool.pop(0))
    return tuple(tuple(sorted(hand)) for hand in new)


def _trumps_first(hand: Sequence[Card], ruleset: Ruleset) -> tuple[Card, ...]:
    """The dealer's trumps, the Bagatto first, then his lowest other cards but the Fool."""
    order = sorted(hand, key=lambda c: (not c.is_trump, c.is_fool, ruleset.value(c), c.rank))
    return tuple(sorted(order[: ruleset.scarto_size]))


def _deal_hands(ruleset: Ruleset, dealer: int, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """Deal each seat its share; the dealer also takes the cards left over (rules.md A3)."""
    deck = list(ruleset.cards)
    rng.shuffle(deck)
    share = ruleset.tricks_per_deal
    hands = [deck[seat * share : (seat + 1) * share] for seat in range(ruleset.players)]
    hands[dealer] += deck[ruleset.players * share :]
    return tuple(tuple(sorted(hand)) for hand in hands)


def choose_scarto(
    hand: Sequence[Card], ruleset: Ruleset, rng: random.Random
) -> tuple[Card, ...] | None:
    """Pick a legal scarto: mostly blanks, sometimes any cards, else the first legal one."""
    size = ruleset.scarto_size
    blanks = [card for card in hand if not card.is_trump and not ruleset.is_counter(card)]
    for _ in range(_RANDOM_CANDIDATES):
        pool = blanks if len(blanks) >= size and rng.random() < _PREFER_BLANKS else hand
        candidate = tuple(sorted(rng.sample(pool, size)))
        if _is_legal_scarto(candidate, hand, ruleset):
            return candidate
    # Only a hand of nearly all trumps, Kings and the Fool gets here; some have no legal scarto.
    every = list(itertools.combinations(hand, size))
    rng.shuffle(every)
    return next((tuple(sorted(c)) for c in every if _is_legal_scarto(c, hand, ruleset)), None)


def _is_legal_scarto(scarto: Sequence[Card], hand: Sequence[Card], ruleset: Ruleset) -> bool:
    kept = [card for card in hand if card not in scarto]
    trumps = sum(1 for card in scarto if card.is_trump)
    return check_scarto(scarto, ruleset, kept=kept, trumps_announced=trumps).legal is True


def _play_tricks(
    held: list[list[Card]], leader: int, ruleset: Ruleset, rng: random.Random
) -> tuple[Trick, ...]:
    """Play out every trick, each seat choosing at random among its legal cards."""
    has_won = [False] * ruleset.players
    tricks: list[Trick] = []
    for _ in range(ruleset.tricks_per_deal):
        played: list[Card] = []
        for index in range(ruleset.players):
            cards = held[(leader + index) % ruleset.players]
            seat_has_won = has_won[(leader + index) % ruleset.players]
            card = rng.choice(legal_plays(cards, played, ruleset, has_won_trick=seat_has_won))
            cards.remove(card)
            played.append(card)
        trick = Trick.play(leader, played, ruleset)
        has_won[trick.winner] = True
        leader = trick.winner
        tricks.append(trick)
    return tuple(tricks)


def _play_steered(
    held: list[list[Card]], leader: int, ruleset: Ruleset, rng: random.Random, steer: Steer
) -> tuple[Trick, ...]:
    """Play out every trick as ``steer`` bends it; the Fool's player may break the rules."""
    has_won = [False] * ruleset.players
    tricks: list[Trick] = []
    for _ in range(ruleset.tricks_per_deal):
        played: list[Card] = []
        for index in range(ruleset.players):
            seat = (leader + index) % ruleset.players
            cards = held[seat]
            legal = legal_plays(cards, played, ruleset, has_won_trick=has_won[seat])
            card = _steered_fool(cards, played, steer, has_won[seat])
            if card is None:
                choices = [c for c in legal if not c.is_fool] if steer.fool != "any" else legal
                card = _pick(choices or legal, played, ruleset, rng, steer, seat)
            cards.remove(card)
            played.append(card)
        trick = Trick.play(leader, played, ruleset)
        has_won[trick.winner] = True
        leader = trick.winner
        tricks.append(trick)
    return tuple(tricks)


def _steered_fool(
    cards: Sequence[Card], played: Sequence[Card], steer: Steer, has_won: bool
) -> Card | None:
    """The Fool, where ``steer`` plays it now against the rules (too early, or led)."""
    fool = next((card for card in cards if card.is_fool), None)
    if fool is None or len(cards) == 1:
        return fool
    if steer.fool == "early" and played and not has_won:
        return fool
    if steer.fool == "lead" and not played:
        return fool
    return None


def _pick(
    choices: Sequence[Card],
    played: Sequence[Card],
    ruleset: Ruleset,
    rng: random.Random,
    steer: Steer,
    seat: int,
) -> Card:
    """A random card; or, where a side plays to lose, its highest card that does not take the
    trick so far (its lowest when each would), and the others' strongest."""
    if steer.loser is None:
        return rng.choice(list(choices))

    def strength(card: Card) -> tuple[bool, int, int]:
        takes = any(not c.is_fool for c in (*played, card)) and (
            trick_winner([*played, card], ruleset) == len(played)
        )
        power = ruleset.trump_strength(card) + 30 if card.is_trump else ruleset.suit_strength(card)
        return (takes, power, ruleset.value(card))

    ranked = sorted(choices, key=strength)
    if ruleset.side_of(seat) != steer.loser:
        return ranked[-1]
    safe = [card for card in ranked if not strength(card)[0]]
    return safe[-1] if safe and played else ranked[0]
