"""An evening's printed sheets (issue "Club evenings"): a round's table cards and seating list,
and the evening sheet, the event's record, which carries the event's export (PDF/A-3b).

Each is printed in the event's language, whoever asks, and made as a session's sheet is
(web/sheets/views.py): one at a time per server, kept in the same cache under a key that names
what it shows. The cards and the seating list of a round change only with the event (its
revision) and the address their QR codes name; the evening sheet with every table's session too
(services/events/sheets.py ``event_version``). A draft round is the director's alone: its cards
are refused (409 round-not-published). Keeper-only in club mode, as every page not open to all.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from collections.abc import Hashable

from flask import render_template
from flask_babel import force_locale
from werkzeug.wrappers import Response

from ...services import events as services
from ...services.events.export import event_sheet_data
from ...services.events.ranking import ranking_words
from ...services.events.sheets import card_seats
from ...services.events.sheets import evening_sheet as sheet_contents
from ...services.events.sheets import event_version
from ...services.events.sheets import printed_round
from ...services.events.sheets import seating_lines
from ...services.sessions.sheet_data import DESCRIPTION
from ...services.sessions.sheet_data import SheetData
from ...sheets.render import Attached
from ..addresses import shared_url
from ..addresses import why_no_link
from ..db import get_db
from ..sheets import printing
from ..sheets.views import read_link_qr
from ..sheets.views import sheet_response as pdf_response  # the sheets' cache and turn
from . import bp

STYLESHEETS = ("print.css", "print-events.css")


@bp.get("/events/<int:event_id>/rounds/<int:number>/cards.pdf")
def table_cards(event_id: int, number: int) -> Response | printing.Answer:
    """A card for each table of a published round: who sits where, who deals first, and the QR
    code of the table's protocol."""
    view = services.event_view(get_db(), event_id)
    round_view = printed_round(view, number)
    links = [shared_url("access.view", token=t.read_token) for t in round_view.tables]
    cards = [
        (table, card_seats(view, table), link, read_link_qr(link) if link else "")
        for table, link in zip(round_view.tables, links, strict=True)
    ]

    def html() -> str:
        with force_locale(view.event["language"]):  # the note too, in the event's language
            note = "" if all(links) else why_no_link()
            return render_template(
                "print/events/table_cards.html", view=view, cards=cards, no_qr=note, paper="cards"
            )

    key = ("event-cards", event_id, view.event["revision"], number, tuple(links))
    return _pdf(key, html, f"event-{event_id}-round-{number}-cards.pdf")


@bp.get("/events/<int:event_id>/rounds/<int:number>/seating.pdf")
def seating_list(event_id: int, number: int) -> Response | printing.Answer:
    """Everyone of a published round in alphabetical order with table and seat, for the wall."""
    view = services.event_view(get_db(), event_id)
    round_view = printed_round(view, number)
    lines = seating_lines(view, round_view)

    def html() -> str:
        with force_locale(view.event["language"]):
            return render_template(
                "print/events/seating_list.html",
                view=view,
                round=round_view,
                lines=lines,
                out=[view.names[no] for no in round_view.sitting_out],
                paper="wall",
            )

    key = ("event-seating", event_id, view.event["revision"], number)
    return _pdf(key, html, f"event-{event_id}-round-{number}-seating.pdf")


@bp.get("/events/<int:event_id>/sheet.pdf")
def evening_sheet(event_id: int) -> Response | printing.Answer:
    """The evening's record: standings, every table's result, the adjustments, the draw's
    report; carrying the event's export, to import elsewhere as a session sheet is."""
    db = get_db()
    version = event_version(db, event_id)

    @functools.cache  # made only when the sheet is, not for a kept one
    def carried() -> SheetData:
        return event_sheet_data(db, event_id)

    def attached() -> Attached:
        data = carried()
        return Attached(data.name, data.data, DESCRIPTION, data.when)

    def html() -> str:
        view = services.event_view(db, event_id)
        with force_locale(view.event["language"]):
            return render_template(
                "print/events/evening_sheet.html",
                view=view,
                sheet=sheet_contents(view),
                words=ranking_words(view.event["ranking"]),
                carried=carried(),
                paper="a4",
            )

    current = lambda: version == event_version(db, event_id)  # noqa: E731
    key = ("event-sheet", event_id, version)
    return _pdf(key, html, f"event-{event_id}.pdf", current, attached)


def _pdf(
    key: Hashable,
    html: Callable[[], str],
    filename: str,
    current: Callable[[], bool] = lambda: True,
    attached: Callable[[], Attached] | None = None,
) -> Response | printing.Answer:
    """The PDF, made with the evenings' stylesheet too, as a session's sheet is made."""
    return pdf_response(key, html, filename, current, attached, STYLESHEETS)
