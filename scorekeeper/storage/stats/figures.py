"""The statistics as SQL aggregates over the results' rows (storage/stats/rows.py).

Every query joins a seat's rows to the seat's player (session_players) and to the live session
(sessions.deleted = 0) with its ruleset and the day it was played, filtered by ``Filters``
(ruleset, first and last day, both inclusive). The rows must be current: services/stats/rows.py
``refresh`` first.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from ..repository import Row
from ..repository import select
from .rows import LIVE


@dataclass(frozen=True)
class Filters:
    """Which sessions count: a ruleset (None: every one) and a period (None: open)."""

    ruleset: str | None = None
    first: str | None = None
    """The first day, YYYY-MM-DD, included."""
    last: str | None = None
    """The last day, YYYY-MM-DD, included."""

    @property
    def score(self) -> str:
        """A seat row's score as these figures add it: as recorded within one ruleset; over
        every ruleset, points less the even share (rows.py ``common``), one scale for all."""
        return "s.score" if self.ruleset else "s.common"

    @property
    def total(self) -> str:
        """A game row's total, the same way (``common_total``)."""
        return "g.total" if self.ruleset else "g.common_total"

    def where(self) -> tuple[str, list[Any]]:
        """The SQL condition on ``sessions`` and its parameters."""
        clauses, params = ["sessions.deleted = 0"], []
        for clause, value in (
            ("sessions.ruleset = ?", self.ruleset),
            ("sessions.played_on >= ?", self.first),
            ("sessions.played_on <= ?", self.last),
        ):
            if value is not None:
                clauses.append(clause)
                params.append(value)
        return " and ".join(clauses), params


# A player's seat rows: his seats, their live sessions, their deals.
_SEATS = """
    from session_players as sp
    join sessions on sessions.id = sp.session_id
    join seat_results as s on s.session_id = sp.session_id and s.seat = sp.seat
"""
_GAMES = """
    from session_players as sp
    join sessions on sessions.id = sp.session_id
    join game_results as g on g.session_id = sp.session_id and g.seat = sp.seat
"""


def _one(db: sqlite_utils.Database, sql: str, params: list[Any]) -> Row:
    return next(select(db, sql, params))


def player_totals(db: sqlite_utils.Database, player_id: int, filters: Filters) -> Row:
    """Sessions, deals, score total, points as dealer and not, marked deals, illegal scartos,
    and the finished games played and won."""
    where, params = filters.where()
    deals = _one(
        db,
        f"""select count(distinct s.session_id) as sessions, count(*) as deals,
               coalesce(sum({filters.score}), 0) as score_total,
               coalesce(sum(s.dealer), 0) as dealt,
               sum(case when s.dealer = 1 then s.points end) as dealer_points,
               sum(case when s.dealer = 0 then s.points end) as other_points,
               coalesce(sum(s.marked), 0) as marked_deals,
               coalesce(sum(s.illegal_scarto), 0) as illegal_scartos
            {_SEATS} where sp.player_id = ? and {where}""",
        [player_id, *params],
    )
    games = _one(
        db,
        f"""select count(*) as games, coalesce(sum(g.won), 0) as games_won
            {_GAMES} where sp.player_id = ? and g.finished = 1 and {where}""",
        [player_id, *params],
    )
    return deals | games


def extreme_deal(
    db: sqlite_utils.Database, player_id: int, filters: Filters, best: bool
) -> Row | None:
    """The player's best (or worst) deal by score; of equal ones, the first played."""
    where, params = filters.where()
    sql = f"""
        select {filters.score} as score, s.session_id, s.deal_id, s.number, sessions.played_on
        {_SEATS} where sp.player_id = ? and {where}
        order by score {"desc" if best else "asc"}, sessions.played_on, s.session_id, s.number
        limit 1
    """
    return next(select(db, sql, [player_id, *params]), None)


def head_to_head(
    db: sqlite_utils.Database, player_id: int, filters: Filters, min_deals: int
) -> list[Row]:
    """Each opponent (a player on another side of the same deal) met in at least ``min_deals``
    deals: the deals and the player's score total in them; most deals first. Added up over
    games, a third of the rows of the deals: a session's players meet in each of its deals."""
    where, params = filters.where()
    sql = f"""
        select o.player_id, players.name, sum(g.deals) as deals,
               sum({filters.total}) as score_total
        {_GAMES}
        join game_results as t
            on t.session_id = g.session_id and t.game = g.game and t.side != g.side
        join session_players as o on o.session_id = t.session_id and o.seat = t.seat
        join players on players.id = o.player_id
        where sp.player_id = ? and o.player_id != sp.player_id and {where}
        group by o.player_id having sum(g.deals) >= ?
        order by deals desc, players.name_key
    """
    return list(select(db, sql, [player_id, *params, min_deals]))


def ranking_rows(db: sqlite_utils.Database, filters: Filters, min_deals: int) -> list[Row]:
    """Every player not merged into another with at least ``min_deals`` deals, archived ones too
    (archiving hides a player from a new session, not from the history): deals, score total,
    games won and finished games; by player. Added up over games, whose rows carry their deals
    and the seat's total: a third of the rows of the deals."""
    where, params = filters.where()
    sql = f"""
        with played as (
            select sp.player_id, sum(g.deals) as deals, sum({filters.total}) as score_total,
                   sum(g.won) as games_won, sum(g.finished) as games
            from sessions
            join session_players as sp on sp.session_id = sessions.id
            join game_results as g on g.session_id = sp.session_id and g.seat = sp.seat
            where {where} group by sp.player_id
        )
        select players.id as player_id, players.name, played.deals, played.score_total,
               played.games_won, played.games
        from played join players on players.id = played.player_id
        where players.merged_into is null and played.deals >= ?
        order by players.name_key
    """
    return list(select(db, sql, [*params, min_deals]))


