"""Printed sheets as PDF: a session's protocol, blank sheets for paper play, a deal's audit.

A session's sheets are printed in the session's language, whoever asks; a blank sheet in the
page's. Each sheet is rendered once and kept in a per-process LRU (sheets/cache.py) under a key that
names everything it shows: for a session, its id and version (services/sessions/versions.py:
changes on every write to the session or its deals, and covers every column of its row, its language
too), the paper and the read link (or why there is none); for a blank sheet, the page's language.
A repeated request for an unchanged session is then served without WeasyPrint, whatever the
language of the page it comes from.
SHEET_CACHE_SIZE in the app's config sets how many sheets a process keeps (default 64; 0 turns
the cache off).
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Sequence
from pathlib import Path

from flask import abort
from flask import current_app
from flask import redirect
from flask import render_template
from flask import request
from flask import send_file
from flask import url_for
from flask_babel import force_locale
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import services
from ...rules import InvalidRulesetError
from ...rules import find_ruleset
from ...services.errors import rules_error
from ...services.sessions.protocol import build_protocol
from ...services.sessions.sheet_data import DESCRIPTION
from ...services.sessions.sheet_data import SheetData
from ...services.sessions.sheet_data import sheet_data
from ...services.sessions.versions import SessionVersion
from ...services.sessions.versions import session_version
from ...sheets.cache import SheetCache
from ...sheets.content import ReferenceSection
from ...sheets.content import blank_rows
from ...sheets.content import qr_png
from ...sheets.content import reference_card
from ...sheets.metrics import text_width
from ...sheets.render import Attached
from ...sheets.render import render_pdf
from ..addresses import shared_url
from ..addresses import why_no_link
from ..db import get_db
from . import bp
from . import printing
from .protocol import sheet_protocol

PAPERS = ("a4", "letter")
STYLESHEETS = ("print.css",)
FONT, FONT_SIZE = "fonts/DejaVuSans.ttf", 9.5  # print.css: the text of a sheet, in pt
BOLD_FONT = "fonts/DejaVuSans-Bold.ttf"
CACHE_SIZE = 64  # sheets per process, unless the config's SHEET_CACHE_SIZE says otherwise
WIDTH, PAD = 182.0, 3.5  # mm: A4's text width, a cell's padding and borders


@bp.get("/s/<int:session_id>")
def short(session_id: int) -> Response:
    """The short link printed on a sheet, under its QR code."""
    return redirect(url_for("sessions.detail", session_id=session_id))


@bp.get("/sessions/<int:session_id>/sheet.pdf")
def session_sheet(session_id: int) -> Response | printing.Answer:
    """The filled protocol of a session, to print and sign."""
    paper = _paper()
    db = get_db()
    version = _version(session_id)
    # The read-only link: whoever scans it may read this protocol, even on a club's server. At
    # an address a phone can open (web/addresses.py), or none, and the sheet says why.
    link = shared_url("access.view", token=version.read_token)
    with force_locale("en"):  # which note the key names; the sheet says it in its language
        note = "" if link else why_no_link()
    # Not the page's language: the sheet is in the session's, which its version covers.
    key = ("sheet", session_id, version.version, paper, link or note)

    @functools.cache  # made only when the sheet is, not for a kept one
    def carried() -> SheetData:
        return sheet_data(db, session_id)  # the session's export, inside the PDF/A-3b

    def attached() -> Attached:
        data = carried()
        return Attached(data.name, data.data, DESCRIPTION, data.when)

    def html() -> str:
        session = services.load_session(db, session_id)
        with force_locale(session.language):
            protocol = build_protocol(session)
            difference = session.ruleset.recording == "difference"
            return render_template(
                "print/session_sheet.html",
                session=session,
                paper=paper,
                protocol=protocol,
                sheet=sheet_protocol(protocol, difference),
                link=link,
                qr=read_link_qr(link) if link else "",
                no_qr=why_no_link() if note else "",
                carried=carried(),
            )

    # Kept only if no write came between the version and the render (or it would hide the write).
    current = lambda: version == _version(session_id)  # noqa: E731
    return sheet_response(key, html, f"protocol-{session_id}.pdf", current, attached)


@bp.get("/print/blank.pdf")
def blank_sheet() -> Response | printing.Answer:
    """An empty protocol with a counting aid, and the ruleset's reference card."""
    try:
        ruleset = find_ruleset(request.args.get("ruleset", "scarto"))
    except InvalidRulesetError as error:
        raise rules_error(error, "ruleset") from None
    names = _names(request.args.get("players", ""), ruleset.players)
    deals = request.args.get("deals", type=int)
    if deals is not None and not 1 <= deals <= 60:
        raise services.InputError(_("deals must be a number from 1 to 60"), "deals")
    paper = _paper()
    sides = [f"{names[s]} & {names[s + 2]}" for s in range(2)] if ruleset.teams else names

    def html() -> str:
        return render_template(
            "print/blank_sheet.html",
            ruleset=ruleset,
            names=names,
            sides=sides,
            rows=blank_rows(ruleset, deals),
            columns=_columns(len(sides), ["_" * 10], 3.8, blank=True),  # room to write in
            paper=paper,
            reference_halves=_halves(reference_card(ruleset)),
        )

    key = ("blank", ruleset.id, tuple(names), deals, paper, _language())
    return sheet_response(key, html, f"blank-{ruleset.id}.pdf")


