"""The director's page of an event, drawn with its forms: shared by the page's own view and by
each of its small forms' views, which show it again with their refusal in place.

A refusal is shown at the form that was sent (``failed``: the form by its name), or above the
page (``refusal``: a sentence, and for a round that cannot close, its unfinished tables).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from flask import current_app
from flask import make_response
from flask import render_template
from flask import url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ...services import ServiceError
from ...services.events import EventView
from ...services.events import event_view
from ...services.events.ranking import points_text
from ...services.players.names import LookAlikeError
from ...services.players.persons import list_players
from ...sheets.content import qr_svg
from ..access.auth import no_store
from ..addresses import shared_url
from ..db import get_db
from ..errors import status_of
from ..forms import field_text
from . import forms

SHEETS = (
    ("events.table_cards", True, _l("Table cards")),
    ("events.seating_list", True, _l("Seating list")),
    ("events.evening_sheet", False, _l("Evening sheet")),
)


def director_page(event_id: int, status: int = 200, **failed: Any) -> Response:
    """The director's page; ``failed`` holds a refused form by its name, or ``refusal``."""
    view = event_view(get_db(), event_id)
    link = shared_url("events.join", token=view.event["read_token"])
    page = render_template(
        "events/event.html",
        view=view,
        director=True,
        round=view.rounds[-1] if view.rounds else None,
        upcoming=_upcoming(view),
        can_draw=_can_draw(view),
        board_link=link,
        qr=_qr_svg(link) if link else "",
        sheets=sheet_links(view),
        known=list_players(get_db(), archived=False),
        refusal=failed.get("refusal"),
        button=forms.ButtonForm(formdata=None),
        close_form=forms.CloseForm(formdata=None),
        standings_form=forms.StandingsForm(formdata=None),
        **_forms(view, failed),
    )
    response = make_response(page, status)
    return no_store(response)  # the club's laptop, perhaps shared: it shows the board's link


def _forms(view: EventView, failed: dict[str, Any]) -> dict[str, FlaskForm]:
    """The page's forms with their choices: the refused one with its errors, else fresh."""
    made: dict[str, FlaskForm] = {
        "add_form": failed.get("add_form") or forms.EntrantsForm(formdata=None),
        "withdraw_form": failed.get("withdraw_form") or forms.WithdrawForm(formdata=None),
        "swap_form": failed.get("swap_form") or forms.SwapForm(formdata=None),
        "adjustment_form": failed.get("adjustment_form") or forms.AdjustmentForm(formdata=None),
    }
    names = view.names
    present = [(r["no"], r["name"]) for r in view.entrants if r["withdrawn_from"] is None]
    made["withdraw_form"].withdraw.choices = _numbered(present)
    made["adjustment_form"].entrant.choices = _numbered(names.items())
    rounds = [("", _("The whole event"))]
    rounds += [(str(n), _("Round %(n)s", n=n)) for n in range(1, view.event["rounds"] + 1)]
    made["adjustment_form"].round.choices = forms.options(rounds)
    draft = view.draft
    drawn = (
        sorted({no for t in draft.tables for no in t.entrants} | set(draft.sitting_out))
        if (draft)
        else []
    )
    swap = made["swap_form"]
    swap.first.choices = swap.second.choices = _numbered((no, names[no]) for no in drawn)
    if draft and "swap_form" not in failed:  # a seated entrant and, first, one sitting out
        swap.first.data = draft.tables[0].entrants[0]
        swap.second.data = (draft.sitting_out or draft.tables[-1].entrants)[-1]
    return made


def _numbered(pairs: Any) -> list[Any]:
    return forms.options((no, f"{no}. {name}") for no, name in pairs)


def _upcoming(view: EventView) -> int:
    """The round entrants added or withdrawn now first play: the draft's, else the next."""
    return view.draft.number if view.draft else len(view.rounds) + 1


def _can_draw(view: EventView) -> bool:
    last = view.rounds[-1] if view.rounds else None
    return (last is None or last.state == "closed") and len(view.rounds) < view.event["rounds"]


def sheet_links(view: EventView) -> list[tuple[str, str]]:
    """The event's printed sheets, (label, address), those the app has: the current round's
    table cards and seating list, and the evening's sheet."""
    shown = view.draft or view.current
    links = []
    for endpoint, per_round, label in SHEETS:
        if endpoint not in current_app.view_functions or (per_round and shown is None):
            continue
        values: dict[str, Any] = {"event_id": view.id}
        if per_round and shown is not None:
            values["number"] = shown.number
        links.append((str(label), url_for(endpoint, **values)))
    return links


def refused(
    event_id: int, error: ServiceError, form: FlaskForm | None = None, name: str = ""
) -> Response:
    """The page again after a refusal: at the form's field it names, or above the page."""
    if form is None or not name:
        tables = getattr(error, "answer", {}).get("tables", [])
        refusal = {"message": field_text(error), "tables": tables}
        return director_page(event_id, status_of(error), refusal=refusal)
    target = getattr(error, "field", None)
    field = form[target] if target and target in form else None
    (field.errors if field is not None else form.form_errors).append(field_text(error, field))
    form.look_alike = isinstance(error, LookAlikeError)  # type: ignore[attr-defined]
    return director_page(event_id, status_of(error), **{name: form})


def with_points(value: Fraction | str | None) -> str:
    """Points as the standings print them (2, 1½, 0.33), also from an adjustment's stored
    fraction ("-1/2"); nothing for none."""
    return "" if value is None else points_text(Fraction(value))


@functools.lru_cache(maxsize=64)
def _qr_svg(link: str) -> str:
    """The board's QR code, made once per link (web/sessions/views.py says why)."""
    return qr_svg(link)
