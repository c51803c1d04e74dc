"""Export and import: the whole database or single sessions, as JSON.

An export is one JSON object (format version 2; exchange_format.py has its fields and reads
version 1 too)::

    {"format": "scorekeeper-export", "version": 2,
     "origin": {"database": <this database's UUID>, "exported_at": <UTC>, "app": "scorekeeper 1.2"},
     "sessions": [
        {"id": ..., <session fields>, "seats": [{"name", "nickname", "archived"} or null, ...],
         "deals": [
            {"id": ..., <deal fields>, "history": [{"id": ..., "at", "action", "before", "after"}]}
        ]}
    ]}

Every stored field of a session, of each of its deals (the deleted ones too, in their order) and
of each deal's history is in it, JSON columns as JSON. Left out: the foreign keys, which the
nesting says, and the session's secrets (its read link and edit PIN hash): an export may be
handed around, and a PIN hash of a few digits is guessed offline in no time. An import makes each
session a new one with new ids, a new read link and no PIN; everything else is kept as it was, in
one transaction, after the whole file has been checked (``ExchangeError`` says what is wrong and
where, and nothing is stored). It keeps where each session came from (origins.py): a session
imported before is refused. ``seats``, the person at each seat: exchange_seats.py. The checks
of single fields are in checks.py; backups, a copy of the whole database file, in backup.py; an
export attached to a PDF, exchange_pdf.py.

Here a file is checked for shape only: ``import_sessions`` stores any file whose fields have the
right types. ``flask import`` goes through services/sessions/importing.py instead, which reads the
file within limits, checks what each field means (``check_export``, then an audit of every deal) and
only then calls ``store_sessions``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from collections.abc import Mapping
from datetime import UTC
from datetime import datetime
from functools import cache
from importlib import metadata
from typing import Any

import sqlite_utils

from ..rules.problem import translatable
from . import origins
from . import players as people
from . import repository
from .checks import ExchangeError
from .checks import refusal
from .exchange_format import ADDED_SESSION_FIELDS
from .exchange_format import DEAL_FIELDS
from .exchange_format import FORMAT
from .exchange_format import FORMS
from .exchange_format import HISTORY_FIELDS
from .exchange_format import LEFT_OUT
from .exchange_format import SESSION_FIELDS
from .exchange_format import VERSION
from .exchange_format import VERSIONS
from .exchange_format import Checked
from .exchange_format import Row
from .exchange_format import check_export
from .exchange_seats import exported_seats
from .exchange_seats import imported_seats
from .exchange_seats import note_merged_seats

__all__ = [
    "ADDED_SESSION_FIELDS",
    "DEAL_FIELDS",
    "FORMAT",
    "FORMS",
    "HISTORY_FIELDS",
    "LEFT_OUT",
    "SESSION_FIELDS",
    "VERSION",
    "VERSIONS",
    "Checked",
    "ExchangeError",
    "Row",
    "app_name",
    "check_export",
    "dumps",
    "export_sessions",
    "import_sessions",
    "loads",
    "store_sessions",
]


# Export


def export_sessions(
    db: sqlite_utils.Database,
    session_ids: Iterable[int] | None = None,
    at: datetime | None = None,
) -> dict[str, Any]:
    """Every session (or the ones asked for, in that order) with its deals and their history,
    and where they come from: this database, and ``at`` (now unless given; a time without a
    zone is taken as UTC) as the time of the export.

    The reads share one transaction, so a deal recorded meanwhile is either wholly in or out.
    The same sessions unchanged and the same ``at`` give the same export, to the byte once
    written by ``dumps``.
    """
    with db.atomic():
        if session_ids is None:
            ids = [row["id"] for row in db.query("select id from sessions order by id")]
        else:
            ids = list(dict.fromkeys(session_ids))
        sessions = [_export_session(db, session_id) for session_id in ids]
        database = origins.database_id(db)
    when = datetime.now(UTC) if at is None else at
    when = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
    origin = {
        "database": database,
        "exported_at": when.isoformat(timespec="seconds"),
        "app": app_name(),
    }
    return {"format": FORMAT, "version": VERSION, "origin": origin, "sessions": sessions}


@cache
def app_name() -> str:
    """The app and its version, as an export names the program that wrote it."""
    try:
        return f"scorekeeper {metadata.version('scorekeeper')}"
    except metadata.PackageNotFoundError:  # run from a folder, not installed
        return "scorekeeper"


def _export_session(db: sqlite_utils.Database, session_id: int) -> dict[str, Any]:
    rows = list(db.query("select * from sessions where id = ?", [session_id]))
    if not rows:
        raise ExchangeError(translatable("no session %(id)s"), id=session_id)
    history: dict[int, list[dict[str, Any]]] = {}
    sql = """
        select deal_history.* from deal_history join deals on deals.id = deal_history.deal_id
        where deals.session_id = ? order by deal_history.id
    """
    for row in db.query(sql, [session_id]):
        history.setdefault(row["deal_id"], []).append(_fields(row, HISTORY_FIELDS))
    sql = "select * from deals where session_id = ? order by position, id"
    deals = [
        {**_fields(row, DEAL_FIELDS), "history": history.get(row["id"], [])}
        for row in db.query(sql, [session_id])
    ]
    return {
        **_fields(rows[0], SESSION_FIELDS),
        "seats": exported_seats(db, session_id),
        "deals": deals,
    }


def _fields(row: Mapping[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    out = {"id": row["id"]}
    for name in names:
        value = row[name]
        out[name] = (
            json.loads(value) if name in repository.JSON_COLUMNS and value is not None else value
        )
    return out


def dumps(data: Mapping[str, Any]) -> str:
    """An export as text: UTF-8 names kept as they are, indented, ending with a newline."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def loads(text: str | bytes) -> Any:
    """Read an export file's text; ExchangeError if it is not JSON (NaN and Infinity are not)."""

    def no_constant(name: str) -> None:
        raise ExchangeError(translatable("%(name)s is not a number JSON allows"), name=name)

    try:
        return json.loads(text, parse_constant=no_constant)
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ExchangeError(translatable("not a JSON file: %(error)s"), error=error) from None
    except RecursionError:  # [[[[...]]]] deeper than the parser goes
        raise ExchangeError(translatable("the file is nested too deeply to read")) from None


