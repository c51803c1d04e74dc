"""Random legal deals, played out card by card, for tests and demo data.

Everything comes from one ``random.Random(seed)``, and no set is ever iterated, so a seed gives
the same deal in every process, whatever the hash seed.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import IllegalDealError
from .play import NO_SEAT
from .play import Trick
from .play import first_leader
from .play import fool_holder
from .play import gather_piles
from .play import legal_plays
from .ruleset import Ruleset
from .scarto import check_scarto

_RANDOM_CANDIDATES = 24
"""Random scartos tried before going through every possible one (rarely needed)."""
_PREFER_BLANKS = 0.75
"""How often a candidate is drawn from the plain suit blanks, the usual choice at the table."""


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


def random_deal(ruleset: Ruleset, seed: int, dealer: int = 0) -> PlayedDeal:
    """Shuffle, deal, lay a legal scarto aside and play every trick with random legal cards."""
    if not 0 <= dealer < ruleset.players:
        raise IllegalDealError(NO_SEAT, seat=dealer, players=ruleset.players)
    rng = random.Random(seed)
    while True:
        hands = _deal_hands(ruleset, dealer, rng)
        scarto = choose_scarto(hands[dealer], ruleset, rng)
        if scarto is not None:  # else no legal scarto in this hand: deal again
            break
    held = [list(hand) for hand in hands]
    held[dealer] = [card for card in held[dealer] if card not in scarto]
    tricks = _play_tricks(held, first_leader(dealer, ruleset), ruleset, rng)
    return PlayedDeal(ruleset, dealer, hands, scarto, tricks)


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
