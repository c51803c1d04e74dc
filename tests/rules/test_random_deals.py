"""Properties of the audit over thousands of random legal deals, for every preset."""

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.audit import audit_quick_count
from scorekeeper.rules.audit import audit_totals
from scorekeeper.rules.counting import count_pile
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.play import fool_play
from tests.fuzzing import examples
from tests.keeper import table_piles

deals = st.builds(
    lambda ruleset_id, seed, dealer: random_deal(
        find_ruleset(ruleset_id), seed, dealer % PRESETS[ruleset_id].players
    ),
    st.sampled_from(list(PRESETS)),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=3),
)
MANY = settings(max_examples=examples(1000), deadline=None)


def fool_answers(deal):
    """What the keeper says of the Fool: whether it was led (where it matters), too early."""
    how = fool_play(deal.tricks, deal.ruleset)
    return {"fool_too_early": how.too_early, "fool_led": how.led}


def full_audit(deal):
    """The full piles as the table has them: the Fool with the player who played it."""
    return audit_piles(
        deal.ruleset,
        deal.dealer,
        table_piles(deal),
        deal.scarto,
        last_trick_winner=deal.last_trick_winner,
        **fool_answers(deal),
    )


def quick_audit(deal):
    ruleset = deal.ruleset
    counters = {
        c: seat
        for seat, pile in enumerate(table_piles(deal))
        for c in pile
        if ruleset.is_counter(c)
    }
    counters |= {c: "scarto" for c in deal.scarto if ruleset.is_counter(c)}
    return audit_quick_count(
        ruleset,
        deal.dealer,
        counters,
        deal.tricks_won,
        deal.fool_trick_winner,
        deal.scarto,
        last_trick_winner=deal.last_trick_winner,
        **fool_answers(deal),
    )


@MANY
@given(deals)
def test_every_card_is_in_exactly_one_place(deal):
    places = [card for pile in deal.piles for card in pile] + list(deal.scarto)
    assert sorted(places) == sorted(deal.ruleset.cards)


@MANY
@given(deals)
def test_a_legal_deal_audits_clean_and_its_points_make_the_deck_total(deal):
    result = full_audit(deal)
    assert result.problems == ()
    assert sum(result.points) == deal.ruleset.deck_total


@MANY
@given(deals)
def test_scores_sum_to_zero_where_the_ruleset_is_zero_sum(deal):
    result = full_audit(deal)
    if deal.ruleset.is_zero_sum:
        assert sum(result.scores) == 0
    else:
        assert result.scores == result.points  # the raw-recording presets


@MANY
@given(deals)
def test_quick_count_equals_full_piles_on_the_same_deal(deal):
    full, quick = full_audit(deal), quick_audit(deal)
    assert quick.problems == ()
    assert quick.points == full.points
    assert [n.code for n in quick.notes] == [n.code for n in full.notes]


@MANY
@given(deals)
def test_totals_only_agrees_with_the_full_piles(deal):
    full = full_audit(deal)
    assert audit_totals(deal.ruleset, full.points).scores == full.scores


@settings(max_examples=examples(300), deadline=None)
@given(deals, st.randoms(use_true_random=False))
def test_regrouping_a_pile_never_changes_its_points(deal, rng):
    for pile in deal.piles:
        shuffled = list(pile)
        rng.shuffle(shuffled)
        assert count_pile(shuffled, deal.ruleset).points == count_pile(pile, deal.ruleset).points


@settings(max_examples=examples(300), deadline=None)
@given(deals)
def test_the_breakdown_groups_add_up_to_the_pile(deal):
    for pile in full_audit(deal).piles:
        assert sum(g.points for g in pile.groups) + pile.fool_points == pile.points
        assert all(len(g.cards) <= 3 for g in pile.groups)
