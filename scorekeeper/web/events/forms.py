"""The club evening's forms: a new event, and the director's small forms (entrants at the door,
a round's steps, a swap, an adjustment, the standings shown or hidden).

WTForms give the input's shape only; each form's ``*_body`` turns it into the dict the service
takes, the JSON API's. Choices of entrants are set by the views (forms never read the database).
"""

from __future__ import annotations

import re
from decimal import Decimal
from decimal import InvalidOperation
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField
from wtforms import HiddenField
from wtforms import IntegerField
from wtforms import PasswordField
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import TextAreaField
from wtforms import validators

from ...rules import PRESETS
from ...services import InputError
from ..forms import options
from ..forms import ruleset_choices
from ..i18n import LANGUAGES
from ..sessions.forms import add_house_rules
from ..sessions.forms import house_rules
from ..sessions.forms import page_language
from ..sessions.forms import played_on_field

LOOK_ALIKE_LABEL = _l("It is another person: keep the name as written")
ORDERS = (
    ("", _l("Usual for the ruleset")),
    ("table-points", _l("Table points (2, 1, ½ at each table)")),
    ("match-points", _l("Match points (couples)")),
    ("score", _l("Total score")),
    ("per-deal", _l("Score per deal")),
)
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", ",": ".", "½": ".5"})
COUPLE = re.compile(r"\s*(?:&|\+|/)\s*")


class EventForm(FlaskForm):
    """A new event: its facts, its rule of ranking and its entrants, a line each."""

    name = StringField(_l("Name of the event"), [validators.Length(max=80)])
    played_on = played_on_field()
    place = StringField(_l("Place"), [validators.Length(max=80)])
    ruleset = SelectField(_l("Ruleset"), choices=ruleset_choices())
    language = SelectField(
        _l("Language of its sessions and sheets"),
        choices=options(LANGUAGES.items()),
        default=page_language,
    )
    rounds = IntegerField(_l("Rounds"), [validators.Optional()], default=4)
    deals_per_round = IntegerField(_l("Deals per round"), [validators.Optional()], default=9)
    ranking = SelectField(_l("Ranking"), choices=options(ORDERS), default="")
    pin = PasswordField(_l("Edit PIN for every table (optional, 4 to 12 digits)"))
    hide_standings = BooleanField(_l("Hide the standings on the board until the end"))
    # A line an entrant: 200 entrants of a couple's two names at most (services MAX_ENTRANTS).
    entrants = TextAreaField(_l("Entrants, one a line"), [validators.Length(max=40_000)])
    confirm_look_alikes = BooleanField(LOOK_ALIKE_LABEL)
    look_alike = False
    keep_apart = TextAreaField(
        _l("Kept apart by the draw (optional): two entrants a line"),
        [validators.Length(max=40_000)],
    )
    seed = IntegerField(_l("Seed of the draw (optional)"), [validators.Optional()])
    create = SubmitField(_l("Create the event"))


add_house_rules(EventForm)


class EntrantsForm(FlaskForm):
    """An entrant added at the door: a name, or a couple "Anna & Bruno"."""

    add = StringField(_l("Entrant to add"), [validators.Length(max=200)])
    confirm_look_alikes = BooleanField(LOOK_ALIKE_LABEL)
    look_alike = False
    submit = SubmitField(_l("Add"))


class WithdrawForm(FlaskForm):
    """An entrant withdrawn from the next round on."""

    withdraw = SelectField(_l("Entrant to withdraw"), coerce=int, validate_choice=False)
    submit = SubmitField(_l("Withdraw"))


class SwapForm(FlaskForm):
    """Two entrants of a draft round change places."""

    first = SelectField(_l("Swap entrant"), coerce=int, validate_choice=False)
    second = SelectField(_l("with entrant"), coerce=int, validate_choice=False)
    submit = SubmitField(_l("Swap"))


class CloseForm(FlaskForm):
    """Close a round; ``force`` ends its unfinished tables first."""

    force = HiddenField()
    submit = SubmitField(_l("Close the round"))


