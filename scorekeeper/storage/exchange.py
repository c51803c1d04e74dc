"""Export and import: the whole database or single sessions, as JSON.

An export is one JSON object::

    {"format": "scorekeeper-export", "version": 1, "sessions": [
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
where, and nothing is stored). ``seats``, the person at each seat: exchange_seats.py. The checks
of single fields are in checks.py; backups, a copy of the whole database file, in backup.py.

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
from typing import Any

import sqlite_utils

from ..rules import InvalidRulesetError
from ..rules import Ruleset
from ..rules import find_ruleset
from ..rules.problem import translatable
from . import players as people
from . import repository
from .checks import AT_PLACE
from .checks import ExchangeError
from .checks import day
from .checks import field
from .checks import flag
from .checks import integer
from .checks import is_int
from .checks import items
from .checks import json_object
from .checks import one_of
from .checks import optional
from .checks import players
from .checks import positive
from .checks import problems
from .checks import record
from .checks import refusal
from .checks import seat
from .checks import show
from .checks import side_numbers
from .checks import text
from .checks import timestamp
from .exchange_seats import exported_seats
from .exchange_seats import imported_seats
from .exchange_seats import note_merged_seats
from .exchange_seats import seats_check

FORMAT = "scorekeeper-export"
VERSION = 1
FORMS = ("totals", "quick", "piles", "play")
SESSION_FIELDS = (
    *("ruleset", "overrides", "players", "first_dealer", "table_name", "place", "language"),
    *("played_on", "created", "pending_scarto", "pending_play", "deleted"),
)
DEAL_FIELDS = (
    "position",
    "form",
    "input",
    "dealer",
    "points",
    "scores",
    "problems",
    "notes",
    "ok",
    "scarto_check",
    "deleted",
    "version",
    "created",
    "updated",
)
HISTORY_FIELDS = ("at", "action", "before", "after")
ADDED_SESSION_FIELDS = ("language", "played_on")
"""Session fields an older export lacks: a session's language is then English, and it was played
the day it was started, as the migrations made the sessions they found."""
LEFT_OUT = {
    "sessions": ("id", "read_token", "pin_hash", "revision"),
    "deals": ("id", "session_id", "revision"),
    "deal_history": ("id", "deal_id"),
}
"""Stored columns that are no export field: the ids (an "id" for reference), the secrets, and
the revisions, which the database itself counts (an import gets its own)."""


# Export


def export_sessions(
    db: sqlite_utils.Database, session_ids: Iterable[int] | None = None
) -> dict[str, Any]:
    """Every session (or the ones asked for, in that order) with its deals and their history.

    The reads share one transaction, so a deal recorded meanwhile is either wholly in or out.
    """
    with db.atomic():
        if session_ids is None:
            ids = [row["id"] for row in db.query("select id from sessions order by id")]
        else:
            ids = list(dict.fromkeys(session_ids))
        sessions = [_export_session(db, session_id) for session_id in ids]
    return {"format": FORMAT, "version": VERSION, "sessions": sessions}


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

Row = dict[str, Any]
Checked = list[tuple[Row, list[tuple[Row, list[Row]]]]]
"""An export checked for shape: per session, its row and, per deal, its row and history."""


def import_sessions(db: sqlite_utils.Database, data: object) -> list[int]:
    """Store each session of an export as a new session; return the new ids, in file order.

    The whole file is checked first (for shape), then stored in one transaction: all, or nothing.
    """
    return store_sessions(db, check_export(data))


def store_sessions(db: sqlite_utils.Database, sessions: Checked) -> list[int]:
    """Store checked sessions as new ones, in one transaction; return their ids, in order."""
    new_ids = []
    with repository.write(db):
        for session, deals in sessions:
            table = db.table("sessions")
            persons = session.get("seats")
            stored = {key: value for key, value in session.items() if key != "seats"}
            table.insert({**repository.dump_row(stored), "read_token": secrets.token_urlsafe(9)})
            session_id = int(table.last_pk or 0)
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


def check_export(data: object) -> Checked:
    """Check an export's shape: ExchangeError says what is wrong and where."""
    top = record(data, "the file", {"format", "version", "sessions"})
    if top["format"] != FORMAT:
        template = translatable("must be %(format)s, not %(value)s")
        raise refusal("format", template, format=repr(FORMAT), value=show(top["format"]))
    if not is_int(top["version"]) or top["version"] != VERSION:
        template = translatable("%(value)s is not a version this scorekeeper reads (%(version)s)")
        raise refusal("version", template, value=show(top["version"]), version=VERSION)
    sessions = items(top["sessions"], "sessions")
    return [_check_session(raw, f"sessions[{n}]") for n, raw in enumerate(sessions)]


