"""A session corrected after it was played: the day it was played, and which player sat at each
seat (issue "The club's history, trusted"). Each correction is kept in the session's history,
with what was before; the statistics follow (the session's rows are made again for its new day,
and the ratings of both days replayed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...storage import players
from ...storage import repository
from ...storage import session_history
from ...storage.stats import rows as results
from ..errors import ConflictError
from ..errors import InputError
from ..errors import NotFoundError
from ..players.persons import clean_played_on
from .loaded import load_session

KEYS = frozenset(("played_on", "player_ids"))


def correct_session(db: sqlite_utils.Database, session_id: int, body: Mapping[str, Any]) -> None:
    """Correct a session's day and its seats' players, as ``body`` gives them
    (``played_on``, ``player_ids``: a player's id or null for each seat, in order); each change
    kept in its history. InputError for a value that cannot be, nothing changed."""
    unknown = sorted(set(body) - KEYS)
    if unknown:
        raise InputError(_("unknown field: %(name)s", name=unknown[0]), unknown[0])
    session = load_session(db, session_id)
    if session.deleted:
        raise NotFoundError(_("no session %(id)s", id=session_id))
    day = clean_played_on(body["played_on"]) if "played_on" in body else None
    seats = (
        _player_ids(body["player_ids"], session.ruleset.players) if "player_ids" in body else None
    )
    with repository.write(db):
        if day is not None and day != session.played_on:
            session_history.set_played_on(db, session_id, day)
            session_history.add_session_history(db, session_id, "played_on", session.played_on, day)
        if seats is not None:
            _seat(db, session_id, session.played_on, seats)


def _seat(db: sqlite_utils.Database, session_id: int, day: str, seats: list[int | None]) -> None:
    before = players.seat_players(db, session_id)
    for player_id in {seat for seat in seats if seat is not None}:
        row = players.get(db, player_id)
        if row is None:
            raise InputError(_("no player %(id)s", id=player_id), "player_ids")
        if row["merged_into"] is not None:
            raise ConflictError(_("that player was merged into another already"))
    if seats == before:
        return
    for seat, now_there in enumerate(seats):
        if now_there != before[seat]:
            players.relink_seat(db, session_id, seat, now_there)
    session_history.add_session_history(db, session_id, "player_ids", before, seats)
    results.mark_ratings(db, day)


def _player_ids(value: object, count: int) -> list[int | None]:
    """A player's id or null for each of the ``count`` seats, each player at one seat."""
    if not isinstance(value, list) or len(value) != count:
        raise InputError(_("player_ids needs one entry a seat, %(n)s", n=count), "player_ids")
    seats: list[int | None] = []
    for entry in value:
        if entry is not None and (
            not isinstance(entry, int) or isinstance(entry, bool) or not 0 < entry < 2**63
        ):
            raise InputError(_("a seat's player is an id or null"), "player_ids")
        seats.append(entry)
    for seat, player_id in enumerate(seats):
        if player_id is not None and seats.index(player_id) != seat:
            raise InputError(
                _(
                    "seats %(a)s and %(b)s have the same player: one person sits at one seat",
                    a=seats.index(player_id) + 1,
                    b=seat + 1,
                ),
                "player_ids",
            )
    return seats


def history(db: sqlite_utils.Database, session_id: int) -> list[dict[str, Any]]:
    """The session's own corrections, oldest first: action, before, after, when."""
    return session_history.session_history(db, session_id)
