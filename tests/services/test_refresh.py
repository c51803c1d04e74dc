"""The figures brought up to date without holding up a save (issue "The club's history,
trusted"): sessions worked out from snapshots and stored only if unchanged, ratings replayed
under a number of their own and shown only whole, a request's share of the work bounded, a
replay left by a dead process taken over, and nothing newer ever lost.
"""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.services.stats import ratings
from scorekeeper.services.stats import rows
from scorekeeper.services.stats.rows import Budget
from scorekeeper.storage import repository
from scorekeeper.storage.stats import rows as results
from scorekeeper.storage.stats.figures import rating_as_of
from scorekeeper.web.db import get_db
from tests.services.test_ratings import SCARTO
from tests.services.test_ratings import from_scratch
from tests.services.test_ratings import season
from tests.services.test_ratings import snapshot
from tests.web.club import add_session
from tests.web.club import call
from tests.web.club import player_id
from tests.web.club import record


def in_db(app, action, *args):
    with app.app_context():
        return action(get_db(), *args)


def live_rating(app, name: str) -> tuple[float, float, int] | None:
    row = in_db(app, rating_as_of, player_id(app, name), None, "scarto")
    return row and (row["mu"], row["sigma"], row["games"])


def test_a_request_does_its_share_and_leaves_the_rest(app):
    for day in ("2024-01-10", "2024-02-10", "2024-03-10", "2024-04-10", "2024-05-10"):
        add_session(app, "scarto", ["Anna", "Bruno", "Carla"], day, SCARTO)
    first = in_db(app, rows.refresh, Budget(sessions=2, games=0))
    assert first == rows.Freshness(sessions_to_do=3, ratings_to_do=True)
    assert not first.current
    # Then the ratings wait for the last sessions: 10 finished games (two a session of six
    # deals of Scarto at three), more than this budget lets a request rate.
    done = in_db(app, rows.refresh, Budget(sessions=3, games=9))
    assert done == rows.Freshness(sessions_to_do=0, ratings_to_do=True)
    assert in_db(app, rows.refresh, Budget(sessions=0, games=10)).current


def test_a_session_changed_while_it_was_worked_out_stays_to_do(app):
    session_id = add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-01-10", SCARTO)
    with app.app_context():
        db = get_db()
        (stale,) = results.stale_sessions(db)
        made = [(stale, rows._worked_out(db, session_id))]
    record(app, session_id, [40, 10, 28])  # saved while the figures were being worked out
    in_db(app, rows.store_rows, made)
    assert in_db(app, results.stale_count) == 1  # not stored: it would have lost that deal
    assert in_db(app, rows.refresh).current
    (games,) = in_db(app, lambda db: list(db.query("select count(*) n from seat_results")))
    assert games["n"] == 3 * (len(SCARTO) + 1)


def test_readers_see_the_last_complete_ratings_while_a_replay_writes(app, monkeypatch):
    season(app)
    before = snapshot(app)
    anna = live_rating(app, "Anna")
    with app.app_context():
        db = get_db()
        with repository.write(db):
            results.mark_ratings(db, "0000-00-00")
        seen: list[object] = []
        monkeypatch.setattr(ratings, "ROWS_A_WRITE", 5)  # many short writes, not one

        def between_writes(done: int, of: int) -> None:
            seen.append(live_rating(app, "Anna"))

        assert ratings.replay(db, progress=between_writes)
    assert len(seen) > 2
    assert set(seen) == {anna}  # the old rating, never a half-replayed one
    assert snapshot(app) == before  # the same deals: the same ratings, and no row twice


def test_a_change_saved_during_a_replay_is_replayed_after_it(app, other):
    sessions = season(app)
    snapshot(app)
    with app.app_context():
        db = get_db()
        with repository.write(db):
            results.mark_ratings(db, "0000-00-00")

        def correct_meanwhile(done: int, of: int) -> None:
            if done == of:
                call(app, services.correct_deal, sessions[0], 1, {"points": [40, 10, 28]})

        assert ratings.replay(db, progress=correct_meanwhile)
        assert not rows.freshness(db).current  # the correction is still to count
    season(other, first_deal=(40, 10, 28))
    assert snapshot(app) == snapshot(other) == from_scratch(other)


def test_a_replay_left_by_a_dead_process_is_taken_over(app):
    season(app)
    right = snapshot(app)
    with app.app_context():
        db = get_db()
        with repository.write(db):
            results.mark_ratings(db, "2024-03-05")
            results.clear_dirty(db)
            dead = results.start_replay(db, "2024-03-05", "2024-01-01T00:00:00.000+00:00")
            results.insert_ratings(db, [(999, 1, 1, "2024-03-05", 1.0, 1.0, 1, "scarto")], dead)
            results.mark_ratings(db, "2024-06-01")  # a save after it died
        assert ratings.replay(db)
        assert results.running_replay(db) is None
        leftover = db.execute("select count(*) from ratings where replay = ?", [dead])
        assert leftover.fetchone()[0] == 0  # its rows went with the clean-up
    assert snapshot(app) == right


def test_a_replay_under_way_is_not_started_twice(app):
    season(app)
    snapshot(app)
    with app.app_context():
        db = get_db()
        with repository.write(db):
            results.mark_ratings(db, "2024-03-05")
            results.clear_dirty(db)
            results.start_replay(db, "2024-03-05", "9999-01-01T00:00:00.000+00:00")
            results.mark_ratings(db, "2024-06-01")
        assert not ratings.replay(db)  # another process has it: this one waits its turn
        assert results.dirty_from(db) == "2024-06-01"


def test_rebuild_works_everything_out_again(app):
    season(app)
    add_session(app, "scarto", ["Ana", "Bruno", "Dario"], "2024-02-02", SCARTO)
    right = snapshot(app)
    with app.app_context():
        db = get_db()
        db.execute("update seat_results set score = score + 1")  # figures gone wrong
        db.conn.commit()
        heard: list[tuple[str, int, int]] = []
        assert rows.rebuild(db, lambda what, done, of: heard.append((what, done, of))).current
        assert heard[-1] == ("ratings", heard[-1][2], heard[-1][2])
        assert ("sessions", 5, 5) in heard
        wrong = db.execute("select count(*) from seat_results where score > 100").fetchone()[0]
    assert snapshot(app) == right
    assert wrong == 0
