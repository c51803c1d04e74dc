import pytest

from scorekeeper.rules import check_scarto
from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_cards

ALL = ["scarto", "scarto-sv", "tarocchi-a-3"]


def verdict(codes, ruleset_id, kept=None, **declared):
    kept_cards = parse_cards(kept) if kept is not None else None
    return check_scarto(parse_cards(codes), find_ruleset(ruleset_id), kept=kept_cards, **declared)


@pytest.mark.parametrize("ruleset_id", ALL)
def test_e4_queen_and_two_blanks_are_legal_everywhere(ruleset_id):
    # rules.md E4: {Q♥, 4♠, 10♦} is legal in every preset
    result = verdict("QC 4S 10D", ruleset_id)
    assert result.legal is True
    assert result.problems == ()


def test_e4_an_ordinary_trump_is_legal_in_scarto_and_illegal_in_tarocchi_a_3():
    # rules.md E4 variant {Q♥, 4♠, T9}
    assert verdict("QC 4S T9", "scarto").legal is True
    assert verdict("QC 4S T9", "scarto-sv").legal is True
    result = verdict("QC 4S T9", "tarocchi-a-3")
    assert result.legal is False
    assert result.problems[0].code == "scarto-illegal"
    assert "trumps may not be laid aside (T9)" in result.problems[0].message


@pytest.mark.parametrize("ruleset_id", [*ALL, "piedicavallo"])
def test_kings_may_not_be_laid_aside(ruleset_id):
    codes = "KS 5S" if ruleset_id == "piedicavallo" else "KS 2S 3S"
    result = verdict(codes, ruleset_id)
    assert result.legal is False
    assert result.problems[0].message == "Kings may not be laid aside (K♠)"


@pytest.mark.parametrize(
    ("ruleset_id", "codes", "reason"),
    [
        ("scarto", "T20 2S 3S", "the Angel (T20) (5 points) may not be laid aside (T20)"),
        ("scarto-sv", "T21 2S 3S", "the World (T21) (5 points) may not be laid aside (T21)"),
        ("scarto", "F 2S 3S", "the Fool may not be laid aside (F)"),
        ("piedicavallo", "T1 5S", "the Bagatto (5 points) may not be laid aside (T1)"),
        ("piedicavallo", "F 5S", "the Fool may not be laid aside (F)"),
    ],
)
def test_five_point_cards_and_the_fool_may_not_be_laid_aside(ruleset_id, codes, reason):
    result = verdict(codes, ruleset_id)
    assert result.legal is False
    assert reason in [p.message for p in result.problems]


def test_the_angel_is_a_blank_and_free_in_the_swedish_rules():
    assert verdict("T20 2S 3S", "scarto-sv").legal is True


def test_the_bagatto_with_another_trump_in_the_scarto_is_illegal():
    result = verdict("T1 T5 2S", "scarto")
    assert result.legal is False
    assert "the Bagatto only when the dealer keeps no other trump and no Fool (T1)" in [
        p.message for p in result.problems
    ]


def test_the_bagatto_is_undecided_until_the_dealer_says_what_he_keeps():
    result = verdict("T1 2S 3S", "scarto")
    assert result.legal is None
    assert result.notes[0].code == "scarto-unverified"
    assert verdict("T1 2S 3S", "scarto", keeps_trump=False, keeps_fool=False).legal is True
    assert verdict("T1 2S 3S", "scarto", keeps_trump=False, keeps_fool=True).legal is False


def test_the_bagatto_judged_from_the_kept_cards():
    assert verdict("T1 2S 3S", "scarto-sv", kept="KS QS 4S").legal is True
    assert verdict("T1 2S 3S", "scarto-sv", kept="KS QS F").legal is False
    assert verdict("T1 2S 3S", "scarto-sv", kept="KS QS T4").legal is False


def test_the_bagatto_alone_is_legal_in_tarocchi_a_3_though_other_trumps_are_not():
    # rules.md 1.4: the Bagatto only when it is the only tarocco in hand (the Matto counts)
    assert verdict("T1 2S 3S", "tarocchi-a-3", kept="KS 4S 5S").legal is True
    assert verdict("T1 2S 3S", "tarocchi-a-3", kept="KS 4S F").legal is False


def test_a_bagatto_rule_counting_only_numbered_trumps_ignores_the_fool():
    ruleset_id = "scarto"
    kept = parse_cards("KS 4S F")
    overrides = {"scarto_bagatto": "if-no-other-trump"}
    result = check_scarto(parse_cards("T1 2S 3S"), find_ruleset(ruleset_id, overrides), kept=kept)
    assert result.legal is True


def test_piedicavallo_trumps_only_as_a_last_resort():
    # rules.md 1.5: trumps only with no other choice, or when the dealer keeps no trump.
    # The dealer also announces the one trump he laid aside: without it the verdict would be
    # undecided, the announcement not asked (test_seed_matto.py).
    said = {"trumps_announced": 1}
    assert verdict("T5 5S", "piedicavallo", kept="KS T7 6C", **said).legal is False
    assert verdict("T5 5S", "piedicavallo", kept="KS KD 6C", **said).legal is True  # no trump kept
    assert verdict("T5 5S", "piedicavallo", kept="KS KD T7", **said).legal is True  # no choice
    assert verdict("T5 5S", "piedicavallo", **said).legal is None


def test_piedicavallo_the_announced_number_of_trumps_must_match():
    result = verdict("T5 5S", "piedicavallo", keeps_trump=False, trumps_announced=0)
    assert result.legal is False
    assert result.problems[0].code == "scarto-announcement"
    assert verdict("T5 5S", "piedicavallo", keeps_trump=False, trumps_announced=1).legal is True


def test_the_scarto_must_have_the_rulesets_size():
    result = verdict("2S 3S", "scarto")
    assert result.legal is False
    assert result.problems[0].code == "scarto-size"
    assert result.problems[0].message == "the scarto must have 3 cards, not 2"


def test_a_table_rule_may_allow_the_fool_when_the_dealer_has_no_trump():
    ruleset = find_ruleset("scarto", {"scarto_fool": "if-no-other-trump"})
    assert check_scarto(parse_cards("F 2S 3S"), ruleset, kept=parse_cards("KS 4S")).legal is True
    assert check_scarto(parse_cards("F 2S 3S"), ruleset, kept=parse_cards("T4 4S")).legal is False
