"""The session form: ruleset, language, players in order of play, first dealer, place, PIN,
house rules.

Built per call, with a field per seat and per house-rule option; ``session_body`` turns it into
the dict the JSON API's POST /sessions takes.
"""

from __future__ import annotations

from typing import Any

from flask_babel import get_locale
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import PasswordField
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import validators

from ...rules import OPTIONS
from ...rules import PRESETS
from ...rules.options import option_text
from ...services import SESSION_LANGUAGES
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
        start = SubmitField(_l("Start the session"))

    for seat in range(player_count):
        field = StringField(_l("Player %(n)s", n=seat + 1), [validators.Length(max=40)])
        setattr(NewSessionForm, f"player_{seat}", field)
    for option in OPTIONS.values():
        # The value's id is sent; the keeper reads it as a sentence (rules/options.py).
        shown = [(option_text(v), _l(option.label(v))) for v in option.values]
        choices = [("", _l("as the ruleset says")), *shown]
        setattr(
            NewSessionForm,
            f"option_{option.name}",
            SelectField(_l(option.description), choices=options(choices), default=""),
        )
    return NewSessionForm


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
        "options": {
            name: form[f"option_{name}"].data for name in OPTIONS if form[f"option_{name}"].data
        },
    }
