"""Session and deal revisions (migrations.add_revisions): the triggers still count them, though
nothing relies on them now that sessions are no longer kept in memory between requests."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.storage.db import open_db

BODY = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}


@pytest.fixture
def db(tmp_path):
    return open_db(tmp_path / "r.sqlite")


def revisions(db, session_id):
    session = db.execute("select revision from sessions where id = ?", [session_id]).fetchone()[0]
    deals = dict(db.execute("select id, revision from deals where session_id = ?", [session_id]))
    return session, deals


def test_every_change_to_a_deal_or_its_history_raises_the_revision(db):
    session_id = services.start_session(db, BODY)
    assert revisions(db, session_id) == (0, {})
    first = services.record_deal(db, session_id, {"points": [30, 27, 21]})
    # The insert raises it to 1, the "recorded" history entry to 2; the deal keeps the last.
    assert revisions(db, session_id) == (2, {first.id: 2})
    second = services.record_deal(db, session_id, {"points": [26, 26, 26]})
    assert revisions(db, session_id) == (4, {first.id: 2, second.id: 4})
    services.correct_deal(db, session_id, 1, {"points": [40, 20, 18]})
    # The update (5) and its "corrected" entry (6) are the first deal's.
    assert revisions(db, session_id) == (6, {first.id: 6, second.id: 4})


def test_a_change_to_the_sessions_row_alone_leaves_the_revision(db):
    session_id = services.start_session(db, BODY)
    services.record_deal(db, session_id, {"points": [30, 27, 21]})
    db.execute("update sessions set table_name = 'Tavolo 2' where id = ?", [session_id])
    assert revisions(db, session_id)[0] == 2  # only deals and their history count
