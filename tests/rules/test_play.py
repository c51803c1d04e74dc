"""Known answers for the trick rules, each worked out by hand in the comments."""

from __future__ import annotations

import pytest

from scorekeeper.rules.cards import FOOL
from scorekeeper.rules.cards import Card
from scorekeeper.rules.cards import Suit
from scorekeeper.rules.cards import parse_card
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.errors import IllegalDealError
from scorekeeper.rules.play import Trick
from scorekeeper.rules.play import first_leader
from scorekeeper.rules.play import fool_holder
from scorekeeper.rules.play import gather_piles
from scorekeeper.rules.play import led_suit
from scorekeeper.rules.play import legal_plays
from scorekeeper.rules.play import trick_winner
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.ruleset import find_ruleset

SCARTO = find_ruleset("scarto")
SCARTO_SV = find_ruleset("scarto-sv")
TAROCCHI = find_ruleset("tarocchi-a-3")
PIEDICAVALLO = find_ruleset("piedicavallo")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def legal(hand: str, played: str, ruleset: Ruleset = SCARTO, *, has_won_trick: bool = True) -> str:
    """The legal plays as canonical codes, in deck order, for compact expectations."""
    plays = legal_plays(cards(hand), cards(played), ruleset, has_won_trick=has_won_trick)
    return " ".join(card.code for card in plays)


def winner(played: str, ruleset: Ruleset = SCARTO) -> int:
    return trick_winner(cards(played), ruleset)


# led_suit


def test_the_first_card_sets_the_suit() -> None:
    assert led_suit(cards("3C 2C F")) is Suit.CUPS
    assert led_suit(cards("T5 KS")) is Suit.TRUMPS


def test_a_led_fool_leaves_the_suit_to_the_next_card() -> None:
    # rules.md 1.2: if the Fool is led, the next player's card sets the suit.
    assert led_suit(cards("F")) is None
    assert led_suit(cards("F 5S")) is Suit.SPADES


def test_nothing_played_means_no_suit_led() -> None:
    assert led_suit([]) is None


# legal_plays: following suit and trumping


def test_a_player_must_follow_the_suit_led() -> None:
    # Cups led; the hand holds two Cups, which are the only legal cards (the Fool aside).
    assert legal("5S 2C QC T7", "3C") == "2C QC"


def test_a_player_void_in_the_suit_led_must_trump() -> None:
    # No Cups in hand, trumps T3 and T10: only they may go.
    assert legal("5S 2B T3 T10", "3C") == "T3 T10"


def test_a_player_void_in_the_suit_and_in_trumps_may_play_any_card() -> None:
    assert legal("5S 2B KD", "3C") == "5S 2B KD"


def test_trumps_led_must_be_answered_with_a_trump() -> None:
    # The Fool is no trump (Card.is_trump is False) but may be played at any time.
    assert legal("5S T3 F", "T10") == "F T3"


def test_no_player_has_to_beat_the_cards_played() -> None:
    # rules.md C17: T2 may go under T10, and 1♥ or 10♥ under K♥, though none of them wins.
    assert legal("T2 T21", "T10") == "T2 T21"
    assert legal("1C 10C", "5C KC") == "1C 10C"


def test_without_must_trump_a_void_player_may_play_any_card() -> None:
    loose = find_ruleset("scarto", {"must_trump": False})
    assert legal("5S T3", "3C", loose) == "5S T3"


def test_the_leader_may_play_any_card() -> None:
    assert legal("5S 2C T7 F", "") == "5S 2C F T7"


def test_after_a_led_fool_the_second_player_may_play_any_card() -> None:
    # rules.md 1.3: "the next player may play anything, and the third must follow that card".
    assert legal("5S 2C T7", "F") == "5S 2C T7"
    assert legal("5S 2C T7", "F 3S") == "5S"


# legal_plays: the Fool


def test_the_fool_excuses_its_player_from_following_suit() -> None:
    # rules.md 1.2: playable at any time; here beside the Cups the player must otherwise play.
    assert legal("F 3C T5", "KC") == "3C F"


def test_the_matto_may_not_be_led_in_tarocchi_a_3() -> None:
    # rules.md 1.4: the Matto may not be led.
    assert legal("F 5S", "", TAROCCHI) == "5S"


def test_the_matto_needs_a_trick_won_first_in_tarocchi_a_3() -> None:
    # rules.md 1.4: only a player who has already taken a trick may play the Matto.
    assert legal("F 3C T5", "KC", TAROCCHI, has_won_trick=False) == "3C"
    assert legal("F 3C T5", "KC", TAROCCHI, has_won_trick=True) == "3C F"


def test_the_matto_as_last_card_must_be_played_even_without_a_trick() -> None:
    # rules.md E6: C never won a trick and the Matto is his last card; he must play it.
    assert legal("F", "4S 9S", TAROCCHI, has_won_trick=False) == "F"


def test_the_matto_as_last_card_must_be_led_when_its_player_leads() -> None:
    # rules.md 1.4: kept until the last trick, its holder must lead it.
    assert legal("F", "", TAROCCHI, has_won_trick=True) == "F"


def test_the_fool_may_be_led_in_the_other_presets() -> None:
    for ruleset in (SCARTO, SCARTO_SV, PIEDICAVALLO):
        assert legal("F 5S", "", ruleset, has_won_trick=False) == "5S F"


# trick_winner


def test_the_fool_never_wins_and_round_suit_pips_rank_in_reverse() -> None:
    # rules.md E5: A leads 3♥ (3C), B plays 2♥ (2C), C the Fool; in the round suits 2 beats 3.
    assert winner("3C 2C F") == 1


