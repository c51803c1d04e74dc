"""Export, import and back up: the whole database or single sessions, as JSON or as a copy.

An export is one JSON object::

    {"format": "scorekeeper-export", "version": 1, "sessions": [
        {"id": ..., <session fields>, "deals": [
            {"id": ..., <deal fields>, "history": [{"id": ..., "at", "action", "before", "after"}]}
        ]}
    ]}

Every stored field of a session, of each of its deals (the deleted ones too, in their order) and
of each deal's history is in it, JSON columns as JSON. Left out: the foreign keys, which the
nesting says, and the session's secrets (its read link and edit PIN hash): an export may be
handed around, and a PIN hash of a few digits is guessed offline in no time. An import makes each
session a new one with new ids, a new read link and no PIN; everything else is kept as it was, in
one transaction, after the whole file has been checked (``ExchangeError`` says what is wrong and
where, and nothing is stored).

A backup is a consistent copy of the database file made with SQLite's online backup API, safe
while the app keeps writing (WAL readers do not block writers).
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import tempfile
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any
from typing import TypeGuard

import sqlite_utils

from ..rules import InvalidRulesetError
from ..rules import Ruleset
from ..rules import find_ruleset
from . import repository

FORMAT = "scorekeeper-export"
VERSION = 1
FORMS = ("totals", "quick", "piles", "play")
SESSION_FIELDS = (
    "ruleset",
    "overrides",
    "players",
    "first_dealer",
    "table_name",
    "place",
    "created",
    "pending_scarto",
    "pending_play",
    "deleted",
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
LEFT_OUT = {
    "sessions": ("id", "read_token", "pin_hash"),
    "deals": ("id", "session_id"),
    "deal_history": ("id", "deal_id"),
}
"""Stored columns that are no export field: the ids (an "id" for reference) and the secrets."""
_JSON = {
    "overrides",
    "players",
    "pending_scarto",
    "pending_play",
    "input",
    "points",
    "scores",
    "problems",
    "notes",
    "scarto_check",
    "before",
    "after",
}
_PROBLEM_FIELDS = {"code", "message", "trick", "template", "params"}
_INT_RANGE = range(-(2**63), 2**63)


class ExchangeError(ValueError):
    """A file that cannot be imported, a session that is not there, a copy that cannot be made.

    ``str()`` says what is wrong and where, e.g. ``sessions[0].deals[2].points: must be a list
    of 3 whole numbers``.
    """


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
        raise ExchangeError(f"no session {session_id}")
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
    return {**_fields(rows[0], SESSION_FIELDS), "deals": deals}


def _fields(row: Mapping[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    out = {"id": row["id"]}
    for name in names:
        value = row[name]
        out[name] = json.loads(value) if name in _JSON and value is not None else value
    return out


def dumps(data: Mapping[str, Any]) -> str:
    """An export as text: UTF-8 names kept as they are, indented, ending with a newline."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def loads(text: str | bytes) -> Any:
    """Read an export file's text; ExchangeError if it is not JSON (NaN and Infinity are not)."""

    def no_constant(name: str) -> None:
        raise ValueError(f"{name} is not a number JSON allows")

    try:
        return json.loads(text, parse_constant=no_constant)
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ExchangeError(f"not a JSON file: {error}") from None


# Import


def import_sessions(db: sqlite_utils.Database, data: object) -> list[int]:
    """Store each session of an export as a new session; return the new ids, in file order.

    The whole file is checked first, then stored in one transaction: all of it, or nothing.
    """
    sessions = _check_export(data)
    new_ids = []
    with repository.write(db):
        for session, deals in sessions:
            table = db.table("sessions")
            table.insert({**_dump(session), "read_token": secrets.token_urlsafe(9)})
            session_id = int(table.last_pk or 0)
            for deal, history in deals:
                table = db.table("deals")
                table.insert({**_dump(deal), "session_id": session_id})
                deal_id = int(table.last_pk or 0)
                for entry in history:
                    db.table("deal_history").insert({**_dump(entry), "deal_id": deal_id})
            new_ids.append(session_id)
    return new_ids


Row = dict[str, Any]
Checked = list[tuple[Row, list[tuple[Row, list[Row]]]]]


def _dump(row: Row) -> Row:
    return {k: json.dumps(v) if k in _JSON and v is not None else v for k, v in row.items()}


def _check_export(data: object) -> Checked:
    top = _record(data, "the file", {"format", "version", "sessions"})
    if top["format"] != FORMAT:
        raise ExchangeError(f"format: must be {FORMAT!r}, not {_show(top['format'])}")
    if not _is_int(top["version"]) or top["version"] != VERSION:
        raise ExchangeError(
            f"version: {_show(top['version'])} is not a version this scorekeeper reads ({VERSION})"
        )
    sessions = _list(top["sessions"], "sessions")
    return [_check_session(raw, f"sessions[{n}]") for n, raw in enumerate(sessions)]


