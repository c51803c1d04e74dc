"""An event's rounds: drawn as a draft only the director sees, redrawn or swapped, published
into one ordinary session per table, closed once every table is finished (or ended by the
director). Each step checks the round's state inside its write: two directors' taps never
publish a round twice."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...rules import find_ruleset
from ...rules.draw import assess
from ...rules.problem import translatable
from ...storage import events
from ...storage import repository
from ..errors import InputError
from ..errors import NotFoundError
from ..sessions.lifecycle import check_session
from ..sessions.lifecycle import store_session
from .draws import drawn
from .draws import history_before
from .draws import in_round
from .entrants import per_table
from .errors import EventConflictError
from .setup import load_event_row
from .tables import table_lines
from .tables import unfinished

Row = dict[str, Any]
NOT_CLOSED = translatable("Round %(n)s is not closed: close it before the next round is drawn.")


def draw_next_round(db: sqlite_utils.Database, event_id: int) -> int:
    """Draw the next round as a draft; return its number."""
    with repository.write(db):
        event, entrants, rounds, keep_apart = _state(db, event_id)
        if rounds and rounds[-1]["state"] != "closed":
            raise EventConflictError("round-not-closed", NOT_CLOSED, n=rounds[-1]["number"])
        number = len(rounds) + 1
        if number > event["rounds"]:
            raise EventConflictError(
                "event-finished",
                translatable("Every round of this event (%(n)s) has been played."),
                n=event["rounds"],
            )
        _enough(event, entrants, number)
        row = drawn(event, entrants, rounds, keep_apart, number, 1, _per_table(event))
        events.insert_round(db, event_id, {"number": number, "state": "draft", **row})
        events.touch(db, event_id)
    return number


def redraw(db: sqlite_utils.Database, event_id: int, number: int) -> None:
    """Draw a draft round again: the next attempt."""
    with repository.write(db):
        event, entrants, rounds, keep_apart = _state(db, event_id)
        current = _draft(rounds, number)
        _enough(event, entrants, number)
        row = drawn(
            event, entrants, rounds, keep_apart, number, current["attempt"] + 1, _per_table(event)
        )
        events.update_round(db, event_id, number, row)
        events.touch(db, event_id)


def swap(db: sqlite_utils.Database, event_id: int, number: int, body: Mapping[str, Any]) -> None:
    """Swap entrants of a draft round, pair by pair in the order given: two seated entrants
    change places, or a seated one and one sitting out."""
    pairs = body.get("swap")
    if (
        not isinstance(pairs, list)
        or not 1 <= len(pairs) <= 50
        or not all(isinstance(p, list) and len(p) == 2 and all(_is_no(n) for n in p) for p in pairs)
    ):
        raise InputError(_("swap must be a list of pairs of entrants' numbers"), "swap")
    with repository.write(db):
        _event, _entrants, rounds, keep_apart = _state(db, event_id)
        current = _draft(rounds, number)
        tables = [list(table) for table in current["tables"]]
        out = list(current["sitting_out"])
        for a, b in pairs:
            _swap_two(tables, out, a, b)
        draw = assess(tables, out, history_before(rounds, keep_apart, number))
        events.update_round(
            db,
            event_id,
            number,
            {
                "tables": [list(t) for t in draw.tables],
                "first_dealers": list(draw.first_dealers),
                "sitting_out": list(draw.sitting_out),
                "cost": dataclasses.asdict(draw.cost),
            },
        )
        events.touch(db, event_id)


def publish(db: sqlite_utils.Database, event_id: int, number: int) -> None:
    """Publish a draft round: one ordinary session per table, named "R2 · T3", players in seat
    order, its first dealer the draw's; every table's session takes the event's edit PIN."""
    with repository.write(db):
        event, entrants, rounds, _keep = _state(db, event_id)
        current = _draft(rounds, number)
        by_no = {row["no"]: row for row in entrants}
        for t, (table, dealer) in enumerate(
            zip(current["tables"], current["first_dealers"], strict=True), start=1
        ):
            body = {
                "ruleset": event["ruleset"],
                "options": event["overrides"],
                "players": _seats([by_no[no] for no in table]),
                "first_dealer": dealer,
                "table_name": f"R{number} · T{t}",  # the name, the same in every language
                "place": event["place"],
                "language": event["language"],
                "played_on": event["played_on"],
            }
            checked = dataclasses.replace(check_session(db, body), pin_hash=event["pin_hash"])
            session_id = store_session(db, checked)
            events.insert_table(db, event_id, number, t, session_id)
        events.update_round(
            db, event_id, number, {"state": "published", "published_at": repository.now()}
        )
        events.touch(db, event_id)


