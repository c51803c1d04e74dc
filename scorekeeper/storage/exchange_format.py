"""The export format's fields, and a file checked for shape (exchange.py writes and stores it).

Version 2 (written since #34) adds ``origin`` beside the sessions: ``{"database": the UUID of
the database it was written from, "exported_at": when (UTC, ISO 8601), "app": "scorekeeper
<version>"}``, and each session's ``id`` is required, the session's id in that database. An
import keeps the two for each session it makes (origins.py). Version 1 files, without origin,
are read as before; an origin in them, or none in version 2, is refused. An evening sheet's
export (services/events/export.py) has an ``event`` object beside its table sessions: checked
for shape and size only; an import brings in the sessions, not the event.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from ..rules import InvalidRulesetError
from ..rules import Ruleset
from ..rules import find_ruleset
from ..rules.problem import translatable
from .checks import AT_PLACE
from .checks import ExchangeError
from .checks import day
from .checks import field
from .checks import flag
from .checks import integer
from .checks import is_int
from .checks import items
from .checks import json_object
from .checks import kind
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
from .exchange_seats import seats_check

FORMAT = "scorekeeper-export"
VERSION = 2
"""The version written."""
VERSIONS = (1, 2)
"""The versions read."""
FORMS = ("totals", "quick", "piles", "play")
ORIGIN_FIELDS = ("database", "exported_at", "app")
MAX_EVENT_BYTES = 2**20
"""An evening sheet's export has its event beside its table sessions (services/events/export.py):
an object of at most this much JSON, read and not imported (its sessions are)."""
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

Row = dict[str, Any]
Checked = list[tuple[Row, list[tuple[Row, list[Row]]]]]
"""An export checked for shape: per session, its row and, per deal, its row and history. A
session's row holds ``seats`` (exchange_seats.py) and ``origin`` (``{"database", "session"}``,
None in a version 1 file) beside its stored fields."""


def check_export(data: object) -> Checked:
    """Check an export's shape: ExchangeError says what is wrong and where."""
    top = record(data, "the file", {"format", "version", "sessions"}, optional={"origin", "event"})
    if top["format"] != FORMAT:
        template = translatable("must be %(format)s, not %(value)s")
        raise refusal("format", template, format=repr(FORMAT), value=show(top["format"]))
    if not is_int(top["version"]) or top["version"] not in VERSIONS:
        template = translatable("%(value)s is not a version this scorekeeper reads (%(version)s)")
        versions = ", ".join(map(str, VERSIONS))
        raise refusal("version", template, value=show(top["version"]), version=versions)
    database = None
    if top["version"] >= 2:
        if "origin" not in top:
            raise refusal("the file", translatable("missing %(fields)s"), fields="origin")
        database = _check_origin(top["origin"])
    elif "origin" in top:
        raise refusal("the file", translatable("unknown field %(fields)s"), fields="origin")
    if "event" in top:
        _check_event(top["event"])
    sessions = items(top["sessions"], "sessions")
    checked = [_check_session(raw, f"sessions[{n}]", database) for n, raw in enumerate(sessions)]
    seen: set[int] = set()
    for index, (session, _) in enumerate(checked):
        origin = session["origin"]
        if origin is not None and origin["session"] in seen:
            template = translatable("session %(id)s is in the file twice")
            raise refusal(f"sessions[{index}].id", template, id=origin["session"])
        if origin is not None:
            seen.add(origin["session"])
    return checked


def _check_origin(value: object) -> str:
    """The origin of a version 2 file: its database's UUID, as the UUID is written."""
    fields = record(value, "origin", set(ORIGIN_FIELDS))
    field(fields, "origin", "exported_at", timestamp)
    field(fields, "origin", "app", text)
    return str(field(fields, "origin", "database", _uuid))


def _check_event(value: object) -> None:
    """The event an evening sheet's export carries: an object, of bounded size."""
    if not isinstance(value, dict):
        raise refusal("event", translatable("must be an object, not %(kind)s"), kind=kind(value))
    size = len(json.dumps(value))
    if size > MAX_EVENT_BYTES:
        template = translatable("at most %(most)s bytes, not %(count)s")
        raise refusal("event", template, most=MAX_EVENT_BYTES, count=size)


def _uuid(value: object) -> str:
    """A UUID, written as the standard writes it (lower case, with hyphens)."""
    given = text(value)
    try:
        if len(given) <= 45:  # the longest way of writing one: urn:uuid:{...}
            return str(uuid.UUID(given))
    except ValueError:
        pass
    raise ExchangeError(translatable("must be a UUID, not %(value)s"), value=show(given))


def _check_session(
    raw: object, where: str, database: str | None
) -> tuple[Row, list[tuple[Row, list[Row]]]]:
    """A session and its deals; in a version 2 file (``database`` given) its id is required, the
    session's id in that database."""
    required = set(SESSION_FIELDS) - set(ADDED_SESSION_FIELDS)
    given_id = {"id"} if database is not None else set()
    optional_fields = {"seats", *ADDED_SESSION_FIELDS} | ({"id"} - given_id)
    fields = record(raw, where, {*required, "deals", *given_id}, optional=optional_fields)
    session_id = field(fields, where, "id", positive if database else optional(integer))
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
        "origin": None if database is None else {"database": database, "session": session_id},
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
