"""Sessions: start one, show its protocol, show one deal with its breakdown and history."""

from __future__ import annotations

from flask import Blueprint
from flask import redirect
from flask import render_template
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from .. import services
from ..scoresheet import build_protocol
from . import forms
from . import get_db

bp = Blueprint("sessions", __name__, url_prefix="/sessions")


@bp.route("/new", methods=["GET", "POST"])
def new() -> Response | tuple[str, int] | str:
    """Start a session: ruleset, players in order of play, first dealer, house rules."""
    form = forms.session_form()()
    if form.validate_on_submit():
        try:
            session_id = services.start_session(get_db(), forms.session_body(form))
        except services.InputError as error:
            field = forms.error_field(form, "player_0" if error.field == "players" else error.field)
            (field.errors if field is not None else form.form_errors).append(str(error))  # type: ignore[union-attr]
        else:
            return redirect(url_for("sessions.detail", session_id=session_id), 303)
        return render_template("sessions/new.html", form=form), 400
    status = 400 if form.is_submitted() else 200
    return render_template("sessions/new.html", form=form), status


@bp.get("/<int:session_id>")
def detail(session_id: int) -> str:
    """The protocol: a row per deal, games with standings and settlement, who deals next."""
    session = services.load_session(get_db(), session_id)
    return render_template(
        "sessions/detail.html", protocol=build_protocol(session), session=session
    )


@bp.get("/<int:session_id>/deals/<int:number>")
def deal(session_id: int, number: int) -> str:
    """One deal: its breakdown group by group, its problems, and what changed when."""
    session = services.load_session(get_db(), session_id)
    if not 1 <= number <= len(session.deals):
        raise services.NotFoundError(_("no deal %(n)s in session %(id)s", n=number, id=session_id))
    stored = session.deals[number - 1]
    _input, result = services.preview_deal(session, stored.input, number)
    return render_template(
        "sessions/deal.html",
        session=session,
        deal=stored,
        result=result,
        delete_form=forms.ConfirmForm(),
    )
