"""Record a deal in one of three forms, correct or delete one, check a scarto before play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort
from flask import jsonify
from flask import redirect
from flask import render_template
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import services
from ...rules import IllegalDealError
from ...rules.audit import DealResult
from ...services.deals import once as request_keys
from ...services.sessions.limits import SessionFullError
from ...services.sessions.limits import check_room
from ...translate import problem_text
from ..db import get_db
from ..forms import ConfirmForm
from ..forms import field_text
from ..forms import options
from ..forms import place_error
from . import bp
from . import forms
from . import once
from . import scarto_form

KINDS = {
    "totals": (forms.totals_form, forms.totals_body),
    "quick": (forms.quick_form, forms.quick_body),
    "piles": (forms.piles_form, forms.piles_body),
    "play": (forms.play_form, forms.play_body),
}
Page = Response | tuple[str, int] | str
BodyMaker = Callable[[Any, services.Session], dict[str, Any]]


@bp.route("/sessions/<int:session_id>/deals/new/<kind>", methods=["GET", "POST"])
def new(session_id: int, kind: str) -> Page:
    """Enter the next deal: check shows the breakdown, save records it. A full session offers
    no form: its page says so (409)."""
    session = services.load_session(get_db(), session_id)
    check_room(len(session.deals))
    return _entry(session, kind, None)


@bp.route("/sessions/<int:session_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit(session_id: int, number: int) -> Page:
    """Correct any earlier deal, in the form it was entered with."""
    session = services.load_session(get_db(), session_id)
    if not 1 <= number <= len(session.deals):
        raise services.NotFoundError(_("no deal %(n)s in session %(id)s", n=number, id=session_id))
    return _entry(session, session.deals[number - 1].form, number)


@bp.post("/sessions/<int:session_id>/deals/<int:number>/delete")
def delete(session_id: int, number: int) -> Response:
    """Delete a deal; later deals move up, and dealers and totals recompute."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400)
    deal_id, version = form.deal_id.data, form.version.data
    gone = services.delete_deal(get_db(), session_id, number, version, deal_id)
    # The protocol says which deal went, with its points, and offers it back (Undo too).
    address = url_for("sessions.detail", session_id=session_id, deleted=gone.id, n=gone.number)
    return redirect(address, 303)


@bp.get("/sessions/<int:session_id>/deals/requests/<key>")
def request_state(session_id: int, key: str) -> Response:
    """Whether a form's request key saved a deal already, as JSON: {"saved": true, "number",
    "correct_url", ...} or {"saved": false}. Asked by static/save.js when a form comes back."""
    state = once.request_state(session_id, request_keys.check_request_key(key, "key"))
    response = jsonify(state)
    response.headers["Cache-Control"] = "no-store"  # the answer changes with the next save
    return response


@bp.route("/sessions/<int:session_id>/scarto", methods=["GET", "POST"])
def scarto(session_id: int) -> Page:
    """Check the next deal's scarto before play; its verdict is kept with that deal."""
    session = services.load_session(get_db(), session_id)
    form = scarto_form.ScartoForm()
    # The next deal's dealer: the deal passes on from whoever really dealt the last one.
    dealer = session.players[services.dealer_for(session, len(session.deals) + 1)]
    page = {"session": session, "form": form, "dealer_name": dealer}
    verdict = None
    if form.validate_on_submit():
        try:
            verdict = services.check_scarto_first(
                get_db(), session_id, scarto_form.scarto_body(form)
            )
        except services.InputError as error:
            place_error(form, error, form.scarto)
            return render_template("deals/scarto.html", **page), 400
    elif form.is_submitted():
        return render_template("deals/scarto.html", **page), 400
    return render_template("deals/scarto.html", **page, verdict=verdict)


@bp.route("/sessions/<int:session_id>/deals/import", methods=["GET", "POST"])
def import_deal(session_id: int) -> Page:
    """Record the next deal from a deal record (docs/deal-record.md), pasted or uploaded."""
    session = services.load_session(get_db(), session_id)
    check_room(len(session.deals))
    form = forms.ImportForm()
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("deals/import.html", session=session, form=form), status
    text = form.record.data or ""
    if form.upload.data:
        text = form.upload.data.read(64 * 1024 + 1).decode("utf-8", errors="replace")
    try:
        services.import_record(get_db(), session_id, text)
    except services.InputError as error:
        form.record.errors.append(field_text(error))
        return render_template("deals/import.html", session=session, form=form), 400
    except services.UnrecordableDealError as error:
        form.record.errors.append(field_text(error))
        return render_template("deals/import.html", session=session, form=form), 422
    except SessionFullError as error:  # filled by another device since the page was shown
        form.record.errors.append(field_text(error))
        return render_template("deals/import.html", session=session, form=form), 409
    return redirect(url_for("sessions.detail", session_id=session_id), 303)