def close(db: sqlite_utils.Database, event_id: int, number: int, force: bool = False) -> None:
    """Close a published round once each of its tables has played its deals or been ended by
    the director; ``force`` ends the unfinished ones first (marked on the sheet)."""
    with repository.write(db):
        event, _entrants, rounds, _keep = _state(db, event_id)
        current = _round(rounds, number)
        if current["state"] != "published":
            raise _not_published(current)
        lines = [line for line in table_lines(db, event) if line["round"] == number]
        left = unfinished(lines)
        if left and not force:
            raise EventConflictError(
                "table-not-finished",
                translatable("Round %(n)s has %(count)s tables not finished."),
                {"tables": left},
                n=number,
                count=len(left),
            )
        for line in left:
            events.end_table(db, event_id, number, line["table"])
        events.update_round(
            db, event_id, number, {"state": "closed", "closed_at": repository.now()}
        )
        events.touch(db, event_id)


def end_table(db: sqlite_utils.Database, event_id: int, number: int, table: int) -> None:
    """The director ends a table before its deals are played (time is up): it counts as it
    stands, and the sheet says it was ended."""
    with repository.write(db):
        _event, _entrants, rounds, _keep = _state(db, event_id)
        current = _round(rounds, number)
        if current["state"] != "published":
            raise _not_published(current)
        if not 1 <= table <= len(current["tables"]):
            raise NotFoundError(_("round %(n)s has no table %(t)s", n=number, t=table))
        events.end_table(db, event_id, number, table)
        events.touch(db, event_id)


def _state(
    db: sqlite_utils.Database, event_id: int
) -> tuple[Row, list[Row], list[Row], list[tuple[int, int]]]:
    event = load_event_row(db, event_id)
    return (
        event,
        events.entrants(db, event_id),
        events.rounds(db, event_id),
        events.keep_apart(db, event_id),
    )


def _per_table(event: Row) -> int:
    return per_table(find_ruleset(event["ruleset"], event["overrides"] or None))


def _enough(event: Row, entrants: list[Row], number: int) -> None:
    seats = _per_table(event)
    if len(in_round(entrants, number)) < seats:
        raise EventConflictError(
            "too-few-entrants",
            translatable("A round needs at least %(n)s entrants, a table's."),
            n=seats,
        )


def _round(rounds: list[Row], number: int) -> Row:
    found = next((row for row in rounds if row["number"] == number), None)
    if found is None:
        raise NotFoundError(_("no round %(n)s", n=number))
    return found


def _draft(rounds: list[Row], number: int) -> Row:
    current = _round(rounds, number)
    if current["state"] != "draft":
        raise EventConflictError(
            "round-published",
            translatable("Round %(n)s is published: its draw can no longer change."),
            n=number,
        )
    return current


def _not_published(current: Row) -> EventConflictError:
    if current["state"] == "draft":
        return EventConflictError(
            "round-not-published",
            translatable("Round %(n)s is a draft: publish it first."),
            n=current["number"],
        )
    return EventConflictError(
        "round-closed", translatable("Round %(n)s is closed."), n=current["number"]
    )


def _is_no(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _swap_two(tables: list[list[int]], out: list[int], a: int, b: int) -> None:
    places = {}
    for t, table in enumerate(tables):
        for s, no in enumerate(table):
            places[no] = (t, s)
    for s, no in enumerate(out):
        places[no] = (-1, s)
    for no in (a, b):
        if no not in places:
            raise InputError(_("entrant %(no)s is not in this round", no=no), "swap")
    (ta, sa), (tb, sb) = places[a], places[b]
    holder_a = out if ta < 0 else tables[ta]
    holder_b = out if tb < 0 else tables[tb]
    holder_a[sa], holder_b[sb] = b, a


def _seats(table: list[Row]) -> list[Any]:
    """A table's seats in order of play: three players, or two couples with partners opposite
    (seats 1 and 3 the first couple, 2 and 4 the second)."""
    people = [list(zip(row["player_ids"], row["player_names"], strict=True)) for row in table]
    if len(table) == 2:
        people = [[people[0][0]], [people[1][0]], [people[0][1]], [people[1][1]]]
    return [{"id": pid} if pid is not None else name for ((pid, name),) in people]
