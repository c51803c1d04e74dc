"""What the rating charts read from ``ratings`` (only the live rows, rows.py ``LIVE``): the club's
established ratings at the end of each month of a player's chart, a player's first (provisional)
ratings, and a season's ratings of every player, a row a month he played.
"""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from ..repository import Row
from ..repository import select
from .rows import LIVE


def established_by_month(
    db: sqlite_utils.Database, ruleset: str, months: list[str], min_games: int
) -> list[tuple[str, float, float]]:
    """(month, mu, sigma) of each player not merged into another whose rating shown at the end
    of each of ``months`` (YYYY-MM) is of ``min_games`` rated games or more in ``ruleset``.

    One index seek a player and month (the ratings' index by player, ruleset and day): a player
    who played no game in a month keeps the rating of his last game before. The players are
    first narrowed, once, to those established at all by the last month, with the day they were.
    """
    if not months:
        return []
    sql = f"""
        with established as materialized (
            select players.id as player_id, (
                select played_on from ratings
                where player_id = players.id and ruleset = :ruleset and games >= :games
                      and played_on <= :last and {LIVE}
                order by played_on, games limit 1
            ) as since
            from players where players.merged_into is null
        )
        select m.value as month, r.mu, r.sigma
        from json_each(:months) as m
        join established as e on e.since <= m.value || '-31'
        join ratings as r on r.rowid = (
            select rowid from ratings
            where player_id = e.player_id and ruleset = :ruleset
                  and played_on <= m.value || '-31' and {LIVE}
            order by played_on desc, games desc limit 1
        )
        where r.games >= :games
    """
    params = {
        "ruleset": ruleset,
        "games": min_games,
        "last": months[-1] + "-31",
        "months": json.dumps(months),
    }
    return db.conn.execute(sql, params).fetchall()  # type: ignore[no-any-return]


def season_ratings(db: sqlite_utils.Database, ruleset: str, first: str, last: str) -> list[Row]:
    """Each player's (not merged into another) rating after his last rated game of each month
    he played from ``first`` to ``last`` (YYYY-MM-DD, both included) in ``ruleset``, with his
    name, that game's day and the month's rated games (``rated``); by player and month."""
    sql = f"""
        select ratings.player_id, players.name, substr(ratings.played_on, 1, 7) as month,
               ratings.played_on, ratings.mu, ratings.sigma, max(ratings.games) as games,
               count(*) as rated
        from ratings join players on players.id = ratings.player_id
        where ratings.ruleset = ? and ratings.played_on >= ? and ratings.played_on <= ?
              and players.merged_into is null and {LIVE}
        group by ratings.player_id, month
        order by ratings.player_id, month
    """
    params: list[Any] = [ruleset, first, last]
    return list(select(db, sql, params))


def first_ratings(
    db: sqlite_utils.Database, player_id: int, ruleset: str, period: tuple[str, str], below: int
) -> list[Row]:
    """The player's ratings after each of his first rated games in ``ruleset``, those of fewer
    than ``below`` games, within the ``period`` (first and last day, both included), in order:
    the provisional ones, a point a game."""
    sql = f"""
        select played_on, mu, sigma, games from ratings
        where player_id = ? and ruleset = ? and played_on >= ? and played_on <= ? and {LIVE}
        order by played_on, games limit ?
    """
    rows = select(db, sql, [player_id, ruleset, *period, below])  # his first: games go up
    return [row for row in rows if row["games"] < below]
