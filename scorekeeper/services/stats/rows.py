"""The statistics' rows, worked out from the stored deals by the rules core and kept beside them.

A row per seat of each deal (score, points, dealer, marked by the audit, illegal scarto) and per
seat of each game (total, won, finished), so that the statistics add them up in SQL instead of
loading every deal. In a team ruleset each seat carries its side's score and total: the seats
are the players. The rows of a session are kept with the revision they were made from
(sessions.revision goes up with every change to a deal, by trigger).

``refresh`` brings them up to date, then the ratings from the first day that changed
(services/stats/ratings.py), without ever holding the write lock longer than a save does: each
session is worked out from a snapshot outside any write, and its rows stored in a short write
only if the session is still as it was read (else it stays to do). A request does a little
(``AT_ONCE``): the rest is left to a worker or the ``rebuild-stats`` command, and the pages show
the last complete figures meanwhile, saying so.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
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
SESSIONS_A_WRITE = 20
"""Sessions whose rows one short write stores (a few milliseconds)."""


@dataclass(frozen=True)
class Budget:
    """How much of the work one call may do: sessions worked out, games a replay rates
    (None: no limit)."""

    sessions: int | None
    games: int | None


AT_ONCE = Budget(sessions=40, games=2000)
"""What a request may do before it answers (some tens of milliseconds): the sessions and the
replay one evening's saves leave. More, such as a correction to last year's session or an
upgrade, is left to the worker."""
EVERYTHING = Budget(sessions=None, games=None)


@dataclass(frozen=True)
class Freshness:
    """How far the figures are from the stored deals after ``refresh``."""

    sessions_to_do: int
    ratings_to_do: bool

    @property
    def current(self) -> bool:
        return not self.sessions_to_do and not self.ratings_to_do


def refresh(
    db: sqlite_utils.Database,
    budget: Budget = AT_ONCE,
    progress: Callable[[str, int, int], None] | None = None,
) -> Freshness:
    """Bring the sessions' rows and then the ratings up to date with the stored deals, within
    ``budget``; how far they are after. ``progress(what, done, of)`` hears how it goes."""
    stale = results.stale_sessions(db, -1 if budget.sessions is None else budget.sessions)
    turns = repository.Turns()
    for start in range(0, len(stale), SESSIONS_A_WRITE):
        rework_sessions(db, stale[start : start + SESSIONS_A_WRITE], turns)
        if progress:
            progress("sessions", min(start + SESSIONS_A_WRITE, len(stale)), len(stale))
    # The ratings even while sessions are still to do (the tables saving meanwhile): those
    # mark their days again when they are done, and a replay from an evening's day is cheap.
    replayed = ratings.replay(
        db, budget.games, progress and (lambda done, of: progress("ratings", done, of))
    )
    return Freshness(results.stale_count(db), not replayed)


def freshness(db: sqlite_utils.Database) -> Freshness:
    """How far the figures are from the stored deals, without working anything out."""
    replay_to_do = results.dirty_from(db) is not None or results.running_replay(db) is not None
    return Freshness(results.stale_count(db), replay_to_do)


def figures_version(db: sqlite_utils.Database) -> int:
    """A number that moves with every change a player's page or a ranking could show: one
    row's read (storage/stats/rows.py)."""
    return results.figures_version(db)


def rebuild(
    db: sqlite_utils.Database, progress: Callable[[str, int, int], None] | None = None
) -> Freshness:
    """Work every figure out again from the stored deals (after an upgrade, or for a repair);
    the pages show the figures made before until the new ones are complete."""
    with repository.write(db):
        results.mark_all_stale(db)
    return refresh(db, EVERYTHING, progress)


def rework_sessions(
    db: sqlite_utils.Database, stale: list[dict[str, Any]], turns: repository.Turns | None = None
) -> None:
    """These sessions' rows made again (or dropped, when deleted): worked out from snapshots,
    then stored together in one short write (in its turn among others, ``turns``)."""
    store_rows(db, [(row, _worked_out(db, row["id"])) for row in stale], turns)


Made = tuple[dict[str, Any] | None, list[tuple[Any, ...]], list[tuple[Any, ...]]]
"""A session's state as read (None: gone) and its seat and game rows worked out from it."""


def store_rows(
    db: sqlite_utils.Database,
    made: list[tuple[dict[str, Any], Made]],
    turns: repository.Turns | None = None,
) -> None:
    """Store sessions' rows worked out from snapshots, in one short write, each only if the
    session is still as it was read: one changed meanwhile stays stale, for next time. Their
    ratings, on the day each was played and on the day its rows were made for, are marked."""
    with (turns or repository.Turns()).write(db):
        for row, (state, seats, games) in made:
            if state is None or results.session_state(db, row["id"]) != state:
                continue
            if row["made_on"] is not None:
                results.mark_ratings(db, row["made_on"])
            if state["deleted"]:
                results.drop_session(db, row["id"])
                continue
            results.replace_session(db, state, seats, games)
            results.mark_ratings(db, state["played_on"])


def _worked_out(db: sqlite_utils.Database, session_id: int) -> Made:
    """A session's state and rows, read from one snapshot."""
    with repository.snapshot(db):
        state = results.session_state(db, session_id)
        if state is None or state["deleted"]:
            return state, [], []
        try:
            seats, games = session_rows(load_session(db, session_id))
        except ScorekeeperError:
            # Stored deals the rules core cannot group into games (none the app records): the
            # session counts for nothing, rather than every statistic of the club failing.
            LOG.warning("session %s left out of the statistics", session_id, exc_info=True)
            seats, games = [], []
    return state, seats, games


def session_rows(
    session: Session,
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The seat rows and game rows of a session (storage/stats/rows.py SEAT_COLUMNS, GAME_COLUMNS),
    its games as the protocol has them (rules/game.py ``progress``)."""
    ruleset = session.ruleset
    share = ruleset.even_share
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
                + (result.points[side] - share,)
            )
    games: list[tuple[Any, ...]] = []
    points = {deal.number: deal.result.points for deal in session.deals}
    by_number = {deal.number: deal.result.scores for deal in session.deals}
    for game in state.games:
        best = max(game.totals)
        behind = deepest_deficits([(number, by_number[number]) for number in game.deals])
        for seat in range(ruleset.players):
            side = ruleset.side_of(seat)
            total = game.totals[side]
            won = int(game.finished and total == best)
            common = sum(points[number][side] - share for number in game.deals)
            games.append(
                (session.id, game.number, seat, side, total, won)
                + (int(game.finished), len(game.deals), common, *behind[side])
            )
    return seats, games


def deepest_deficits(deals: list[tuple[int, tuple[int, ...]]]) -> list[tuple[int, int]]:
    """Each side's deepest deficit in a game of these deals (number, scores), in order: the most
    points its running total trailed the leader's by after a deal, and the first deal after
    which it did; (0, 0) for a side never behind (migrations/records.py, the same in SQL)."""
    running = [0] * len(deals[0][1]) if deals else []
    deepest = [(0, 0)] * len(running)
    for number, scores in deals:
        running = [total + score for total, score in zip(running, scores, strict=True)]
        lead = max(running)
        for side, total in enumerate(running):
            if lead - total > deepest[side][0]:
                deepest[side] = (lead - total, number)
    return deepest