@bp.get("/sessions/<int:session_id>/deals/<int:number>/audit.pdf")
def audit_report(session_id: int, number: int) -> Response | printing.Answer:
    """A deal's audit: each pile in groups of three, the scarto, every problem, the scores."""
    paper = _paper()
    db = get_db()
    version = _version(session_id)
    key = ("audit", session_id, version.version, number, paper)

    def html() -> str:
        session = services.load_session(db, session_id)
        if not 1 <= number <= len(session.deals):
            raise services.NotFoundError(
                _("no deal %(number)s in session %(session)s", number=number, session=session_id)
            )
        deal = session.deals[number - 1]
        with force_locale(session.language):
            result = services.preview_deal(session, deal.input, number)[1]
            played = services.replay_of(session, deal) if deal.form == "play" else None
            return render_template(
                "print/audit_report.html",
                session=session,
                deal=deal,
                result=result,
                replay=played,
                paper=paper,
            )

    return sheet_response(
        key, html, f"deal-{session_id}-{number}.pdf", lambda: version == _version(session_id)
    )


def _paper() -> str:
    paper = request.args.get("paper", "a4").lower()
    if paper not in PAPERS:
        raise services.InputError(_("paper must be a4 or letter"), "paper")
    return paper


def _names(text: str, players: int) -> list[str]:
    """Names from "Anna,Bruno,Carla", or empty lines to write on; at most one per seat."""
    names = [name.strip()[:40] for name in text.split(",")] if text.strip() else []
    if len(names) > players:
        raise services.InputError(_("this ruleset has %(n)s players", n=players), "players")
    return names + [""] * (players - len(names))


@functools.lru_cache(maxsize=256)
def read_link_qr(link: str) -> str:
    """The QR code of a read link, a PNG data: URL: the same for every version of a session."""
    return qr_png(link)


def _columns(sides: int, dealers: Sequence[str], first: float, blank: bool = False) -> list[float]:
    """A blank sheet's protocol table's column widths in percent: "#", the dealer, then points
    and total of each side (a session's sheet: web/sheets/protocol.py). A fixed table layout
    takes them as given instead of measuring every cell, so they are worked out here from the
    longest texts in the sheet's own fonts (sheets/metrics.py) on A4's 182 mm: no word is cut,
    the headers included, in every language ("Mazziere", "Summe"); the dealer gets up to 40 mm
    for a long name, the sides the rest, with their total columns just wide enough (or room to
    write totals by hand on a blank sheet)."""
    total = max(_widest_word(_("total"), bold=True), 20.0 if blank else 0.0, _mm("-888", True))
    points = max(_widest_word(_("pts (score)"), bold=True), _mm("100 (+74)")) + PAD
    number = max(first, 5.0) + PAD
    header = _widest_word(_("Dealer"), bold=True)
    widest_word = max((_widest_word(name) for name in dealers), default=0.0)
    dealer_min = max(16.0, header, min(widest_word, 56.0)) + PAD  # longer names break
    dealer_wanted = max(16.0, min(max((_mm(n) for n in dealers), default=0.0), 40.0)) + PAD
    room = WIDTH - number - sides * (points + total + PAD)
    dealer = max(dealer_min, min(dealer_wanted, room))
    side = (WIDTH - number - dealer) / sides
    widths = [number, dealer, *[side - total - PAD, total + PAD] * sides]
    return [round(width / WIDTH * 100, 2) for width in widths]


def _mm(text: str, bold: bool = False, size: float = FONT_SIZE) -> float:
    """The width of text in mm, in the sheet's font (bold for headers and totals)."""
    font = Path(current_app.static_folder or "static") / (BOLD_FONT if bold else FONT)
    return text_width(text, font, size)


def _widest_word(text: str, bold: bool = False) -> float:
    return max((_mm(word, bold) for word in text.split()), default=0.0)


def _language() -> str:
    return str(get_locale() or "en")


def _version(session_id: int) -> SessionVersion:
    version = session_version(get_db(), session_id)
    if version is None:
        raise services.NotFoundError(_("no session %(id)s", id=session_id))
    return version


def _halves(sections: Sequence[ReferenceSection]) -> list[Sequence[ReferenceSection]]:
    """The reference card's sections in two columns of about the same height, in order."""

    def height(section: ReferenceSection) -> int:
        return 2 + sum(1 + len(line) // 45 for line in section.lines)  # ~45 characters a line

    heights = [height(section) for section in sections]
    total = sum(heights)
    split = min(
        range(len(sections) + 1),
        key=lambda n: max(sum(heights[:n]), total - sum(heights[:n])),
    )
    return [sections[:split], sections[split:]]


def _cache() -> SheetCache:
    cache = current_app.extensions.get("scorekeeper.sheets")
    if cache is None:
        size = int(current_app.config.get("SHEET_CACHE_SIZE", CACHE_SIZE))
        cache = current_app.extensions.setdefault("scorekeeper.sheets", SheetCache(size))
    assert isinstance(cache, SheetCache)
    return cache


def sheet_response(
    key: Hashable,
    html: Callable[[], str],
    filename: str,
    still_current: Callable[[], bool] = lambda: True,
    attached: Callable[[], Attached] | None = None,
    stylesheets: Sequence[str] = STYLESHEETS,
) -> Response | printing.Answer:
    """The PDF under key from the cache, or rendered from html() and kept if still current;
    while another sheet is rendered, the page that tries again (web/sheets/printing.py)."""
    cache = _cache()
    pdf = cache.get(key)
    state = "hit"
    if pdf is None:
        state = "miss"
        static = Path(current_app.static_folder or "static")
        with printing.my_turn() as mine:
            if not mine:
                return printing.busy()
            try:
                carry = attached() if attached else None
                pdf = render_pdf(html(), static, stylesheets, carry)
            except OSError:  # a missing system library: say so rather than crash
                abort(503)
        if still_current():
            cache.put(key, pdf)
    response = send_file(io.BytesIO(pdf), mimetype="application/pdf", download_name=filename)
    response.headers["X-Sheet-Cache"] = state
    return response