def rating_as_of(
    db: sqlite_utils.Database, player_id: int, day: str | None, ruleset: str | None
) -> Row | None:
    """The player's rating in ``ruleset`` after his last rated game up to ``day`` (None: the
    latest); none over every ruleset: a rating is a ruleset's."""
    if ruleset is None:
        return None
    sql = f"""
        select mu, sigma, games from ratings
        where player_id = ? and ruleset = ? and played_on <= ? and {LIVE}
        order by played_on desc, games desc limit 1
    """
    return next(select(db, sql, [player_id, ruleset, day or "9999-12-31"]), None)


def ratings_as_of(
    db: sqlite_utils.Database, day: str | None, ruleset: str | None
) -> dict[int, Row]:
    """Every player's rating as ``rating_as_of`` gives it, by player: one index seek each."""
    if ruleset is None:
        return {}
    sql = f"""
        select players.id as player_id, r.mu, r.sigma, r.games from players
        join ratings as r on r.rowid = (
            select rowid from ratings
            where player_id = players.id and ruleset = ? and played_on <= ? and {LIVE}
            order by played_on desc, games desc limit 1
        )
        where players.merged_into is null
    """
    rows = select(db, sql, [ruleset, day or "9999-12-31"])
    return {row.pop("player_id"): row for row in rows}


def score_by_month(db: sqlite_utils.Database, player_id: int, filters: Filters) -> list[Row]:
    """The player's deals and score total per month (YYYY-MM) he played, in order."""
    where, params = filters.where()
    sql = f"""
        select substr(sessions.played_on, 1, 7) as month, count(*) as deals,
               sum({filters.score}) as score_total
        {_SEATS} where sp.player_id = ? and {where}
        group by month order by month
    """
    return list(select(db, sql, [player_id, *params]))


def rating_by_month(db: sqlite_utils.Database, player_id: int, filters: Filters) -> list[Row]:
    """The player's rating after his last rated game of each month in the period, with that
    game's day (SQLite takes a row's other columns from the row with the max)."""
    if filters.ruleset is None:
        return []
    params: list[Any] = [
        player_id,
        filters.ruleset,
        filters.first or "",
        filters.last or "9999-12-31",
    ]
    sql = f"""
        select substr(played_on, 1, 7) as month, played_on, mu, sigma, max(games) as games
        from ratings
        where player_id = ? and ruleset = ? and played_on >= ? and played_on <= ? and {LIVE}
        group by month order by month
    """
    return list(select(db, sql, params))


def sessions_played(
    db: sqlite_utils.Database, player_id: int, filters: Filters, limit: int
) -> list[Row]:
    """The player's sessions with deals, newest first: day, ruleset, names, his seat, deals,
    his total."""
    where, params = filters.where()
    sql = f"""
        select s.session_id, sessions.played_on, sessions.ruleset, sessions.players, s.seat,
               count(*) as deals, sum(s.score) as score_total
        {_SEATS} where sp.player_id = ? and {where}
        group by s.session_id, s.seat order by sessions.played_on desc, s.session_id desc
        limit ?
    """
    rows = select(db, sql, [player_id, *params, limit])
    return [row | {"players": json.loads(row["players"])} for row in rows]


def deal_lines(db: sqlite_utils.Database, player_id: int, filters: Filters) -> Iterator[Row]:
    """Every deal the player played, in order: day, session, number, ruleset, seat, dealer,
    points, score, marked."""
    where, params = filters.where()
    sql = f"""
        select sessions.played_on, s.session_id, s.number, sessions.ruleset, s.seat, s.dealer,
               s.points, s.score, s.marked
        {_SEATS} where sp.player_id = ? and {where}
        order by sessions.played_on, s.session_id, s.number, s.seat
    """
    return select(db, sql, [player_id, *params])


def years_played(db: sqlite_utils.Database) -> list[str]:
    """The years of the live sessions, newest first (for the pages' filter)."""
    sql = """
        select distinct substr(played_on, 1, 4) as year from sessions
        where deleted = 0 and played_on != '' order by year desc
    """
    return [row["year"] for row in select(db, sql)]


def most_played_ruleset(db: sqlite_utils.Database, player_id: int | None = None) -> str | None:
    """The ruleset of the most live sessions (of the player's, when given), or None."""
    if player_id is None:
        sql = """
            select ruleset from sessions where deleted = 0
            group by ruleset order by count(*) desc, ruleset limit 1
        """
        row = db.execute(sql).fetchone()
    else:
        sql = """
            select sessions.ruleset from session_players as sp
            join sessions on sessions.id = sp.session_id
            where sp.player_id = ? and sessions.deleted = 0
            group by sessions.ruleset order by count(*) desc, sessions.ruleset limit 1
        """
        row = db.execute(sql, [player_id]).fetchone()
    return row[0] if row else None
