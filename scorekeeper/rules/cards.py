"""Cards, card codes and decks (rules.md A2).

A suit card is written rank then suit: ``KS``, ``10B``, ``CC`` (Cavallo of Cups), ``1D``.
Trumps are ``T1`` ... ``T21``; the Fool is ``F``. Parsing is case-insensitive and also takes
the French-suited symbols (♠ = S, ♣ = B, ♥ = C, ♦ = D) and ``0``/``Fool``/``Matto`` for the Fool.
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field

from .errors import InvalidNotationError
from .problem import translatable


@functools.total_ordering
class Suit(enum.Enum):
    """The four suits and the trumps (the Fool is kept with the trumps as rank 0)."""

    SPADES = "S"
    BATONS = "B"
    CUPS = "C"
    COINS = "D"
    TRUMPS = "T"

    # Members are singletons, so identity is a hash as good as Enum's (which hashes the name in
    # a Python call) and it is computed in C: the replay counts the suits of every card played.
    __hash__ = object.__hash__

    def __lt__(self, other: object) -> bool:
        """Suits sort in the order they are listed, so that cards sort by suit then rank."""
        if not isinstance(other, Suit):
            return NotImplemented
        return _ORDER.index(self) < _ORDER.index(other)

    @property
    def is_round(self) -> bool:
        """Cups and Coins: the round suits, whose pips rank in reverse (rules.md 1.0)."""
        return self in (Suit.CUPS, Suit.COINS)

    @property
    def symbol(self) -> str:
        return _SYMBOLS.get(self, "T")


PLAIN_SUITS = (Suit.SPADES, Suit.BATONS, Suit.CUPS, Suit.COINS)
_ORDER = (*PLAIN_SUITS, Suit.TRUMPS)
_SYMBOLS = {Suit.SPADES: "♠", Suit.BATONS: "♣", Suit.CUPS: "♥", Suit.COINS: "♦"}

# Suit-card ranks: pips 1-10, then Jack 11, Cavallo 12, Queen 13, King 14.
JACK, CAVALLO, QUEEN, KING = 11, 12, 13, 14
_COURT_LETTERS = {JACK: "J", CAVALLO: "C", QUEEN: "Q", KING: "K"}
_LETTER_COURTS = {letter: rank for rank, letter in _COURT_LETTERS.items()}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card: a suit card (rank 1-14), a trump (rank 1-21) or the Fool (trump rank 0).

    Cards compare and hash by one small integer worked out once, and sort by suit, then rank:
    an audit hashes every card of a deal many times.
    """

    suit: Suit
    rank: int
    is_fool: bool = field(init=False, repr=False)
    is_trump: bool = field(init=False, repr=False)
    """A numbered trump T1-T21; the Fool is not one (a ruleset may treat it as one)."""
    _key: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        top = 21 if self.suit is Suit.TRUMPS else KING
        if not 0 <= self.rank <= top or (self.rank == 0 and self.suit is not Suit.TRUMPS):
            raise InvalidNotationError(
                translatable("no such card: rank %(rank)s of %(suit)s"),
                rank=self.rank,
                suit=self.suit.name,
            )
        trumps = self.suit is Suit.TRUMPS
        object.__setattr__(self, "is_fool", trumps and self.rank == 0)
        object.__setattr__(self, "is_trump", trumps and self.rank > 0)
        object.__setattr__(self, "_key", _ORDER.index(self.suit) * 32 + self.rank)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self._key == other._key

    def __hash__(self) -> int:
        return self._key

    def __lt__(self, other: Card) -> bool:
        return self._key < other._key

    def __le__(self, other: Card) -> bool:
        return self._key <= other._key

    def __gt__(self, other: Card) -> bool:
        return self._key > other._key

    def __ge__(self, other: Card) -> bool:
        return self._key >= other._key

    @property
    def is_court(self) -> bool:
        return self.suit is not Suit.TRUMPS and self.rank >= JACK

    @property
    def code(self) -> str:
        """The canonical code: ``KS``, ``10B``, ``T21``, ``F``."""
        if self.is_fool:
            return "F"
        if self.suit is Suit.TRUMPS:
            return f"T{self.rank}"
        return f"{_COURT_LETTERS.get(self.rank, str(self.rank))}{self.suit.value}"

    @property
    def label(self) -> str:
        """The short display form with suit symbols: ``K♠``, ``10♣``, ``T21``, ``F``."""
        if self.suit is Suit.TRUMPS:
            return self.code
        return f"{_COURT_LETTERS.get(self.rank, str(self.rank))}{self.suit.symbol}"

    def __str__(self) -> str:
        return self.code


FOOL = Card(Suit.TRUMPS, 0)
BAGATTO = Card(Suit.TRUMPS, 1)

_SUIT_ALIASES = {
    "S": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "B": Suit.BATONS,
    "♣": Suit.BATONS,
    "♧": Suit.BATONS,
    "C": Suit.CUPS,
    "♥": Suit.CUPS,
    "♡": Suit.CUPS,
    "D": Suit.COINS,
    "♦": Suit.COINS,
    "♢": Suit.COINS,
}
_FOOL_ALIASES = {"F", "0", "FOOL", "MATTO"}


def parse_card(token: str) -> Card:
    """Read one card code; raise InvalidNotationError naming the token if it is not a card."""
    text = token.strip().upper().replace("\ufe0f", "")
    if text in _FOOL_ALIASES:
        return FOOL
    if (
        text.startswith("T")
        and text[1:].isascii()
        and text[1:].isdigit()
        and 1 <= int(text[1:]) <= 21
    ):
        return Card(Suit.TRUMPS, int(text[1:]))
    if len(text) >= 2 and text[-1] in _SUIT_ALIASES:
        suit, rank_text = _SUIT_ALIASES[text[-1]], text[:-1]
        if rank_text in _LETTER_COURTS:
            return Card(suit, _LETTER_COURTS[rank_text])
        if (
            rank_text.isascii()
            and rank_text.isdigit()
            and 1 <= int(rank_text) <= 10
            and rank_text[0] != "0"
        ):
            return Card(suit, int(rank_text))
    raise InvalidNotationError(translatable("unknown card %(token)s"), token=repr(token))


def parse_cards(tokens: str | Iterable[str]) -> list[Card]:
    """Read many card codes (a list, or one string split on spaces and commas)."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    return [parse_card(token) for token in tokens]


def repeated(cards: Iterable[Card]) -> list[Card]:
    """The cards given more than once, each named once, in deck order; one pass over the cards."""
    return sorted(card for card, times in Counter(cards).items() if times > 1)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as canonical codes separated by spaces."""
    return " ".join(card.code for card in cards)


def full_deck() -> tuple[Card, ...]:
    """The 78-card Tarocco Piemontese: four suits of 14, trumps 1-21 and the Fool."""
    suit_cards = [Card(suit, rank) for suit in PLAIN_SUITS for rank in range(1, KING + 1)]
    trumps = [Card(Suit.TRUMPS, rank) for rank in range(0, 22)]
    return tuple(suit_cards + trumps)


def stripped_deck() -> tuple[Card, ...]:
    """The 62-card Piedicavallo pack: without ♠♣ 1-4 and ♥♦ 7-10 (rules.md A2)."""
    return tuple(card for card in full_deck() if not _is_stripped(card))


def _is_stripped(card: Card) -> bool:
    if card.suit in (Suit.SPADES, Suit.BATONS):
        return card.rank <= 4
    if card.suit in (Suit.CUPS, Suit.COINS):
        return 7 <= card.rank <= 10
    return False


DECKS = {"78": full_deck(), "62": stripped_deck()}
