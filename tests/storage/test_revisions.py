"""Session and deal revisions (migrations.add_revisions) and the stamp read from a kept one
(repository.load_session_restamped): a worker that holds a session reads only what changed."""

from __future__ import annotations

import shutil

import pytest

from scorekeeper import services
from scorekeeper.storage import repository
from scorekeeper.storage.db import connect
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
    assert revisions(db, session_id)[0] == 2  # the row itself is part of the stamp


def writes(db, session_id):
    """A keeper's evening: records, a correction, a deletion and its undoing, a scarto."""
    yield lambda: services.record_deal(db, session_id, {"points": [30, 27, 21]})
    yield lambda: services.record_deal(db, session_id, {"points": [20, 30, 28]})
    yield lambda: services.correct_deal(db, session_id, 1, {"points": [26, 26, 26]})
    yield lambda: services.delete_deal(db, session_id, 1)
    deleted = services.deleted_deals(db, session_id)
    yield lambda: services.restore_deal(db, session_id, deleted[0]["id"])
    yield lambda: services.record_deal(db, session_id, {"points": [28, 28, 22]})
    yield lambda: services.delete_deal(db, session_id, 3)


def test_the_stamp_read_from_a_kept_one_is_the_stamp_read_whole(db, tmp_path):
    session_id = services.start_session(db, BODY)
    other = connect(tmp_path / "r.sqlite")  # another worker, or the command line
    kept = repository.load_session_stamped(db, session_id)[1]
    for write in writes(other, session_id):
        write()
        restamped = repository.load_session_restamped(db, session_id, kept)
        whole = repository.load_session_stamped(db, session_id)
        assert restamped == whole
        assert restamped[1] != kept  # every write shows
        kept = restamped[1]
    assert repository.load_session_restamped(db, session_id, kept)[1] is kept  # nothing new


def test_an_older_copy_of_the_database_is_read_whole(db, tmp_path):
    """A backup put back in place while a worker still holds a later state (the README says to
    stop the server first; this is when somebody did not)."""
    path = tmp_path / "r.sqlite"
    session_id = services.start_session(db, BODY)
    services.record_deal(db, session_id, {"points": [30, 27, 21]})
    db.conn.close()
    shutil.copy(path, tmp_path / "older.sqlite")
    db = connect(path)
    services.record_deal(db, session_id, {"points": [20, 30, 28]})
    kept = repository.load_session_stamped(db, session_id)[1]
    db.conn.close()
    shutil.copy(tmp_path / "older.sqlite", path)
    db = connect(path)
    assert repository.load_session_restamped(db, session_id, kept) == (
        repository.load_session_stamped(db, session_id)
    )
