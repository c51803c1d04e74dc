import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS
from scorekeeper.rules import check_count
from scorekeeper.rules import count_pile
from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_cards
from scorekeeper.rules.counting import pile_points
from scorekeeper.rules.generator import random_deal
from tests.fuzzing import examples

E3_TRICKS = "KS 7S 3S  QD T20 5D  CB 9B T6  2C 8C JC"


def test_e1_queen_king_magician_is_12():
    # rules.md E1 (Swedish page): 4 + 5 + 5 - 2 = 12
    assert count_pile(parse_cards("QS KS T1"), find_ruleset("scarto-sv")).points == 12


@pytest.mark.parametrize(
    ("ruleset_id", "points"), [("scarto", 18), ("scarto-sv", 14), ("tarocchi-a-3", 14)]
)
def test_e3_four_tricks_count_by_the_presets_values(ruleset_id, points):
    # rules.md E3: WP (19 - 5) + 4 = 18; SV/IT T20 is a blank: (14 - 4) + 4 = 14
    assert count_pile(parse_cards(E3_TRICKS), find_ruleset(ruleset_id)).points == points


def test_e3_grouped_by_trick_as_the_table_did_it():
    # rules.md E3: 5 + 8 + 3 + 2 = 18, grouped trick by trick
    groups = [parse_cards(g) for g in ("KS 7S 3S", "QD T20 5D", "CB 9B T6", "2C 8C JC")]
    check = check_count(groups, [5, 8, 3, 2], find_ruleset("scarto"))
    assert check.ok
    assert check.points == 18
    assert [g.correct for g in check.groups] == [True, True, True, True]


def test_a_wrong_group_is_named_with_its_true_value():
    groups = [parse_cards(g) for g in ("KS 7S 3S", "QD T20 5D", "CB 9B T6", "2C 8C JC")]
    check = check_count(groups, [5, 9, 3, 2], find_ruleset("scarto"))
    assert not check.ok
    assert [g.correct for g in check.groups] == [True, False, True, True]
    assert check.groups[1].points == 8
    assert check.problems[0].code == "group-wrong"
    assert "group 2 (Q♦ T20 5♦) is worth 8, not 9" in check.problems[0].message


@pytest.mark.parametrize(("ruleset_id", "points"), [("scarto", 18), ("scarto-sv", 22)])
def test_e4_the_dealers_pile_includes_his_scarto(ruleset_id, points):
    # rules.md E4: WP 19 + 7 - 8 = 18; SV/IT 24 + 6 - 8 = 22
    pile = parse_cards("QC 4S 10D  T1 T14 T9  KB JB 6B  CS 10S T21")
    assert count_pile(pile, find_ruleset(ruleset_id)).points == points


def test_the_breakdown_puts_each_counter_with_two_blanks_and_the_fool_apart():
    # rules.md 1.3 tip: each group is then worth its counter's value, or 1 for three blanks
    count = count_pile(parse_cards("KS QD 2S 3S 4S 5S 6S 7S F"), find_ruleset("scarto"))
    assert [(tuple(c.code for c in g.cards), g.points) for g in count.groups] == [
        (("KS", "2S", "3S"), 5),
        (("QD", "4S", "5S"), 4),
        (("6S", "7S"), 1),
    ]
    assert count.groups[-1].phantom
    assert count.fool is not None
    assert count.fool_points == 4
    assert count.points == 14


def test_e6_two_cards_with_the_phantom_blank_and_the_matto_apart_make_5():
    # rules.md E6: Matto 4 + {4S, 9S, phantom} (1 + 1 + 1 - 2 = 1) = 5
    assert count_pile(parse_cards("F 4S 9S"), find_ruleset("tarocchi-a-3")).points == 5


def test_e6_the_matto_counted_in_the_group_makes_4():
    # rules.md E6 under inGroup: 4 + 1 + 1 - 2 = 4
    ruleset = find_ruleset("tarocchi-a-3", {"fool_counting": "in-group"})
    assert count_pile(parse_cards("F 4S 9S"), ruleset).points == 4


def test_a_single_last_card_counts_its_own_value():
    assert count_pile(parse_cards("QS"), find_ruleset("scarto")).points == 4


def test_a_single_last_card_is_noted_as_impossible_in_a_legal_deal():
    # rules.md A4: "where a count checker meets one, it counts its own value and says that such
    # a pile cannot come from a legal deal". K♠ 2♠ 3♠ = 5, then 4♠ alone = 1: 6 points.
    count = count_pile(parse_cards("KS 2S 3S 4S"), find_ruleset("scarto"))
    assert count.points == 6
    assert [(n.code, n.message) for n in count.notes] == [
        (
            "single-leftover-card",
            "4♠ is left over on its own and counts its own value, 1; "
            "a pile from a legal deal never leaves a single card over",
        )
    ]
    assert count.notes[0].template % dict(count.notes[0].params) == count.notes[0].message


