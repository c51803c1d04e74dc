"""A protocol built from the one before (issue "Speed"): after any run of writes, the protocol
the app builds from the earlier state it kept is the protocol built from the database alone.

Each write makes a new session state; the app builds its protocol from the protocol of the state
before, keeping the games the write left alone (scoresheet.build_protocol). That the session
itself, kept in memory, is the one stored is shown in test_freshness.py. Hypothesis runs
random records, corrections, deletions and restores through the services on a real SQLite file.
"""

from __future__ import annotations

import gc
import weakref

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper import services
from scorekeeper.scoresheet import _build_protocol
from scorekeeper.scoresheet import build_protocol
from scorekeeper.services import loaded
from scorekeeper.web import get_db
from scorekeeper.web.api.protocol import deal_row_json
from scorekeeper.web.api.protocol import protocol_json
from tests.fuzzing import examples
from tests.web import helpers

# Points that add up to 78, so that each is a deal Scarto records; few kinds make ties likely.
POINTS = ([30, 27, 21], [26, 26, 26], [20, 30, 28], [40, 20, 18])
STEP = st.one_of(
    st.tuples(st.just("record"), st.sampled_from(POINTS)),
    st.tuples(st.just("correct"), st.integers(1, 12), st.sampled_from(POINTS)),
    st.tuples(st.just("delete"), st.integers(1, 12)),
    st.tuples(st.just("restore"), st.integers(0, 3)),
)


def apply(db, session_id: int, step: tuple) -> None:
    """One keeper's write; a step that names no deal there is skipped, as the app refuses it."""
    count = len(services.load_session(db, session_id).deals)
    if step[0] == "record":
        services.record_deal(db, session_id, {"points": list(step[1])})
    elif step[0] == "correct" and step[1] <= count:
        services.correct_deal(db, session_id, step[1], {"points": list(step[2])})
    elif step[0] == "delete" and step[1] <= count:
        services.delete_deal(db, session_id, step[1])
    elif step[0] == "restore":
        deleted = services.deleted_deals(db, session_id)
        if step[1] < len(deleted):
            services.restore_deal(db, session_id, deleted[step[1]]["id"])


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    first=st.lists(st.sampled_from(POINTS), min_size=3, max_size=9),
    steps=st.lists(STEP, min_size=1, max_size=12),
)
def test_the_protocol_built_step_by_step_is_the_protocol_from_scratch(app, first, steps):
    with app.test_request_context("/"):
        db = get_db()
        session_id = services.start_session(
            db, {"ruleset": "scarto", "players": list(helpers.PLAYERS), "first_dealer": 1}
        )
        for step in [("record", points) for points in first] + steps:
            apply(db, session_id, step)
            session = services.load_session(db, session_id)
            # Built from the protocol kept of the state before; then from nothing but the deals.
            step_by_step, fresh = build_protocol(session), _build_protocol(session, "en")
            assert step_by_step == fresh
            assert protocol_json(step_by_step) == protocol_json(fresh)
            last = len(session.deals)
            if last:
                assert deal_row_json(step_by_step, last) == protocol_json(fresh)["deals"][-1]


def test_a_recorded_deal_keeps_the_finished_games_as_they_were(app):
    # Six deals make two finished Scarto games; the seventh starts game 3. The protocol after it
    # has games 1 and 2 as the very objects built before (their rows are not built again).
    with app.test_request_context("/"):
        db = get_db()
        session_id = services.start_session(
            db, {"ruleset": "scarto", "players": list(helpers.PLAYERS), "first_dealer": 0}
        )
        for points in POINTS[:3] * 2:
            services.record_deal(db, session_id, {"points": points})
        before = build_protocol(services.load_session(db, session_id))
        services.record_deal(db, session_id, {"points": [30, 27, 21]})
        after = build_protocol(services.load_session(db, session_id))
        assert after.games[:2] == before.games[:2]
        assert all(a is b for a, b in zip(after.games[:2], before.games[:2], strict=True))
        assert [row.deal.number for row in after.games[2].rows] == [7]
        # Running totals go on from deal 6: +4/+1/-5, 0/0/0, -6/+4/+2, twice, then +4/+1/-5.
        assert after.totals == (-2 * 2 + 4, 5 * 2 + 1, -3 * 2 - 5)


def test_a_state_a_write_replaces_is_freed_at_once_with_its_protocol(app):
    """A session keeps its protocol and the protocol its session: weakly, so that a state a
    write replaces is freed as soon as nothing uses it, without waiting for Python's cycle
    collector (whose full passes over a worker's memory cost tens of milliseconds)."""
    gc.disable()  # only reference counting may free it here
    try:
        with app.test_request_context():
            body = {"ruleset": "scarto", "players": list(helpers.PLAYERS), "first_dealer": 0}
            session_id = services.start_session(get_db(), body)
            services.record_deal(get_db(), session_id, {"points": list(POINTS[0])})
            state = services.load_session(get_db(), session_id)
            protocol = build_protocol(state)
            assert protocol.session is state
            gone = weakref.ref(state)
            del state
            services.record_deal(get_db(), session_id, {"points": list(POINTS[1])})
            loaded.forget_loaded_sessions()
            assert gone() is None
            with pytest.raises(ReferenceError):
                protocol.session  # noqa: B018  # the property is what is tested
    finally:
        gc.enable()
