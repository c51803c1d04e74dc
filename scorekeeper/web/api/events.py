"""The JSON API's club evenings (issue "Club evenings", §4): an event and its entrants, its
rounds drawn, redrawn, swapped, published and closed, adjustments, and the event with its tables
and standings. The paths and answers are fixed by the issue; every refusal names its problem."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask import jsonify
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.routing import BuildError
from werkzeug.wrappers import Response

from ...services import InputError
from ...services import events
from ...services.events.ranking import number
from ...services.events.ranking import ranking_json
from ...services.events.view import EventView
from ...services.events.view import RoundView
from ..access.auth import secret_hash
from ..db import get_db
from . import bp
from . import shape
from . import values as js
from .views import Answer


@bp.get("/events")
def event_list() -> Response:
    """Every event, the last played first."""
    return jsonify([_summary(row) for row in events.list_events(get_db())])


@bp.post("/events")
def event_create() -> Answer:
    """A new event with its entrants: 201 with the event (no round drawn yet)."""
    event_id = events.create_event(get_db(), _body("EventRequest"), secret_hash())
    return _event(event_id), 201, {"Location": url_for("api.event_detail", event_id=event_id)}


@bp.get("/events/<int:event_id>")
def event_detail(event_id: int) -> Response:
    """The event: entrants, rounds with their tables' progress, standings, adjustments."""
    return _event(event_id)


@bp.post("/events/<int:event_id>/entrants")
def event_entrants(event_id: int) -> Response:
    """Entrants added at the door, others withdrawn, from the next round on."""
    events.update_entrants(get_db(), event_id, _body("EventEntrants"))
    return _event(event_id)


@bp.post("/events/<int:event_id>/rounds")
def round_draw(event_id: int) -> Answer:
    """The next round drawn as a draft: 201; 409 round-not-closed while one is in play."""
    number_drawn = events.draw_next_round(get_db(), event_id)
    address = url_for("api.event_detail", event_id=event_id)
    return _round(event_id, number_drawn), 201, {"Location": address}


@bp.post("/events/<int:event_id>/rounds/<int:round_no>/redraw")
def round_redraw(event_id: int, round_no: int) -> Response:
    events.redraw(get_db(), event_id, round_no)
    return _round(event_id, round_no)


@bp.patch("/events/<int:event_id>/rounds/<int:round_no>")
def round_swap(event_id: int, round_no: int) -> Response:
    events.swap(get_db(), event_id, round_no, _body("RoundChange"))
    return _round(event_id, round_no)


@bp.post("/events/<int:event_id>/rounds/<int:round_no>/publish")
def round_publish(event_id: int, round_no: int) -> Response:
    events.publish(get_db(), event_id, round_no)
    return _round(event_id, round_no)


@bp.post("/events/<int:event_id>/rounds/<int:round_no>/close")
def round_close(event_id: int, round_no: int) -> Response:
    body = _body("RoundClose", empty=True)
    force = body.get("force", False)
    if not isinstance(force, bool):
        raise InputError(_("force must be true or false"), "force")
    events.close(get_db(), event_id, round_no, force)
    return _round(event_id, round_no)


@bp.post("/events/<int:event_id>/rounds/<int:round_no>/tables/<int:table>/end")
def table_end(event_id: int, round_no: int, table: int) -> Response:
    """The director ends a table before its deals are played: it counts as it stands."""
    events.end_table(get_db(), event_id, round_no, table)
    return _round(event_id, round_no)


@bp.post("/events/<int:event_id>/adjustments")
def adjustment_add(event_id: int) -> Answer:
    adjustment_id = events.add_adjustment(get_db(), event_id, _body("AdjustmentRequest"))
    view = events.event_view(get_db(), event_id)
    row = next(row for row in view.adjustments if row["id"] == adjustment_id)
    return jsonify(adjustment_json(row)), 201


@bp.delete("/events/<int:event_id>/adjustments/<int:adjustment_id>")
def adjustment_remove(event_id: int, adjustment_id: int) -> Response:
    """Removed from the standings; the ledger keeps it, with when."""
    events.remove_adjustment(get_db(), event_id, adjustment_id)
    view = events.event_view(get_db(), event_id)
    row = next(row for row in view.adjustments if row["id"] == adjustment_id)
    return jsonify(adjustment_json(row))


