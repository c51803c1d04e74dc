"""The steps of the issue "A club server that runs for years": the club's figures' version."""

from __future__ import annotations

import sqlite_utils

from .steps import migrations

# Every table whose rows a player's page or a ranking shows, or works its figures out from.
_WATCHED = (
    "sessions",
    "session_players",
    "players",
    "player_merges",
    "results_of",
    "rating_replays",
    "rating_state",
)


@migrations()
def count_figures_changes(db: sqlite_utils.Database) -> None:
    # One number that moves with every change a player's page or a ranking could show: a page
    # asked about again (If-None-Match) is then told "unchanged" after reading one row.
    db.execute("create table figures_state (version integer not null)")
    db.execute("insert into figures_state (version) values (0)")
    for table in _WATCHED:
        for event in ("insert", "update", "delete"):
            db.execute(
                f"""create trigger {table}_{event}_figures after {event} on {table} begin
                    update figures_state set version = version + 1;
                end"""
            )
