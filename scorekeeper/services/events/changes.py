"""An event changed between rounds: entrants added at the door or withdrawn, adjustments to
the standings entered or removed (a ledger: a removed one is kept, with when), the standings
shown or hidden until the end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...rules import find_ruleset
from ...rules.problem import translatable
from ...storage import events
from ...storage import repository
from ..errors import InputError
from ..errors import NotFoundError
from ..players.names import confirmed_look_alikes
from ..players.names import new_names
from ..players.names import refuse_look_alikes
from ..text import MAX_LABEL
from ..text import clean_text
from .draws import drawn
from .entrants import MAX_ENTRANTS
from .entrants import one_entry_each
from .entrants import per_table
from .entrants import read_entrants
from .entrants import store_entrants
from .errors import EventConflictError
from .ranking import MOST_POINTS
from .ranking import as_fraction
from .ranking import is_number
from .setup import load_event_row


def update_entrants(db: sqlite_utils.Database, event_id: int, body: Mapping[str, Any]) -> None:
    """Add entrants and withdraw others from the next round on (a draft round is drawn again,
    its next attempt, with them)."""
    confirmed = confirmed_look_alikes(body)
    event = load_event_row(db, event_id)
    ruleset = find_ruleset(event["ruleset"], event["overrides"] or None)
    added = read_entrants(db, body.get("add", []), ruleset, "add")
    withdrawn = body.get("withdraw", [])
    if not isinstance(withdrawn, list) or len(withdrawn) > MAX_ENTRANTS:
        raise InputError(_("withdraw must be a list of entrants' numbers"), "withdraw")
    refuse_look_alikes(db, new_names(db, [n for e in added for n in e.names]), confirmed)
    with repository.write(db):
        kept = events.entrants(db, event_id)
        if len(kept) + len(added) > MAX_ENTRANTS:
            raise InputError(_("an event has at most %(n)s entrants", n=MAX_ENTRANTS), "add")
        one_entry_each(db, added, kept, "add")
        rounds = events.rounds(db, event_id)
        draft = rounds[-1] if rounds and rounds[-1]["state"] == "draft" else None
        upcoming = draft["number"] if draft else len(rounds) + 1
        if upcoming > event["rounds"]:
            raise EventConflictError(
                "event-finished",
                translatable("Every round of this event (%(n)s) has been played."),
                n=event["rounds"],
            )
        _withdraw(db, event_id, kept, withdrawn, upcoming)
        store_entrants(db, event_id, added, len(kept) + 1, upcoming)
        if draft is not None and (added or withdrawn):
            entrants = events.entrants(db, event_id)
            row = drawn(
                event,
                entrants,
                rounds,
                events.keep_apart(db, event_id),
                draft["number"],
                draft["attempt"] + 1,
                per_table(ruleset),
            )
            events.update_round(db, event_id, draft["number"], row)
        events.touch(db, event_id)


def _withdraw(
    db: sqlite_utils.Database,
    event_id: int,
    kept: list[dict[str, Any]],
    given: list[Any],
    upcoming: int,
) -> None:
    present = {
        row["no"]
        for row in kept
        if row["withdrawn_from"] is None or row["withdrawn_from"] > upcoming
    }
    for no in given:
        if not isinstance(no, int) or isinstance(no, bool) or no not in present:
            raise InputError(_("no entrant %(no)s to withdraw", no=str(no)), "withdraw")
        events.withdraw(db, event_id, no, upcoming)


def add_adjustment(db: sqlite_utils.Database, event_id: int, body: Mapping[str, Any]) -> int:
    """A penalty or correction to an entrant's points (to his score, for the orders by score),
    with its reason; return its id."""
    entrant, round_no, points, reason = (
        body.get(key) for key in ("entrant", "round", "points", "reason")
    )
    if not is_number(points) or not 0 < abs(points) <= MOST_POINTS:  # type: ignore[arg-type]
        raise InputError(
            _("points must be a number other than 0, at most %(n)s either way", n=MOST_POINTS),
            "points",
        )
    if not isinstance(reason, str) or not clean_text(reason) or len(clean_text(reason)) > MAX_LABEL:
        raise InputError(
            _("an adjustment needs a reason of at most %(n)s characters", n=MAX_LABEL), "reason"
        )
    with repository.write(db):
        event = load_event_row(db, event_id)
        if not any(row["no"] == entrant for row in events.entrants(db, event_id)) or isinstance(
            entrant, bool
        ):
            raise InputError(_("no entrant %(no)s", no=str(entrant)), "entrant")
        if round_no is not None and (
            not isinstance(round_no, int)
            or isinstance(round_no, bool)
            or not 1 <= round_no <= event["rounds"]
        ):
            raise InputError(_("round must be one of the event's rounds"), "round")
        row = {
            "entrant": entrant,
            "round": round_no,
            "points": str(as_fraction(points)),  # type: ignore[arg-type]
            "reason": clean_text(reason),
        }
        adjustment_id = events.insert_adjustment(db, event_id, row)
        events.touch(db, event_id)
    return adjustment_id


def remove_adjustment(db: sqlite_utils.Database, event_id: int, adjustment_id: int) -> None:
    """Remove an adjustment from the standings; the ledger keeps it, with when."""
    with repository.write(db):
        load_event_row(db, event_id)
        if not 0 < adjustment_id < 2**63 or not events.remove_adjustment(
            db, event_id, adjustment_id
        ):
            raise NotFoundError(_("no adjustment %(id)s in force", id=adjustment_id))
        events.touch(db, event_id)


def show_standings(db: sqlite_utils.Database, event_id: int, shown: bool) -> None:
    """Show the standings on the board, or hide them until the end."""
    with repository.write(db):
        load_event_row(db, event_id)
        events.set_hide_standings(db, event_id, not shown)
        events.touch(db, event_id)
