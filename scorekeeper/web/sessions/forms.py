"""The session form: ruleset, language, players in order of play, the day played, first dealer,
place, PIN, house rules.

Built per call, with a field per seat and per house-rule option; ``session_body`` turns it into
the dict the JSON API's POST /sessions takes. A name that is no player yet is asked about before
the session starts (``unconfirmed``): the form comes back saying so, with "Yes, add them".
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from flask_babel import get_locale
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field
from wtforms import HiddenField
from wtforms import PasswordField
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import validators

from ...rules import OPTIONS
from ...rules import PRESETS
from ...rules.options import option_text
from ...services import SESSION_LANGUAGES
from ...services import InputError
from ...services.players.persons import clean_played_on
from ..forms import options
from ..forms import ruleset_choices
from ..i18n import LANGUAGES


def session_form(player_count: int = 4) -> type[FlaskForm]:
    """Start a session: ruleset, players in order of play, first dealer, house rules."""

    class NewSessionForm(FlaskForm):
        ruleset = SelectField(_l("Ruleset"), choices=ruleset_choices())
        language = SelectField(
            _l("Language of the session"),
            choices=options(LANGUAGES.items()),
            default=page_language(),
        )
        first_dealer = SelectField(
            _l("First dealer"),
            choices=options((str(i), _l("Player %(n)s", n=i + 1)) for i in range(4)),
        )
        table_name = StringField(_l("Table"), [validators.Length(max=80)])
        place = StringField(_l("Place"), [validators.Length(max=80)])
        pin = PasswordField(_l("Edit PIN (4 to 12 digits)"), [validators.Length(max=12)])
        played_on = played_on_field()
        confirmed = HiddenField()
        """The new names the keeper was asked about (``unconfirmed``), a line each."""
        add_players = SubmitField(_l("Yes, add them"))
        start = SubmitField(_l("Start the session"))

    for seat in range(player_count):
        field = StringField(_l("Player %(n)s", n=seat + 1), [validators.Length(max=40)])
        setattr(NewSessionForm, f"player_{seat}", field)
    add_house_rules(NewSessionForm)
    return NewSessionForm


def add_house_rules(form_class: type[FlaskForm]) -> None:
    """A select a house rule (``option_<name>``), "as the ruleset says" at first: the new
    session's form and the paper protocol's."""
    for option in OPTIONS.values():
        # The value's id is sent; the keeper reads it as a sentence (rules/options.py).
        shown = [(option_text(v), _l(option.label(v))) for v in option.values]
        choices = [("", _l("as the ruleset says")), *shown]
        setattr(
            form_class,
            f"option_{option.name}",
            SelectField(_l(option.description), choices=options(choices), default=""),
        )


def house_rules(form: FlaskForm) -> dict[str, str]:
    """The house rules chosen on a form (``add_house_rules``), by option."""
    return {name: form[f"option_{name}"].data for name in OPTIONS if form[f"option_{name}"].data}


def played_on_field(typed: bool = False) -> StringField:
    """The day a session was played (a date field on the page): today unless an old one; or,
    ``typed``, none until the keeper types it (an old paper protocol is never today's)."""
    if typed:
        return StringField(
            _l("Played on"),
            [validators.InputRequired(_l("Type the day it was played.")), _played_on_check],
        )
    return StringField(
        _l("Played on"),
        [validators.Optional(), _played_on_check],
        default=lambda: datetime.date.today().isoformat(),
    )


def _played_on_check(form: FlaskForm, field: Field) -> None:
    try:
        clean_played_on(field.data)
    except InputError:
        raise validators.ValidationError(_l("A date like 2024-11-24, not after today.")) from None


def unconfirmed(form: FlaskForm, new_names: Sequence[str]) -> list[str]:
    """The new names to ask about: none once the keeper said "Yes, add them" to these names;
    a name changed after that is asked about again."""
    said = {name.casefold() for name in (form.confirmed.data or "").splitlines()}
    if form.add_players.data and all(name.casefold() in said for name in new_names):
        return []
    return list(new_names)


def page_language() -> str:
    """The page's language if a session may have it, else English."""
    language = str(get_locale() or "en")
    return language if language in SESSION_LANGUAGES else "en"


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
        "language": form.language.data,
        "played_on": form.played_on.data or None,
        "options": house_rules(form),
    }
