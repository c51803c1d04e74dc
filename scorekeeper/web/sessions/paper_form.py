"""The paper protocol's form: the session (ruleset, day played, players, first dealer) and a table
of the deals' totals, a row a deal and a field a side (each side's points, or its score as the
protocol writes it, one left empty to be worked out: services/deals/totals.py).

A row may name who dealt it, when not the one the rotation gives (a deal dealt out of turn).
Built per call for the ruleset and the number of rows; ``paper_body`` turns it into what
services/sessions/paper.py ``record_paper`` takes, and says which line of the page each deal came
from.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField
from wtforms import RadioField
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import validators

from ...rules import Ruleset
from ...services.deals.totals import POINTS
from ...services.deals.totals import SCORES
from ...services.deals.totals import reads_scores
from ...services.deals.totals import totals_range
from ...services.sessions.paper import MAX_ROWS
from ..forms import SignedIntegerField
from ..forms import between
from ..forms import options
from .forms import add_house_rules
from .forms import house_rules
from .forms import page_language
from .forms import played_on_field

ROWS, MORE = 20, 10
"""Rows shown at first, and added by "More rows" (up to MAX_ROWS)."""


def paper_form(ruleset: Ruleset, rows: int) -> type[FlaskForm]:
    """The page's form for this ruleset, with ``rows`` rows of totals."""
    low, high = totals_range(ruleset)

    class PaperForm(FlaskForm):
        ruleset_id = HiddenField(default=ruleset.id)
        """Chosen above the form (a GET of the page): it sets the table's columns."""
        played_on = played_on_field(typed=True)
        first_dealer = SelectField(
            _l("First dealer"),
            choices=options((str(i), _l("Player %(n)s", n=i + 1)) for i in range(4)),
        )
        reading = RadioField(
            _l("The numbers are"),
            choices=options(_readings(ruleset)),
            default="",
            validate_choice=False,
        )
        row_count = HiddenField(default=str(rows))
        confirmed = HiddenField()
        request_key = HiddenField()
        """The page's key (services/sessions/paper.py store_paper): saved once."""
        store_again = SubmitField(_l("Yes, save it again"))
        add_players = SubmitField(_l("Yes, add them"))
        save = SubmitField(_l("Save the protocol"))
        more = SubmitField(_l("More rows"))

    for seat in range(4):
        field = StringField(_l("Player %(n)s", n=seat + 1), [validators.Length(max=40)])
        setattr(PaperForm, f"player_{seat}", field)
    add_house_rules(PaperForm)
    say = _l("A number from %(low)s to %(high)s.", low=low, high=high)
    seats = options(
        [("", _l("in turn"))]
        + [(str(seat), _l("Player %(n)s", n=seat + 1)) for seat in range(ruleset.players)]
    )
    for row in range(rows):
        for side in range(ruleset.sides):
            setattr(PaperForm, cell(row, side), SignedIntegerField("", between(low, high, say)))
        # The seat checks the service's (paper.py _dealers): its sentence, not WTForms'.
        setattr(PaperForm, dealer_cell(row), SelectField("", choices=seats, validate_choice=False))
    return PaperForm


def _readings(ruleset: Ruleset) -> list[tuple[str, Any]]:
    if not reads_scores(ruleset):
        return [("", _l("points"))]
    return [("", _l("as each row's sum says")), (POINTS, _l("points")), (SCORES, _l("scores"))]


def cell(row: int, side: int) -> str:
    """The field of a row's side: deal_0_2 is the first row's third side."""
    return f"deal_{row}_{side}"


def dealer_cell(row: int) -> str:
    """The field of a row's dealer, when not the rotation's: deal_0_dealer."""
    return f"deal_{row}_dealer"


def rows_asked(value: str | None, more: bool) -> int:
    """The number of rows to show: as the page had them, or MORE more; at most MAX_ROWS, and
    a number beyond that (a hand-made request) is answered with MAX_ROWS + 1 for the view to
    refuse."""
    text = (value or "").strip()
    rows = int(text) if text.isascii() and text.isdigit() and len(text) < 6 else ROWS
    if rows > MAX_ROWS:
        return MAX_ROWS + 1
    return max(1, min(rows + (MORE if more else 0), MAX_ROWS))


def paper_body(form: Any, ruleset: Ruleset, rows: int) -> tuple[dict[str, Any], list[int]]:
    """What record_paper takes, and for each deal the line of the page it was typed on; rows
    left wholly empty are left out."""
    names = [form[f"player_{seat}"].data or "" for seat in range(4)]
    deals: list[list[int | None]] = []
    dealers: list[int | None] = []
    lines: list[int] = []
    for row in range(rows):
        typed = [form[cell(row, side)].data for side in range(ruleset.sides)]
        if any(value is not None for value in typed):
            deals.append(typed)
            dealers.append(_seat(form[dealer_cell(row)].data))
            lines.append(row)
    body = {
        "ruleset": ruleset.id,
        "players": names[: ruleset.players],
        "first_dealer": int(form.first_dealer.data or 0),
        "played_on": form.played_on.data or None,
        "language": page_language(),
        "reading": form.reading.data or "",
        "options": house_rules(form),
        "deals": deals,
        "dealers": dealers,
    }
    return body, lines


def _seat(chosen: str | None) -> int | None:
    """A dealer chosen: its seat; "in turn" (empty) is None. A seat beyond the table (a
    hand-made request) is left for the service to refuse."""
    text = chosen or ""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 3 else None
