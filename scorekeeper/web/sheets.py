"""Printed sheets as PDF: a session's protocol, blank sheets for paper play, a deal's audit."""

from __future__ import annotations

import io
from pathlib import Path

from flask import Blueprint
from flask import abort
from flask import current_app
from flask import redirect
from flask import render_template
from flask import request
from flask import send_file
from flask import url_for
from werkzeug.wrappers import Response

from .. import services
from ..pdf.render import render_pdf
from ..rules import InvalidRulesetError
from ..rules import find_ruleset
from ..scoresheet import build_protocol
from ..sheets import blank_rows
from ..sheets import qr_svg
from ..sheets import reference_card
from . import get_db

bp = Blueprint("sheets", __name__)
PAPERS = ("a4", "letter")


@bp.get("/s/<int:session_id>")
def short(session_id: int) -> Response:
    """The short link printed on a sheet, under its QR code."""
    return redirect(url_for("sessions.detail", session_id=session_id))


@bp.get("/sessions/<int:session_id>/sheet.pdf")
def session_sheet(session_id: int) -> Response:
    """The filled protocol of a session, to print and sign."""
    session = services.load_session(get_db(), session_id)
    # The read-only link: whoever scans it may read this protocol, even on a club's server.
    link = url_for("auth.view", token=session.read_token, _external=True)
    html = render_template(
        "print/session_sheet.html",
        session=session,
        paper=_paper(),
        protocol=build_protocol(session),
        link=link,
        qr=qr_svg(link),
    )
    return _pdf(html, f"protocol-{session_id}.pdf")


@bp.get("/print/blank.pdf")
def blank_sheet() -> Response:
    """An empty protocol with a counting aid, and the ruleset's reference card."""
    try:
        ruleset = find_ruleset(request.args.get("ruleset", "scarto"))
    except InvalidRulesetError as error:
        raise services.InputError(str(error), "ruleset") from None
    names = _names(request.args.get("players", ""), ruleset.players)
    deals = request.args.get("deals", type=int)
    if deals is not None and not 1 <= deals <= 60:
        raise services.InputError("deals must be a number from 1 to 60", "deals")
    sides = [f"{names[s]} & {names[s + 2]}" for s in range(2)] if ruleset.teams else names
    html = render_template(
        "print/blank_sheet.html",
        ruleset=ruleset,
        names=names,
        sides=sides,
        rows=blank_rows(ruleset, deals),
        paper=_paper(),
        reference=reference_card(ruleset),
    )
    return _pdf(html, f"blank-{ruleset.id}.pdf")


@bp.get("/sessions/<int:session_id>/deals/<int:number>/audit.pdf")
def audit_report(session_id: int, number: int) -> Response:
    """A deal's audit: each pile in groups of three, the scarto, every problem, the scores."""
    session = services.load_session(get_db(), session_id)
    if not 1 <= number <= len(session.deals):
        raise services.NotFoundError(f"no deal {number} in session {session_id}")
    deal = session.deals[number - 1]
    _, result = services.preview_deal(session, deal.input, number)
    played = services.replay_of(session, deal) if deal.form == "play" else None
    html = render_template(
        "print/audit_report.html",
        session=session,
        deal=deal,
        result=result,
        replay=played,
        paper=_paper(),
    )
    return _pdf(html, f"deal-{session_id}-{number}.pdf")


def _paper() -> str:
    paper = request.args.get("paper", "a4").lower()
    if paper not in PAPERS:
        raise services.InputError("paper must be a4 or letter", "paper")
    return paper


def _names(text: str, players: int) -> list[str]:
    """Names from "Anna,Bruno,Carla", or empty lines to write on; at most one per seat."""
    names = [name.strip()[:40] for name in text.split(",")] if text.strip() else []
    if len(names) > players:
        raise services.InputError(f"this ruleset has {players} players", "players")
    return names + [""] * (players - len(names))


def _pdf(html: str, filename: str) -> Response:
    static = Path(current_app.static_folder or "static")
    try:
        pdf = render_pdf(html, static)
    except OSError:  # a missing system library: say so rather than crash
        abort(503)
    return send_file(io.BytesIO(pdf), mimetype="application/pdf", download_name=filename)
