"""An old paper protocol entered on one page: ruleset, day played, players, and the deals' totals
row by row, saved whole or not at all (services/sessions/paper.py).

"More rows" sends the page back with ten more rows and everything typed kept (no script needed);
a row that cannot be recorded is shown with its reason beside it, and nothing is stored.
"""

from __future__ import annotations

from typing import Any

from flask import abort
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ...rules import PRESETS
from ...rules import Ruleset
from ...services import InputError
from ...services.deals.once import new_request_key
from ...services.deals.totals import live_texts
from ...services.players.names import look_alikes
from ...services.players.names import new_names
from ...services.players.persons import list_players
from ...services.sessions.limits import SessionFullError
from ...services.sessions.paper import MAX_ROWS
from ...services.sessions.paper import PaperError
from ...services.sessions.paper import check_paper
from ...services.sessions.paper import paper_key_session
from ...services.sessions.paper import same_protocols
from ...services.sessions.paper import store_paper
from ..access.auth import secret_hash
from ..db import get_db
from ..forms import options
from ..forms import place_error
from . import bp
from .forms import unconfirmed
from .paper_form import cell
from .paper_form import dealer_cell
from .paper_form import paper_body
from .paper_form import paper_form
from .paper_form import rows_asked

Page = tuple[str, int] | str


@bp.route("/sessions/paper", methods=["GET", "POST"])
def paper() -> Response | Page:
    """The paper protocol's page; saved, the new session's protocol."""
    ruleset = _ruleset()
    rows = rows_asked(request.form.get("row_count"), bool(request.form.get("more")))
    form = paper_form(ruleset, min(rows, MAX_ROWS))()
    form.row_count.data = str(min(rows, MAX_ROWS))
    if not form.request_key.data:
        form.request_key.data = new_request_key()
    if request.method == "GET" or form.more.data:
        return _page(form, ruleset)
    if rows > MAX_ROWS:
        form.form_errors.append(_("At most %(most)s deals on one page.", most=MAX_ROWS))
    elif form.validate_on_submit():
        return _save(form, ruleset)
    return _page(form, ruleset), 400


def _save(form: Any, ruleset: Ruleset) -> Response | Page:
    """Check the whole protocol, ask about new names, then store it all."""
    body, lines = paper_body(form, ruleset, int(form.row_count.data))
    try:
        checked = check_paper(get_db(), body, secret_hash())
    except PaperError as error:
        form.form_errors.append(str(error))
        row_errors = {lines[index]: message for index, message in error.rows.items()}
        return _page(form, ruleset, row_errors=row_errors), 422
    except InputError as error:
        place_error(form, error, form.player_0 if error.field == "players" else None)
        return _page(form, ruleset), 400
    except SessionFullError as error:  # more rows than a session holds (MAX_SESSION_DEALS)
        form.form_errors.append(str(error))
        return _page(form, ruleset), 409
    asking = unconfirmed(form, new_names(get_db(), checked.session.row["players"]))
    if asking:
        return _page(form, ruleset, asking=asking), 400
    key = form.request_key.data or None
    saved = paper_key_session(get_db(), key) if key else None  # sent again: that session
    if saved is None:
        same = same_protocols(get_db(), checked)
        if same and not form.store_again.data:  # typed in twice? the keeper says
            return _page(form, ruleset, same=same[0]), 409
        saved = store_paper(get_db(), checked, key)
    return redirect(url_for("sessions.detail", session_id=saved), 303)


def _ruleset() -> Ruleset:
    """The ruleset the page is for: the one of the form sent, else ?ruleset=, else Scarto. Its
    sides are the table's columns."""
    chosen = request.form.get("ruleset_id") or request.args.get("ruleset") or "scarto"
    if chosen not in PRESETS:
        abort(400, _("There is no ruleset %(id)s.", id=chosen[:40]))
    return PRESETS[chosen]


def _page(
    form: FlaskForm,
    ruleset: Ruleset,
    row_errors: dict[int, str] | None = None,
    asking: list[str] | None = None,
    same: int | None = None,
) -> str:
    rows = int(form.row_count.data)
    return render_template(
        "players/paper.html",
        form=form,
        ruleset=ruleset,
        rows=rows,
        most=MAX_ROWS,
        sides=_side_labels(form, ruleset),
        cells=[[form[cell(row, side)] for side in range(ruleset.sides)] for row in range(rows)],
        dealers=[_named_seats(form, form[dealer_cell(row)], ruleset) for row in range(rows)],
        row_errors=row_errors or {},
        asking=asking or [],
        alike=look_alikes(get_db(), asking or []),
        same=same,
        known=list_players(get_db(), archived=False),
        live=live_texts(ruleset),
        rulesets=list(PRESETS.values()),
    )


def _named_seats(form: Any, field: Any, ruleset: Ruleset) -> Any:
    """A row's dealer select, its seats called by the names typed."""
    field.choices = field.choices[:1] + options(
        (str(seat), form[f"player_{seat}"].data or _("Player %(n)s", n=seat + 1))
        for seat in range(ruleset.players)
    )
    return field


def _side_labels(form: Any, ruleset: Ruleset) -> list[str]:
    """Each column's heading: the names typed (or "Player 2"), a team's two together."""
    names = [
        form[f"player_{seat}"].data or _("Player %(n)s", n=seat + 1)
        for seat in range(ruleset.players)
    ]
    if ruleset.teams:
        return [f"{names[side]} & {names[side + 2]}" for side in range(ruleset.sides)]
    return names
