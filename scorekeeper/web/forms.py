"""WTForms: the shape of the input only. Legality and points belong to the rules core.

Forms are built per session, since the number of players and the counters depend on the ruleset.
Each form turns its data into the same dict the JSON API takes (services/dealinput.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Iterable
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField
from wtforms import Field
from wtforms import IntegerField
from wtforms import PasswordField
from wtforms import SelectChoice
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import TextAreaField
from wtforms import validators
from wtforms.widgets import HiddenInput

from ..rules import OPTIONS
from ..rules import PRESETS
from ..rules.cards import full_deck
from ..rules.options import option_text

SCARTO = "scarto"
YES_NO = [("", "?"), ("yes", _l("yes")), ("no", _l("no"))]
_number = [validators.Optional(), validators.NumberRange(min=0, max=10_000)]
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


def session_form(player_count: int = 4) -> type[FlaskForm]:
    """Start a session: ruleset, players in order of play, first dealer, house rules."""

    class NewSessionForm(FlaskForm):
        ruleset = SelectField(_l("Ruleset"), choices=ruleset_choices())
        first_dealer = SelectField(
            _l("First dealer"),
            choices=options((str(i), _l("Player %(n)s", n=i + 1)) for i in range(4)),
        )
        table_name = StringField(_l("Table"), [validators.Length(max=80)])
        place = StringField(_l("Place"), [validators.Length(max=80)])
        pin = PasswordField(_l("Edit PIN (4 to 12 digits)"), [validators.Length(max=12)])
        start = SubmitField(_l("Start the session"))

    for seat in range(player_count):
        field = StringField(_l("Player %(n)s", n=seat + 1), [validators.Length(max=40)])
        setattr(NewSessionForm, f"player_{seat}", field)
    for option in OPTIONS.values():
        shown = [(option_text(v), option_text(v)) for v in option.values]
        choices = [("", _l("as the ruleset says")), *shown]
        setattr(
            NewSessionForm,
            f"option_{option.name}",
            SelectField(_l(option.description), choices=options(choices), default=""),
        )
    return NewSessionForm


def session_body(form: FlaskForm) -> dict[str, Any]:
    """The service's input from a filled session form."""
    ruleset = PRESETS.get(form.ruleset.data)
    names = [form[f"player_{seat}"].data or "" for seat in range(4)]
    count = ruleset.players if ruleset else 3
    if any(name.strip() for name in names[count:]):
        count = 4  # more names than the ruleset takes: let the service say so
    return {
        "ruleset": form.ruleset.data,
        "players": names[:count],
        "first_dealer": int(form.first_dealer.data or 0),
        "table_name": form.table_name.data,
        "place": form.place.data,
        "pin": form.pin.data or None,
        "options": {
            name: form[f"option_{name}"].data for name in OPTIONS if form[f"option_{name}"].data
        },
    }


class ImportForm(FlaskForm):
    """A deal record to import: pasted, or a .txt file."""

    record = TextAreaField(_l("Deal record"))
    upload = FileField(_l("or a file"))
    submit = SubmitField(_l("Import the deal"))


class LoginForm(FlaskForm):
    password = PasswordField(_l("Keeper password"), [validators.InputRequired()])
    submit = SubmitField(_l("Log in"))


class PinForm(FlaskForm):
    pin = PasswordField(_l("Edit PIN"), [validators.InputRequired()])
    submit = SubmitField(_l("Unlock"))


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
        _l("Trumps the dealer announced as laid aside (empty: not asked)"), _number
    )
    check = SubmitField(_l("Check the scarto"))


def scarto_body(form: ScartoForm) -> dict[str, Any]:
    declaration: dict[str, Any] = {
        "keeps_trump": _yes_no(form.keeps_trump.data),
        "keeps_fool": _yes_no(form.keeps_fool.data),
        "trumps_announced": form.trumps_announced.data,
    }
    return {
        "scarto": codes(form.scarto.data),
        "kept": codes(form.kept.data) or None,
        "declaration": {k: v for k, v in declaration.items() if v is not None},
    }


class CountForm(FlaskForm):
    """A disputed pile: its cards, or the groups as counted at the table."""

    ruleset = SelectField(_l("Ruleset"), choices=ruleset_choices())
    cards = TextAreaField(_l("Cards of the pile"), [within_pack()])
    groups = TextAreaField(_l("Groups as counted: one group a line, then = and the value claimed"))
    show = SubmitField(_l("Count"))


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


def _yes_no(value: str | None) -> bool | None:
    return {"yes": True, "no": False}.get(value or "")
