"""An event set up: checked from the API's body (or the new-event form's), stored with its
entrants; entrants added at the door or withdrawn between rounds."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...storage import events
from ...storage import repository
from ..access import DEFAULT_HASH
from ..access import hash_secret
from ..errors import InputError
from ..errors import NotFoundError
from ..players.names import confirmed_look_alikes
from ..players.names import new_names
from ..players.names import refuse_look_alikes
from ..players.persons import clean_played_on
from ..sessions.lifecycle import clean_label
from ..sessions.lifecycle import clean_language
from ..sessions.lifecycle import clean_pin
from ..sessions.lifecycle import ruleset_of
from .entrants import NewEntrant
from .entrants import one_entry_each
from .entrants import per_table
from .entrants import read_entrants
from .entrants import store_entrants
from .ranking import read_ranking

MAX_ROUNDS = 30
"""Rounds of one event: an evening plays three to five; a championship is many events."""
MAX_DEALS_PER_ROUND = 60
"""Deals a table plays in a round: an evening's round is 6 to 24."""
MAX_SEED = 2**31 - 1


def create_event(
    db: sqlite_utils.Database, body: Mapping[str, Any], hash_method: str = DEFAULT_HASH
) -> int:
    """Check and store a new event with its entrants; return its id."""
    confirmed = confirmed_look_alikes(body)
    ruleset = ruleset_of(body)
    name = clean_label(body.get("name"), "name")
    if not name:
        raise InputError(_("an event needs a name"), "name")
    entrants = read_entrants(db, body.get("entrants"), ruleset)
    if len(entrants) < per_table(ruleset):
        raise InputError(
            _("an event needs at least %(n)s entrants, a table's", n=per_table(ruleset)),
            "entrants",
        )
    one_entry_each(db, entrants, [], "entrants")
    row = {
        "name": name,
        "ruleset": ruleset.id,
        "overrides": dict(ruleset.overrides),
        "language": clean_language(body.get("language", "en")),
        "played_on": clean_played_on(body.get("played_on")),
        "place": clean_label(body.get("place"), "place"),
        "rounds": _whole(body.get("rounds"), "rounds", 1, MAX_ROUNDS),
        "deals_per_round": _deals_per_round(body.get("deals_per_round"), ruleset.players),
        "ranking": read_ranking(body.get("ranking"), ruleset.teams),
        "seed": _seed(body.get("seed")),
        "read_token": secrets.token_urlsafe(9),
        "hide_standings": int(_flag(body.get("hide_standings", False), "hide_standings")),
    }
    pairs = _keep_apart(body.get("keep_apart"), len(entrants))
    refuse_look_alikes(db, _new_names(db, entrants), confirmed)
    pin = clean_pin(body.get("pin"))
    pin_hash = hash_secret(pin, hash_method) if pin else None
    with repository.write(db):
        event_id = events.insert_event(db, {**row, "pin_hash": pin_hash})
        store_entrants(db, event_id, entrants, 1, 1)
        events.insert_keep_apart(db, event_id, pairs)
    return event_id


def list_events(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Every event, the last played first, with its entrants and rounds counted."""
    return events.list_events(db)


def event_by_read_token(db: sqlite_utils.Database, token: str) -> int | None:
    """The event a board's read link opens, if any."""
    return events.event_by_read_token(db, token)


def load_event_row(db: sqlite_utils.Database, event_id: int) -> dict[str, Any]:
    row = events.get_event(db, event_id) if 0 < event_id < 2**63 else None
    if row is None:
        raise NotFoundError(_("no event %(id)s", id=event_id))
    return row


def _new_names(db: sqlite_utils.Database, entrants: list[NewEntrant]) -> list[str]:
    return new_names(db, [name for entrant in entrants for name in entrant.names])


def _whole(value: object, field: str, least: int, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise InputError(
            _("%(field)s must be a whole number from %(a)s to %(b)s", field=field, a=least, b=most),
            field,
        )
    return value


def _deals_per_round(value: object, seats: int) -> int:
    deals = _whole(value, "deals_per_round", seats, MAX_DEALS_PER_ROUND)
    if deals % seats:
        raise InputError(
            _(
                "deals_per_round must be a multiple of %(n)s, so that everyone at a table "
                "deals equally often",
                n=seats,
            ),
            "deals_per_round",
        )
    return deals


def _seed(value: object) -> int:
    if value is None:
        return secrets.randbelow(1_000_000)  # short enough to print and to type again
    return _whole(value, "seed", 0, MAX_SEED)


def _flag(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(_("%(field)s must be true or false", field=field), field)
    return value


def _keep_apart(value: object, count: int) -> list[tuple[int, int]]:
    """The pairs of entrants (their numbers, 1 to ``count``) the draw keeps apart."""
    if value is None:
        return []
    pairs = value if isinstance(value, list) and len(value) <= 4 * count else None
    if pairs is None or not all(
        isinstance(pair, list)
        and len(pair) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= count for n in pair)
        and pair[0] != pair[1]
        for pair in pairs
    ):
        raise InputError(
            _("keep_apart must be pairs of two entrants' numbers, 1 to %(n)s", n=count),
            "keep_apart",
        )
    return [(min(pair), max(pair)) for pair in pairs]
