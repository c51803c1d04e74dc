"""Sessions: start one, show its protocol, show one deal with its breakdown and history."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from typing import Any

from flask import Blueprint
from flask import abort
from flask import make_response
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import services
from ..rules.notation import format_record
from ..scoresheet import GameView
from ..scoresheet import Protocol
from ..scoresheet import build_protocol
from ..sheets import qr_svg
from . import forms
from . import get_db
from .auth import club_mode
from .auth import no_store
from .protocol_html import game_body
from .seating import seat_positions
from .seating import table_data

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
        return _new_page(form), 400
    return _new_page(form), 400 if form.is_submitted() else 200


def _new_page(form: FlaskForm) -> str:
    """The session form, with the players drawn round the table the way the ruleset plays."""
    return render_template(
        "sessions/new.html", form=form, seating=table_data(), positions=seat_positions
    )


@bp.get("/<int:session_id>")
def detail(session_id: int) -> str | Response:
    """The protocol: a row per deal, games with standings and settlement, who deals next."""
    session = services.load_session(get_db(), session_id)
    link = url_for("auth.view", token=session.read_token, _external=True)
    protocol = build_protocol(session)
    deleted = services.deleted_deals(get_db(), session_id) if session.has_deleted else []
    page = render_template(
        "sessions/detail.html",
        protocol=protocol,
        game_bodies=_protocol_bodies(session, protocol),
        session=session,
        head=_head(session, protocol),
        read_link=link,
        qr=_qr_svg(link) if club_mode() else "",  # the page shows it only in club mode
        deleted=tuple((d["id"], tuple(d["scores"]), d["deleted"]) for d in deleted),
    )
    # In club mode the page shows the read link, a secret: no cache keeps it.
    return no_store(make_response(page)) if club_mode() else page


def _head(session: services.Session, protocol: Protocol) -> dict[str, Any]:
    """What the protocol's head shows (templates/sessions/_detail_head.html)."""
    scarto = session.pending_scarto
    return {
        "session_id": session.id,
        "ruleset": session.ruleset,
        "table_name": session.table_name,
        "place": session.place,
        "created": session.created,
        "next_dealer_name": protocol.next_dealer_name,
        "deals_to_go": protocol.deals_to_go,
        "resume": bool(session.pending_play),
        "scarto": tuple(scarto["scarto"]) if scarto else (),
        "scarto_legal": scarto["legal"] if scarto else None,
    }


@bp.post("/<int:session_id>/delete")
def delete(session_id: int) -> Response:
    """Delete a whole session; the home page can bring it back."""
    if not forms.ConfirmForm().validate_on_submit():
        abort(400)
    services.delete_session(get_db(), session_id)
    return redirect(url_for("pages.index"), 303)


@bp.post("/<int:session_id>/restore")
def restore(session_id: int) -> Response:
    """Undo the deletion of a session."""
    if not FlaskForm().validate_on_submit():
        abort(400)
    services.delete_session(get_db(), session_id, deleted=False)
    return redirect(url_for("sessions.detail", session_id=session_id), 303)


@bp.post("/<int:session_id>/deals/restore/<int:deal_id>")
def restore_deal(session_id: int, deal_id: int) -> Response:
    """Undo the deletion of a deal: it returns to its place in the protocol."""
    if not FlaskForm().validate_on_submit():
        abort(400)
    services.restore_deal(get_db(), session_id, deal_id)
    return redirect(url_for("sessions.detail", session_id=session_id), 303)


@bp.get("/<int:session_id>/deals/<int:number>")
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
        delete_form=forms.ConfirmForm(),
    )


@bp.get("/<int:session_id>/deals/<int:number>/replay")
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


@bp.get("/<int:session_id>/deals/<int:number>/record.txt")
def record(session_id: int, number: int) -> Response:
    """A deal entered trick by trick, as a plain-text deal record (docs/deal-record.md)."""
    session = services.load_session(get_db(), session_id)
    stored = _deal_of(session, number)
    if stored.form != "play":
        raise services.NotFoundError(_("deal %(n)s was not entered trick by trick", n=number))
    text = format_record(services.record_of(session, stored))
    name = f"deal-{session_id}-{number}.txt"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    return Response(text, mimetype="text/plain", headers=headers)


def _protocol_bodies(session: services.Session, protocol: Protocol) -> Markup:
    """The protocol table's games, each a <tbody>: put together once per session version (a
    write loads a new Session), language and site root; they are most of the page's work."""
    where = (str(get_locale()), request.script_root)
    key = ("protocol bodies", *where)
    bodies: Markup | None = session.memo.get(key)
    if bodies is None:
        bodies = session.memo[key] = Markup("\n").join(_game_bodies(session, protocol, where))
    return bodies


_GAME_BODIES: OrderedDict[tuple[Any, ...], tuple[GameView, Markup]] = OrderedDict()
"""Games rendered lately, each with the game it was rendered from: after a write, the games it
left as they were need no rendering again. Kept by value, so safe across sessions and databases:
the same game, session id, recording, sides, language and site root make the same HTML."""
_GAME_BODIES_SIZE = 4096
_game_bodies_lock = threading.Lock()


def _game_bodies(
    session: services.Session, protocol: Protocol, where: tuple[str, str]
) -> list[Markup]:
    """Each game's <tbody>: the ones kept as they are, the others rendered and kept."""
    recording, sides = session.ruleset.recording, len(protocol.side_names)
    keys = [(*where, session.id, recording, sides, game.number) for game in protocol.games]
    with _game_bodies_lock:
        kept = [_GAME_BODIES.get(key) for key in keys]
    bodies = [
        pair[1] if pair is not None and (pair[0] is game or pair[0] == game) else None
        for pair, game in zip(kept, protocol.games, strict=True)
    ]
    made = {}
    for index, game in enumerate(protocol.games):
        if bodies[index] is None:
            link = _deal_link(session.id)
            bodies[index] = made[index] = game_body(game, link, recording, sides)
    with _game_bodies_lock:
        for index, body in made.items():
            _GAME_BODIES[keys[index]] = (protocol.games[index], body)
            _GAME_BODIES.move_to_end(keys[index])
        while len(_GAME_BODIES) > _GAME_BODIES_SIZE:
            _GAME_BODIES.popitem(last=False)
    return [body for body in bodies if body is not None]


_NUMBER_SLOT = 987_654_321


def _deal_link(session_id: int) -> tuple[str, str]:
    """A deal's link in this session, before and after its number: one ``url_for`` for a game,
    not one per row (the route is the same for every deal; only the number changes)."""
    link = url_for("sessions.deal", session_id=session_id, number=_NUMBER_SLOT)
    before, _slot, after = link.partition(str(_NUMBER_SLOT))
    return before, after


@functools.lru_cache(maxsize=256)
def _qr_svg(link: str) -> str:
    """A read link's QR code: the same link, the same picture."""
    return qr_svg(link)


def _deal_of(session: services.Session, number: int) -> services.Deal:
    if not 1 <= number <= len(session.deals):
        raise services.NotFoundError(_("no deal %(n)s in session %(id)s", n=number, id=session.id))
    return session.deals[number - 1]
