"""Club evenings through the services (issue "Club evenings"): an event's rounds drawn,
published into sessions and closed, with their refusals; entrants at the door; the standings
checked against a slow reference computed here from the stored deals."""

from __future__ import annotations

import itertools
import json
import sqlite3
from fractions import Fraction

import pytest

from scorekeeper import services
from scorekeeper.services import events
from scorekeeper.services.errors import InputError
from scorekeeper.services.events.errors import EventConflictError
from scorekeeper.web.db import get_db

NINE = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Hugo", "Ivo"]


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield get_db()


def event(db, **changes) -> int:
    body = {"name": "Club night", "ruleset": "scarto", "entrants": NINE, "rounds": 4}
    return events.create_event(db, {**body, "deals_per_round": 3, "seed": 7, **changes})


def play_round(db, event_id: int, number: int, points=(30, 20, 28)) -> None:
    """Draw and publish round ``number`` and play every table's deals."""
    assert events.draw_next_round(db, event_id) == number
    events.publish(db, event_id, number)
    view = events.event_view(db, event_id)
    for table in view.rounds[number - 1].tables:
        for _ in range(table.deals_due):
            services.record_deal(db, table.session_id, {"points": list(points)})


def conflict(action, *args) -> str:
    with pytest.raises(EventConflictError) as refused:
        action(*args)
    return refused.value.problems[0].code


def test_a_round_goes_draft_published_closed_and_refuses_steps_out_of_turn(ctx):
    db = ctx
    event_id = event(db)
    assert events.draw_next_round(db, event_id) == 1
    assert conflict(events.draw_next_round, db, event_id) == "round-not-closed"
    assert conflict(events.close, db, event_id, 1) == "round-not-published"
    events.redraw(db, event_id, 1)
    assert events.event_view(db, event_id).rounds[0].attempt == 2
    events.publish(db, event_id, 1)
    assert conflict(events.publish, db, event_id, 1) == "round-published"
    assert conflict(events.redraw, db, event_id, 1) == "round-published"
    assert conflict(events.swap, db, event_id, 1, {"swap": [[1, 2]]}) == "round-published"
    assert conflict(events.draw_next_round, db, event_id) == "round-not-closed"
    # Nine players, three tables, three deals each due: none played yet.
    with pytest.raises(EventConflictError) as refused:
        events.close(db, event_id, 1)
    assert [t["table"] for t in refused.value.answer["tables"]] == [1, 2, 3]
    assert {(t["deals"], t["deals_due"]) for t in refused.value.answer["tables"]} == {(0, 3)}
    view = events.event_view(db, event_id)
    for table in view.rounds[0].tables[:2]:
        for _ in range(3):
            services.record_deal(db, table.session_id, {"points": [30, 20, 28]})
    with pytest.raises(EventConflictError) as refused:
        events.close(db, event_id, 1)
    assert [t["table"] for t in refused.value.answer["tables"]] == [3]
    events.end_table(db, event_id, 1, 3)
    events.close(db, event_id, 1)
    view = events.event_view(db, event_id)
    assert view.rounds[0].state == "closed"
    assert [t.ended for t in view.rounds[0].tables] == [False, False, True]
    assert conflict(events.close, db, event_id, 1) == "round-closed"
    assert events.draw_next_round(db, event_id) == 2


def test_publishing_makes_one_session_a_table_named_by_round_and_table(ctx):
    db = ctx
    event_id = event(db, place="Circolo", language="it", played_on="2026-11-20")
    events.draw_next_round(db, event_id)
    events.publish(db, event_id, 1)
    view = events.event_view(db, event_id)
    for table in view.rounds[0].tables:
        session = services.load_session(db, table.session_id)
        assert session.table_name == f"R1 · T{table.number}"
        assert session.players == table.seats == tuple(view.names[no] for no in table.entrants)
        assert session.players[session.first_dealer] == table.first_dealer_name
        assert (session.place, session.language, session.played_on) == (
            "Circolo",
            "it",
            "2026-11-20",
        )
        assert all(player_id is not None for player_id in session.player_ids)