def _check_session(raw: object, where: str) -> tuple[Row, list[tuple[Row, list[Row]]]]:
    fields = _record(raw, where, {*SESSION_FIELDS, "deals"}, optional={"id"})
    _check(fields, where, "id", _optional(_integer))
    ruleset_id = _check(fields, where, "ruleset", _text)
    overrides = _check(fields, where, "overrides", _optional(_object))
    try:
        ruleset = find_ruleset(ruleset_id, overrides or None)
    except InvalidRulesetError as error:
        name = "overrides" if overrides else "ruleset"
        raise ExchangeError(f"{where}.{name}: {error}") from None
    session: Row = {
        "ruleset": ruleset_id,
        "overrides": overrides,
        "players": _check(fields, where, "players", _players(ruleset)),
        "first_dealer": _check(fields, where, "first_dealer", _seat(ruleset)),
        "table_name": _check(fields, where, "table_name", _optional(_text)),
        "place": _check(fields, where, "place", _optional(_text)),
        "created": _check(fields, where, "created", _timestamp),
        "pending_scarto": _check(fields, where, "pending_scarto", _optional(_object)),
        "pending_play": _check(fields, where, "pending_play", _optional(_object)),
        "deleted": _check(fields, where, "deleted", _flag),
    }
    deals = _list(fields["deals"], f"{where}.deals")
    return session, [_check_deal(d, f"{where}.deals[{n}]", ruleset) for n, d in enumerate(deals)]


def _check_deal(raw: object, where: str, ruleset: Ruleset) -> tuple[Row, list[Row]]:
    fields = _record(raw, where, {*DEAL_FIELDS, "history"}, optional={"id"})
    _check(fields, where, "id", _optional(_integer))
    deal: Row = {
        "position": _check(fields, where, "position", _integer),
        "form": _check(fields, where, "form", _one_of(FORMS)),
        "input": _check(fields, where, "input", _object),
        "dealer": _check(fields, where, "dealer", _seat(ruleset)),
        "points": _check(fields, where, "points", _side_numbers(ruleset)),
        "scores": _check(fields, where, "scores", _side_numbers(ruleset)),
        "problems": _check(fields, where, "problems", _optional(_problems)),
        "notes": _check(fields, where, "notes", _optional(_problems)),
        "ok": _check(fields, where, "ok", _flag),
        "scarto_check": _check(fields, where, "scarto_check", _optional(_object)),
        "deleted": _check(fields, where, "deleted", _flag),
        "version": _check(fields, where, "version", _positive),
        "created": _check(fields, where, "created", _timestamp),
        "updated": _check(fields, where, "updated", _timestamp),
    }
    history = _list(fields["history"], f"{where}.history")
    return deal, [_check_entry(entry, f"{where}.history[{n}]") for n, entry in enumerate(history)]


def _check_entry(raw: object, where: str) -> Row:
    fields = _record(raw, where, set(HISTORY_FIELDS), optional={"id"})
    _check(fields, where, "id", _optional(_integer))
    return {
        "at": _check(fields, where, "at", _timestamp),
        "action": _check(fields, where, "action", _text),
        "before": _check(fields, where, "before", _optional(_object)),
        "after": _check(fields, where, "after", _optional(_object)),
    }


# The checks: each returns the value, or raises ValueError with what it must be


Check = Callable[[object], Any]


def _record(
    value: object, where: str, required: set[str], optional: frozenset[str] | set[str] = frozenset()
) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ExchangeError(f"{where}: must be an object, not {_kind(value)}")
    missing = sorted(required - set(value))
    if missing:
        raise ExchangeError(f"{where}: missing {', '.join(missing)}")
    unknown = sorted(str(key) for key in set(value) - required - set(optional))
    if unknown:
        raise ExchangeError(f"{where}: unknown field {', '.join(unknown)}")
    return value


def _check(fields: Mapping[str, Any], where: str, name: str, check: Check) -> Any:
    if name not in fields:
        return None  # an optional field left out
    try:
        return check(fields[name])
    except ValueError as error:
        raise ExchangeError(f"{where}.{name}: {error}") from None


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ExchangeError(f"{where}: must be a list, not {_kind(value)}")
    return value


