"""A quick count without the Fool's trick's winner: taken where the answer cannot change the
deal, asked where it can (rules.md A4, C13, C14; rules/quick.py ``settle_fool_trick``)."""

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_card
from scorekeeper.rules import parse_cards
from scorekeeper.rules.audit import DealerDeclaration
from scorekeeper.rules.audit import audit_quick_count
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.quick import fool_trick_seats
from tests.fuzzing import examples
from tests.rules.test_audit import NAMES
from tests.rules.test_audit import e5_piles
from tests.rules.test_audit import e7_counters

IN_GROUP = {"fool_counting": "in-group"}


def codes(result):
    return [p.code for p in result.problems]


def counters_of(piles, scarto, ruleset):
    counters = {c: seat for seat, pile in enumerate(piles) for c in pile if ruleset.is_counter(c)}
    return counters | {c: "scarto" for c in scarto if ruleset.is_counter(c)}


# 1. Counted in threes, whoever won the Fool's trick, the same points.
#
# The English Wikipedia seed (000_*.txt): "The Fool is counted separately; the player who won
# the trick that had the Fool should have two remaining cards. An extra point is added to this,
# then subtract two as usual."
# The Swedish seed (002_*.txt): "Den som tog sticket med Narren kommer att få två kort över; han
# räknar dem som om de vore tre, med en blanka som det tredje kortet."
# So the winner's 3k - 1 cards are k groups, as 3k cards are (rules.md A4).


@pytest.mark.parametrize("ruleset_id", ["scarto", "scarto-sv"])
def test_e5_a_scarto_quick_count_without_the_fools_trick_gives_the_points_of_each_winner(
    ruleset_id,
):
    ruleset = find_ruleset(ruleset_id)
    piles, scarto = e5_piles(ruleset_id)
    counters = counters_of(piles, [], ruleset)
    tricks = [7, 10, 8]  # rules.md E5: A 7, B 10 (the Fool's trick), C 8 and the Fool
    assert fool_trick_seats(ruleset, counters, tricks) == [0, 1]  # Carla played it
    without = audit_quick_count(ruleset, 0, counters, tricks, None, scarto, names=NAMES)
    assert without.problems == ()
    assert without.recordable
    for winner in (0, 1):
        given = audit_quick_count(ruleset, 0, counters, tricks, winner, scarto, names=NAMES)
        assert without == given
    if ruleset_id == "scarto":
        assert without.points == (26, 30, 22)  # rules.md E5


def test_e5_with_the_fool_in_a_group_its_blank_goes_to_any_winner_for_the_same_points():
    # rules.md C15, C18: the owner gives the winner of the Fool's trick a blank, making his two
    # cards a whole group: k groups again, whoever he is.
    ruleset = find_ruleset("scarto", IN_GROUP)
    piles, scarto = e5_piles()
    counters = counters_of(piles, [], ruleset)
    without = audit_quick_count(ruleset, 0, counters, [7, 10, 8], None, scarto)
    assert without.problems == ()
    assert without == audit_quick_count(ruleset, 0, counters, [7, 10, 8], 0, scarto)
    assert without == audit_quick_count(ruleset, 0, counters, [7, 10, 8], 1, scarto)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.sampled_from(["scarto", "scarto-sv"]),
    st.booleans(),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=2),
)
def test_a_legal_scarto_deal_counts_the_same_without_the_fools_trick(
    ruleset_id, in_group, seed, dealer
):
    ruleset = find_ruleset(ruleset_id, IN_GROUP if in_group else None)
    deal = random_deal(ruleset, seed, dealer)
    counters = counters_of(deal.piles, deal.scarto, ruleset)

    def audit(winner):
        return audit_quick_count(ruleset, dealer, counters, deal.tricks_won, winner, deal.scarto)

    without = audit(None)
    assert without == audit(deal.fool_trick_winner)
    for seat in fool_trick_seats(ruleset, counters, deal.tricks_won):
        assert audit(seat) == without
    assert "fool-trick-winner" not in codes(without)


def test_a_seat_whose_tricks_hold_only_counters_cannot_have_won_the_fools_trick():
    # rules.md A4: the winner of the Fool's trick has one card fewer than his tricks; a seat
    # whose one trick holds three counters has no card to spare, so the other seat won it.
    ruleset = find_ruleset("scarto")
    counters = {parse_card(code): 0 for code in ("KS", "QS", "CS")} | {parse_card("F"): 2}
    assert fool_trick_seats(ruleset, counters, [1, 16, 8]) == [1]


# 2. Counted raw, the Fool's trick's other cards count for its winner's team.
#
# The Piedicavallo seed (003_*.txt): "Jacks earn 2 points each, while all the other cards score
# a single point. So, when you tally it all up, you can potentially score a grand total of 114
# points per round."

