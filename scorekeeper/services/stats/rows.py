"""The statistics' rows, worked out from the stored deals by the rules core and kept beside them.

A row per seat of each deal (score, points, dealer, marked by the audit, illegal scarto) and per
seat of each game (total, won, finished), so that the statistics add them up in SQL instead of
loading every deal. In a team ruleset each seat carries its side's score and total: the seats
are the players. The rows of a session are kept with the revision they were made from
(sessions.revision goes up with every change to a deal, by trigger): ``refresh`` works out again
every session that changed, before statistics, rankings or ratings are read, and then the
ratings from the first day that changed (services/stats/ratings.py).
"""

from __future__ import annotations

import logging
from typing import Any

import sqlite_utils

from ...rules import ScorekeeperError
from ...rules.game import progress
from ...storage import repository
from ...storage.stats import rows as results
from ..sessions.loaded import Session
from ..sessions.loaded import load_session
from . import ratings

LOG = logging.getLogger(__name__)
SCARTO_ILLEGAL = "scarto-illegal"
"""The audit's problem code for an illegal scarto: counted for the dealer."""


def refresh(db: sqlite_utils.Database) -> None:
    """Bring every session's rows and the ratings up to date with the stored deals, in one
    write; nothing to do (one read) when they are."""
    if results.is_current(db):
        return
    with repository.write(db):
        for row in results.stale_sessions(db):
            rework_session(db, row)
        ratings.replay(db)


def rework_session(db: sqlite_utils.Database, row: dict[str, Any]) -> None:
    """One session's rows made again (or dropped, when it was deleted); its ratings, on the
    day it was played and on the day its rows were made for, are to be worked out again."""
    if row["made_on"] is not None:
        results.mark_ratings(db, row["made_on"])
    if row["deleted"]:
        results.drop_session(db, row["id"])
        return
    try:
        seats, games = session_rows(load_session(db, row["id"]))
    except ScorekeeperError:
        # Stored deals the rules core cannot group into games (none the app records): the
        # session counts for nothing, rather than every statistic of the club failing.
        LOG.warning("session %s left out of the statistics", row["id"], exc_info=True)
        seats, games = [], []
    results.replace_session(db, row, seats, games)
    results.mark_ratings(db, row["played_on"])


def session_rows(
    session: Session,
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The seat rows and game rows of a session (storage/stats/rows.py SEAT_COLUMNS, GAME_COLUMNS),
    its games as the protocol has them (rules/game.py ``progress``)."""
    ruleset = session.ruleset
    scores = [deal.result.scores for deal in session.deals]
    dealers = [deal.dealer for deal in session.deals]
    state = progress(ruleset, session.first_dealer, scores, dealers=dealers)
    seats: list[tuple[Any, ...]] = []
    for deal, line in zip(session.deals, state.rows, strict=True):
        result = deal.result
        marked = int(bool(result.problems))
        illegal = any(problem.code == SCARTO_ILLEGAL for problem in result.problems)
        for seat in range(ruleset.players):
            side = ruleset.side_of(seat)
            dealt = seat == line.dealer
            seats.append(
                (session.id, deal.id, deal.number, seat, side, line.game, result.scores[side])
                + (result.points[side], int(dealt), marked, int(dealt and illegal))
            )
    games: list[tuple[Any, ...]] = []
    for game in state.games:
        best = max(game.totals)
        for seat in range(ruleset.players):
            side = ruleset.side_of(seat)
            total = game.totals[side]
            won = int(game.finished and total == best)
            games.append(
                (session.id, game.number, seat, side, total, won)
                + (int(game.finished), len(game.deals))
            )
    return seats, games
