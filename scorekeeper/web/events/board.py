"""The board every phone reads during an evening: the round's seat of each entrant, the tables'
progress and the standings (unless the director hides them until the end). Read-only.

The event's read link (/events/board/<token>, open to all) lets its visitor read this board
and nothing else, as a session's read link does (access/login.py ``view``): the event's id is
kept in the Flask session (``session["events"]``), which access/auth.py reads. The page looks
again by itself every minute while it is on screen (static/board.js; a meta refresh cannot be
stopped by its reader, WCAG 2.2.1).
"""

from __future__ import annotations

from flask import abort
from flask import redirect
from flask import render_template
from flask import session
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...services import access
from ...services.events import EventView
from ...services.events import event_by_read_token
from ...services.events import event_view
from ...services.events.view import seat_letters
from ..access.login import log_failed
from ..access.login import try_secret
from ..db import get_db
from . import bp

REFRESH_SECONDS = 60


@bp.get("/events/board/<token>")
def join(token: str) -> Response:
    """The event's read link: whoever has it may read the event's board. Wrong links count
    as wrong passwords do."""
    attempt = try_secret()
    event_id = event_by_read_token(get_db(), token) if len(token) < 64 else None
    if event_id is None:
        log_failed()
        abort(404)
    access.forget_attempt(get_db(), attempt)
    session["events"] = sorted({*session.get("events", []), event_id})
    return redirect(url_for("events.board", event_id=event_id))


@bp.get("/events/<int:event_id>/board")
def board(event_id: int) -> str:
    """The board: each entrant's seat this round, the tables' progress, the standings."""
    view = event_view(get_db(), event_id)
    hidden = bool(view.event["hide_standings"]) and view.state != "finished"
    return render_template(
        "events/board.html",
        view=view,
        lines=board_lines(view),
        hidden=hidden,
        refresh=REFRESH_SECONDS,
    )


def board_lines(view: EventView) -> list[tuple[str, str]]:
    """Each entrant's line this round, by name: "Round 3: table 4, seat B, Carla deals first",
    "Round 3: sits out"; none before the first round is published."""
    shown = view.current
    if shown is None:
        return []
    places = {no: table for table in shown.tables for no in table.entrants}
    lines = []
    for row in view.entrants:
        table = places.get(row["no"])
        if table is not None:
            line = _(
                "Round %(n)s: table %(t)s, seat %(seat)s, %(dealer)s deals first",
                n=shown.number,
                t=table.number,
                seat=seat_letters(table, row["no"]),
                dealer=table.first_dealer_name,
            )
        elif row["no"] in shown.sitting_out:
            line = _("Round %(n)s: sits out", n=shown.number)
        else:
            line = _("Round %(n)s: not playing", n=shown.number)
        lines.append((row["name"], line))
    return sorted(lines, key=lambda pair: pair[0].casefold())