@pytest.mark.parametrize(
    ("ruleset_id", "cards"),
    [
        ("scarto", "KS 2S 3S"),  # whole groups
        ("scarto", "KS 2S"),  # the winner of the Fool's trick: a phantom blank
        ("scarto", "KS 2S 3S F"),  # the Fool counted apart
        ("piedicavallo", "KS"),  # raw counting has no groups
        ("scarto-in-group", "KS 2S 3S F"),  # the Fool alone: its owner had no blank to give
    ],
)
def test_piles_a_legal_deal_can_leave_have_no_note(ruleset_id, cards):
    ruleset = (
        find_ruleset("scarto", {"fool_counting": "in-group"})
        if ruleset_id == "scarto-in-group"
        else find_ruleset(ruleset_id)
    )
    assert count_pile(parse_cards(cards), ruleset).notes == ()


def test_a_group_of_one_card_in_a_checked_count_is_noted_but_not_wrong():
    # K♠ 2♠ 3♠ = 5 and Q♠ alone = 4: the count is right, and no legal deal leaves one card over.
    groups = [parse_cards("KS 2S 3S"), parse_cards("QS")]
    check = check_count(groups, [5, 4], find_ruleset("scarto"))
    assert check.ok
    assert check.points == 9
    assert [n.code for n in check.notes] == ["single-leftover-card"]
    assert check.notes[0].message.startswith("Q♠ is left over on its own")


def test_the_fool_apart_beside_a_single_card_still_leaves_it_alone():
    check = check_count([parse_cards("F QS")], [8], find_ruleset("scarto"))
    assert check.ok
    assert [n.params for n in check.notes] == [(("card", "Q♠"), ("points", 4))]
    assert check_count([parse_cards("F")], [4], find_ruleset("scarto")).notes == ()


def test_raw_counting_adds_face_values():
    # Piedicavallo: K 5 + Fool 5 + 6C 1 + T21 5 = 16
    assert count_pile(parse_cards("KS F 6C T21"), find_ruleset("piedicavallo")).points == 16


def test_groups_of_four_and_two_short_groups_are_flagged():
    groups = [parse_cards("KS 7S 3S 2S"), parse_cards("5S 6S"), parse_cards("8S")]
    check = check_count(groups, [5, 1, 1], find_ruleset("scarto"))
    codes = {p.code for p in check.problems}
    assert {"group-too-big", "groups-short"} <= codes


def test_the_fool_as_its_own_group_is_worth_its_value():
    check = check_count([parse_cards("F"), parse_cards("KS 2S 3S")], [4, 5], find_ruleset("scarto"))
    assert check.ok
    assert check.points == 9


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(list(PRESETS)), st.data())
def test_regrouping_a_pile_never_changes_its_points(ruleset_id, data):
    ruleset = find_ruleset(ruleset_id)
    cards = data.draw(st.lists(st.sampled_from(ruleset.cards), unique=True, max_size=40))
    shuffled = data.draw(st.permutations(cards))
    fool = [c for c in shuffled if c.is_fool and ruleset.fool_counting == "apart"]
    rest = [c for c in shuffled if c not in fool]
    groups = [rest[i : i + 3] for i in range(0, len(rest), 3)] + ([fool] if fool else [])
    values = [check_count([g], [0], ruleset).groups[0].points for g in groups]
    assert sum(values) == count_pile(cards, ruleset).points
    assert check_count(groups, values, ruleset).ok


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(list(PRESETS)), st.data())
def test_counters_and_pile_size_give_the_same_points_as_the_cards(ruleset_id, data):
    ruleset = find_ruleset(ruleset_id)
    cards = data.draw(st.lists(st.sampled_from(ruleset.cards), unique=True, max_size=40))
    counters = [c for c in cards if ruleset.is_counter(c)]
    assert pile_points(counters, len(cards), ruleset) == count_pile(cards, ruleset).points


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(list(PRESETS)), st.data())
def test_a_pile_is_noted_exactly_when_one_card_is_left_over(ruleset_id, data):
    ruleset = find_ruleset(ruleset_id)
    cards = data.draw(st.lists(st.sampled_from(ruleset.cards), unique=True, max_size=40))
    grouped = [c for c in cards if not (c.is_fool and ruleset.fool_counting == "apart")]
    lone = ruleset.counting == "threes" and len(grouped) % 3 == 1
    assert [n.code for n in count_pile(cards, ruleset).notes] == (
        ["single-leftover-card"] if lone else []
    )


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(list(PRESETS)), st.integers(min_value=0, max_value=2**32))
def test_no_pile_of_a_legal_deal_is_noted(ruleset_id, seed):
    deal = random_deal(find_ruleset(ruleset_id), seed)
    piles = [list(pile) for pile in deal.piles]
    piles[deal.dealer] += deal.scarto
    assert all(count_pile(pile, deal.ruleset).notes == () for pile in piles)