def test_round_suit_pips_rank_in_reverse() -> None:
    # ♥ ♦, highest first: K Q C J 1 2 ... 10 (rules.md 1.0).
    assert winner("10C 1C 5C") == 1
    assert winner("1D JD 2D") == 1


def test_long_suit_pips_rank_by_number() -> None:
    # ♠ ♣, highest first: K Q C J 10 ... 1.
    assert winner("1S 10S 5S") == 1
    assert winner("10B JB 9B") == 1


def test_a_card_of_another_suit_never_wins() -> None:
    # 5♠ led; K♥ is off-suit, so 5♠ beats 2♠ and wins.
    assert winner("5S KC 2S") == 0


def test_any_trump_beats_the_suit_led() -> None:
    assert winner("KS 1S T1") == 2


def test_the_angel_beats_the_world_in_scarto() -> None:
    # rules.md C2: 20 > 21 in the Wikipedia and Italian rules.
    assert winner("T21 T20 5S") == 1
    assert winner("T21 T20 5S", TAROCCHI) == 1


def test_the_world_beats_the_angel_in_swedish_scarto_and_piedicavallo() -> None:
    # rules.md C2: "rank by number" (Swedish page); the 21 is highest in Piedicavallo.
    assert winner("T21 T20 5S", SCARTO_SV) == 0
    assert winner("T21 T20 5S T19", PIEDICAVALLO) == 0


def test_a_led_fool_lets_the_second_card_set_the_suit() -> None:
    # F led, 5♠ sets spades, K♠ follows and wins.
    assert winner("F 5S KS") == 2
    assert winner("F 5S KC") == 1


def test_a_trick_of_only_the_fool_has_no_winner() -> None:
    with pytest.raises(IllegalDealError):
        winner("F")


# Trick and seats


def test_seats_follow_the_order_of_play_from_the_leader() -> None:
    trick = Trick.play(2, cards("3C 2C F"), SCARTO)
    assert [trick.seat_of(i) for i in range(3)] == [2, 0, 1]
    assert trick.winner == 0  # 2C, played by seat 0
    assert trick.seat_playing(FOOL) == 1
    assert trick.seat_playing(parse_card("KS")) is None


def test_a_trick_needs_one_card_per_player() -> None:
    with pytest.raises(IllegalDealError):
        Trick.play(0, cards("3C 2C"), SCARTO)
    with pytest.raises(IllegalDealError):
        Trick.play(3, cards("3C 2C F"), SCARTO)


def test_the_player_after_the_dealer_leads_first() -> None:
    assert first_leader(0, SCARTO) == 1
    assert first_leader(2, SCARTO) == 0
    assert first_leader(3, PIEDICAVALLO) == 0


# Where the Fool goes


def test_the_fool_goes_to_its_own_player() -> None:
    # rules.md E5: C (seat 2) plays the Fool to B's trick and keeps it; B takes 3♥ and 2♥.
    tricks = [Trick.play(0, cards("3C 2C F"), SCARTO)]
    assert fool_holder(tricks, SCARTO) == 2
    assert gather_piles(tricks, SCARTO) == ((), tuple(cards("3C 2C")), (FOOL,))


def test_the_matto_of_a_player_without_a_trick_goes_to_the_last_trick_winner() -> None:
    # rules.md E6: B (seat 0) leads 4♠, A (seat 1) plays 9♠ and wins, C (seat 2) the Matto.
    # C won no trick, so A takes the Matto with 4♠ and 9♠.
    tricks = [
        Trick.play(1, cards("KS 2S 3S"), TAROCCHI),  # seat 1 wins with K♠
        Trick.play(1, cards("T5 T2 T3"), TAROCCHI),  # seat 1 again; seat 0 plays T2
        Trick.play(0, cards("4S 9S F"), TAROCCHI),
    ]
    assert tricks[-1].winner == 1
    assert fool_holder(tricks, TAROCCHI) == 1
    assert gather_piles(tricks, TAROCCHI)[1][-3:] == tuple(cards("4S 9S F"))
    assert gather_piles(tricks, TAROCCHI)[2] == ()


def test_the_same_last_trick_leaves_the_fool_with_its_player_in_scarto() -> None:
    tricks = [Trick.play(0, cards("4S 9S F"), SCARTO)]
    assert fool_holder(tricks, SCARTO) == 2


def test_a_matto_its_player_had_to_lead_goes_to_the_last_trick_winner() -> None:
    # rules.md 1.4: kept to the last trick and led, the Matto goes to that trick's winner,
    # though its player (seat 2) won the trick before.
    tricks = [
        Trick.play(0, cards("4S 2S KS"), TAROCCHI),
        Trick.play(2, cards("F 5C 1C"), TAROCCHI),
    ]
    assert tricks[-1].winner == 1
    assert fool_holder(tricks, TAROCCHI) == 1


def test_the_matto_played_after_a_trick_won_stays_with_its_player() -> None:
    tricks = [
        Trick.play(0, cards("4S 2S KS"), TAROCCHI),  # seats 0 1 2: K♠ wins for seat 2
        Trick.play(2, cards("5C 3C 1C"), TAROCCHI),  # seats 2 0 1: 1♥ wins for seat 1
        Trick.play(1, cards("9S F 5S"), TAROCCHI),  # seats 1 2 0: seat 2 plays the Matto
    ]
    assert tricks[-1].winner == 1
    assert fool_holder(tricks, TAROCCHI) == 2


def test_no_fool_in_the_tricks_means_no_holder() -> None:
    assert fool_holder([Trick.play(0, cards("4S 9S 2S"), SCARTO)], SCARTO) is None