def test_nobody_deals_first_twice_in_a_row_when_it_can_be_helped(ctx):
    db = ctx
    event_id = event(db)
    for number in (1, 2, 3):
        play_round(db, event_id, number)
        events.close(db, event_id, number)
    view = events.event_view(db, event_id)
    for before, after in itertools.pairwise(view.rounds):
        first = {t.first_dealer for t in before.tables}
        assert not first & {t.first_dealer for t in after.tables}


def test_the_same_seed_gives_the_same_draw_in_another_database(ctx, other):
    db = ctx
    mine = event(db, seed=123)
    events.draw_next_round(db, mine)
    with other.test_request_context():
        theirs = event(get_db(), seed=123)
        events.draw_next_round(get_db(), theirs)
        drawn = events.event_view(get_db(), theirs).rounds[0]
    assert drawn.tables == events.event_view(db, mine).rounds[0].tables


def test_nine_players_meet_nobody_twice_in_four_rounds(ctx):
    db = ctx
    event_id = event(db)
    for number in (1, 2, 3, 4):
        play_round(db, event_id, number)
        events.close(db, event_id, number)
    met = [
        frozenset(pair)
        for r in events.event_view(db, event_id).rounds
        for t in r.tables
        for pair in itertools.combinations(t.entrants, 2)
    ]
    assert len(met) == len(set(met)) == 36  # 4 rounds x 3 tables x 3 pairs, each pair once
    assert conflict(events.draw_next_round, db, event_id) == "event-finished"


def test_entrants_added_at_the_door_and_withdrawn_between_rounds(ctx):
    db = ctx
    event_id = event(db, entrants=NINE[:7])
    events.draw_next_round(db, event_id)
    # At the door, while the draft is shown: the draft is drawn again with her.
    events.update_entrants(db, event_id, {"add": ["Lia", "Mara"]})
    draft = events.event_view(db, event_id).rounds[0]
    assert draft.attempt == 2
    seated = {no for t in draft.tables for no in t.entrants} | set(draft.sitting_out)
    assert seated == set(range(1, 10))
    events.publish(db, event_id, 1)
    events.update_entrants(db, event_id, {"withdraw": [2]})
    events.close(db, event_id, 1, force=True)
    events.draw_next_round(db, event_id)
    second = events.event_view(db, event_id).rounds[1]
    assert 2 not in {no for t in second.tables for no in t.entrants} | set(second.sitting_out)
    with pytest.raises(InputError, match="has entered already"):
        events.update_entrants(db, event_id, {"add": ["anna"]})
    with pytest.raises(InputError, match="no entrant"):
        events.update_entrants(db, event_id, {"withdraw": [2]})


def test_a_swap_seats_two_entrants_in_each_others_places(ctx):
    db = ctx
    event_id = event(db, entrants=NINE[:7])
    events.draw_next_round(db, event_id)
    before = events.event_view(db, event_id).rounds[0]
    a, b = before.tables[0].entrants[0], before.sitting_out[0]
    events.swap(db, event_id, 1, {"swap": [[a, b]]})
    after = events.event_view(db, event_id).rounds[0]
    assert after.tables[0].entrants == (b, *before.tables[0].entrants[1:])
    assert after.sitting_out == (a,)
    with pytest.raises(InputError):
        events.swap(db, event_id, 1, {"swap": [[a, 99]]})


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"entrants": NINE[:2]}, "entrants"),  # not a table's
        ({"entrants": ["Anna", "anna", "Bruno"]}, "entrants"),
        ({"deals_per_round": 4}, "deals_per_round"),  # not a multiple of 3
        ({"rounds": 0}, "rounds"),
        ({"rounds": 31}, "rounds"),
        ({"keep_apart": [[1, 10]]}, "keep_apart"),
        ({"ranking": {"order": "match-points"}}, "ranking"),  # players, not couples
        ({"ranking": {"tie_breaks": ["lot", "lot"]}}, "ranking"),
        ({"name": ""}, "name"),
        ({"entrants": [{"name": "A & B", "players": ["A", "B"]}] * 3}, "entrants"),
    ],
)
def test_a_bad_event_is_refused_at_its_field_and_nothing_is_stored(ctx, body, field):
    db = ctx
    with pytest.raises(InputError) as refused:
        event(db, **body)
    assert refused.value.field == field
    assert events.list_events(db) == []


