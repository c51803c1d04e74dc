"""Card names for display, in English and Italian."""

from __future__ import annotations

from .cards import Card
from .cards import Suit

_SUITS = {
    "en": {Suit.SPADES: "Swords", Suit.BATONS: "Batons", Suit.CUPS: "Cups", Suit.COINS: "Coins"},
    "it": {Suit.SPADES: "Spade", Suit.BATONS: "Bastoni", Suit.CUPS: "Coppe", Suit.COINS: "Denari"},
}
_RANKS = {
    "en": {1: "Ace", 11: "Jack", 12: "Cavallo", 13: "Queen", 14: "King"},
    "it": {1: "Asso", 11: "Fante", 12: "Cavallo", 13: "Donna", 14: "Re"},
}
_OF = {"en": "of", "it": "di"}
_TRUMPS = {
    "en": {0: "Fool", 1: "Bagatto (1)", 20: "Angel (20)", 21: "World (21)"},
    "it": {0: "Matto", 1: "Bagatto (1)", 20: "Angelo (20)", 21: "Mondo (21)"},
}
_TRUMP = {"en": "Trump", "it": "Tarocco"}
LANGUAGES = tuple(_SUITS)


def card_name(card: Card, language: str = "en") -> str:
    """The card's full name, e.g. "King of Swords" or "Re di Spade"; English by default."""
    lang = language if language in _SUITS else "en"
    if card.suit is Suit.TRUMPS:
        return _TRUMPS[lang].get(card.rank, f"{_TRUMP[lang]} {card.rank}")
    rank = _RANKS[lang].get(card.rank, str(card.rank))
    return f"{rank} {_OF[lang]} {_SUITS[lang][card.suit]}"
