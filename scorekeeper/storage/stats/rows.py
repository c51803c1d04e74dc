"""What the statistics and ratings add up, kept beside the deals (migrations_players.py
create_results, index_results): a row a seat of a deal, a row a seat of a game, the ratings
after each game.

A session's rows are kept with the revision and the day they were made from (results_of): a
session whose revision or day moved on, or that came back from the deleted, is worked out again
before statistics are read (services/stats/rows.py); a deleted one loses its rows.

Ratings are replayed from the first day whose games changed: ``mark_ratings`` keeps the earliest
such day (rating_state.dirty_from; NULL when none is marked). A replay is claimed (a row of
rating_replays, its heartbeat kept while it works), written in short transactions under its
number, and shown only once it is done: a rating row is live when its replay is the last done
one that started on or before the row's day (``LIVE``). Rows no replay shows any more are
deleted afterwards, a few at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from typing import Any

import sqlite_utils

from ..repository import Row
from ..repository import select

SEAT_COLUMNS = (
    "session_id",
    "deal_id",
    "number",
    "seat",
    "side",
    "game",
    "score",
    "points",
    "dealer",
    "marked",
    "illegal_scarto",
    "common",
)
GAME_COLUMNS = (
    *("session_id", "game", "seat", "side", "total", "won", "finished", "deals", "common_total"),
    *("behind", "behind_after"),
)
RATING_COLUMNS = (
    *("session_id", "game", "player_id", "played_on", "mu", "sigma", "games", "ruleset"),
)
LIVE = """replay = (
    select max(id) from rating_replays where done = 1 and from_day <= ratings.played_on
)"""
"""Whether a row of ``ratings`` is one of the ratings shown (a condition on the table unaliased)."""

# Live sessions without rows, or whose rows are of another revision or day; deleted sessions
# that still have rows.
_STALE = """
    from sessions left join results_of on results_of.session_id = sessions.id
    where case when sessions.deleted then results_of.session_id is not null
          else results_of.session_id is null or results_of.revision != sessions.revision
               or results_of.played_on != sessions.played_on end
"""


def mark_ratings(db: sqlite_utils.Database, day: str) -> None:
    """The ratings from this day on must be worked out again (ratings of games that changed,
    moved from one player to another, or came or went)."""
    db.execute(
        "update rating_state set dirty_from = min(coalesce(dirty_from, ?), ?) where id = 1",
        [day, day],
    )


def figures_version(db: sqlite_utils.Database) -> int:
    """A number that moves with every change the club's figures could show (migrations/
    server.py: triggers on the sessions, seats, players, merges, rows and ratings)."""
    return int(db.execute("select version from figures_state").fetchone()[0])


def mark_all_stale(db: sqlite_utils.Database) -> None:
    """Every session's rows and every rating to be worked out again; the figures already made
    are shown until then."""
    db.execute("update results_of set revision = -1")
    mark_ratings(db, "0000-00-00")


def stale_count(db: sqlite_utils.Database) -> int:
    """How many sessions' rows must be made again (or dropped)."""
    return int(db.execute(f"select count(*) {_STALE}").fetchone()[0])


def stale_sessions(db: sqlite_utils.Database, limit: int = -1) -> list[Row]:
    """The sessions whose rows must be made again (or dropped, when ``deleted``), with the day
    their rows were made for (``made_on``, None when they have none); at most ``limit``."""
    sql = f"""
        select sessions.id, sessions.revision, sessions.played_on, sessions.deleted,
               results_of.played_on as made_on {_STALE}
        order by sessions.id limit ?
    """
    return list(select(db, sql, [limit]))


def session_state(db: sqlite_utils.Database, session_id: int) -> Row | None:
    """What a session's rows are made from: its revision, day and whether it is deleted."""
    sql = "select id, revision, played_on, deleted from sessions where id = ?"
    return next(select(db, sql, [session_id]), None)


def replace_session(
    db: sqlite_utils.Database,
    session: Row,
    seats: Iterable[tuple[Any, ...]],
    games: Iterable[tuple[Any, ...]],
) -> None:
    """A session's rows made again: ``session`` has its id, revision and played_on; each seat
    and game row has the values of SEAT_COLUMNS and GAME_COLUMNS in order."""
    drop_session(db, session["id"])
    db.conn.executemany(_insert("seat_results", SEAT_COLUMNS), seats)
    db.conn.executemany(_insert("game_results", GAME_COLUMNS), games)
    db.execute(
        "insert into results_of (session_id, revision, played_on) values (?, ?, ?)",
        [session["id"], session["revision"], session["played_on"]],
    )


def drop_session(db: sqlite_utils.Database, session_id: int) -> None:
    for table in ("seat_results", "game_results", "results_of"):
        db.execute(f"delete from {table} where session_id = ?", [session_id])


