"""The event changed between rounds, from the director's page: an entrant added at the door or
withdrawn, an adjustment entered or removed, the standings shown on the board or hidden until
the end. Done, back to the page; refused, the page again with the sentence at its form."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from flask import abort
from flask import redirect
from flask import url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ... import services
from ...services import events
from ...services.events.view import event_view
from ..db import get_db
from . import bp
from . import forms
from .director import director_page
from .director import refused


def _done(
    event_id: int, call: Callable[[], object], form: FlaskForm, name: str, anchor: str
) -> Response:
    try:
        call()
    except services.ServiceError as error:
        return refused(event_id, error, form, name)
    return redirect(url_for("events.event", event_id=event_id, _anchor=anchor), 303)


@bp.post("/events/<int:event_id>/entrants")
def add_entrant(event_id: int) -> Response:
    """Add an entrant at the door: drawn from the next round on (a draft is drawn again)."""
    form = forms.EntrantsForm()
    if not form.validate_on_submit():
        return director_page(event_id, 400, add_form=form)
    teams = event_view(get_db(), event_id).ruleset.teams
    body = {
        "add": forms.entrant_lines(form.add.data, teams),
        "confirm_look_alikes": bool(form.confirm_look_alikes.data),
    }
    call = partial(events.update_entrants, get_db(), event_id, body)
    return _done(event_id, call, form, "add_form", "entrants")


@bp.post("/events/<int:event_id>/entrants/withdraw")
def withdraw(event_id: int) -> Response:
    """Withdraw an entrant from the next round on."""
    form = forms.WithdrawForm()
    if not form.validate_on_submit():
        abort(400)
    body = {"withdraw": [form.withdraw.data]}
    call = partial(events.update_entrants, get_db(), event_id, body)
    return _done(event_id, call, form, "withdraw_form", "entrants")


@bp.post("/events/<int:event_id>/adjustments")
def add_adjustment(event_id: int) -> Response:
    """Enter a penalty or correction, with its reason."""
    form = forms.AdjustmentForm()
    if not form.validate_on_submit():
        return director_page(event_id, 400, adjustment_form=form)
    body = forms.adjustment_body(form)
    call = partial(events.add_adjustment, get_db(), event_id, body)
    return _done(event_id, call, form, "adjustment_form", "adjustments")


@bp.post("/events/<int:event_id>/adjustments/<int:adjustment_id>/remove")
def remove_adjustment(event_id: int, adjustment_id: int) -> Response:
    """Remove an adjustment; the ledger keeps it, struck, with when."""
    form = forms.ButtonForm()
    if not form.validate_on_submit():
        abort(400)
    call = partial(events.remove_adjustment, get_db(), event_id, adjustment_id)
    return _done(event_id, call, form, "", "adjustments")


@bp.post("/events/<int:event_id>/standings")
def standings(event_id: int) -> Response:
    """Show the standings on the board, or hide them until the end."""
    form = forms.StandingsForm()
    if not form.validate_on_submit():
        abort(400)
    shown = form.hide.data != "1"
    call = partial(events.show_standings, get_db(), event_id, shown)
    return _done(event_id, call, form, "", "standings")
