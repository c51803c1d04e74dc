"""A round's steps on the director's page, each a button posted to its own address: draw the
next round, redraw or swap its draft, publish it, end a table, close it (or close it anyway,
ending the unfinished tables). Done, back to the page; refused, the page again saying why."""

from __future__ import annotations

from collections.abc import Callable

from flask import abort
from flask import redirect
from flask import url_for
from werkzeug.wrappers import Response

from ... import services
from ...services import events
from ..db import get_db
from . import bp
from . import forms
from .director import refused


def _step(event_id: int, call: Callable[[], object]) -> Response:
    """Do a step the page's button asked for, with its form's token; back to the page."""
    if not forms.ButtonForm().validate_on_submit():
        abort(400)
    return _done(event_id, call)


def _done(event_id: int, call: Callable[[], object]) -> Response:
    try:
        call()
    except services.ServiceError as error:
        return refused(event_id, error)
    return redirect(url_for("events.event", event_id=event_id, _anchor="round"), 303)


@bp.post("/events/<int:event_id>/rounds")
def draw(event_id: int) -> Response:
    """Draw the next round, as a draft only the director sees."""
    return _step(event_id, lambda: events.draw_next_round(get_db(), event_id))


@bp.post("/events/<int:event_id>/rounds/<int:number>/redraw")
def redraw(event_id: int, number: int) -> Response:
    """Draw the draft round again: its next attempt."""
    return _step(event_id, lambda: events.redraw(get_db(), event_id, number))


@bp.post("/events/<int:event_id>/rounds/<int:number>/swap")
def swap(event_id: int, number: int) -> Response:
    """Two entrants of the draft round change places."""
    form = forms.SwapForm()
    if not form.validate_on_submit():
        abort(400)
    body = {"swap": [[form.first.data, form.second.data]]}
    try:
        events.swap(get_db(), event_id, number, body)
    except services.ServiceError as error:
        return refused(event_id, error, form, "swap_form")
    return redirect(url_for("events.event", event_id=event_id, _anchor="round"), 303)


@bp.post("/events/<int:event_id>/rounds/<int:number>/publish")
def publish(event_id: int, number: int) -> Response:
    """Publish the draft: a session per table, the board shows it."""
    return _step(event_id, lambda: events.publish(get_db(), event_id, number))


@bp.post("/events/<int:event_id>/rounds/<int:number>/close")
def close(event_id: int, number: int) -> Response:
    """Close the round once its tables are finished; posted with force, end those that are
    not first."""
    form = forms.CloseForm()
    if not form.validate_on_submit():
        abort(400)
    force = form.force.data == "1"
    return _done(event_id, lambda: events.close(get_db(), event_id, number, force))


@bp.post("/events/<int:event_id>/rounds/<int:number>/tables/<int:table>/end")
def end_table(event_id: int, number: int, table: int) -> Response:
    """End a table before its deals are played: it counts as it stands."""
    return _step(event_id, lambda: events.end_table(get_db(), event_id, number, table))
