"""What an event's export reads beyond its rows (events.py): when the event last changed, so
that an evening sheet of an unchanged event carries the same file, byte for byte."""

from __future__ import annotations

import sqlite_utils


def last_change(db: sqlite_utils.Database, event_id: int) -> str | None:
    """When the event or one of its table sessions last changed (ISO 8601, UTC): its creation,
    any change to it (a round drawn, redrawn, swapped, published or closed, a table ended, an
    entrant added or withdrawn, an adjustment entered or removed), a table session's start, a
    deal's change or a correction. None for no such event."""
    sql = """
        select max(at) from (
            select max(created, coalesce(updated, '')) as at from events where id = :id
            union all select max(drawn_at, coalesce(published_at, ''), coalesce(closed_at, ''))
                from event_rounds where event_id = :id
            union all select ended_at from event_tables where event_id = :id
            union all select max(created, coalesce(removed_at, ''))
                from event_adjustments where event_id = :id
            union all select s.created from sessions s
                join event_tables t on t.session_id = s.id where t.event_id = :id
            union all select d.updated from deals d
                join event_tables t on t.session_id = d.session_id where t.event_id = :id
            union all select h.at from session_history h
                join event_tables t on t.session_id = h.session_id where t.event_id = :id
        )
    """
    found = db.execute(sql, {"id": event_id}).fetchone()[0]
    return str(found) if found else None
