"""A round of a club evening drawn (issue "Club evenings", §2): a seeded search that keeps apart
whom the director keeps apart, avoids repeated meetings, spreads the sit-outs, and changes the
first dealer."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.draw import Cost
from scorekeeper.rules.draw import History
from scorekeeper.rules.draw import assess
from scorekeeper.rules.draw import draw_round


def meetings(tables) -> list[frozenset[int]]:
    return [frozenset(pair) for table in tables for pair in itertools.combinations(table, 2)]


def evening(entrants: int, per_table: int, rounds: int, seed: int = 1, keep_apart=()):
    """Rounds drawn one after another, each from the history of those before."""
    met: dict[frozenset[int], int] = {}
    sat: dict[int, int] = {}
    last, dealt = frozenset(), frozenset()
    drawn = []
    for _ in range(rounds):
        history = History(met, last, frozenset(map(frozenset, keep_apart)), sat, dealt)
        draw = draw_round(range(1, entrants + 1), per_table, history, seed)
        drawn.append(draw)
        for pair in meetings(draw.tables):
            met[pair] = met.get(pair, 0) + 1
        for entrant in draw.sitting_out:
            sat[entrant] = sat.get(entrant, 0) + 1
        last = frozenset(meetings(draw.tables))
        dealt = frozenset(t[s] for t, s in zip(draw.tables, draw.first_dealers, strict=True))
    return drawn


def test_the_same_seed_and_attempt_give_the_same_draw_and_another_attempt_another():
    history = History()
    first = draw_round(range(1, 22), 3, history, seed=7, attempt=1)
    assert draw_round(range(1, 22), 3, history, seed=7, attempt=1) == first
    assert draw_round(range(21, 0, -1), 3, history, seed=7, attempt=1) == first  # any order
    assert draw_round(range(1, 22), 3, history, seed=7, attempt=2).tables != first.tables


def test_the_draw_is_the_same_in_every_process():
    """Whatever Python's hash seed: no set's order reaches the draw."""
    code = (
        "from scorekeeper.rules.draw import draw_round, History;"
        "print(draw_round(range(1, 31), 3, History(), 5, 3).tables)"
    )
    answers = {
        subprocess.run(
            [sys.executable, "-c", code],
            env=os.environ | {"PYTHONHASHSEED": str(hash_seed)},
            capture_output=True, text=True, check=True,
        ).stdout
        for hash_seed in (1, 2, 3)
    }  # fmt: skip
    assert len(answers) == 1


@given(
    entrants=st.integers(2, 70),
    per_table=st.sampled_from([2, 3]),
    seed=st.integers(0, 2**31),
)
def test_every_entrant_is_seated_once_or_sits_out(entrants, per_table, seed):
    draw = draw_round(range(1, entrants + 1), per_table, History(), seed)
    seated = [entrant for table in draw.tables for entrant in table]
    assert sorted(seated + list(draw.sitting_out)) == list(range(1, entrants + 1))
    assert all(len(table) == per_table for table in draw.tables)
    assert len(draw.sitting_out) == entrants % per_table
    assert all(0 <= seat < per_table for seat in draw.first_dealers)


def test_nobody_sits_out_twice_before_everyone_sat_out_once():
    # 10 players at tables of three: one sits out each round; ten rounds, ten different ones.
    drawn = evening(10, 3, 10)
    out = [entrant for draw in drawn for entrant in draw.sitting_out]
    assert sorted(out) == list(range(1, 11))
    # 11 couples, two a table: one sits out a round; by the eleventh, each once.
    out = [entrant for draw in evening(11, 2, 11) for entrant in draw.sitting_out]
    assert sorted(out) == list(range(1, 12))
    assert all(draw.cost.bye_spread <= 1 for draw in evening(11, 2, 11))


def test_nine_and_twenty_one_players_meet_nobody_twice_in_four_rounds():
    # Nine players, three a table: each meets two others a round, eight over four rounds; a
    # draw of four rounds without a repeat exists (the affine plane of order 3).
    for entrants in (9, 21):
        drawn = evening(entrants, 3, 4)
        pairs = [pair for draw in drawn for pair in meetings(draw.tables)]
        assert len(pairs) == len(set(pairs)), entrants
        assert all(draw.cost == Cost() for draw in drawn)


def test_fewer_repeats_than_seating_in_order_on_a_crafted_history():
    # The history: last round's tables were 1-2-3, 4-5-6, ... (a greedy draw in order of
    # number would seat them again: every pair a repeat, 12 repeats for 12 players).
    last = [
        frozenset(p)
        for t in range(4)
        for p in itertools.combinations(range(3 * t + 1, 3 * t + 4), 2)
    ]
    history = History(met=dict.fromkeys(last, 1), last_round=frozenset(last))
    greedy = [tuple(range(3 * t + 1, 3 * t + 4)) for t in range(4)]
    greedy_repeats = sum(1 for pair in meetings(greedy) if pair in history.met)
    draw = draw_round(range(1, 13), 3, history, seed=3)
    repeats = sum(1 for pair in meetings(draw.tables) if pair in history.met)
    assert greedy_repeats == 12
    assert repeats < greedy_repeats
    assert repeats == draw.cost.repeats == draw.cost.consecutive == 0


def test_those_kept_apart_never_meet():
    keep_apart = [(1, 2), (1, 3), (2, 3), (4, 5)]
    for draw in evening(12, 3, 5, seed=11, keep_apart=keep_apart):
        assert draw.cost.keep_apart_broken == 0
        met = meetings(draw.tables)
        assert not [pair for pair in keep_apart if frozenset(pair) in met]


def test_nobody_deals_first_twice_in_a_row_where_it_can_be_helped():
    drawn = evening(12, 3, 6, seed=2)
    for before, after in itertools.pairwise(drawn):
        dealt = {t[s] for t, s in zip(before.tables, before.first_dealers, strict=True)}
        again = {t[s] for t, s in zip(after.tables, after.first_dealers, strict=True)}
        # A table where every entrant dealt first last round is the only way to repeat.
        assert all(
            t[s] not in dealt or set(t) <= dealt
            for t, s in zip(after.tables, after.first_dealers, strict=True)
        ), (dealt, again)


def test_a_draw_of_140_entrants_costs_no_more_than_the_search_allows():
    """The search is bounded by its tries: a round of 140 (bench/draw.py times it) ends, every
    entrant seated, with no repeat in a first round."""
    draw = draw_round(range(1, 141), 3, History(), seed=9)
    assert draw.cost == Cost(bye_spread=1)
    assert len(draw.sitting_out) == 2


def greedy(entrants, per_table: int, met) -> list[tuple[int, ...]]:
    """A greedy draw, as one would seat by hand: each table starts with the lowest number left,
    then takes, seat by seat, whoever left has met those seated least (the lowest number among
    equals)."""
    left = sorted(entrants)
    tables = []
    while len(left) >= per_table:
        table = [left.pop(0)]
        while len(table) < per_table:
            best = min(left, key=lambda e: (sum(met.get(frozenset((e, s)), 0) for s in table), e))
            left.remove(best)
            table.append(best)
        tables.append(tuple(table))
    return tables


def repeats(tables, met) -> int:
    """Each pair that met before, weighted as the draw weighs it (1, then 2, then 3...)."""
    return sum(met.get(p, 0) * (met.get(p, 0) + 1) // 2 for p in meetings(tables))


def test_fewer_repeats_than_a_greedy_draw_after_four_rounds():
    # Fifteen players after four rounds of five tables: a fifth round cannot avoid every
    # repeat, and a greedy seating (worked out above, by hand's method) repeats more than the
    # search; never less, over several evenings.
    found = []
    for seed in range(1, 6):
        drawn = evening(15, 3, 4, seed=seed)
        met: dict[frozenset[int], int] = {}
        for draw in drawn:
            for pair in meetings(draw.tables):
                met[pair] = met.get(pair, 0) + 1
        search = draw_round(range(1, 16), 3, History(met=met), seed=seed)
        found.append((repeats(search.tables, met), repeats(greedy(range(1, 16), 3, met), met)))
        assert search.cost.repeats == found[-1][0]
    assert all(mine <= theirs for mine, theirs in found), found
    assert sum(mine for mine, _ in found) < sum(theirs for _, theirs in found), found


def test_a_draw_arranged_by_hand_is_costed_as_the_search_costs_it():
    history = History(met={frozenset((1, 2)): 1}, last_round=frozenset({frozenset((1, 2))}))
    arranged = assess([(1, 2, 3), (4, 5, 6)], [7], history)
    assert arranged.cost == Cost(repeats=1, consecutive=1, bye_spread=1)
    assert arranged.first_dealers == (0, 0)
