"""A player's form: his win percentage, his streaks and his last games, for a ruleset and a
period, from his finished games and evenings (storage/stats/games.py). Call after ``refresh``.

- A game won is the best total of a finished game; a tie counts as won for each (as games won
  are counted everywhere). Win percentage: games won / finished games x 100, one decimal.
- A streak of games won: consecutive finished games (by day, session, game number) he won. The
  longest is the first one that long; the current one ends with his last game (0 after a loss).
- An evening is a day he played; its score his scores that day (as recorded in a ruleset, on one
  scale over every ruleset). A streak of evenings is consecutive evenings with a score above 0.
- His form: his last FORM_GAMES finished games, oldest first: "W" (the best total alone), "T"
  (the best total shared with another seat or side), "L".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlite_utils

from ...storage.stats import games as played
from ...storage.stats.figures import Filters
from .rounding import percentage

FORM_GAMES = 10
"""Finished games a player's form shows, the last."""


def player_form(db: sqlite_utils.Database, player_id: int, filters: Filters) -> dict[str, Any]:
    """The player's win percentage (``games_won_pct``), ``streaks`` and ``form``."""
    games = played.finished_games(db, player_id, filters)
    won = sum(game["won"] for game in games)
    evenings = played.evenings(db, player_id, filters)
    return {
        "games_won_pct": percentage(won, len(games)),
        "streaks": {
            "games_won": runs((game["played_on"], bool(game["won"])) for game in games),
            "positive_evenings": runs((row["played_on"], row["score"] > 0) for row in evenings),
        },
        "form": form(db, player_id, filters),
    }


def runs(steps: Iterable[tuple[str, bool]]) -> dict[str, Any]:
    """The longest (the first that long) and the current run of True among ``steps`` (each a
    day and whether it counts), in order; the current one ends with the last step."""
    longest = current = (0, "", "")  # length, first day, last day
    for day, counts in steps:
        if not counts:
            current = (0, "", "")
            continue
        current = (current[0] + 1, current[1] if current[0] else day, day)
        if current[0] > longest[0]:
            longest = current
    return {"longest": _streak(longest), "current": _streak(current)}


def _streak(run: tuple[int, str, str]) -> dict[str, Any]:
    length, first, last = run
    return {
        "length": length,
        "first_day": first if length else None,
        "last_day": last if length else None,
    }


def form(db: sqlite_utils.Database, player_id: int, filters: Filters) -> list[dict[str, Any]]:
    """His last FORM_GAMES finished games, oldest first: result W, T or L, day, session."""
    games = played.last_games(db, player_id, filters, FORM_GAMES)
    return [
        {
            "result": ("T" if game["shared"] else "W") if game["won"] else "L",
            "played_on": game["played_on"],
            "session_id": game["session_id"],
        }
        for game in reversed(games)
    ]