def test_couples_sit_opposite_and_an_odd_number_leaves_one_out(ctx):
    db = ctx
    couples = [
        {"name": f"C{i}", "players": [f"P{i}a", f"P{i}b"]} for i in range(1, 6)
    ]  # five couples: two tables of two, one sits out
    body = {"ruleset": "piedicavallo", "entrants": couples, "deals_per_round": 4}
    event_id = event(db, **body)
    events.draw_next_round(db, event_id)
    events.publish(db, event_id, 1)
    first = events.event_view(db, event_id).rounds[0]
    assert len(first.sitting_out) == 1
    assert len(first.tables) == 2
    table = first.tables[0]
    a, b = (f"C{no}" for no in table.entrants)
    session = services.load_session(db, table.session_id)
    # Seats 1 and 3 one couple, 2 and 4 the other: partners opposite.
    assert session.players == (f"P{a[1]}a", f"P{b[1]}a", f"P{a[1]}b", f"P{b[1]}b")


# The standings against a slow reference, from the stored deals


def reference(path: str, event_id: int, order: str, bye: str, places, tie_breaks) -> set:
    """The standings worked out here from the database alone: each published table's sides'
    sums of scores, places points shared by equal scores, byes, adjustments (added to the
    order's figure), then the order and its tie-breaks compared one by one. Returns each
    entrant's (rank, name, points)."""
    con = sqlite3.connect(path)
    rounds = con.execute(
        "select number, tables, sitting_out from event_rounds"
        " where event_id = ? and state != 'draft'",
        [event_id],
    ).fetchall()
    names = dict(con.execute("select no, name from event_entrants where event_id = ?", [event_id]))
    points = dict.fromkeys(names, Fraction(0))
    score = dict.fromkeys(names, 0)
    deals = dict.fromkeys(names, 0)
    by_round: dict[int, dict[int, Fraction]] = {no: {} for no in names}
    for number, tables_json, out_json in rounds:
        for t, table in enumerate(json.loads(tables_json), start=1):
            rows = con.execute(
                "select d.scores from deals d join event_tables e on e.session_id = d.session_id"
                " where e.event_id = ? and e.round = ? and e.number = ? and d.deleted = 0",
                [event_id, number, t],
            ).fetchall()
            if not rows:
                continue
            sums = [sum(json.loads(r[0])[side] for r in rows) for side in range(len(table))]
            for side, no in enumerate(table):
                above = sum(1 for s in sums if s > sums[side])
                equal = sum(1 for s in sums if s == sums[side])
                spanned = [places[i] if i < len(places) else 0 for i in range(above, above + equal)]
                got = sum((Fraction(p) for p in spanned), Fraction(0)) / equal
                points[no] += got
                by_round[no][number] = by_round[no].get(number, Fraction(0)) + got
                score[no] += sums[side]
                deals[no] += len(rows)
        for no in json.loads(out_json):
            value = sum(map(Fraction, places), Fraction(0)) / len(places)
            value = value if bye == "average" else Fraction(0)
            points[no] += value
            by_round[no][number] = by_round[no].get(number, Fraction(0)) + value
    adjusted = dict.fromkeys(names, Fraction(0))
    for no, value in con.execute(
        "select entrant, points from event_adjustments where event_id = ? and removed_at is null",
        [event_id],
    ):
        adjusted[no] += Fraction(value)
    con.close()

    def key(no):
        figure = {
            "table-points": points[no] + adjusted[no],
            "score": score[no] + adjusted[no],
            "per-deal": (score[no] + adjusted[no]) / deals[no] if deals[no] else -(10**9),
        }[order]
        breaks = {"score": score[no], "best-round": max(by_round[no].values(), default=0)}
        return (figure, *(breaks[b] for b in tie_breaks))

    lines = set()
    for no in names:
        rank = 1 + sum(1 for other in names if key(other) > key(no))
        lines.add((rank, names[no], points[no] + adjusted[no]))
    return lines