def _check_session(raw: object, where: str) -> tuple[Row, list[tuple[Row, list[Row]]]]:
    required = set(SESSION_FIELDS) - set(ADDED_SESSION_FIELDS)
    fields = record(
        raw, where, {*required, "deals"}, optional={"id", "seats", *ADDED_SESSION_FIELDS}
    )
    field(fields, where, "id", optional(integer))
    ruleset_id = field(fields, where, "ruleset", text)
    overrides = field(fields, where, "overrides", optional(json_object))
    try:
        ruleset = find_ruleset(ruleset_id, overrides or None)
    except InvalidRulesetError as error:
        name = "overrides" if overrides else "ruleset"
        raise ExchangeError(AT_PLACE, where=f"{where}.{name}", error=error) from None
    session: Row = {
        "ruleset": ruleset_id,
        "overrides": overrides,
        "players": field(fields, where, "players", players(ruleset)),
        "first_dealer": field(fields, where, "first_dealer", seat(ruleset)),
        "table_name": field(fields, where, "table_name", optional(text)),
        "place": field(fields, where, "place", optional(text)),
        "language": field(fields, where, "language", text) if "language" in fields else "en",
        "created": field(fields, where, "created", timestamp),
        "played_on": field(fields, where, "played_on", day) if "played_on" in fields else None,
        "pending_scarto": field(fields, where, "pending_scarto", optional(json_object)),
        "pending_play": field(fields, where, "pending_play", optional(json_object)),
        "deleted": field(fields, where, "deleted", flag),
        "seats": field(fields, where, "seats", seats_check(ruleset)),
    }
    session["played_on"] = session["played_on"] or session["created"][:10]
    deals = items(fields["deals"], f"{where}.deals")
    return session, [_check_deal(d, f"{where}.deals[{n}]", ruleset) for n, d in enumerate(deals)]


def _check_deal(raw: object, where: str, ruleset: Ruleset) -> tuple[Row, list[Row]]:
    fields = record(raw, where, {*DEAL_FIELDS, "history"}, optional={"id"})
    field(fields, where, "id", optional(integer))
    deal: Row = {
        "position": field(fields, where, "position", integer),
        "form": field(fields, where, "form", one_of(FORMS)),
        "input": field(fields, where, "input", json_object),
        "dealer": field(fields, where, "dealer", seat(ruleset)),
        "points": field(fields, where, "points", side_numbers(ruleset)),
        "scores": field(fields, where, "scores", side_numbers(ruleset)),
        "problems": field(fields, where, "problems", optional(problems)),
        "notes": field(fields, where, "notes", optional(problems)),
        "ok": field(fields, where, "ok", flag),
        "scarto_check": field(fields, where, "scarto_check", optional(json_object)),
        "deleted": field(fields, where, "deleted", flag),
        "version": field(fields, where, "version", positive),
        "created": field(fields, where, "created", timestamp),
        "updated": field(fields, where, "updated", timestamp),
    }
    history = items(fields["history"], f"{where}.history")
    return deal, [_check_entry(entry, f"{where}.history[{n}]") for n, entry in enumerate(history)]


def _check_entry(raw: object, where: str) -> Row:
    fields = record(raw, where, set(HISTORY_FIELDS), optional={"id"})
    field(fields, where, "id", optional(integer))
    return {
        "at": field(fields, where, "at", timestamp),
        "action": field(fields, where, "action", text),
        "before": field(fields, where, "before", optional(json_object)),
        "after": field(fields, where, "after", optional(json_object)),
    }
