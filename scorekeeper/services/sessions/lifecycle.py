"""Sessions: start one, list them, delete one (or bring it back)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...rules import InvalidRulesetError
from ...rules import Ruleset
from ...rules import find_ruleset
from ...rules.problem import translatable
from ...storage import access
from ...storage import repository
from ...translate import ruleset_name
from ..access import DEFAULT_HASH
from ..access import hash_secret
from ..deals.inputs import SEAT_RANGE
from ..errors import InputError
from ..errors import field_error
from ..errors import rules_error
from ..players.names import confirmed_look_alikes
from ..players.names import new_names
from ..players.names import refuse_look_alikes
from ..players.persons import clean_played_on
from ..players.seating import link_new
from ..players.seating import one_seat_each
from ..players.seating import session_players
from ..text import MAX_LABEL
from ..text import MAX_NAME
from ..text import clean_text
from .loaded import load_session

SESSION_LANGUAGES = ("en", "it", "de", "sv")
"""The languages a session may have: its printed sheets are in it, whoever prints them."""


@dataclass(frozen=True)
class NewSession:
    """A new session checked and ready to store (``check_session``)."""

    row: dict[str, Any]
    links: list[Any]
    """Each seat's player: an id, or a name to link when stored (players.link_new)."""
    pin_hash: str | None
    """The edit PIN's hash, made here: hashing is slow by design and holds no lock."""
    ruleset: Ruleset


def start_session(
    db: sqlite_utils.Database, body: Mapping[str, Any], hash_method: str = DEFAULT_HASH
) -> int:
    """Check and store a new session; return its id. A new name that looks like a player's
    ("Аnna" beside Anna) is added only when the body confirms it (``confirm_look_alikes``)."""
    confirmed = confirmed_look_alikes(body)
    checked = check_session(db, body, hash_method)
    refuse_look_alikes(db, new_names(db, checked.row["players"]), confirmed)
    return start_checked(db, checked)


def start_checked(db: sqlite_utils.Database, checked: NewSession) -> int:
    """Store a session ``check_session`` has checked, in a transaction of its own."""
    with repository.write(db):
        return store_session(db, checked)


def check_session(
    db: sqlite_utils.Database, body: Mapping[str, Any], hash_method: str = DEFAULT_HASH
) -> NewSession:
    """Check a new session without storing it: InputError at the field at fault."""
    ruleset = ruleset_of(body)
    given, links = session_players(db, body.get("players"))
    players = clean_players(given, ruleset)
    one_seat_each(db, players, links)
    first_dealer = body.get("first_dealer", 0)
    if (
        not isinstance(first_dealer, int)
        or isinstance(first_dealer, bool)
        or not (0 <= first_dealer < ruleset.players)
    ):
        raise field_error(SEAT_RANGE, "first_dealer", last=ruleset.players - 1)
    row = {
        "ruleset": ruleset.id,
        "overrides": dict(ruleset.overrides),
        "players": players,
        "first_dealer": first_dealer,
        "table_name": clean_label(body.get("table_name"), "table_name"),
        "place": clean_label(body.get("place"), "place"),
        "language": clean_language(body.get("language", "en")),
        "played_on": clean_played_on(body.get("played_on")),
    }
    pin = clean_pin(body.get("pin"))
    pin_hash = hash_secret(pin, hash_method) if pin else None
    return NewSession(row, links, pin_hash, ruleset)


def store_session(db: sqlite_utils.Database, checked: NewSession) -> int:
    """Store a checked session, inside the caller's write transaction; return its id."""
    session_id = repository.insert_session(db, checked.row)
    link_new(db, session_id, checked.links)
    access.set_session_secrets(db, session_id, secrets.token_urlsafe(9), checked.pin_hash)
    return session_id


def clean_pin(value: object) -> str | None:
    """An edit PIN: 4 to 12 digits, or none."""
    if value in (None, ""):
        return None
    if not isinstance(value, str) or not (
        value.isascii() and value.isdigit() and 4 <= len(value) <= 12
    ):
        raise InputError(_("the edit PIN must be 4 to 12 digits"), "pin")
    return value


def clean_language(value: object) -> str:
    """A session's language: one of SESSION_LANGUAGES (null is not one)."""
    if not isinstance(value, str) or value not in SESSION_LANGUAGES:
        raise InputError(
            _("language must be one of %(languages)s", languages=", ".join(SESSION_LANGUAGES)),
            "language",
        )
    return value


def list_sessions(
    db: sqlite_utils.Database, deleted: bool = False, by_day: bool = False
) -> list[dict[str, Any]]:
    """Every session, the last entered first (``by_day``: the last played first, as the home
    page lists them), with its number of deals (or the deleted ones)."""
    return repository.list_sessions(db, deleted, by_day)


def delete_session(db: sqlite_utils.Database, session_id: int, deleted: bool = True) -> None:
    """Delete a session, or undo that: its deals and their history are kept either way."""
    with repository.write(db):
        load_session(db, session_id)
        repository.set_session_deleted(db, session_id, deleted)


def ruleset_of(body: Mapping[str, Any]) -> Ruleset:
    """The body's "ruleset" id with its "options" (house rules) applied: a session's, or the
    API's count and audit."""
    ruleset_id, options = body.get("ruleset"), body.get("options")
    if not isinstance(ruleset_id, str):
        raise InputError(_("ruleset must be one of the ruleset ids"), "ruleset")
    if options is not None and not isinstance(options, Mapping):
        raise InputError(_("options must be an object of house rules"), "options")
    try:
        return find_ruleset(ruleset_id, options or None)
    except InvalidRulesetError as error:
        raise rules_error(error, "options" if options else "ruleset") from None


def clean_players(value: object, ruleset: Ruleset) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise InputError(_("players must be a list of names"), "players")
    names = [clean_text(name) for name in value]
    if len(names) != ruleset.players:
        raise InputError(
            _(
                "%(ruleset)s needs %(n)s players, not %(given)s",
                ruleset=ruleset_name(ruleset),
                n=ruleset.players,
                given=len(names),
            ),
            "players",
        )
    if any(not name for name in names):
        raise InputError(_("every player needs a name"), "players")
    if any(len(name) > MAX_NAME for name in names):
        raise InputError(_("a name may have at most %(n)s characters", n=MAX_NAME), "players")
    if len({name.casefold() for name in names}) != len(names):
        raise InputError(_("two players have the same name"), "players")
    return names


def clean_label(value: object, field: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise field_error(translatable("%(field)s must be text"), field)
    text = clean_text(value)
    if len(text) > MAX_LABEL:
        raise field_error(
            translatable("%(field)s may have at most %(n)s characters"), field, n=MAX_LABEL
        )
    return text
