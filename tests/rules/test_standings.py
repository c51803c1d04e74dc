"""A club evening's standings (issue "Club evenings", §3), each figure computed by hand in the
comments: table points (2 / 1 / ½, ties sharing the average), match points for couples (2 / 1 /
0), total score, score per deal; byes, adjustments, tie-breaks in order."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.standings import MATCH_POINTS
from scorekeeper.rules.standings import PLACEMENT_POINTS
from scorekeeper.rules.standings import Rule
from scorekeeper.rules.standings import TableResult
from scorekeeper.rules.standings import standings
from scorekeeper.rules.standings import table_points

# Two rounds of four players, three a table, five deals a table:
# round 1: 1 +12, 2 -4, 3 -8 (4 sits out); round 2: 2 +6, 3 +5, 4 -11 (1 sits out).
TABLES = [TableResult(1, {1: 12, 2: -4, 3: -8}, 5), TableResult(2, {2: 6, 3: 5, 4: -11}, 5)]
BYES = {4: [1], 1: [2]}


def order(rows):
    return [(row.rank, row.entrant) for row in rows]


def test_entrants_tied_at_a_table_share_the_places_they_take():
    # 1 and 2 share first and second: (2 + 1) / 2 = 1½ each; 3 is third: ½.
    assert table_points({1: 10, 2: 10, 3: -20}, PLACEMENT_POINTS) == {
        1: Fraction(3, 2),
        2: Fraction(3, 2),
        3: Fraction(1, 2),
    }
    # Two couples drawing share 2 and 0: 1 each.
    assert table_points({1: 0, 2: 0}, MATCH_POINTS) == {1: 1, 2: 1}


def test_table_points_with_a_bye_worth_the_rounds_average():
    # Round 1: 1 -> 2, 2 -> 1, 3 -> ½; 4's bye -> (2 + 1 + ½) / 3 = 7/6.
    # Round 2: 2 -> 2, 3 -> 1, 4 -> ½; 1's bye -> 7/6.
    # Totals: 1 = 19/6, 2 = 3, 3 = 3/2, 4 = 5/3.
    rows = standings(range(1, 5), TABLES, BYES, {}, Rule(), seed=1)
    assert order(rows) == [(1, 1), (2, 2), (3, 4), (4, 3)]
    assert [row.points for row in rows] == [
        Fraction(19, 6),
        Fraction(3),
        Fraction(5, 3),
        Fraction(3, 2),
    ]
    assert [row.byes for row in rows] == [1, 0, 1, 0]
    assert rows[0].by_round == {1: Fraction(2), 2: Fraction(7, 6)}


def test_a_bye_worth_nothing_and_an_adjustment_move_the_order():
    # Byes at 0: 1 = 2, 2 = 3, 3 = 3/2, 4 = ½.
    rows = standings(range(1, 5), TABLES, BYES, {}, Rule(bye="zero"), seed=1)
    assert order(rows) == [(1, 2), (2, 1), (3, 3), (4, 4)]
    # Byes at 7/6 and a penalty of 1 for player 1: 19/6 - 1 = 13/6, below 2's 3.
    rows = standings(range(1, 5), TABLES, BYES, {1: Fraction(-1)}, Rule(), seed=1)
    assert order(rows) == [(1, 2), (2, 1), (3, 4), (4, 3)]
    assert rows[1].points == Fraction(13, 6)
    assert rows[1].adjustments == -1


def test_by_total_score_and_by_score_per_deal():
    # Scores: 1 = 12 (5 deals), 2 = -4 + 6 = 2 (10), 3 = -8 + 5 = -3 (10), 4 = -11 (5).
    rows = standings(range(1, 5), TABLES, BYES, {}, Rule(order="score"), seed=1)
    assert order(rows) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert [row.score for row in rows] == [12, 2, -3, -11]
    rows = standings(range(1, 5), TABLES, BYES, {}, Rule(order="per-deal"), seed=1)
    assert [row.per_deal for row in rows] == [
        Fraction(12, 5),
        Fraction(1, 5),
        Fraction(-3, 10),
        Fraction(-11, 5),
    ]


def test_equal_on_everything_share_a_rank_unless_a_lot_is_drawn():
    table = [TableResult(1, {1: 5, 2: 5, 3: -10}, 4)]
    shared = standings([1, 2, 3], table, {}, {}, Rule(tie_breaks=("score",)), seed=1)
    assert order(shared) == [(1, 1), (1, 2), (3, 3)]
    drawn = standings([1, 2, 3], table, {}, {}, Rule(), seed=1)
    assert [row.rank for row in drawn] == [1, 2, 3]
    assert standings([1, 2, 3], table, {}, {}, Rule(), seed=1) == drawn  # the same lot


def test_couples_by_match_points_then_point_difference():
    # Round 1: 1 beats 2 (20 to -20): 2 and 0; 3 and 4 draw (0 to 0): 1 each; 5 sits out: 1.
    # Round 2: 3 beats 1 (5 to -5); 2 beats 5 (10 to -10); 4 sits out: 1.
    # Points: 1 = 2, 2 = 2, 3 = 3, 4 = 2, 5 = 1. Among 1, 2 and 4 the point difference:
    # 1 = 40 - 10 = 30, 4 = 0, 2 = -40 + 20 = -20.
    tables = [
        TableResult(1, {1: 20, 2: -20}, 4),
        TableResult(1, {3: 0, 4: 0}, 4),
        TableResult(2, {1: -5, 3: 5}, 4),
        TableResult(2, {2: 10, 5: -10}, 4),
    ]
    rule = Rule(order="match-points", places=MATCH_POINTS, tie_breaks=("point-difference", "lot"))
    rows = standings(range(1, 6), tables, {5: [1], 4: [2]}, {}, rule, seed=3)
    assert order(rows) == [(1, 3), (2, 1), (3, 4), (4, 2), (5, 5)]
    assert [row.difference for row in rows] == [10, 30, 0, -20, -20]


@given(
    st.lists(st.lists(st.integers(-60, 60), min_size=3, max_size=3), min_size=1, max_size=6),
    st.integers(0, 1000),
)
def test_every_table_gives_its_places_points_and_ranks_never_fall_back(scores, seed):
    tables = [
        TableResult(n, {3 * n + i: score for i, score in enumerate(row)}, 4)
        for n, row in enumerate(scores, start=1)
    ]
    for table in tables:
        assert sum(table_points(table.scores, PLACEMENT_POINTS).values()) == Fraction(7, 2)
    entrants = [e for table in tables for e in table.scores]
    rows = standings(entrants, tables, {}, {}, Rule(), seed)
    assert sorted(row.entrant for row in rows) == sorted(entrants)
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    assert sum(row.points for row in rows) == Fraction(7, 2) * len(tables)
