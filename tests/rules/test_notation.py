"""Deal records: text that round-trips a whole or partial deal (docs/deal-record.md)."""

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS
from scorekeeper.rules import InvalidNotationError
from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_cards
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.notation import HEADER
from scorekeeper.rules.notation import DealRecord
from scorekeeper.rules.notation import format_record
from scorekeeper.rules.notation import parse_record
from tests.fuzzing import examples

NAMES = {3: ("Anna", "Bruno", "Nicolò"), 4: ("Anna", "Bruno", "Carla", "Dario")}
HOUSE_RULES = {"fool_counting": "in-group", "top_trump": 21}
SOME = settings(max_examples=examples(100), deadline=None)
DOC = Path(__file__).resolve().parents[2] / "docs" / "deal-record.md"


def record_of(ruleset, seed, dealer=0, names=None):
    deal = random_deal(ruleset, seed, dealer)
    players = names or NAMES[ruleset.players]
    return DealRecord(
        ruleset, players, deal.dealer, deal.scarto, tuple(t.cards for t in deal.tricks)
    )


def cards(text):
    return tuple(parse_cards(text))


EXAMPLE = """\
# scorekeeper deal record v1
ruleset: scarto
options: fool_counting=in-group top_trump=21
players: Anna | Bruno | Nicolò
dealer: Anna
scarto: QB 2S 9C
1: 3C 2C F      # Bruno leads, Nicolò wins
2: KD 1D T5     # Nicolò leads, Bruno wins
3: T21 T3
"""


def example_record():
    return DealRecord(
        find_ruleset("scarto", HOUSE_RULES),
        NAMES[3],
        0,
        cards("QB 2S 9C"),
        (cards("3C 2C F"), cards("KD 1D T5"), cards("T21 T3")),
    )


def error_of(text):
    with pytest.raises(InvalidNotationError) as caught:
        parse_record(text)
    return str(caught.value)


def replace_line(text, number, new):
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


# Round trips


@SOME
@given(
    st.sampled_from(["scarto", "scarto-sv", "tarocchi-a-3", "piedicavallo"]),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=3),
)
def test_every_random_deal_of_every_preset_round_trips(ruleset_id, seed, dealer):
    ruleset = find_ruleset(ruleset_id)
    record = record_of(ruleset, seed, dealer % ruleset.players)
    assert len(record.tricks) == ruleset.tricks_per_deal
    assert parse_record(format_record(record)) == record


def test_the_presets_under_test_are_all_the_presets():
    assert set(PRESETS) == {"scarto", "scarto-sv", "tarocchi-a-3", "piedicavallo"}


@SOME
@given(st.integers(min_value=0, max_value=2**32))
def test_a_deal_with_house_rules_round_trips_with_its_overrides_in_order(seed):
    ruleset = find_ruleset("scarto", HOUSE_RULES)
    record = record_of(ruleset, seed)
    text = format_record(record)
    assert "\noptions: fool_counting=in-group top_trump=21\n" in text
    again = parse_record(text)
    assert again == record
    assert again.ruleset.overrides == (("fool_counting", "in-group"), ("top_trump", 21))


def test_true_and_false_house_rules_are_written_in_lower_case_and_read_back():
    ruleset = find_ruleset("piedicavallo", {"must_trump": False, "announce_scarto_trumps": False})
    record = record_of(ruleset, 7)
    text = format_record(record)
    assert "options: must_trump=false announce_scarto_trumps=false\n" in text
    assert parse_record(text) == record


def test_a_preset_without_house_rules_has_no_options_line():
    text = format_record(record_of(find_ruleset("scarto-sv"), 3))
    assert "options" not in text
    assert text.startswith(HEADER + "\nruleset: scarto-sv\nplayers: Anna | Bruno | Nicolò\n")


@SOME
@given(st.integers(min_value=0, max_value=2**32), st.data())
def test_a_record_saved_part_way_round_trips(seed, data):
    ruleset = find_ruleset(data.draw(st.sampled_from(sorted(PRESETS))))
    whole = record_of(ruleset, seed)
    kept = data.draw(st.integers(min_value=0, max_value=ruleset.tricks_per_deal))
    tricks = whole.tricks[:kept]
    if tricks:
        cut = data.draw(st.integers(min_value=1, max_value=ruleset.players))
        tricks = (*tricks[:-1], tricks[-1][:cut])
    partial = DealRecord(ruleset, whole.players, whole.dealer, whole.scarto, tricks)
    assert parse_record(format_record(partial)) == partial


