"""Saves go on while the club's ratings are replayed (issue "The club's history, trusted").

A club of 1,500 sessions over three years, its figures worked out; the real server (as `make
serve` starts it) on it. The keeper corrects the oldest session, then reads the rankings: the
request works out that session, says that newer figures are coming (``Figures-Current:
false``), and the ratings of three years are replayed by the server's worker. Meanwhile four
tables keep saving deals. Every save is answered 201, at least one of them while the replay is
under way (seen in the database: its replay claimed, not done), the log never says "database is
locked"; then, with no one reading, the server's worker brings the figures up to date (fed by
the saves), they count the saves made meanwhile, and the ratings are those of a replay from
scratch of the same deals.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from contextlib import closing

from scorekeeper.services.stats import ratings
from scorekeeper.services.stats.rows import EVERYTHING
from scorekeeper.services.stats.rows import refresh
from scorekeeper.storage import repository
from scorekeeper.storage.db import connect
from scorekeeper.storage.stats.rows import LIVE
from scorekeeper.storage.stats.rows import mark_ratings
from tests.clubs import build_club

from .conftest import call

SESSIONS = 1500
TABLES = 4
THINK_S = 0.02


def live_ratings(database) -> list[tuple]:
    with closing(sqlite3.connect(database)) as conn:
        sql = f"""select session_id, game, player_id, mu, sigma, games from ratings where {LIVE}
                  order by played_on, session_id, game, player_id"""
        return conn.execute(sql).fetchall()


def replay_under_way(database) -> int | None:
    """The number of the replay claimed and not done, as the database says; None for none."""
    with closing(sqlite3.connect(database)) as conn:
        row = conn.execute("select id from rating_replays where done = 0").fetchone()
    return row[0] if row else None


def wait_for(done, what: str, polls: int = 600) -> None:
    """Poll ``done`` every 0.1 s, at most ``polls`` times (a bound on the waiting, not a time
    the test asserts)."""
    for _ in range(polls):
        if done():
            return
        time.sleep(0.1)
    raise AssertionError(what)


def figures_to_do(database) -> bool:
    """Sessions whose rows are older than their deals, or ratings to replay."""
    with closing(sqlite3.connect(database)) as conn:
        stale = conn.execute(
            """select count(*) from sessions left join results_of on session_id = sessions.id
               where sessions.deleted = 0 and (results_of.revision is null
                     or results_of.revision != sessions.revision)"""
        ).fetchone()[0]
    return stale > 0 or replay_to_do(database)


def replay_to_do(database) -> bool:
    """Ratings marked to replay, or a replay under way."""
    with closing(sqlite3.connect(database)) as conn:
        marked = conn.execute("select dirty_from from rating_state").fetchone()[0]
    return marked is not None or replay_under_way(database) is not None


def test_saves_are_answered_while_the_ratings_of_years_are_replayed(servers, tmp_path):
    database = tmp_path / "club.sqlite"
    sessions = build_club(database, SESSIONS, deals=18)
    db = connect(database)
    assert refresh(db, EVERYTHING).current
    db.close()
    server = servers(database)

    oldest = sessions[0]
    status, answer = call(
        server.port, "PUT", f"/api/v1/sessions/{oldest}/deals/1", {"points": [45, 20, 13]}
    )
    assert status == 200, answer
    tables = []
    for seats in (["Anna", "Bruno", "Carla"], ["Dario", "Elena", "Fabio"]) * (TABLES // 2):
        body = {"ruleset": "scarto", "players": seats}
        status, answer = call(server.port, "POST", "/api/v1/sessions", body)
        assert status == 201, answer
        tables.append(json.loads(answer)["id"])

    # Each save with the replay under way when it was sent and when it was answered (its
    # number, None for none): a save between two sightings of one replay was made during it.
    saves: list[tuple[int | None, int | None, int, int]] = []  # (before, after, status, table)
    stop = threading.Event()

    def table(session_id: int) -> None:
        number = 0
        while not stop.is_set():
            points = [[30, 27, 21], [20, 30, 28], [26, 26, 26]][number % 3]
            path = f"/api/v1/sessions/{session_id}/deals"
            before = replay_under_way(database)
            status, _ = call(server.port, "POST", path, {"points": points})
            saves.append((before, replay_under_way(database), status, session_id))
            number += 1
            time.sleep(THINK_S)

    status, head = _rankings(server.port)
    assert status == 200
    assert b"figures-current: false" in head.lower()  # three years to replay: the worker's
    workers = [threading.Thread(target=table, args=(t,)) for t in tables]
    for worker in workers:
        worker.start()
    wait_for(lambda: not replay_to_do(database), "the replay never ended")
    stop.set()
    for worker in workers:
        worker.join()

    assert [save[2] for save in saves] == [201] * len(saves)
    during = [save for save in saves if save[0] is not None and save[0] == save[1]]
    assert during, "no save was answered while the replay was under way"
    # Fed by the saves: the server's worker brings the figures up to date with no one reading.
    wait_for(lambda: not figures_to_do(database), "the saves' figures were not worked out")
    current = lambda: b"figures-current: true" in _rankings(server.port)[1].lower()  # noqa: E731
    wait_for(current, "the figures never became current")
    assert "database is locked" not in server.log()

    # Anna (no one of the club's years) sits at every other new table: each deal saved there,
    # during the replay or after it, is counted.
    assert _anna_deals(server.port) == sum(1 for save in saves if save[3] in tables[::2])
    served = live_ratings(database)
    copy = tmp_path / "scratch.sqlite"
    server.kill()
    with closing(sqlite3.connect(database)) as source, closing(sqlite3.connect(copy)) as target:
        source.backup(target)  # the log with it: a killed server leaves its last writes there
    db = connect(copy)
    with repository.write(db):
        mark_ratings(db, "0000-00-00")
    assert ratings.replay(db)
    db.close()
    assert served == live_ratings(copy)


def _rankings(port: int) -> tuple[int, bytes]:
    from tests.servers import Connection
    from tests.servers import request_bytes

    connection = Connection(port)
    try:
        status, head, _ = connection.send(request_bytes("GET", "/api/v1/rankings?min_deals=1"))
    finally:
        connection.close()
    return status, head


def _anna_deals(port: int) -> int:
    status, answer = call(port, "GET", "/api/v1/rankings?min_deals=1&ruleset=scarto")
    assert status == 200
    (anna,) = [row for row in json.loads(answer) if row["name"] == "Anna"]
    return int(anna["deals"])