# Import


def import_sessions(db: sqlite_utils.Database, data: object) -> list[int]:
    """Store each session of an export as a new session; return the new ids, in file order.

    The whole file is checked first (for shape), then stored in one transaction: all, or nothing.
    """
    return store_sessions(db, check_export(data))


def store_sessions(db: sqlite_utils.Database, sessions: Checked) -> list[int]:
    """Store checked sessions as new ones, in one transaction; return their ids, in order.

    :raises AlreadyImportedError: a session's origin was imported before (origins.py); then
        nothing is stored.
    """
    new_ids = []
    with repository.write(db):
        _refuse_imported_before(db, sessions)
        for session, deals in sessions:
            table = db.table("sessions")
            persons, origin = session.get("seats"), session.get("origin")
            stored = {k: v for k, v in session.items() if k not in ("seats", "origin")}
            table.insert({**repository.dump_row(stored), "read_token": secrets.token_urlsafe(9)})
            session_id = int(table.last_pk or 0)
            if origin is not None:
                origins.note_origin(db, session_id, origin["database"], origin["session"])
            linked = imported_seats(db, session["players"], persons)
            people.link_seats(db, session_id, linked)
            note_merged_seats(db, session_id, session["players"], linked)
            # Versions are unique within a session (repository.next_version); an export from
            # before may repeat them, and then they are numbered anew.
            versions = [deal["version"] for deal, _ in deals]
            if len(set(versions)) < len(versions):
                versions = list(range(1, len(deals) + 1))
            for version, (deal, history) in zip(versions, deals, strict=True):
                table = db.table("deals")
                row = {**repository.dump_row(deal), "session_id": session_id, "version": version}
                table.insert(row)
                deal_id = int(table.last_pk or 0)
                for entry in history:
                    db.table("deal_history").insert(
                        {**repository.dump_row(entry), "deal_id": deal_id}
                    )
            new_ids.append(session_id)
    return new_ids


def _refuse_imported_before(db: sqlite_utils.Database, sessions: Checked) -> None:
    """Refuse sessions imported before, or twice in one import, naming what they became."""
    found: list[tuple[int, int]] = []
    seen: set[tuple[str, int]] = set()
    for index, (session, _) in enumerate(sessions):
        origin = session.get("origin")
        if origin is None:
            continue
        key = (origin["database"], origin["session"])
        if key in seen:
            template = translatable("session %(id)s is in the file twice")
            raise refusal(f"sessions[{index}].id", template, id=origin["session"])
        seen.add(key)
        here = origins.imported_as(db, *key)
        if here is not None:
            found.append((here, origin["session"]))
    if found:
        raise origins.AlreadyImportedError(found)
