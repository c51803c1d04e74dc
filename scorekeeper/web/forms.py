"""Form pieces the features share: choices, card-field validators, error placement, the
delete button. Each feature's own forms sit next to its views (sessions/forms.py,
deals/forms.py, access/login.py...).

WTForms give the shape of the input only; legality and points belong to the rules core. Each
form turns its data into the same dict the JSON API takes (services/dealinput.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Iterable
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField
from wtforms import Field
from wtforms import IntegerField
from wtforms import SelectChoice
from wtforms import SubmitField
from wtforms import validators
from wtforms.widgets import HiddenInput

from ..rules import PRESETS
from ..rules.cards import full_deck

SCARTO = "scarto"
NUMBER = [validators.Optional(), validators.NumberRange(min=0, max=10_000)]
"""The validators of a count or points field: empty, or a whole number from 0 to 10,000."""
PACK = len(full_deck())
"""The largest pack: no field of cards holds more, whatever the ruleset."""


def within_pack(most: int = PACK) -> Callable[[FlaskForm, Field], None]:
    """A validator for a field of card codes: no more codes than the pack holds.

    The codes are counted, not read, so that a text of thousands is refused at once (400, with
    the field's error) instead of being read, audited and shown back card by card.
    """

    def check(form: FlaskForm, field: Field) -> None:
        given = len(codes(field.data))
        if given > most:
            raise validators.ValidationError(
                _l("%(n)s cards, more than the %(deck)s-card pack", n=given, deck=most)
            )

    return check


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices as WTForms 3.3 wants them: (value, label) pairs become SelectChoice."""
    return [SelectChoice(value, label) for value, label in pairs]


def ruleset_choices() -> list[SelectChoice]:
    """The presets, by id, named in the reader's language (their names come from the rules)."""
    return options((r.id, _l(r.name)) for r in PRESETS.values())


class ConfirmForm(FlaskForm):
    """A POST-only button (delete) with its CSRF token; for a deal, the deal and version shown,
    so that a deal changed or replaced meanwhile is not the one deleted."""

    confirm = BooleanField(_l("Yes, delete this deal"), [validators.DataRequired()])
    deal_id = IntegerField(widget=HiddenInput(), validators=[validators.Optional()])
    version = IntegerField(widget=HiddenInput(), validators=[validators.Optional()])
    submit = SubmitField(_l("Delete"))


def error_field(form: FlaskForm, name: str | None) -> Field | None:
    """The form field an input error points at: ``piles[1]`` is pile_1, ``counters[KS]`` card_KS."""
    if not name:
        return None
    match = re.fullmatch(r"(\w+)(?:\[(\w+)\])?(?:\..*)?", name)
    key, index = (match.group(1), match.group(2)) if match else (name, None)
    prefix = {"piles": "pile", "counters": "card", "points": "points", "tricks": "tricks"}.get(key)
    candidates = [f"{prefix}_{index or 0}"] if prefix else [key]
    if key == "play":  # the tricks of a play are one text area
        candidates = ["tricks"]
    return next((form[c] for c in candidates if c in form), None)


def codes(text: str | None) -> list[str]:
    return (text or "").replace(",", " ").split()


def seat_or_none(value: str | None) -> int | None:
    return int(value) if value not in (None, "", "None") else None
