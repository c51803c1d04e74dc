import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import FOOL
from scorekeeper.rules import Card
from scorekeeper.rules import InvalidNotationError
from scorekeeper.rules import Suit
from scorekeeper.rules import format_cards
from scorekeeper.rules import parse_card
from scorekeeper.rules import parse_cards
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.cards import stripped_deck
from scorekeeper.rules.names import card_name


def test_the_full_deck_has_78_distinct_cards():
    # 4 suits x 14 + 21 trumps + the Fool = 78 (rules.md 1.0)
    deck = full_deck()
    assert len(deck) == 78
    assert len(set(deck)) == 78


def test_the_piedicavallo_pack_drops_low_long_and_high_round_pips():
    # rules.md A2: without the 1-4 of Spades and Batons and the 7-10 of Cups and Coins
    deck = stripped_deck()
    assert len(deck) == 62
    codes = {card.code for card in deck}
    assert {"1S", "4B", "7C", "10D"}.isdisjoint(codes)
    assert {"5S", "5B", "6C", "1D", "KD", "T1", "T21", "F"} <= codes


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("KS", Card(Suit.SPADES, 14)),
        ("10B", Card(Suit.BATONS, 10)),
        ("CC", Card(Suit.CUPS, 12)),
        ("1D", Card(Suit.COINS, 1)),
        ("jd", Card(Suit.COINS, 11)),
        ("Q♥", Card(Suit.CUPS, 13)),
        ("9♣", Card(Suit.BATONS, 9)),
        ("K♦️", Card(Suit.COINS, 14)),
        ("t21", Card(Suit.TRUMPS, 21)),
        ("T1", Card(Suit.TRUMPS, 1)),
        ("F", FOOL),
        ("0", FOOL),
        ("fool", FOOL),
        ("Matto", FOOL),
        (" 7s ", Card(Suit.SPADES, 7)),
    ],
)
def test_parse_card_reads_codes_symbols_and_fool_aliases(token, card):
    assert parse_card(token) == card


@pytest.mark.parametrize("token", ["", "X", "11S", "T22", "T0", "KX", "0S", "01S", "K", "♠", "T"])
def test_an_unknown_token_raises_an_error_that_names_it(token):
    with pytest.raises(InvalidNotationError, match=repr(token).replace("\\", "\\\\")):
        parse_card(token)


def test_parse_cards_splits_on_spaces_and_commas():
    assert format_cards(parse_cards("ks, 10♣ T21  f")) == "KS 10B T21 F"


@given(st.sampled_from(full_deck()))
def test_format_then_parse_is_the_identity(card):
    assert parse_card(card.code) == card
    assert parse_card(card.label) == card
    assert parse_card(card.code.lower()) == card


def test_labels_use_the_suit_symbols():
    assert [c.label for c in parse_cards("KS 10B CC 1D T20 F")] == [
        "K♠",
        "10♣",
        "C♥",
        "1♦",
        "T20",
        "F",
    ]


@pytest.mark.parametrize(
    ("code", "english", "italian"),
    [
        ("KS", "King of Swords", "Re di Spade"),
        ("CB", "Cavallo of Batons", "Cavallo di Bastoni"),
        ("QC", "Queen of Cups", "Donna di Coppe"),
        ("JD", "Jack of Coins", "Fante di Denari"),
        ("1D", "Ace of Coins", "Asso di Denari"),
        ("7S", "7 of Swords", "7 di Spade"),
        ("T1", "Bagatto (1)", "Bagatto (1)"),
        ("T20", "Angel (20)", "Angelo (20)"),
        ("T21", "World (21)", "Mondo (21)"),
        ("T7", "Trump 7", "Tarocco 7"),
        ("F", "Fool", "Matto"),
    ],
)
def test_card_names_in_english_and_italian(code, english, italian):
    card = parse_card(code)
    assert card_name(card, "en") == english
    assert card_name(card, "it") == italian


@pytest.mark.parametrize("token", ["T²", "²S", "T٣", "١٠S"])
def test_non_ascii_digits_are_unknown_cards_not_a_crash(token):
    with pytest.raises(InvalidNotationError, match="unknown card"):
        parse_card(token)
