"""What the statistics and ratings add up, kept beside the deals (migrations_players.py
create_results, index_results): a row a seat of a deal, a row a seat of a game, the ratings
after each game.

A session's rows are kept with the revision and the day they were made from (results_of): a
session whose revision or day moved on, or that came back from the deleted, is worked out again
before statistics are read (services/stats/rows.py); a deleted one loses its rows.

Ratings are replayed from the first day whose games changed: ``mark_ratings`` keeps the earliest
such day (rating_state.dirty_from; NULL when every rating is current).
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
)
GAME_COLUMNS = ("session_id", "game", "seat", "side", "total", "won", "finished", "deals")
RATING_COLUMNS = ("session_id", "game", "player_id", "played_on", "mu", "sigma", "games")

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


def is_current(db: sqlite_utils.Database) -> bool:
    """Whether every session's rows and every rating are up to date: one cheap read."""
    sql = f"""
        select not exists(select 1 {_STALE})
           and (select dirty_from from rating_state where id = 1) is null
    """
    return bool(db.execute(sql).fetchone()[0])


def stale_sessions(db: sqlite_utils.Database) -> list[Row]:
    """The sessions whose rows must be made again (or dropped, when ``deleted``), with the day
    their rows were made for (``made_on``, None when they have none)."""
    sql = f"""
        select sessions.id, sessions.revision, sessions.played_on, sessions.deleted,
               results_of.played_on as made_on {_STALE}
        order by sessions.id
    """
    return list(select(db, sql))


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


def ratings_before(db: sqlite_utils.Database, day: str) -> list[Row]:
    """Each player's last rating before ``day``: one index seek each (a player's count of rated
    games goes up by one with each game, and with the days)."""
    sql = """
        select players.id as player_id, r.mu, r.sigma, r.games from players
        join ratings as r on r.rowid = (
            select rowid from ratings where player_id = players.id and played_on < ?
            order by played_on desc, games desc limit 1
        )
    """
    return list(select(db, sql, [day]))


def delete_ratings_from(db: sqlite_utils.Database, day: str) -> None:
    db.execute("delete from ratings where played_on >= ?", [day])


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


def insert_ratings(db: sqlite_utils.Database, rows: Iterable[tuple[Any, ...]]) -> None:
    """Ratings after games, each with the values of RATING_COLUMNS in order."""
    db.conn.executemany(_insert("ratings", RATING_COLUMNS), rows)


def ratings_replayed(db: sqlite_utils.Database) -> None:
    db.execute("update rating_state set dirty_from = null where id = 1")


def _insert(table: str, columns: tuple[str, ...]) -> str:
    return f"insert into {table} ({', '.join(columns)}) values ({', '.join('?' * len(columns))})"