def test_the_example_reads_as_the_record_it_shows():
    assert parse_record(EXAMPLE) == example_record()


def test_the_comments_say_who_leads_and_who_wins_and_an_unfinished_trick_only_who_leads():
    lines = format_record(example_record()).splitlines()
    assert lines[:6] == EXAMPLE.splitlines()[:6]
    assert lines[6] == "1: 3C 2C F   # Bruno leads, Nicolò wins"
    assert lines[7] == "2: KD 1D T5  # Nicolò leads, Bruno wins"
    assert lines[8] == "3: T21 T3    # Bruno leads"


def test_the_comments_follow_the_winners_of_the_generated_play():
    ruleset = find_ruleset("piedicavallo")
    deal = random_deal(ruleset, 11, 2)
    record = record_of(ruleset, 11, 2)
    notes = [line.split("# ")[1] for line in format_record(record).splitlines()[5:]]
    names = NAMES[4]
    assert notes == [f"{names[t.leader]} leads, {names[t.winner]} wins" for t in deal.tricks]


def test_a_trick_with_no_winner_leaves_the_later_leaders_unknown_but_still_round_trips():
    # Only Fools: illegal, but legality is the replay's business, not the record's.
    text = EXAMPLE.replace("1: 3C 2C F ", "1: F F F")
    record = parse_record(text)
    lines = format_record(record).splitlines()
    assert lines[6:] == ["1: F F F     # Bruno leads", "2: KD 1D T5", "3: T21 T3"]
    assert parse_record(format_record(record)) == record


def test_a_record_with_no_tricks_round_trips():
    record = DealRecord(find_ruleset("scarto"), NAMES[3], 2, (), ())
    text = format_record(record)
    assert text.endswith("dealer: Nicolò\nscarto:\n")
    assert parse_record(text) == record


def test_lower_case_and_suit_symbols_read_as_the_canonical_record():
    text = """
        RULESET: Scarto
        Options: FOOL_COUNTING=In-Group, top_trump=21
        PLAYERS: Anna|Bruno |   Nicolò
        Dealer: anna
        Scarto: q♣ 2♠ 9♥

        1: 3c, 2♥ fool
        2: K♦ 1d t5   # no comment needed
        3: t21 T3
    """
    assert parse_record(text) == example_record()


def test_names_with_commas_spaces_and_hashes_round_trip():
    players = ("Rossi, Anna", "Bruno de Luca", "#3 Nicolò")
    record = record_of(find_ruleset("tarocchi-a-3"), 5, 2, players)
    text = format_record(record)
    assert "players: Rossi, Anna | Bruno de Luca | #3 Nicolò\ndealer: #3 Nicolò\n" in text
    assert parse_record(text) == record


def test_a_dealer_whose_name_repeats_or_is_empty_is_written_as_his_seat():
    repeated = record_of(find_ruleset("scarto"), 1, 1, ("Anna", "Anna", "Bruno"))
    empty = record_of(find_ruleset("scarto"), 1, 2, ("Anna", "Bruno", ""))
    assert "\ndealer: seat 2\n" in format_record(repeated)
    assert "\ndealer: seat 3\n" in format_record(empty)
    assert parse_record(format_record(repeated)) == repeated
    assert parse_record(format_record(empty)) == empty


def test_all_names_empty_round_trips_and_the_comments_name_seats():
    record = record_of(find_ruleset("piedicavallo"), 4, 3, ("", "", "", ""))
    text = format_record(record)
    assert "\nplayers:  |  |  |\ndealer: seat 4\n" in text
    assert "# seat 1 leads" in text
    assert parse_record(text) == record


def test_a_player_called_seat_n_never_confuses_the_dealer():
    players = ("seat 2", "Bruno", "Carla")
    for dealer in range(3):
        record = record_of(find_ruleset("scarto"), 8, dealer, players)
        assert parse_record(format_record(record)) == record
    assert "\ndealer: seat 1\n" in format_record(record_of(find_ruleset("scarto"), 8, 0, players))


