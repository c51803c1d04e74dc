"""One player's games, evenings, partners and rating peak, read from the results' rows
(storage/stats/rows.py) for services/stats/form.py, partners.py and peaks.py.

Each query is one SQL statement over one player's rows (his games are a few thousand at most),
or one aggregate per ruleset for the peaks of a ranking. The rows must be current:
services/stats/rows.py ``refresh`` first.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ..repository import Row
from ..repository import select
from .figures import Filters
from .rows import LIVE

_GAMES = """
    from session_players as sp
    join sessions on sessions.id = sp.session_id
    join game_results as g on g.session_id = sp.session_id and g.seat = sp.seat
"""


def finished_games(db: sqlite_utils.Database, player_id: int, filters: Filters) -> list[Row]:
    """The player's finished games in the order they were played (day, session, game): the day,
    the session, the game and whether he won it (the best total, ties included)."""
    where, params = filters.where()
    sql = f"""
        select sessions.played_on, g.session_id, g.game, g.won
        {_GAMES} where sp.player_id = ? and g.finished = 1 and {where}
        order by sessions.played_on, g.session_id, g.game, g.seat
    """
    return list(select(db, sql, [player_id, *params]))


def last_games(
    db: sqlite_utils.Database, player_id: int, filters: Filters, limit: int
) -> list[Row]:
    """The player's last ``limit`` finished games, the last first, as ``finished_games`` has
    them, and whether another side had his total too (``shared``: a tie, when he won); asked
    of those games only."""
    where, params = filters.where()
    sql = f"""
        select played_on, session_id, game, won,
               exists (
                   select 1 from game_results as t
                   where t.session_id = last.session_id and t.game = last.game
                     and t.side != last.side and t.total = last.total
               ) as shared
        from (
            select sessions.played_on, g.session_id, g.game, g.won, g.side, g.total, g.seat
            {_GAMES} where sp.player_id = ? and g.finished = 1 and {where}
            order by sessions.played_on desc, g.session_id desc, g.game desc, g.seat desc
            limit ?
        ) as last
        order by played_on desc, session_id desc, game desc, seat desc
    """
    return list(select(db, sql, [player_id, *params, limit]))


def evenings(db: sqlite_utils.Database, player_id: int, filters: Filters) -> list[Row]:
    """The player's score on each day he played (every game, finished or not), in order: as
    recorded within a ruleset, on one scale over every ruleset (``Filters.total``)."""
    where, params = filters.where()
    sql = f"""
        select sessions.played_on, sum({filters.total}) as score
        {_GAMES} where sp.player_id = ? and {where}
        group by sessions.played_on order by sessions.played_on
    """
    return list(select(db, sql, [player_id, *params]))


def partners(
    db: sqlite_utils.Database, player_id: int, filters: Filters, rulesets: tuple[str, ...]
) -> list[Row]:
    """Each player who sat on the player's side in the team ``rulesets`` (Piedicavallo's
    partners, seats 0 and 2, 1 and 3): the finished games and games won together, the deals
    together (every game) and the side's score total in them; most deals first."""
    if not rulesets:
        return []
    where, params = filters.where()
    where += f" and sessions.ruleset in ({', '.join('?' * len(rulesets))})"
    params += rulesets
    sql = f"""
        select o.player_id, players.name, sum(g.finished) as games, sum(g.won) as games_won,
               sum(g.deals) as deals, sum({filters.total}) as score_total
        {_GAMES}
        join game_results as t
            on t.session_id = g.session_id and t.game = g.game and t.side = g.side
            and t.seat != g.seat
        join session_players as o on o.session_id = t.session_id and o.seat = t.seat
        join players on players.id = o.player_id
        where sp.player_id = ? and o.player_id != sp.player_id and {where}
        group by o.player_id
        order by deals desc, players.name_key
    """
    return list(select(db, sql, [player_id, *params]))


def _peak_where(filters: Filters, min_games: int) -> tuple[str, list[Any]]:
    """Established ratings (``min_games`` rated games or more) shown, in the ruleset and period."""
    clauses = f"ruleset = ? and games >= ? and played_on >= ? and played_on <= ? and {LIVE}"
    return clauses, [filters.ruleset, min_games, filters.first or "", filters.last or "9999-12-31"]


def rating_peak(
    db: sqlite_utils.Database, player_id: int, filters: Filters, min_games: int
) -> Row | None:
    """The player's highest rating (mu - 3 sigma) in the ruleset and period among those after
    ``min_games`` rated games or more, with the day of that game; of equal ones, the first.
    None over every ruleset (a rating is a ruleset's) or without one."""
    if filters.ruleset is None:
        return None
    where, params = _peak_where(filters, min_games)
    sql = f"""
        select played_on, mu, sigma, games from ratings where player_id = ? and {where}
        order by mu - 3 * sigma desc, played_on, games limit 1
    """
    return next(select(db, sql, [player_id, *params]), None)


def rating_peaks(db: sqlite_utils.Database, filters: Filters, min_games: int) -> dict[int, Row]:
    """Every player's ``rating_peak``, by player: one pass over the ruleset's ratings (SQLite
    takes a row's other columns from the row with the max; equal maxima of one player's, two
    games rated to the same mu and sigma, do not happen)."""
    if filters.ruleset is None:
        return {}
    where, params = _peak_where(filters, min_games)
    sql = f"""
        select player_id, played_on, mu, sigma, games, max(mu - 3 * sigma) as peak
        from ratings where {where} group by player_id
    """
    rows = select(db, sql, params)
    return {row.pop("player_id"): row for row in rows}
