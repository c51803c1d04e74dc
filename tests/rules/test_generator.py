"""Properties of the random deals: every card in one place, every card played legally."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper.rules.cards import FOOL
from scorekeeper.rules.cards import Card
from scorekeeper.rules.cards import Suit
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.counting import count_pile
from scorekeeper.rules.errors import IllegalDealError
from scorekeeper.rules.generator import PlayedDeal
from scorekeeper.rules.generator import choose_scarto
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.play import first_leader
from scorekeeper.rules.play import legal_plays
from scorekeeper.rules.play import trick_winner
from scorekeeper.rules.ruleset import PRESETS
from scorekeeper.rules.ruleset import find_ruleset
from scorekeeper.rules.scarto import check_scarto
from tests.fuzzing import examples

RULESET_IDS = sorted(PRESETS)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
deal_settings = settings(max_examples=examples(200), deadline=None)


def deal_for(ruleset_id: str, seed: int, dealer_pick: int) -> PlayedDeal:
    ruleset = find_ruleset(ruleset_id)
    return random_deal(ruleset, seed, dealer=dealer_pick % ruleset.players)


def all_cards(deal: PlayedDeal) -> list[Card]:
    return [card for pile in deal.piles for card in pile] + list(deal.scarto)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@deal_settings
@given(seed=SEEDS, dealer_pick=st.integers(0, 3))
def test_every_card_ends_in_one_place_and_the_deal_has_its_rulesets_shape(
    ruleset_id: str, seed: int, dealer_pick: int
) -> None:
    deal = deal_for(ruleset_id, seed, dealer_pick)
    ruleset = deal.ruleset
    assert Counter(all_cards(deal)) == Counter(ruleset.cards)  # piles + scarto (rules.md A5)
    assert Counter(card for hand in deal.hands for card in hand) == Counter(ruleset.cards)
    # rules.md A3: 25 each and 28 for the dealer (15 / 17 in Piedicavallo); one trick per card.
    sizes = [len(hand) for hand in deal.hands]
    share = ruleset.tricks_per_deal
    assert sizes == [
        share + (ruleset.scarto_size if seat == deal.dealer else 0)
        for seat in range(ruleset.players)
    ]
    assert len(deal.tricks) == share
    assert sum(deal.tricks_won) == share
    assert deal.last_trick_winner == deal.tricks[-1].winner
    kept = [card for card in deal.hands[deal.dealer] if card not in deal.scarto]
    verdict = check_scarto(
        deal.scarto, ruleset, kept=kept, trumps_announced=sum(card.is_trump for card in deal.scarto)
    )
    assert verdict.legal is True


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@deal_settings
@given(seed=SEEDS, dealer_pick=st.integers(0, 3))
def test_every_card_was_legal_when_it_was_played(
    ruleset_id: str, seed: int, dealer_pick: int
) -> None:
    deal = deal_for(ruleset_id, seed, dealer_pick)
    ruleset = deal.ruleset
    held = [set(hand) for hand in deal.hands]
    held[deal.dealer] -= set(deal.scarto)
    has_won = [False] * ruleset.players
    leader = first_leader(deal.dealer, ruleset)
    for trick in deal.tricks:
        assert trick.leader == leader
        assert len(trick.cards) == ruleset.players
        for index, card in enumerate(trick.cards):
            seat = trick.seat_of(index)
            options = legal_plays(
                held[seat], trick.cards[:index], ruleset, has_won_trick=has_won[seat]
            )
            assert card in options
            held[seat].remove(card)
        assert trick.winner == trick.seat_of(trick_winner(trick.cards, ruleset))
        has_won[trick.winner] = True
        leader = trick.winner
    assert held == [set()] * ruleset.players


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@deal_settings
@given(seed=SEEDS, dealer_pick=st.integers(0, 3))
def test_the_fool_ends_in_the_pile_its_rules_give(
    ruleset_id: str, seed: int, dealer_pick: int
) -> None:
    deal = deal_for(ruleset_id, seed, dealer_pick)
    holders = [seat for seat, pile in enumerate(deal.piles) if FOOL in pile]
    assert holders == ([] if deal.fool_holder is None else [deal.fool_holder])
    if deal.fool_owner is None:  # laid aside in the scarto
        assert FOOL in deal.scarto
        assert deal.fool_trick_winner is None
        return
    assert deal.fool_trick_winner is not None
    assert deal.fool_trick_winner != deal.fool_owner  # the Fool never wins its trick
    last = deal.tricks[-1].cards
    won_none = deal.tricks_won[deal.fool_owner] == 0
    forced_lead = last[0] == FOOL and not deal.ruleset.fool_may_lead
    if deal.ruleset.fool_needs_prior_trick and won_none:
        assert FOOL in last  # rules.md E6: kept until it was his last card
    if deal.ruleset.fool_if_owner_no_trick == "last-trick-winner" and (won_none or forced_lead):
        # rules.md 1.4, E6: it goes to the winner of the last trick.
        assert deal.fool_holder == deal.last_trick_winner
    else:
        assert deal.fool_holder == deal.fool_owner


@pytest.mark.parametrize("ruleset_id", ["scarto", "scarto-sv", "tarocchi-a-3"])
@settings(max_examples=examples(100), deadline=None)
@given(seed=SEEDS, dealer_pick=st.integers(0, 3))
def test_pile_sizes_and_points_pass_the_audit_invariants(
    ruleset_id: str, seed: int, dealer_pick: int
) -> None:
    # rules.md A5: non-Fool pile sizes (the dealer's with his scarto) are multiples of 3, but
    # the Fool's trick winner's has remainder 2; the points add up to the deck total.
    deal = deal_for(ruleset_id, seed, dealer_pick)
    piles = [list(pile) for pile in deal.piles]
    piles[deal.dealer] += deal.scarto
    remainders = sorted(sum(not card.is_fool for card in pile) % 3 for pile in piles)
    assert remainders == ([0, 0, 0] if deal.fool_owner is None else [0, 0, 2])
    points = sum(count_pile(pile, deal.ruleset).points for pile in piles)
    assert points == deal.ruleset.deck_total


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_same_seed_gives_the_same_deal(ruleset_id: str) -> None:
    ruleset = find_ruleset(ruleset_id)
    assert random_deal(ruleset, 7, dealer=1) == random_deal(ruleset, 7, dealer=1)
    assert random_deal(ruleset, 7, dealer=1) != random_deal(ruleset, 8, dealer=1)


_FINGERPRINT = """
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.ruleset import PRESETS
for ruleset in PRESETS.values():
    deal = random_deal(ruleset, 2024, dealer=1)
    print(" ".join(card.code for card in deal.scarto + sum(deal.piles, ())))
