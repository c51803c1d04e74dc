"""Sessions: start one, show its protocol, show one deal with its breakdown and history."""

from __future__ import annotations

import functools
from typing import Any

from flask import abort
from flask import jsonify
from flask import make_response
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ... import services
from ...rules.notation import format_record
from ...services.players.names import look_alikes
from ...services.players.names import new_names
from ...services.players.persons import list_players
from ...services.sessions.details import history
from ...services.sessions.lifecycle import check_session
from ...services.sessions.lifecycle import start_checked
from ...services.sessions.limits import is_full
from ...services.sessions.limits import max_session_deals
from ...services.sessions.protocol import Protocol
from ...services.sessions.protocol import build_protocol
from ...services.sessions.versions import session_version
from ...sheets.content import qr_svg
from ..access.auth import can_write
from ..access.auth import club_mode
from ..access.auth import is_keeper
from ..access.auth import no_store
from ..access.auth import secret_hash
from ..addresses import shared_url
from ..conditional import entity_tag
from ..conditional import tagged
from ..conditional import unchanged
from ..db import get_db
from ..forms import ConfirmForm
from ..forms import place_error
from ..i18n import LANGUAGES
from . import bp
from . import forms
from .seating import seat_positions
from .seating import table_data


@bp.route("/sessions/new", methods=["GET", "POST"])
def new() -> Response | tuple[str, int] | str:
    """Start a session: ruleset, players in order of play, first dealer, house rules."""
    form = forms.session_form()()
    if form.validate_on_submit():
        asking: list[str] = []
        try:
            checked = check_session(get_db(), forms.session_body(form), secret_hash())
            asking = forms.unconfirmed(form, new_names(get_db(), checked.row["players"]))
            if not asking:  # every name is a player's, or the keeper said to add them
                session_id = start_checked(get_db(), checked)
                return redirect(url_for("sessions.detail", session_id=session_id), 303)
        except services.InputError as error:
            place_error(form, error, form.player_0 if error.field == "players" else None)
        return _new_page(form, asking), 400
    return _new_page(form), 400 if form.is_submitted() else 200


def _new_page(form: FlaskForm, asking: list[str] | None = None) -> str:
    """The session form, with the players drawn round the table the way the ruleset plays, the
    players' names offered as they are typed, and the new names to confirm."""
    return render_template(
        "sessions/new.html",
        form=form,
        seating=table_data(),
        positions=seat_positions,
        known=list_players(get_db(), archived=False),
        asking=asking or [],
        alike=look_alikes(get_db(), asking or []),
    )


@bp.get("/sessions/<int:session_id>")
def detail(session_id: int) -> str | Response:
    """The protocol: a row per deal, games with standings and settlement, who deals next."""
    # The version before the session: a deal saved in between leaves the page newer than its
    # version, so that static/protocol.js reloads once too often, never once too few.
    stamp = session_version(get_db(), session_id)
    writer = can_write(session_id)
    tag = entity_tag(
        "protocol", stamp and stamp.version, writer, is_keeper(), club_mode(), request.host,
        form=writer,
    )  # fmt: skip
    if stamp is not None and (answer := unchanged(tag)):
        return answer  # the phone's copy is the page: nothing read but the version
    session = services.load_session(get_db(), session_id)
    link = shared_url("access.view", token=session.read_token)  # None in local mode (addresses.py)
    protocol = build_protocol(session)
    page = render_template(
        "sessions/detail.html",
        protocol=protocol,
        **_marks_shown(protocol),
        session=session,
        version=stamp.version if stamp else "",
        **_saved(session),
        just_deleted=_just_deleted(session),
        read_link=link,
        qr=_qr_svg(link) if link else "",
        deleted=services.deleted_deals(get_db(), session_id) if session.has_deleted else [],
        history=history(get_db(), session_id),
        language=LANGUAGES.get(session.language, session.language),
        full=max_session_deals() if is_full(len(session.deals)) else None,
    )
    if club_mode() and is_keeper():  # the club's laptop, perhaps shared: no cache keeps the
        return no_store(make_response(page))  # read link it shows
    # Kept by the reader's browser alone (private: a reader came by the read link the page
    # shows), asked about again each time: unchanged, it is a 304 (conditional.py).
    return tagged(make_response(page), tag)


MARKS_SHOWN = 100
"""Marked deals whose problems and penalties the protocol page writes out: the latest. An
evening has a few; a session at the cap (MAX_SESSION_DEALS) with every deal marked made the
page 407 KB. The others keep their "marked" tag, their problems one tap away on the deal's page."""


def _marks_shown(protocol: Protocol) -> dict[str, Any]:
    """The ids of the deals whose problems the page writes out (None: every one), and how many
    marked deals it does not."""
    marked = [
        row.deal.id for game in protocol.games for row in game.rows if row.marks or row.penalties
    ]
    if len(marked) <= MARKS_SHOWN:
        return {"marks_shown": None, "marks_left": 0}
    return {"marks_shown": set(marked[-MARKS_SHOWN:]), "marks_left": len(marked) - MARKS_SHOWN}


