"""The club's records and its winners by period, as SQL over the results' rows
(storage/stats/rows.py), one grouped query a figure; services/stats/records.py and winners.py
pick the holders. Only seats linked to a player count; the rows must be current
(services/stats/rows.py ``refresh`` first).

The place of a record is (day, session, deal): of equal figures the earliest holds it, and the
seats of that same place with that figure share it (a side's partners, or two players level).
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ..repository import Row
from ..repository import select
from .figures import Filters

_SEATS = """
    from sessions
    join seat_results as s on s.session_id = sessions.id
    join session_players as sp on sp.session_id = s.session_id and sp.seat = s.seat
"""
_GAMES = """
    from sessions
    join session_players as sp on sp.session_id = sessions.id
    join game_results as g on g.session_id = sp.session_id and g.seat = sp.seat
"""


def extreme_deal(db: sqlite_utils.Database, filters: Filters, best: bool) -> list[Row]:
    """The best (or worst) score of a seat in one deal, the earliest such deal: a row per
    player of it with that score (score, played_on, session_id, number, player_id, name)."""
    where, params = filters.where()
    score = filters.score
    sql = f"""
        with top as (
            select {score} as score, sessions.played_on, s.session_id, s.number
            {_SEATS} where {where} and sp.player_id is not null
            order by score {"desc" if best else "asc"}, sessions.played_on, s.session_id,
                     s.number
            limit 1
        )
        select top.*, players.id as player_id, players.name
        from top
        join seat_results as s on s.session_id = top.session_id and s.number = top.number
        join session_players as sp on sp.session_id = s.session_id and sp.seat = s.seat
        join players on players.id = sp.player_id
        where {score} = top.score
        order by s.seat
    """
    return list(select(db, sql, params))


def evening_tops(db: sqlite_utils.Database, filters: Filters) -> list[Row]:
    """Each player's day (his score total and deals that day, and his first session of it):
    the days with the highest score total (``kind`` "score") and those with the most deals
    (``kind`` "deals"), every one of them, with the player's name."""
    where, params = filters.where()
    sql = f"""
        with days as materialized (
            select sessions.played_on, sp.player_id, sum({filters.total}) as score_total,
                   sum(g.deals) as deals, min(sessions.id) as session_id
            {_GAMES} where {where} and sp.player_id is not null
            group by sessions.played_on, sp.player_id
        )
        select 'score' as kind, days.*, players.name from days
        join players on players.id = days.player_id
        where score_total = (select max(score_total) from days)
        union all
        select 'deals' as kind, days.*, players.name from days
        join players on players.id = days.player_id
        where deals = (select max(deals) from days)
        order by kind, played_on, session_id, player_id
    """
    return list(select(db, sql, params))


def biggest_comeback(db: sqlite_utils.Database, filters: Filters) -> list[Row]:
    """The finished game won from furthest behind (game_results ``behind``), the earliest of
    equal ones: a row per player of its winners that were that far behind after that deal
    (behind, played_on, session_id, game, number, player_id, name)."""
    where, params = filters.where()
    sql = f"""
        with top as (
            select g.behind, sessions.played_on, g.session_id, g.game, g.behind_after as number
            {_GAMES}
            where {where} and g.won = 1 and g.finished = 1 and g.behind > 0
                and sp.player_id is not null
            order by g.behind desc, sessions.played_on, g.session_id, g.behind_after
            limit 1
        )
        select top.*, players.id as player_id, players.name
        from top
        join game_results as g on g.session_id = top.session_id and g.game = top.game
        join session_players as sp on sp.session_id = g.session_id and sp.seat = g.seat
        join players on players.id = sp.player_id
        where g.won = 1 and g.behind = top.behind and g.behind_after = top.number
        order by g.seat
    """
    return list(select(db, sql, params))


def last_days(db: sqlite_utils.Database, filters: Filters, limit: int) -> list[str]:
    """The last ``limit`` days with deals played, newest first."""
    where, params = filters.where()
    sql = f"""
        select distinct sessions.played_on from sessions
        where {where} and exists (select 1 from game_results as g where g.session_id = sessions.id)
        order by sessions.played_on desc limit ?
    """
    return [row["played_on"] for row in select(db, sql, [*params, limit])]


def day_totals(db: sqlite_utils.Database, filters: Filters) -> list[Row]:
    """Each player's score total and deals on each day (played_on, player_id, name, name_key,
    score_total, deals), by day and player's name."""
    where, params = filters.where()
    sql = f"""
        select sessions.played_on, sp.player_id, players.name, players.name_key,
               sum({filters.total}) as score_total, sum(g.deals) as deals
        {_GAMES} join players on players.id = sp.player_id
        where {where} and players.merged_into is null
        group by sessions.played_on, sp.player_id
        order by sessions.played_on, players.name_key
    """
    return list(select(db, sql, params))


def event_days(db: sqlite_utils.Database, filters: Filters) -> list[Row]:
    """The club evenings (events) whose tables were played in the ruleset and period: a live
    table session with deals, on its day (event_id, name, played_on), by day and event."""
    where, params = filters.where()
    sql = f"""
        select distinct events.id as event_id, events.name, sessions.played_on
        from event_tables as t
        join events on events.id = t.event_id
        join sessions on sessions.id = t.session_id
        where {where}
            and exists (select 1 from game_results as g where g.session_id = sessions.id)
        order by sessions.played_on, events.id
    """
    return list(select(db, sql, params))


def events_state(db: sqlite_utils.Database) -> tuple[Any, ...]:
    """What moves with any change to an event (its revision): for a page's entity tag."""
    row = db.execute("select count(*), coalesce(sum(revision), 0) from events").fetchone()
    return tuple(row)
