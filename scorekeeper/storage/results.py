"""What the statistics and ratings add up, kept beside the deals (migrations_players.py
create_results): a row a seat of a deal, a row a seat of a game, the ratings after each game.

Ratings are replayed from the first day whose games changed: ``mark_ratings`` keeps the earliest
such day (rating_state.dirty_from; NULL when every rating is current).
"""

from __future__ import annotations

import sqlite_utils


def mark_ratings(db: sqlite_utils.Database, day: str) -> None:
    """The ratings from this day on must be worked out again (ratings of games that changed,
    moved from one player to another, or came or went)."""
    db.execute(
        "update rating_state set dirty_from = min(coalesce(dirty_from, ?), ?) where id = 1",
        [day, day],
    )