def test_the_dealer_may_be_given_as_a_seat_in_any_case():
    text = replace_line(EXAMPLE, 5, "dealer: Seat 3")
    assert parse_record(text).dealer == 2


def test_a_byte_order_mark_is_ignored():
    assert parse_record("\ufeff" + EXAMPLE) == example_record()


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Anna | Bruno", "contains '|'"),
        ("Anna\nBruno", "line break"),
        ("Anna\u2028", "line break"),
        (" Anna", "begins or ends with a space"),
    ],
)
def test_a_name_that_cannot_be_read_back_is_refused_when_writing(name, why):
    record = record_of(find_ruleset("scarto"), 1, 0, (name, "Bruno", "Carla"))
    with pytest.raises(ValueError, match=why):
        format_record(record)


def test_a_record_of_the_wrong_shape_is_refused_when_writing():
    good = example_record()
    two_players = DealRecord(good.ruleset, ("Anna", "Bruno"), 0, good.scarto, good.tricks)
    short_middle = DealRecord(
        good.ruleset, good.players, 0, good.scarto, (cards("3C"), cards("KD 1D T5"))
    )
    no_seat = DealRecord(good.ruleset, good.players, 3, good.scarto, good.tricks)
    with pytest.raises(ValueError, match="2 players"):
        format_record(two_players)
    with pytest.raises(ValueError, match="trick 1 has only 1 of 3 cards"):
        format_record(short_middle)
    with pytest.raises(ValueError, match="no seat 4"):
        format_record(no_seat)