@pytest.mark.parametrize("order", ["table-points", "score", "per-deal"])
@pytest.mark.parametrize("bye", ["average", "zero"])
def test_the_standings_agree_with_a_slow_reference(app, ctx, order, bye):
    db = ctx
    ranking = {"order": order, "bye": bye, "tie_breaks": ["score", "best-round"]}
    event_id = event(db, entrants=NINE[:7], ranking=ranking, deals_per_round=6)
    # Ties on purpose: the same points at two tables, a tie inside a table in round 2.
    deals = {1: [(30, 20, 28), (26, 26, 26)], 2: [(27, 27, 24)], 3: [(40, 10, 28), (20, 30, 28)]}
    for number, pattern in deals.items():
        events.draw_next_round(db, event_id)
        events.publish(db, event_id, number)
        for t, table in enumerate(events.event_view(db, event_id).rounds[-1].tables):
            for k in range(6 - 2 * t):  # tables play 6, 4... deals: per deal differs
                points = list(pattern[k % len(pattern)])
                services.record_deal(db, table.session_id, {"points": points})
        events.close(db, event_id, number, force=True)
    events.add_adjustment(db, event_id, {"entrant": 3, "points": -0.5, "reason": "late"})
    removed = events.add_adjustment(db, event_id, {"entrant": 4, "points": 3, "reason": "typo"})
    events.remove_adjustment(db, event_id, removed)
    shown = {
        (line.standing.rank, line.name, line.standing.points)
        for line in events.event_view(db, event_id).standings
    }
    places = [2, 1, Fraction(1, 2)]
    assert shown == reference(
        app.config["DATABASE"], event_id, order, bye, places, ["score", "best-round"]
    )


def test_couples_rank_by_match_points_then_point_difference(app, ctx):
    db = ctx
    couples = [{"players": [f"P{i}a", f"P{i}b"]} for i in range(1, 6)]
    ranking = {"order": "match-points", "tie_breaks": ["point-difference"]}
    body = {"ruleset": "piedicavallo", "entrants": couples, "deals_per_round": 4, "rounds": 2}
    event_id = event(db, **body, ranking=ranking)
    for number in (1, 2):
        events.draw_next_round(db, event_id)
        events.publish(db, event_id, number)
        for t, table in enumerate(events.event_view(db, event_id).rounds[-1].tables):
            for _ in range(4):
                services.record_deal(db, table.session_id, {"points": [60 - 4 * t, 54 + 4 * t]})
        events.close(db, event_id, number)
    view = events.event_view(db, event_id)
    lines = [(s.standing.rank, s.standing.points, s.standing.difference) for s in view.standings]
    # At table 1 the first couple wins (60 v 54 a deal), at table 2 the second (56 v 58):
    # match points 2 / 0, a bye the average, 1; within equal points the larger point
    # difference ranks first, and couples equal on both share a rank.
    assert [rank for rank, _, _ in lines] == sorted(rank for rank, _, _ in lines)
    for (r1, p1, d1), (r2, p2, d2) in itertools.pairwise(lines):
        assert (p1, d1) >= (p2, d2)
        assert (r1 == r2) == ((p1, d1) == (p2, d2))
    assert sum(s.standing.byes for s in view.standings) == 2  # one couple out a round
    assert {s.standing.points for s in view.standings} <= {0, 1, 2, 3, 4}