PIEDICAVALLO = find_ruleset("piedicavallo")
SAID = DealerDeclaration(trumps_announced=0)


def test_e7_piedicavallo_asks_who_won_the_fools_trick_and_records_nothing_without_it():
    counters, tricks, scarto = e7_counters(), [4, 5, 2, 4], parse_cards("QS 6C")
    without = audit_quick_count(PIEDICAVALLO, 0, counters, tricks, None, scarto, declaration=SAID)
    assert "fool-trick-winner" in codes(without)
    assert not without.recordable
    by_ns = audit_quick_count(PIEDICAVALLO, 0, counters, tricks, 0, scarto, declaration=SAID)
    by_ew = audit_quick_count(PIEDICAVALLO, 0, counters, tricks, 1, scarto, declaration=SAID)
    assert by_ew.points == (49, 65)  # rules.md E7
    assert by_ns.points != by_ew.points  # the answer moves points from team to team


def test_e7_when_only_one_team_won_tricks_it_won_the_fools_trick():
    # rules.md E7: "If N-S had won no trick, the scarto and the Fool go to E-W: E-W 114, N-S 0."
    counters = {card: (1 if seat in (0, 2) else seat) for card, seat in e7_counters().items()}
    counters[parse_card("F")] = 0
    result = audit_quick_count(
        PIEDICAVALLO,
        0,
        counters,
        [0, 8, 0, 7],
        None,
        parse_cards("QS 6C"),
        names=["N", "E", "S", "W"],
    )
    assert result.problems == ()
    assert result.points == (0, 114)


# 3. Tarocchi a 3: the Matto of a player without a trick goes to the winner of the last trick.
#
# The Italian seed (004_*.txt): "Il Matto può essere giocato solo se chi lo gioca ha effettuato
# almeno una presa, altrimenti verrà assegnato a chi fa l'ultima presa."
# Carla won no trick. When the keeper says it was not played too early (before she won a trick,
# while she held other cards), it was her last card: its trick is the last one, and its winner
# gets 4 points (rules.md E6, C13, C14). Left unsaid, nothing tells which trick was the last.

TAROCCHI = find_ruleset("tarocchi-a-3")


def e6(winner, **more):
    anna = parse_cards("KS QS CS JS")
    counters = {c: (0 if c in anna else 1) for c in TAROCCHI.cards if TAROCCHI.is_counter(c)}
    counters[parse_card("F")] = 2
    scarto = parse_cards("2S 3S 4S")
    return audit_quick_count(TAROCCHI, 1, counters, [12, 13, 0], winner, scarto, **more)


def test_e6_a_matto_without_a_trick_asks_who_won_the_last_trick_not_its_own_trick():
    # Was: the winner of the Matto's trick taken as the winner of the last, unasked. The Matto
    # may have been played too early: nothing says its trick was the last.
    without = e6(None, names=NAMES)
    assert codes(without) == ["last-trick-winner-needed"]
    assert not without.recordable
    assert codes(e6(0, names=NAMES)) == ["last-trick-winner-needed"]


def test_e6_her_last_card_asks_who_won_its_trick():
    last_card = e6(None, names=NAMES, fool_too_early=False)
    assert "fool-trick-winner" in codes(last_card)
    assert not last_card.recordable
    # The Matto's 4 points go to its trick's winner, who won the last trick. Bruno winning it:
    # Anna 36 cards, (4+3+2+1) + 12 groups = 22; Bruno 38 + 3 cards, 48 - 10 = 38 + 14 groups
    # + the Matto 4 = 56.
    assert e6(0, fool_too_early=False).points == (26, 52, 0)  # rules.md E6
    assert e6(1, fool_too_early=False).points == (22, 56, 0)


def test_e6_the_last_tricks_winner_answers_the_fools_trick():
    without = e6(None, last_trick_winner=0)
    assert without.problems == ()
    assert without.points == (26, 52, 0)  # rules.md E6
    assert without == e6(0, last_trick_winner=0)
    assert without == e6(1, last_trick_winner=0)


def test_a_matto_whose_player_won_tricks_stays_with_him_whoever_won_its_trick():
    anna = parse_cards("KS QS CS JS")
    counters = {c: (0 if c in anna else 1) for c in TAROCCHI.cards if TAROCCHI.is_counter(c)}
    counters[parse_card("F")] = 2
    scarto = parse_cards("2S 3S 4S")

    def audit(winner):
        return audit_quick_count(TAROCCHI, 1, counters, [10, 12, 3], winner, scarto, fool_led="no")

    assert audit(None).problems == ()
    assert audit(None) == audit(0) == audit(1)
