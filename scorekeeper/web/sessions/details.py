"""A session corrected after it was played: the day, and the player at each seat (keeper only).

The form shows the day and, for each seat, the name as written with a select of the club's
players; saving keeps each change in the session's history, listed below the form and on the
protocol page (services/sessions/details.py).
"""

from __future__ import annotations

from typing import Any

from flask import redirect
from flask import render_template
from flask import url_for
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import SelectField
from wtforms import SubmitField

from ... import services
from ...services.players.persons import list_players
from ...services.sessions.details import correct_session
from ...services.sessions.details import history
from ..db import get_db
from ..forms import options
from ..forms import place_error
from . import bp
from .forms import played_on_field

NOBODY = "0"


def details_form(seats: int, choices: list[Any]) -> type[FlaskForm]:
    """The form: the day, and a select a seat."""

    class DetailsForm(FlaskForm):
        played_on = played_on_field()
        save = SubmitField(_l("Save the corrections"))

    for seat in range(seats):
        setattr(
            DetailsForm, f"seat_{seat}", SelectField(_l("Seat %(n)s", n=seat + 1), choices=choices)
        )
    return DetailsForm


@bp.route("/sessions/<int:session_id>/details", methods=["GET", "POST"])
def details(session_id: int) -> str | Response | tuple[str, int]:
    """Correct the day the session was played, or who sat at a seat."""
    db = get_db()
    session = services.load_session(db, session_id)
    seats = session.ruleset.players
    choices = options(
        [(NOBODY, _l("Nobody (not linked)"))]
        + [(str(p["id"]), p["name"]) for p in list_players(db)]
    )
    form = details_form(seats, choices)(
        data={"played_on": session.played_on}
        | {f"seat_{seat}": str(pid or NOBODY) for seat, pid in enumerate(session.player_ids)}
    )
    if form.validate_on_submit():
        body: dict[str, Any] = {
            "played_on": form.played_on.data or session.played_on,
            "player_ids": [
                int(getattr(form, f"seat_{seat}").data) or None for seat in range(seats)
            ],
        }
        try:
            correct_session(db, session_id, body)
        except (services.InputError, services.ConflictError) as error:
            place_error(form, error)
        else:
            return redirect(url_for("sessions.detail", session_id=session_id), 303)
    status = 400 if form.is_submitted() else 200
    page = render_template(
        "sessions/details.html",
        form=form,
        session=session,
        seats=range(seats),
        history=history(db, session_id),
    )
    return page, status