def _entry(session: services.Session, kind: str, number: int | None) -> Page:
    """The entry page of one kind of form, for the next deal (number None) or deal number."""
    if kind not in KINDS:
        abort(404)
    make_form, make_body = KINDS[kind]
    stored = session.deals[number - 1] if number else None
    form = _filled_form(make_form(session), session, kind, stored)
    once.give_key(form)
    if number is None and not form.after.data:
        form.after.data = str(session.deals[-1].id if session.deals else 0)
    context = _context(session, form, kind, number)
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("deals/entry.html", **context), status
    return _submit(session, form, make_body, context)


def _context(session: services.Session, form: Any, kind: str, number: int | None) -> dict[str, Any]:
    """What the entry page shows beside the form: the session, the deal, who dealt it."""
    rotation = services.dealer_for(session, number or len(session.deals) + 1)
    form.dealer.choices = options(
        [("", _("%(name)s, by the rotation", name=session.players[rotation]))]
        + forms.seat_choices(session)
    )
    dealer = session.deals[number - 1].dealer if number else rotation
    return {
        "session": session,
        "form": form,
        "kind": kind,
        "number": number,
        "dealer_name": session.players[dealer],
    }


def _filled_form(
    form_class: type[forms.DealForm],
    session: services.Session,
    kind: str,
    stored: services.Deal | None,
) -> Any:
    """The form, filled with the deal being corrected, or with a play saved part-way."""
    if stored:
        return form_class(
            data=forms.prefill(stored.input, kind, session.ruleset)
            | {"version": str(stored.version), "deal_id": str(stored.id)}
        )
    if kind == "play" and session.pending_play:  # resume a play saved part-way
        return form_class(data=forms.prefill(session.pending_play, kind, session.ruleset))
    if kind != "totals" and session.pending_scarto:
        # The scarto checked before play is this deal's (services.record_deal keeps the check
        # with it): the keeper need not type or tap its cards again.
        return form_class(data={"scarto": " ".join(session.pending_scarto["scarto"])})
    return form_class()


def _submit(
    session: services.Session, form: Any, make_body: BodyMaker, context: dict[str, Any]
) -> Page:
    """Save the deal, or show its breakdown (check); a refusal is shown at its field."""
    number = context["number"]
    try:
        body = make_body(form, session)
        if form.save.data:
            saved = once.save_deal(session, form, body, number)
            if saved.replayed and not _still_there(session.id, saved.deal_id):
                return _saved_then_deleted(form, context)
            return redirect(saved.headers["Location"], 303)  # a repeat: where the first went
        if context["kind"] == "play":
            return _play_state(session, form, body, number, context)
        _deal, context["result"] = services.preview_deal(session, body, number)
        return render_template("deals/entry.html", **context)
    except services.UnrecordableDealError as error:
        context["result"] = error.result
        context["refused"] = field_text(error)
        _ask_at_fields(form, error.result)
        return render_template("deals/entry.html", **context), 422
    except SessionFullError as error:  # filled by another device since the form was shown
        context["refused"] = field_text(error)
        return render_template("deals/entry.html", **context), 409
    except services.ConflictError as error:
        # Changed meanwhile on another device: show both versions, overwrite nothing.
        current = services.load_session(get_db(), session.id).deals[(number or 1) - 1]
        context |= {"refused": field_text(error), "theirs": current}
        _deal, context["result"] = services.preview_deal(session, body, number)
        form.version.data = str(current.version)
        form.deal_id.data = str(current.id)
        return render_template("deals/entry.html", **context), 409
    except (services.InputError, IllegalDealError) as error:
        place_error(form, error)
        return render_template("deals/entry.html", **context), 400


def _play_state(
    session: services.Session,
    form: Any,
    body: dict[str, Any],
    number: int | None,
    context: dict[str, Any],
) -> str:
    """Show the tricks so far, who plays next, and the breakdown once the play is complete."""
    if form.draft.data and number is None:
        context["replay"] = services.save_play_draft(get_db(), session.id, body)
        context["saved"] = True
    else:
        context["replay"] = services.preview_play(session, body, number)
    if context["replay"].complete:
        _deal, context["result"] = services.preview_deal(session, body, number)
    return render_template("deals/entry.html", **context)


def _still_there(session_id: int, deal_id: int) -> bool:
    """Whether the deal a form's key saved is still in the session (not deleted since)."""
    session = services.load_session(get_db(), session_id)
    return once.saved_deal(session, deal_id) is not None


def _saved_then_deleted(form: Any, context: dict[str, Any]) -> Page:
    """The same form sent again (Back, then Save) for a deal deleted since: this page again,
    with a fresh key, to record it anew."""
    form.request_key.data = request_keys.new_request_key()
    context["refused"] = _(
        "This deal was saved, then deleted. Save again to record it as a new deal."
    )
    return render_template("deals/entry.html", **context), 409


QUESTIONS = {"last-trick-winner-needed": "last_trick_winner", "fool-led-needed": "fool_led"}
"""The problems that ask a question, and the field that answers it."""


def _ask_at_fields(form: Any, result: DealResult) -> None:
    """A penalty needs the winner of the last trick, or whether the Matto was led: ask it at
    its field, with the reason."""
    for problem in result.problems:
        field = QUESTIONS.get(problem.code)
        if field is not None and field in form:
            form[field].errors.append(problem_text(problem))
