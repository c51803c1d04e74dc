"""Where a deal's cards ended up, as the audit sees it, and the checks of where they are.

A Layout knows, for each seat's pile and for the scarto, how many cards it holds and which of
them are known: all of them for full piles, only the counters for the quick count. Points need
no more than that (rules.md A4: blanks matter only through the pile size). The penalties that
move cards at the end of a deal are in ``penalties``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from operator import attrgetter

from .cards import DECKS
from .cards import FOOL
from .cards import Card
from .problem import Problem
from .problem import problem
from .problem import translatable
from .ruleset import Ruleset

# Cards are compared by key and by is_fool in C: a Card's == and hash are Python calls.
_DECK_KEYS = {deck: frozenset(card._key for card in cards) for deck, cards in DECKS.items()}
_IS_FOOL = attrgetter("is_fool")


@dataclass(frozen=True, slots=True)
class Layout:
    """Each seat's pile (won cards and the Fool for its holder) and the scarto."""

    seats: tuple[tuple[Card, ...], ...]
    """The known cards of each seat's pile."""
    sizes: tuple[int, ...]
    """How many cards each seat's pile holds, the Fool included."""
    scarto: tuple[Card, ...]
    scarto_size: int
    scarto_holder: int
    """The seat whose side the scarto counts for: the dealer, unless a penalty moved it."""
    scarto_known: bool
    complete: bool
    """Every card is known, so piles can be shown group by group."""

    @classmethod
    def from_piles(
        cls, piles: Sequence[Sequence[Card]], scarto: Sequence[Card], dealer: int
    ) -> Layout:
        seats = tuple(tuple(pile) for pile in piles)
        sizes = tuple(len(pile) for pile in piles)
        return cls(seats, sizes, tuple(scarto), len(scarto), dealer, True, True)

    @property
    def fool_holder(self) -> int | None:
        return next((s for s, cards in enumerate(self.seats) if any(map(_IS_FOOL, cards))), None)

    def won(self, seat: int) -> int:
        """Cards a seat won in tricks: its pile without the Fool."""
        return self.sizes[seat] - (1 if any(map(_IS_FOOL, self.seats[seat])) else 0)

    def sides(self, ruleset: Ruleset) -> tuple[list[list[Card]], list[int]]:
        """Known cards and sizes per side, the scarto counted with its holder's side."""
        cards: list[list[Card]] = [[] for _ in range(ruleset.sides)]
        sizes = [0] * ruleset.sides
        for seat, pile in enumerate(self.seats):
            cards[ruleset.side_of(seat)] += pile
            sizes[ruleset.side_of(seat)] += self.sizes[seat]
        cards[ruleset.side_of(self.scarto_holder)] += self.scarto
        sizes[ruleset.side_of(self.scarto_holder)] += self.scarto_size
        return cards, sizes

    def move_fool(self, to: int) -> Layout:
        frm = self.fool_holder
        if frm is None or frm == to:
            return self
        seats = [list(cards) for cards in self.seats]
        sizes = list(self.sizes)
        seats[frm].remove(FOOL)
        seats[to].append(FOOL)
        sizes[frm] -= 1
        sizes[to] += 1
        return replace(self, seats=tuple(map(tuple, seats)), sizes=tuple(sizes))


def seat_names(ruleset: Ruleset, names: Sequence[str] | None) -> list[str]:
    """The players' names for messages, "player 1"... when none are given."""
    if names is None:
        return [f"player {seat + 1}" for seat in range(ruleset.players)]
    if len(names) != ruleset.players:
        raise ValueError(f"{len(names)} names for {ruleset.players} players")
    return list(names)


def check_cards(
    ruleset: Ruleset,
    piles: Sequence[Sequence[Card]],
    names: Sequence[str] | None,
    scarto: Sequence[Card] = (),
) -> list[Problem]:
    """rules.md A5: every card of the deck in exactly one pile or the scarto, no other card.

    ``names`` names the piles, one each; None when the whole deal is given as one pile.
    """
    # The usual case first: as many cards as the deck and all of it, so each once, none other.
    keys = [card._key for cards in (*piles, scarto) for card in cards]
    if len(keys) == ruleset.deck_size and set(keys) == _DECK_KEYS[ruleset.deck]:
        return []
    deck = set(ruleset.cards)
    places: dict[Card, list[int]] = {}
    for seat, cards in enumerate([*piles, scarto]):
        for card in cards:
            places.setdefault(card, []).append(seat)
    problems = [
        problem(
            "card-not-in-deck",
            "%(card)s is not in the %(n)s-card pack",
            card=card.label,
            n=ruleset.deck_size,
        )
        for card in places
        if card not in deck
    ]
    problems += [
        _card_twice(card, at, names, len(piles)) for card, at in places.items() if len(at) > 1
    ]
    missing = [card for card in ruleset.cards if card not in places]
    if missing:
        problems.append(_cards_missing(missing))
    return problems


def _card_twice(card: Card, at: list[int], names: Sequence[str] | None, scarto: int) -> Problem:
    """A card in more than one place: the piles it is in, in order, then the scarto."""
    label, n = card.label, len(at)
    if names is None:
        return problem("card-twice", "%(card)s appears %(n)s times in the deal", card=label, n=n)
    places = ", ".join(names[seat] for seat in at if seat != scarto)
    in_scarto = at.count(scarto)
    if not in_scarto:
        template = translatable("%(card)s appears %(n)s times (%(places)s)")
    elif not places:
        template = translatable("%(card)s appears %(n)s times in the scarto")
    elif in_scarto == 1:
        template = translatable("%(card)s appears %(n)s times (%(places)s, the scarto)")
    else:
        template = translatable(
            "%(card)s appears %(n)s times (%(places)s, and %(k)s times in the scarto)"
        )
        return problem("card-twice", template, card=label, n=n, places=places, k=in_scarto)
    return problem("card-twice", template, card=label, n=n, places=places)


def _cards_missing(missing: Sequence[Card], most: int = 12) -> Problem:
    shown = " ".join(card.label for card in missing[:most])
    if len(missing) == 1:
        return problem("card-missing", "1 card missing: %(cards)s", cards=shown)
    if len(missing) <= most:
        return problem(
            "card-missing", "%(n)s cards missing: %(cards)s", n=len(missing), cards=shown
        )
    return problem(
        "card-missing",
        "%(n)s cards missing: %(cards)s and %(more)s more",
        n=len(missing),
        cards=shown,
        more=len(missing) - most,
    )


def check_pile_sizes(layout: Layout, ruleset: Ruleset, names: Sequence[str]) -> list[Problem]:
    """rules.md A5: won cards come in whole tricks, but for the winner of the Fool's trick."""
    size = ruleset.trick_size
    remainders = sorted(layout.won(seat) % size for seat in range(ruleset.players))
    fool_played = layout.fool_holder is not None
    expected = [0] * (ruleset.players - 1) + [size - 1 if fool_played else 0]
    if remainders == expected:
        return []
    counts = ", ".join(f"{names[s]} {layout.won(s)}" for s in range(ruleset.players))
    if fool_played:
        return [
            problem(
                "pile-size",
                "the piles do not make whole tricks: %(counts)s cards besides the Fool "
                "(each a multiple of %(size)s, %(over)s over for the winner of the Fool's trick)",
                counts=counts,
                size=size,
                over=size - 1,
            )
        ]
    return [
        problem(
            "pile-size",
            "the piles do not make whole tricks: %(counts)s cards besides the Fool "
            "(each a multiple of %(size)s)",
            counts=counts,
            size=size,
        )
    ]
