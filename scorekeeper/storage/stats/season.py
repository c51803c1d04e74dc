"""What a season report asks beyond the figures: the language the club plays in."""

from __future__ import annotations

import sqlite_utils

from ..repository import select
from .figures import Filters


def most_used_language(db: sqlite_utils.Database, filters: Filters) -> str | None:
    """The language most of the period's live sessions were kept in (the latest among equals),
    None without sessions."""
    where, params = filters.where()
    sql = f"""
        select language, count(*) as sessions, max(played_on) as latest from sessions
        where {where} group by language order by sessions desc, latest desc limit 1
    """
    row = next(select(db, sql, params), None)
    return str(row["language"]) if row else None
