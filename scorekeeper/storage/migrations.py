"""Schema steps, one function each, applied in order (sqlite-utils migrations)."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorekeeper")


@migrations()
def create_sessions(db: sqlite_utils.Database) -> None:
    db.table("sessions").create(
        {
            "id": int,
            "ruleset": str,
            "overrides": str,  # JSON object of house rules
            "players": str,  # JSON list of names, in order of play
            "first_dealer": int,
            "table_name": str,
            "place": str,
            "created": str,
        },
        pk="id",
        not_null={"ruleset", "players", "first_dealer", "created"},
    )