def _is_int(value: object) -> TypeGuard[int]:
    """A whole number SQLite can store (true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in _INT_RANGE


def _integer(value: object) -> int:
    if not _is_int(value):
        raise ValueError(f"must be a whole number, not {_kind(value)}")
    return value


def _positive(value: object) -> int:
    if not _is_int(value) or value < 1:
        raise ValueError(f"must be a whole number from 1, not {_show(value)}")
    return value


def _flag(value: object) -> int:
    if not _is_int(value) or value not in (0, 1):
        raise ValueError(f"must be 0 or 1, not {_show(value)}")
    return value


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"must be text, not {_kind(value)}")
    return value


def _timestamp(value: object) -> str:
    text = _text(value)
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"must be a date and time (ISO 8601), not {text!r}") from None
    return text


def _object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"must be an object, not {_kind(value)}")
    return value


def _optional(check: Check) -> Check:
    def optional(value: object) -> Any:
        return None if value is None else check(value)

    return optional


def _one_of(choices: tuple[str, ...]) -> Check:
    def one_of(value: object) -> str:
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}, not {_show(value)}")
        return str(value)

    return one_of


def _seat(ruleset: Ruleset) -> Check:
    def seat(value: object) -> int:
        if not _is_int(value) or not 0 <= value < ruleset.players:
            raise ValueError(f"must be a seat from 0 to {ruleset.players - 1}, not {_show(value)}")
        return value

    return seat


def _players(ruleset: Ruleset) -> Check:
    def players(value: object) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
            raise ValueError("must be a list of names")
        if len(value) != ruleset.players:
            raise ValueError(f"{ruleset.id} needs {ruleset.players} players, not {len(value)}")
        if not all(value) or len({name.casefold() for name in value}) != len(value):
            raise ValueError("every player needs a name, and no two the same")
        return value

    return players


def _side_numbers(ruleset: Ruleset) -> Check:
    def numbers(value: object) -> list[int]:
        if (
            not isinstance(value, list)
            or len(value) != ruleset.sides
            or not all(_is_int(item) for item in value)
        ):
            raise ValueError(f"must be a list of {ruleset.sides} whole numbers, one per side")
        return value

    return numbers


def _problems(value: object) -> list[dict[str, Any]]:
    """A list of problems as stored: {code, message} and optionally trick, template, params."""
    if not isinstance(value, list):
        raise ValueError(f"must be a list of problems, not {_kind(value)}")
    for index, item in enumerate(value):
        if (
            not isinstance(item, dict)
            or not {"code", "message"} <= set(item) <= _PROBLEM_FIELDS
            or not isinstance(item["code"], str)
            or not isinstance(item["message"], str)
            or not (item.get("trick") is None or _is_int(item["trick"]))
            or not isinstance(item.get("template", ""), str)
            or not _is_params(item.get("params", []))
        ):
            raise ValueError(
                f"problem {index} must be an object of code and message (text), "
                "and optionally trick, template and params"
            )
    return value


def _is_params(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(pair, list)
        and len(pair) == 2
        and isinstance(pair[0], str)
        and isinstance(pair[1], str | int)
        for pair in value
    )


def _kind(value: object) -> str:
    if value is None:
        return "null"
    return {bool: "true or false", str: "text", list: "a list", dict: "an object"}.get(
        type(value), "a number" if isinstance(value, int | float) else type(value).__name__
    )


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if value is None or _is_simple(value) else ""
    return text if text and len(text) <= 40 else _kind(value)


def _is_simple(value: object) -> bool:
    return isinstance(value, str | int | float | bool)


# Backup


def backup_database(source: str | Path, dest: str | Path) -> Path:
    """Copy the database at source to dest, consistently, even while others write to it.

    SQLite's online backup copies every page in one step under a read transaction; in WAL mode
    that blocks no writer, and the copy is the database as of one commit. The copy is made beside
    dest and moved into place when complete; it is a single file (rollback journal, not WAL).
    dest must not exist: a backup never overwrites anything.
    """
    source, dest = Path(source), Path(dest)
    if not source.is_file():
        raise ExchangeError(f"there is no database at {source}")
    if dest.exists():
        raise ExchangeError(f"{dest} exists already: a backup does not overwrite a file")
    dest.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".part")
    os.close(handle)
    try:
        reader = sqlite3.connect(source, timeout=30)
        try:
            copy = sqlite3.connect(partial)
            try:
                reader.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")
            finally:
                copy.close()
        finally:
            reader.close()
        _move_without_overwriting(Path(partial), dest)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return dest


def _move_without_overwriting(partial: Path, dest: Path) -> None:
    try:
        os.link(partial, dest)  # fails if dest appeared meanwhile
    except FileExistsError:
        raise ExchangeError(f"{dest} exists already: a backup does not overwrite a file") from None
    except OSError:  # a file system without hard links
        if dest.exists():
            raise ExchangeError(
                f"{dest} exists already: a backup does not overwrite a file"
            ) from None
        os.replace(partial, dest)
    else:
        partial.unlink()


def integrity_check(path: str | Path) -> list[str]:
    """SQLite's PRAGMA integrity_check of a database file, opened read-only: ["ok"] if sound."""
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    connection = sqlite3.connect(uri, uri=True)
    try:
        return [str(row[0]) for row in connection.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as error:  # too damaged to check: "file is not a database"
        return [str(error)]
    finally:
        connection.close()