def _saved(session: services.Session) -> dict[str, Any]:
    """The deal that ?saved= names (by id, as the deal form sends it), if it is one of this
    session's: anything else names nothing. Undo (deleting it) only for a deal just recorded."""
    wanted = _digits("saved")
    deal = next((deal for deal in session.deals if deal.id == wanted), None)
    if deal is None:
        return {"saved": None}
    fresh = bool(deal.history) and deal.history[-1].get("action") == "recorded"
    moved = fresh and request.args.get("moved") == "1"  # deals/once.py
    return {"saved": deal, "saved_fresh": fresh, "saved_moved": moved, "undo_form": ConfirmForm()}


def _just_deleted(session: services.Session) -> dict[str, Any] | None:
    """The deal that ?deleted= names, if it is one of the session's deleted deals, with the
    number it had (?n=): what Delete or Undo just did, to say it and offer it back."""
    wanted, number = _digits("deleted"), _digits("n")
    if wanted is None or not session.has_deleted:
        return None
    found = next(
        (d for d in services.deleted_deals(get_db(), session.id) if d["id"] == wanted), None
    )
    return None if found is None else found | {"number": number}


def _digits(name: str) -> int | None:
    given = request.args.get(name, "")
    # ASCII digits only, as in a path (IdConverter): int() would also read "２" or " 2".
    return int(given) if given.isascii() and given.isdigit() and len(given) < 20 else None


@bp.get("/sessions/<int:session_id>/version")
def version(session_id: int) -> Response:
    """The protocol's version, for static/protocol.js: a page back from a sleeping phone reloads
    when its own differs. One query (services/sessions/versions.py), kept by no cache."""
    found = session_version(get_db(), session_id)
    if found is None:
        raise services.NotFoundError(_("no session %(id)s", id=session_id))
    response = jsonify({"version": found.version})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/sessions/<int:session_id>/delete")
def delete(session_id: int) -> Response:
    """Delete a whole session; the home page can bring it back."""
    if not ConfirmForm().validate_on_submit():
        abort(400)
    services.delete_session(get_db(), session_id)
    return redirect(url_for("sessions.index"), 303)


@bp.post("/sessions/<int:session_id>/restore")
def restore(session_id: int) -> Response:
    """Undo the deletion of a session."""
    if not FlaskForm().validate_on_submit():
        abort(400)
    services.delete_session(get_db(), session_id, deleted=False)
    return redirect(url_for("sessions.detail", session_id=session_id), 303)


@bp.post("/sessions/<int:session_id>/deals/restore/<int:deal_id>")
def restore_deal(session_id: int, deal_id: int) -> Response:
    """Undo the deletion of a deal: it returns to its place in the protocol."""
    if not FlaskForm().validate_on_submit():
        abort(400)
    services.restore_deal(get_db(), session_id, deal_id)
    return redirect(url_for("sessions.detail", session_id=session_id), 303)


@bp.get("/sessions/<int:session_id>/deals/<int:number>")
def deal(session_id: int, number: int) -> str:
    """One deal: its breakdown group by group, its problems, and what changed when."""
    session = services.load_session(get_db(), session_id)
    stored = _deal_of(session, number)
    _input, result = services.preview_deal(session, stored.input, number)
    return render_template(
        "sessions/deal.html",
        session=session,
        deal=stored,
        result=result,
        delete_form=ConfirmForm(),
    )


@bp.get("/sessions/<int:session_id>/deals/<int:number>/replay")
def replay(session_id: int, number: int) -> str:
    """Step through a deal entered trick by trick: who led, what each played, who won."""
    session = services.load_session(get_db(), session_id)
    stored = _deal_of(session, number)
    if stored.form != "play":
        raise services.NotFoundError(_("deal %(n)s was not entered trick by trick", n=number))
    played = services.replay_of(session, stored)
    step = min(max(request.args.get("trick", 1, type=int), 1), max(len(played.tricks), 1))
    return render_template(
        "sessions/replay.html", session=session, deal=stored, replay=played, step=step
    )


@bp.get("/sessions/<int:session_id>/deals/<int:number>/record.txt")
def record(session_id: int, number: int) -> Response:
    """A deal entered trick by trick, as a plain-text deal record (docs/deal-record.md)."""
    session = services.load_session(get_db(), session_id)
    stored = _deal_of(session, number)
    if stored.form != "play":
        raise services.NotFoundError(_("deal %(n)s was not entered trick by trick", n=number))
    try:
        text = format_record(services.record_of(session, stored))
    except ValueError:  # a name the record's lines cannot hold (rules/notation.py)
        raise services.ConflictError(
            _(
                "This deal cannot be written as a text record: a player's name holds a '|', "
                "a line break or a space at either end."
            )
        ) from None
    name = f"deal-{session_id}-{number}.txt"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    return Response(text, mimetype="text/plain", headers=headers)


def _deal_of(session: services.Session, number: int) -> services.Deal:
    if not 1 <= number <= len(session.deals):
        raise services.NotFoundError(_("no deal %(n)s in session %(id)s", n=number, id=session.id))
    return session.deals[number - 1]


@functools.lru_cache(maxsize=256)
def _qr_svg(link: str) -> str:
    """A read link's QR code, made once per link: making it took 5.8 ms, longer than the rest
    of a 120-deal protocol page (4 ms), and every page shows it in club mode."""
    return qr_svg(link)
