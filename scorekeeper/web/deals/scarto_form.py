"""The scarto checked before play: its cards, and what the dealer says about his hand."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import TextAreaField
from wtforms import validators

from ..forms import between
from ..forms import options
from ..forms import within_pack
from . import entry

YES_NO = [("", "?"), ("yes", _l("yes")), ("no", _l("no"))]
_ANSWERS = {"yes": True, "no": False}


class ScartoForm(FlaskForm):
    """The scarto alone, checked before play, with what the dealer says about his hand."""

    scarto = StringField(_l("Scarto"), [validators.InputRequired(), within_pack()])
    kept = TextAreaField(_l("Cards the dealer keeps (optional)"), [within_pack()])
    keeps_trump = SelectField(
        _l("Does the dealer keep a trump?"), choices=options(YES_NO), default=""
    )
    keeps_fool = SelectField(
        _l("Does the dealer keep the Fool?"), choices=options(YES_NO), default=""
    )
    trumps_announced = IntegerField(
        _l("Trumps the dealer announced as laid aside (empty: not asked)"),
        between(0, 21, _l("The dealer can announce 0 to 21 trumps.")),
    )
    check = SubmitField(_l("Check the scarto"))


def scarto_body(form: ScartoForm) -> dict[str, Any]:
    declaration: dict[str, Any] = {
        "keeps_trump": _ANSWERS.get(form.keeps_trump.data or ""),
        "keeps_fool": _ANSWERS.get(form.keeps_fool.data or ""),
        "trumps_announced": form.trumps_announced.data,
    }
    kept = entry.read_codes(form.kept.data, _("The cards the dealer keeps"), "kept")
    return {
        "scarto": entry.read_codes(form.scarto.data, _("The scarto"), "scarto"),
        "kept": kept or None,
        "declaration": {k: v for k, v in declaration.items() if v is not None},
    }
