"""An event's export (issue "Club evenings", the evening sheet): the export file of its table
sessions, in the format every import reads (storage/exchange.py), with the event beside them::

    {"format": "scorekeeper-export", "version": 2, "origin": {...},
     "sessions": [<each table's session, as a session sheet carries it>],
     "event": {"id", "name", "ruleset", "options", "language", "played_on", "place",
               "rounds", "deals_per_round", "ranking", "seed", "created",
               "entrants": [{"no", "name", "players", "player_ids", "joined_at", "withdrawn_from"}],
               "keep_apart": [[a, b]],
               "drawn_rounds": [{"number", "state", "attempt", "tables": [{"number",
                   "entrants", "first_dealer", "session_id", "ended_at"}], "sitting_out",
                   "cost", "drawn_at", "published_at", "closed_at"}],
               "adjustments": [{"id", "entrant", "round", "points", "reason", "created",
                   "removed_at"}]}}

``rounds`` is the number of rounds planned; ``ranking`` as stored (points as exact fractions'
text, "1/2"); an adjustment's ``points`` too. A table's ``session_id`` and ``first_dealer`` (an
entrant's number) tie it to the sessions of the file (their ``id``). The import brings in the
table sessions as it does a session sheet's (services/sessions/uploads.py); it reads the event
for its shape only (storage/exchange_format.py) and does not make it an event.
"""

from __future__ import annotations

import datetime
from typing import Any

import sqlite_utils

from ...storage import event_exchange
from ...storage import events
from ...storage import repository
from ...storage.exchange import dumps
from ...storage.exchange import export_sessions
from ..errors import NotFoundError
from ..sessions.sheet_data import SheetData
from .draws import dealers_of
from .setup import load_event_row

Row = dict[str, Any]
EVENT_FIELDS = (
    *("id", "name", "ruleset", "language", "played_on", "place", "rounds"),
    *("deals_per_round", "ranking", "seed", "created"),
)


def event_export(db: sqlite_utils.Database, event_id: int, at: datetime.datetime) -> Row:
    """The event and its table sessions as an export file's object, exported at ``at``."""
    with repository.snapshot(db):
        event = load_event_row(db, event_id)
        tables = events.tables(db, event_id)
        exported = export_sessions(db, [row["session_id"] for row in tables], at)
        described = {
            **{name: event[name] for name in EVENT_FIELDS},
            "options": event["overrides"],
            "entrants": [_entrant(row) for row in events.entrants(db, event_id)],
            "keep_apart": [list(pair) for pair in events.keep_apart(db, event_id)],
            "drawn_rounds": [_round(row, tables) for row in events.rounds(db, event_id)],
            "adjustments": events.adjustments(db, event_id),
        }
    return {**exported, "event": described}


def event_sheet_data(db: sqlite_utils.Database, event_id: int) -> SheetData:
    """The event's export as its evening sheet carries it: dated by the event's last change,
    so that an unchanged event gives the same file."""
    changed = event_exchange.last_change(db, event_id)
    if changed is None:
        raise NotFoundError(f"no event {event_id}")
    when = datetime.datetime.fromisoformat(changed).astimezone(datetime.UTC)
    data = dumps(event_export(db, event_id, when)).encode("utf-8")
    return SheetData(f"scorekeeper-event-{event_id}.json", data, when)


def _entrant(row: Row) -> Row:
    return {
        "no": row["no"],
        "name": row["name"],
        "players": row["player_names"],
        "player_ids": row["player_ids"],  # this database's, for reference
        "joined_at": row["joined_at"],
        "withdrawn_from": row["withdrawn_from"],
    }


def _round(row: Row, tables: list[Row]) -> Row:
    published = {t["number"]: t for t in tables if t["round"] == row["number"]}
    return {
        "number": row["number"],
        "state": row["state"],
        "attempt": row["attempt"],
        "tables": [
            {
                "number": number,
                "entrants": list(entrants),
                "first_dealer": dealer,
                "session_id": published.get(number, {}).get("session_id"),
                "ended_at": published.get(number, {}).get("ended_at"),
            }
            for number, (entrants, dealer) in enumerate(
                zip(row["tables"], dealers_of(row), strict=True), start=1
            )
        ],
        "sitting_out": row["sitting_out"],
        "cost": row["cost"],
        "drawn_at": row["drawn_at"],
        "published_at": row["published_at"],
        "closed_at": row["closed_at"],
    }
