"""Card names and short labels in the players' languages, and the abbreviations they type.

Where the words come from (rules.md A1 and the seed texts):
- Italian: the Tarocchi a 3 page (Re, Donna, Cavallo, Fante, Matto, Bagatto, Mondo; the suits
  Spade, Bastoni, Coppe, Denari); "Angelo" for the 20 as Piedmontese players say it.
- German: the German Wikipedia's Scarto (König, Dame, Ritter, Bube, Narr, Trumpf; Schwerter,
  Stäbe, Kelche, Münzen). It names the trumps 1, 20 and 21 only by number: Magier, Engel and
  Welt are the usual German tarot names.
- Swedish: Elsa Snakenborg's Scarto page (kung, dam, riddare, page, ess, Narren, Världen,
  Magikern, trumfkort; svärd, mynt, bägare, stavar). It has no name for the 20: Ängeln is the
  usual Swedish tarot name.

A short label is the rank's first letter in that language and the suit's symbol (♠ ♣ ♥ ♦),
``T`` and the number for a trump, and the Fool's own name: an Italian reads R♠ for the Re di
Spade and "Matto" for the Fool, never a bare F (there the Fante's letter).
"""

from __future__ import annotations

from .cards import JACK
from .cards import Card
from .cards import Suit
from .cards import parse_card
from .errors import InvalidNotationError

_SUITS = {
    "en": {Suit.SPADES: "Swords", Suit.BATONS: "Batons", Suit.CUPS: "Cups", Suit.COINS: "Coins"},
    "it": {Suit.SPADES: "Spade", Suit.BATONS: "Bastoni", Suit.CUPS: "Coppe", Suit.COINS: "Denari"},
    "de": {
        Suit.SPADES: "Schwerter",
        Suit.BATONS: "Stäbe",
        Suit.CUPS: "Kelche",
        Suit.COINS: "Münzen",
    },
    "sv": {Suit.SPADES: "svärd", Suit.BATONS: "stavar", Suit.CUPS: "bägare", Suit.COINS: "mynt"},
}
_RANKS = {
    "en": {1: "Ace", 11: "Jack", 12: "Cavallo", 13: "Queen", 14: "King"},
    "it": {1: "Asso", 11: "Fante", 12: "Cavallo", 13: "Donna", 14: "Re"},
    "de": {1: "Ass", 11: "Bube", 12: "Ritter", 13: "Dame", 14: "König"},
    "sv": {1: "Ess", 11: "Page", 12: "Riddare", 13: "Dam", 14: "Kung"},
}
# "King of Swords", "Re di Spade", "König der Schwerter", "Kung i svärd".
_OF = {"en": "of", "it": "di", "de": "der", "sv": "i"}
_TRUMPS = {
    "en": {0: "Fool", 1: "Bagatto (1)", 20: "Angel (20)", 21: "World (21)"},
    "it": {0: "Matto", 1: "Bagatto (1)", 20: "Angelo (20)", 21: "Mondo (21)"},
    "de": {0: "Narr", 1: "Magier (1)", 20: "Engel (20)", 21: "Welt (21)"},
    "sv": {0: "Narren", 1: "Magikern (1)", 20: "Ängeln (20)", 21: "Världen (21)"},
}
_TRUMP = {"en": "Trump", "it": "Tarocco", "de": "Trumpf", "sv": "Trumf"}
# The Fool's short label: English keeps the code's F, which no rank there shares.
_FOOL_LABEL = {"en": "F", "it": "Matto", "de": "Narr", "sv": "Narren"}
LANGUAGES = tuple(_SUITS)

# The court letters each language shows and accepts when typed, beside the codes' K Q C J.
# Only letters that are no rank of the codes, so that a typed code never changes its meaning:
# Italian R D F (Re, Donna, Fante), German D R B (Dame, Ritter, Bube), Swedish D R P (dam,
# riddare, page). Suits are typed as in the codes (S B C D) or as symbols: the languages' own
# suit initials clash (German Schwerter and Stäbe, Swedish svärd and stavar).
_COURT_LETTERS = {
    "en": {14: "K", 13: "Q", 12: "C", 11: "J"},
    "it": {14: "R", 13: "D", 12: "C", 11: "F"},
    "de": {14: "K", 13: "D", 12: "R", 11: "B"},
    "sv": {14: "K", 13: "D", 12: "R", 11: "P"},
}
_CODE_COURTS = set(_COURT_LETTERS["en"].values())
_FOOL_WORDS = {"NARR", "NARREN"}


def _lang(language: str) -> str:
    return language if language in _SUITS else "en"


def card_name(card: Card, language: str = "en") -> str:
    """The card's full name, e.g. "King of Swords" or "Re di Spade"; English by default."""
    lang = _lang(language)
    if card.suit is Suit.TRUMPS:
        return _TRUMPS[lang].get(card.rank, f"{_TRUMP[lang]} {card.rank}")
    rank = _RANKS[lang].get(card.rank, str(card.rank))
    return f"{rank} {_OF[lang]} {_SUITS[lang][card.suit]}"


def card_label(card: Card, language: str = "en") -> str:
    """The short label a page or sheet shows: K♠ in English, R♠ in Italian, Narr in German."""
    lang = _lang(language)
    if card.is_fool:
        return _FOOL_LABEL[lang]
    if card.suit is Suit.TRUMPS:
        return card.code
    rank = _COURT_LETTERS[lang][card.rank] if card.rank >= JACK else str(card.rank)
    return f"{rank}{card.suit.symbol}"


def court_letters(language: str = "en") -> str:
    """The four court letters as a language shows them, highest first: "K Q C J", "R D C F"."""
    own = _COURT_LETTERS[_lang(language)]
    return " ".join(own[rank] for rank in (14, 13, 12, 11))


def local_letters(language: str) -> dict[str, str]:
    """The court letters a language accepts beside the codes', each with the code's letter:
    Italian {"R": "K", "D": "Q", "F": "J"}."""
    own = _COURT_LETTERS[_lang(language)]
    return {
        letter: _COURT_LETTERS["en"][rank]
        for rank, letter in own.items()
        if letter not in _CODE_COURTS
    }


def local_help(language: str) -> str:
    """The language's own court letters with their names, for the forms' help: "R = Re,
    D = Donna, F = Fante"; empty for English, whose letters are the codes'."""
    lang = _lang(language)
    own = _COURT_LETTERS[lang]
    return ", ".join(
        f"{letter} = {_RANKS[lang][rank]}"
        for rank, letter in own.items()
        if letter not in _CODE_COURTS
    )


def parse_typed(token: str, language: str = "en") -> Card:
    """A card as a keeper types it: a code (rules.md A2), or with the language's own court
    letters and Fool's name where they cannot be confused with a code (local_letters)."""
    try:
        return parse_card(token)
    except InvalidNotationError:
        text = token.strip().upper().replace("\ufe0f", "")
        if text in _FOOL_WORDS:
            return parse_card("F")
        letters = local_letters(language)
        if len(text) == 2 and text[0] in letters:
            return parse_card(letters[text[0]] + text[1])
        raise