"""


def test_a_seed_gives_the_same_deal_in_every_process() -> None:
    # Sets of cards iterate in an order that depends on the hash seed; the generator must not.
    runs = [
        subprocess.run(
            [sys.executable, "-c", _FINGERPRINT],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        ).stdout
        for hash_seed in ("1", "2")
    ]
    assert runs[0] == runs[1]
    assert runs[0].count("\n") == len(PRESETS)


def test_the_dealer_holds_the_extra_cards_and_the_player_after_him_leads() -> None:
    ruleset = find_ruleset("piedicavallo")
    deal = random_deal(ruleset, 3, dealer=2)
    assert [len(hand) for hand in deal.hands] == [15, 15, 17, 15]
    assert len(deal.scarto) == 2
    assert deal.tricks[0].leader == 3


def test_a_matto_captured_on_the_last_trick_goes_to_its_winner() -> None:
    # rules.md E6: in Tarocchi a 3 a Matto whose player won no trick is forced out as his last
    # card, and the last trick's winner takes it. About 1 deal in 100 does this.
    ruleset = find_ruleset("tarocchi-a-3")
    captured = [
        d
        for d in (random_deal(ruleset, seed) for seed in range(400))
        if d.fool_holder != d.fool_owner
    ]
    assert captured
    for deal in captured:
        assert FOOL in deal.tricks[-1].cards
        assert deal.fool_holder == deal.last_trick_winner
        assert FOOL in deal.piles[deal.last_trick_winner]


def test_a_hand_without_a_legal_scarto_gets_none() -> None:
    # Tarocchi a 3: no King, no trump, no Matto may go; this hand has only two other cards.
    ruleset = find_ruleset("tarocchi-a-3")
    hand = parse_cards("KS KB KC KD 2S 3S") + [Card(Suit.TRUMPS, rank) for rank in range(22)]
    assert choose_scarto(hand, ruleset, random.Random(0)) is None


def test_a_hand_with_one_legal_scarto_finds_it() -> None:
    ruleset = find_ruleset("tarocchi-a-3")
    hand = parse_cards("KS KB KC 2S 3S 5D") + [Card(Suit.TRUMPS, rank) for rank in range(22)]
    assert choose_scarto(hand, ruleset, random.Random(0)) == tuple(parse_cards("2S 3S 5D"))


def test_a_dealer_outside_the_table_is_refused() -> None:
    with pytest.raises(IllegalDealError):
        random_deal(find_ruleset("scarto"), 1, dealer=3)