def test_every_record_in_the_documentation_reads_and_is_written_back_as_shown():
    blocks = re.findall(r"```text\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert len(blocks) == 3
    for block in blocks:
        assert format_record(parse_record(block)) == block


# Errors, each naming its line


def test_an_unknown_card_names_its_line():
    assert error_of(replace_line(EXAMPLE, 8, "2: KD ZZ T5")) == "line 8: unknown card 'ZZ'"


def test_a_superscript_digit_is_an_unknown_card_not_a_crash():
    assert error_of(replace_line(EXAMPLE, 6, "scarto: T² 2S 9C")) == "line 6: unknown card 'T²'"


def test_an_unknown_ruleset_names_its_line_and_the_known_ones():
    message = error_of(replace_line(EXAMPLE, 2, "ruleset: bridge"))
    assert message.startswith("line 2: ruleset: unknown ruleset 'bridge' (known: scarto, ")


def test_a_bad_house_rule_names_the_options_line():
    message = error_of(replace_line(EXAMPLE, 3, "options: top_trump=22"))
    assert message.startswith("line 3: options: option 'top_trump' cannot be 22")
    assert "line 3: options: 'players' is fixed" in error_of(
        replace_line(EXAMPLE, 3, "options: players=4")
    )
    assert error_of(replace_line(EXAMPLE, 3, "options: top_trump")) == (
        "line 3: options: expected name=value, not 'top_trump'"
    )
    assert error_of(replace_line(EXAMPLE, 3, "options: top_trump=21 top_trump=20")) == (
        "line 3: options: 'top_trump' given twice"
    )


def test_a_trick_with_too_many_cards_names_its_line():
    text = EXAMPLE.replace("2: KD 1D T5", "2: KD 1D T5 4S 5S")
    assert error_of(text) == "line 8: trick 2 has 5 cards; a trick has 3"


def test_only_the_last_trick_may_be_short():
    text = EXAMPLE.replace("1: 3C 2C F ", "1: 3C 2C")
    assert error_of(text) == (
        "line 7: trick 1 has only 2 of 3 cards; only the last may be unfinished"
    )


def test_a_trick_line_without_cards_is_refused():
    text = EXAMPLE.replace("3: T21 T3", "3: T21 T3 4S") + "4:   # nothing yet\n"
    assert error_of(text) == "line 10: trick 4 has no cards"


def test_a_trick_beyond_the_last_of_the_deal_is_refused():
    record = record_of(find_ruleset("scarto"), 2)
    text = format_record(record) + "26: KS QS CS\n"
    assert error_of(text) == "line 31: trick 26 is one too many: a deal has 25 tricks"


def test_a_missing_key_names_the_line_where_it_was_due():
    text = "ruleset: scarto\n1: 3C 2C F\n"
    assert error_of(text) == "line 2: missing 'players'"
    assert error_of("ruleset: scarto\n") == "after line 1: missing 'players'"
    assert error_of(EXAMPLE.replace("scarto: QB 2S 9C", "")) == "line 7: missing 'scarto'"


def test_an_empty_record_is_refused():
    assert error_of("\n# only a comment\n").startswith("the record is empty")


def test_tricks_out_of_order_name_the_line():
    text = EXAMPLE.replace("2: KD", "3: KD").replace("3: T21", "4: T21")
    assert error_of(text) == "line 8: trick 3 comes after trick 1"
    assert error_of(EXAMPLE.replace("1: 3C", "2: 3C")).startswith("line 7: trick 2 comes first")
    assert error_of(EXAMPLE.replace("2: KD", "1: KD")) == "line 8: trick 1 comes after trick 1"


def test_a_dealer_who_is_not_a_player_is_refused():
    message = error_of(replace_line(EXAMPLE, 5, "dealer: Zoe"))
    assert message == "line 5: the dealer 'Zoe' is not a player"
    assert error_of(replace_line(EXAMPLE, 5, "dealer: seat 4")) == (
        "line 5: there is no seat 4 at a table of 3"
    )


def test_a_dealer_name_shared_by_two_players_must_be_a_seat():
    text = replace_line(EXAMPLE, 4, "players: Anna | Anna | Nicolò")
    assert "is more than one player: write 'seat N'" in error_of(text)


def test_the_wrong_number_of_players_for_the_ruleset_is_refused():
    message = error_of(replace_line(EXAMPLE, 4, "players: Anna | Bruno"))
    assert message == "line 4: players: 2 players, but ruleset 'scarto' is played by 3"
    text = replace_line(EXAMPLE, 2, "ruleset: piedicavallo").replace("options: ", "# ")
    assert "ruleset 'piedicavallo' is played by 4" in error_of(text)


def test_a_key_given_twice_is_refused():
    text = EXAMPLE.replace("dealer: Anna\n", "dealer: Anna\nDEALER: Bruno\n")
    assert error_of(text) == "line 6: 'dealer' given twice (first on line 5)"


def test_an_unknown_key_or_a_line_without_a_key_is_refused():
    assert error_of(replace_line(EXAMPLE, 5, "winner: Anna")).startswith(
        "line 5: unknown key 'winner'"
    )
    assert error_of(replace_line(EXAMPLE, 5, "Anna")).startswith("line 5: expected 'key: value'")


def test_a_header_after_the_tricks_is_refused():
    text = EXAMPLE.replace("dealer: Anna\n", "") + "dealer: Anna\n"
    assert error_of(text) == "line 9: 'dealer' comes after the tricks; the header lines come first"


# Fuzzing: any text either reads as a record or fails with InvalidNotationError


def parses_or_refuses(text):
    try:
        record = parse_record(text)
    except InvalidNotationError:
        return
    # Whatever reads can be written, and reads back the same.
    assert parse_record(format_record(record)) == record


@settings(max_examples=examples(300), deadline=None)
@given(st.text())
def test_any_text_reads_or_fails_with_an_invalid_notation_error(text):
    parses_or_refuses(text)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(":|#=, \n0123456789TFSBCDKQJseatruln"))))
def test_text_made_of_record_characters_reads_or_fails_cleanly(pieces):
    parses_or_refuses(EXAMPLE[:60] + "".join(pieces))


@st.composite
def mutated_records(draw):
    lines = format_record(example_record()).splitlines()
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        index = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        line = lines[index]
        start = draw(st.integers(min_value=0, max_value=len(line)))
        end = draw(st.integers(min_value=start, max_value=len(line)))
        action = draw(st.sampled_from(["cut", "insert", "drop", "repeat", "swap"]))
        if action == "cut":
            lines[index] = line[:start] + line[end:]
        elif action == "insert":
            lines[index] = line[:start] + draw(st.text(max_size=8)) + line[start:]
        elif action == "drop":
            del lines[index]
        elif action == "repeat":
            lines.insert(index, line)
        else:
            other = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            lines[index], lines[other] = lines[other], line
        if not lines:
            break
    return "\n".join(lines)


@settings(max_examples=examples(500), deadline=None)
@given(mutated_records())
def test_a_mutated_record_reads_or_fails_with_an_invalid_notation_error(text):
    parses_or_refuses(text)
