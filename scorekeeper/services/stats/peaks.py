"""A player's peak rating: the highest rating shown (openskill's ordinal, mu - 3 sigma) among
his established ratings, after PROVISIONAL_GAMES rated games or more, in the ruleset and period,
with the day of the game that gave it (of equal ones, the first). A provisional player has none.
Call after ``refresh``."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ...storage.stats import games as played
from ...storage.stats.figures import Filters
from .ratings import PROVISIONAL_GAMES
from .ratings import ordinal


def peak_json(row: dict[str, Any] | None) -> dict[str, Any] | None:
    """A peak as the API gives it: its value (as a rating is shown) and its day."""
    return None if row is None else {"value": ordinal(row), "played_on": row["played_on"]}


def rating_peak(
    db: sqlite_utils.Database, player_id: int, filters: Filters
) -> dict[str, Any] | None:
    """The player's peak in the ruleset and period, None over every ruleset or without one."""
    return peak_json(played.rating_peak(db, player_id, filters, PROVISIONAL_GAMES))


def rating_peaks(db: sqlite_utils.Database, filters: Filters) -> dict[int, dict[str, Any]]:
    """Every player's peak in the ruleset and period, by player (none without one)."""
    rows = played.rating_peaks(db, filters, PROVISIONAL_GAMES)
    return {player: peak_json(row) or {} for player, row in rows.items()}