def _body(schema: str, empty: bool = False) -> dict[str, Any]:
    """The request's body held to its schema; ``empty``: a body may be left out."""
    if empty and not request.get_data():
        return {}
    body = js.body_object()
    shape.check(body, schema)
    return body


def _event(event_id: int) -> Response:
    return jsonify(event_json(events.event_view(get_db(), event_id)))


def _round(event_id: int, round_no: int) -> Response:
    view = events.event_view(get_db(), event_id)
    found = next(r for r in view.rounds if r.number == round_no)
    return jsonify(round_json(view, found))


def _summary(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "url": event_url(row["id"]),
        "name": row["name"],
        "ruleset": row["ruleset"],
        "played_on": row["played_on"],
        "place": row["place"],
        "entrants": row["entrant_count"],
        "planned_rounds": row["rounds"],
        "closed_rounds": row["closed_rounds"],
    }


def event_json(view: EventView) -> dict[str, Any]:
    event = view.event
    return {
        "id": view.id,
        "url": event_url(view.id),
        "name": event["name"],
        "ruleset": event["ruleset"],
        "options": dict(event["overrides"] or {}),
        "language": event["language"],
        "played_on": event["played_on"],
        "place": event["place"],
        "state": view.state,
        "planned_rounds": event["rounds"],
        "deals_per_round": event["deals_per_round"],
        "seed": event["seed"],
        "ranking": ranking_json(event["ranking"]),
        "ranking_words": view.ranking_words,
        "hide_standings": bool(event["hide_standings"]),
        "board_url": board_url(event["read_token"]),
        "entrants": [entrant_json(row) for row in view.entrants],
        "rounds": [round_json(view, r) for r in view.rounds],
        "standings": [standing_json(s) for s in view.standings],
        "adjustments": [adjustment_json(row) for row in view.adjustments],
    }


def event_url(event_id: int) -> str:
    """The director's page of the event."""
    try:
        return url_for("events.event", event_id=event_id)
    except BuildError:  # the events' pages are not registered
        return f"/events/{event_id}"


def board_url(token: str) -> str:
    """The board's read link: whoever opens it reads the board, and nothing else."""
    try:
        return url_for("events.join", token=token)
    except BuildError:
        return f"/events/board/{token}"


def entrant_json(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "no": row["no"],
        "name": row["name"],
        "player_ids": row["player_ids"],
        "players": row["player_names"],
        "joined_at": row["joined_at"],
        "withdrawn_from": row["withdrawn_from"],
    }


def round_json(view: EventView, found: RoundView) -> dict[str, Any]:
    return {
        "number": found.number,
        "state": found.state,
        "seed": view.event["seed"],
        "attempt": found.attempt,
        "tables": [
            {
                "number": table.number,
                "entrants": list(table.entrants),
                "first_dealer": table.first_dealer,
                "first_dealer_name": table.first_dealer_name,
                "seats": list(table.seats),
            }
            | (
                {
                    "session_id": table.session_id,
                    "deals": table.deals,
                    "deals_due": table.deals_due,
                    "finished": table.finished,
                    "ended": table.ended,
                    "last_save_at": table.last_save_at,
                }
                if table.session_id is not None
                else {}
            )
            for table in found.tables
        ],
        "sitting_out": list(found.sitting_out),
        "cost": dict(found.cost),
    }


def standing_json(line: Any) -> dict[str, Any]:
    s = line.standing
    return {
        "rank": s.rank,
        "entrant": s.entrant,
        "name": line.name,
        "points": number(s.points),
        "score": s.score,
        "deals": s.deals,
        "per_deal": None if s.per_deal is None else number(s.per_deal),
        "byes": s.byes,
        "adjustments": number(s.adjustments),
        "withdrawn": line.withdrawn,
    }


def adjustment_json(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "entrant": row["entrant"],
        "round": row["round"],
        "points": number(Fraction(row["points"])),
        "reason": row["reason"],
        "created": row["created"],
        "removed_at": row["removed_at"],
    }
