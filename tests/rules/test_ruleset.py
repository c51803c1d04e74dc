import pytest

from scorekeeper.rules import OPTIONS
from scorekeeper.rules import PRESETS
from scorekeeper.rules import InvalidRulesetError
from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_card


def test_the_four_preset_ids_are_the_api_ids():
    assert list(PRESETS) == ["scarto", "scarto-sv", "tarocchi-a-3", "piedicavallo"]


@pytest.mark.parametrize(
    ("ruleset_id", "players", "deck_size", "deck_total", "scarto_size"),
    [
        # rules.md A3 and 1.7: 78 points in the 78-card games, 114 raw in Piedicavallo
        ("scarto", 3, 78, 78, 3),
        ("scarto-sv", 3, 78, 78, 3),
        ("tarocchi-a-3", 3, 78, 78, 3),
        ("piedicavallo", 4, 62, 114, 2),
    ],
)
def test_each_preset_has_its_deck_and_deck_total(
    ruleset_id, players, deck_size, deck_total, scarto_size
):
    ruleset = find_ruleset(ruleset_id)
    assert (ruleset.players, ruleset.deck_size, ruleset.deck_total, ruleset.scarto_size) == (
        players,
        deck_size,
        deck_total,
        scarto_size,
    )
    assert ruleset.source


@pytest.mark.parametrize(
    ("ruleset_id", "five_point_codes"),
    [
        ("scarto", {"KS", "KB", "KC", "KD", "T1", "T20"}),
        ("scarto-sv", {"KS", "KB", "KC", "KD", "T1", "T21"}),
        ("tarocchi-a-3", {"KS", "KB", "KC", "KD", "T1", "T21"}),
        ("piedicavallo", {"KS", "KB", "KC", "KD", "T1", "T21", "F"}),
    ],
)
def test_five_point_cards_follow_the_preset(ruleset_id, five_point_codes):
    ruleset = find_ruleset(ruleset_id)
    assert {c.code for c in ruleset.cards if ruleset.is_five_point(c)} == five_point_codes


def test_card_values_queen_cavallo_jack_fool_and_blanks():
    ruleset = find_ruleset("scarto")
    values = {
        code: ruleset.value(parse_card(code)) for code in ("QD", "CS", "JB", "F", "7S", "T21")
    }
    assert values == {"QD": 4, "CS": 3, "JB": 2, "F": 4, "7S": 1, "T21": 1}


def test_a_house_rule_overrides_one_option_and_is_remembered():
    ruleset = find_ruleset(
        "tarocchi-a-3", {"recording": "difference", "game_length": "first-to-100"}
    )
    assert ruleset.recording == "difference"
    assert ruleset.game_length == "first-to-100"
    assert dict(ruleset.overrides) == {"recording": "difference", "game_length": "first-to-100"}
    assert ruleset.id == "tarocchi-a-3"
    assert "house rules" in ruleset.name
    assert ruleset.score_base == 26


def test_an_override_equal_to_the_preset_changes_nothing():
    assert find_ruleset("scarto", {"top_trump": 20}) is PRESETS["scarto"]


def test_text_values_from_forms_are_read_as_the_options_type():
    ruleset = find_ruleset("scarto", {"fool_may_lead": "false", "top_trump": "21"})
    assert ruleset.fool_may_lead is False
    assert ruleset.top_trump == 21


def test_the_fool_counted_in_a_group_makes_a_77_point_deal():
    # rules.md 1.7: 70 + 59 - 52 = 77
    assert find_ruleset("scarto", {"fool_counting": "in-group"}).deck_total == 77


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"colour": "red"}, "'colour' is not an option"),
        ({"deck": "62"}, "'deck' is fixed by the preset"),
        ({"top_trump": 19}, "option 'top_trump' cannot be 19 (allowed: 20, 21)"),
        ({"fool_may_lead": "perhaps"}, "option 'fool_may_lead' cannot be 'perhaps'"),
        ({"fool_value": True}, "option 'fool_value' cannot be true"),
    ],
)
def test_a_bad_override_is_a_clear_error(overrides, message):
    with pytest.raises(InvalidRulesetError, match=message.replace("(", r"\(").replace(")", r"\)")):
        find_ruleset("scarto", overrides)


def test_an_unknown_ruleset_names_the_known_ones():
    with pytest.raises(InvalidRulesetError, match="unknown ruleset 'bridge'.*scarto-sv"):
        find_ruleset("bridge")


def test_every_option_lists_its_values_and_the_presets_use_them():
    for ruleset in PRESETS.values():
        for name, value in ruleset.options.items():
            assert value in OPTIONS[name].values, (ruleset.id, name)


def test_trump_order_puts_the_angel_over_the_world_where_the_preset_says():
    t20, t21 = parse_card("T20"), parse_card("T21")
    scarto, swedish = find_ruleset("scarto"), find_ruleset("scarto-sv")
    assert scarto.trump_strength(t20) > scarto.trump_strength(t21)
    assert swedish.trump_strength(t21) > swedish.trump_strength(t20)


def test_round_suit_pips_rank_in_reverse():
    ruleset = find_ruleset("scarto")
    # rules.md 1.0: cups and coins K Q C J 1 2 ... 10; swords and batons K Q C J 10 ... 1
    assert ruleset.suit_strength(parse_card("1C")) > ruleset.suit_strength(parse_card("10C"))
    assert ruleset.suit_strength(parse_card("JC")) > ruleset.suit_strength(parse_card("1C"))
    assert ruleset.suit_strength(parse_card("10S")) > ruleset.suit_strength(parse_card("1S"))