class AdjustmentForm(FlaskForm):
    """A penalty or correction to an entrant's points, with its reason."""

    entrant = SelectField(_l("Entrant"), coerce=int, validate_choice=False)
    round = SelectField(_l("Round (optional)"), validate_choice=False)
    points = StringField(_l("Points (e.g. -1 or 0.5)"), [validators.Length(max=12)])
    reason = StringField(_l("Reason"), [validators.Length(max=80)])
    submit = SubmitField(_l("Add the adjustment"))


class StandingsForm(FlaskForm):
    """Show the standings on the board, or hide them until the end."""

    hide = HiddenField()
    submit = SubmitField(_l("Save"))


class ButtonForm(FlaskForm):
    """A step that is one button (draw, redraw, publish, end a table, remove): its CSRF token."""


def entrant_lines(text: str | None, teams: bool) -> list[Any]:
    """The entrants typed a line each: a name, or for couples "Anna & Bruno" or
    "Name: Anna & Bruno" (the couple's name before a colon)."""
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return [entrant_of(line, teams) for line in lines]


def entrant_of(line: str, teams: bool) -> Any:
    """One line of entrants as the service takes it."""
    if not teams:
        return line
    name, colon, players = line.partition(":")
    if not colon:
        name, players = "", line
    couple = {"players": [p for p in COUPLE.split(players.strip()) if p]}
    return couple | ({"name": name.strip()} if name.strip() else {})


def event_body(form: EventForm) -> dict[str, Any]:
    """The service's input from a filled new-event form."""
    ruleset = PRESETS.get(form.ruleset.data)
    body: dict[str, Any] = {
        "name": form.name.data or "",
        "ruleset": form.ruleset.data,
        "language": form.language.data,
        "played_on": form.played_on.data or None,
        "place": form.place.data or "",
        "entrants": entrant_lines(form.entrants.data, bool(ruleset and ruleset.teams)),
        "rounds": form.rounds.data,
        "deals_per_round": form.deals_per_round.data,
        "pin": form.pin.data or None,
        "hide_standings": bool(form.hide_standings.data),
        "confirm_look_alikes": bool(form.confirm_look_alikes.data),
        "options": house_rules(form),
    }
    if form.ranking.data:
        body["ranking"] = {"order": form.ranking.data}
    if form.seed.data is not None:
        body["seed"] = form.seed.data
    pairs = keep_apart_pairs(form.keep_apart.data, body["entrants"])
    if pairs:
        body["keep_apart"] = pairs
    return body


def keep_apart_pairs(text: str | None, entrants: list[Any]) -> list[list[int]]:
    """The pairs typed a line each, "Anna, Bruno" (two entrants' names, a couple's as the list
    names it), as the entrants' numbers; InputError naming a name that is no entrant's."""
    numbers: dict[str, int] = {}
    for no, entrant in enumerate(entrants, start=1):
        names = [entrant] if isinstance(entrant, str) else [entrant.get("name", "")]
        if isinstance(entrant, dict):
            names.append(" & ".join(entrant["players"]))
        for name in names:
            numbers.setdefault(" ".join(name.split()).casefold(), no)
    pairs = []
    for line in (text or "").splitlines():
        if not line.strip():
            continue
        names = [" ".join(part.split()).casefold() for part in line.split(",")]
        found = [numbers.get(name) for name in names]
        if len(names) != 2 or None in found:
            raise InputError(
                _("Kept apart: each line is two entrants of the list, “Anna, Bruno”"),
                "keep_apart",
            )
        pairs.append([int(no) for no in found if no is not None])
    return pairs


def number_of(text: str | None) -> int | float | str:
    """Points as typed (-1, +2, 0.5, 1,5, 1½, −1) as a number; the text itself when it is none,
    for the service to refuse."""
    cleaned = (text or "").translate(_MINUS).replace(" ", "")
    if cleaned.startswith(("-.", "+.", ".")):
        cleaned = cleaned.replace(".", "0.", 1)
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return text or ""
    if not value.is_finite():
        return text or ""
    return int(value) if value == value.to_integral_value() else float(value)


def adjustment_body(form: AdjustmentForm) -> dict[str, Any]:
    """The service's input from a filled adjustment form."""
    chosen = form.round.data or ""
    return {
        "entrant": form.entrant.data,
        "round": int(chosen) if chosen.isdigit() else None,
        "points": number_of(form.points.data),
        "reason": form.reason.data or "",
    }