def dirty_from(db: sqlite_utils.Database) -> str | None:
    """The first day whose ratings must be worked out again, or None."""
    row = db.execute("select dirty_from from rating_state where id = 1").fetchone()
    return row[0] if row else None


def clear_dirty(db: sqlite_utils.Database) -> None:
    """The marked days are taken by a replay: nothing marked until the next change."""
    db.execute("update rating_state set dirty_from = null where id = 1")


def running_replay(db: sqlite_utils.Database) -> Row | None:
    """The replay under way (claimed, not done), with its first day and last heartbeat."""
    return next(select(db, "select * from rating_replays where done = 0"), None)


def start_replay(db: sqlite_utils.Database, day: str, beat: str) -> int:
    """Claim a replay from ``day``; its number, which its rows carry."""
    cursor = db.execute(
        "insert into rating_replays (from_day, beat, done) values (?, ?, 0)", [day, beat]
    )
    return int(cursor.lastrowid or 0)


def keep_replay(db: sqlite_utils.Database, number: int, beat: str) -> bool:
    """The replay's heartbeat; False when it is no longer under way (taken over)."""
    cursor = db.execute(
        "update rating_replays set beat = ? where id = ? and done = 0", [beat, number]
    )
    return cursor.rowcount == 1


def abandon_replay(db: sqlite_utils.Database, number: int) -> None:
    """A replay that will not finish: its rows are never shown, and go with the next clean-up."""
    db.execute("delete from rating_replays where id = ? and done = 0", [number])


def finish_replay(db: sqlite_utils.Database, number: int) -> None:
    """Show the replay's ratings; forget the replays it covers whole (their rows are dead)."""
    row = db.execute("select from_day from rating_replays where id = ?", [number]).fetchone()
    db.execute("update rating_replays set done = 1 where id = ?", [number])
    db.execute(
        "delete from rating_replays where done = 1 and id < ? and from_day >= ?",
        [number, row[0]],
    )


def games_from(db: sqlite_utils.Database, day: str) -> int:
    """How many finished games a replay from ``day`` would rate (at most)."""
    sql = """
        select count(distinct g.session_id || '-' || g.game) from sessions
        join game_results as g on g.session_id = sessions.id
        where sessions.deleted = 0 and g.finished = 1 and sessions.played_on >= ?
    """
    return int(db.execute(sql, [day]).fetchone()[0])


def ratings_before(db: sqlite_utils.Database, day: str, ruleset: str) -> list[Row]:
    """Each player's last live rating in ``ruleset`` before ``day``: one index seek each (a
    player's count of rated games goes up by one with each game, and with the days)."""
    sql = f"""
        select players.id as player_id, r.mu, r.sigma, r.games from players
        join ratings as r on r.rowid = (
            select rowid from ratings
            where player_id = players.id and ruleset = ? and played_on < ? and {LIVE}
            order by played_on desc, games desc limit 1
        )
    """
    return list(select(db, sql, [ruleset, day]))


def drop_dead_ratings(db: sqlite_utils.Database, number: int, day: str, limit: int) -> int:
    """Delete up to ``limit`` rows the done replay ``number`` (from ``day``) hides: rows of
    earlier replays from that day on. How many went."""
    cursor = db.execute(
        """delete from ratings where rowid in (
               select rowid from ratings where played_on >= ? and replay < ? limit ?
           )""",
        [day, number, limit],
    )
    return cursor.rowcount


def rated_games(db: sqlite_utils.Database, day: str) -> Iterator[Row]:
    """Every seat of every finished game of a live session from ``day`` on, in the order the
    games are rated (played_on, session, game), with the seat's player (None: nobody). The
    sessions first (CROSS JOIN keeps that order): from a recent day, a few of them."""
    sql = """
        select g.session_id, g.game, g.seat, g.total, sessions.played_on, sessions.ruleset,
               sp.player_id
        from sessions
        cross join game_results as g on g.session_id = sessions.id
        left join session_players as sp on sp.session_id = g.session_id and sp.seat = g.seat
        where sessions.deleted = 0 and g.finished = 1 and sessions.played_on >= ?
        order by sessions.played_on, g.session_id, g.game, g.seat
    """
    return select(db, sql, [day])


def insert_ratings(db: sqlite_utils.Database, rows: Iterable[tuple[Any, ...]], number: int) -> None:
    """Ratings after games by the replay ``number``, each with the values of RATING_COLUMNS in
    order."""
    sql = _insert("ratings", (*RATING_COLUMNS, "replay"))
    db.conn.executemany(sql, ((*row, number) for row in rows))


def _insert(table: str, columns: tuple[str, ...]) -> str:
    return f"insert into {table} ({', '.join(columns)}) values ({', '.join('?' * len(columns))})"
