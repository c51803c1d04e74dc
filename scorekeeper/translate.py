"""The rules core's English in the reader's language: problems, ruleset names, option texts,
and cards as the reader's language shows them (rules/names.py).

The rules core stays free of Flask-Babel: it keeps each problem's English template and values
(rules/problem.py) and marks its static strings with ``translatable()``. Here they are looked up
in the catalogue; outside a request, or for a string the catalogue lacks, the English stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import get_locale
from flask_babel import gettext

from .rules import OPTIONS
from .rules import PRESETS
from .rules import Card
from .rules import InvalidNotationError
from .rules import Problem
from .rules import Ruleset
from .rules import ScorekeeperError
from .rules import parse_card
from .rules.names import card_label as _card_label
from .rules.names import local_help as _local_help
from .rules.names import local_letters as _local_letters
from .rules.ruleset import HOUSE_RULES

# The problems' parameters that hold cards, as the rules core writes them (K♠, T21, F), one or
# several separated by spaces: shown in the reader's language, like every other card.
_CARD_PARAMS = frozenset({"card", "held", "cards"})


def language() -> str:
    """The reader's language code: the request's, or English outside a request."""
    return str(get_locale() or "en")


def card_label(card: Card | str) -> str:
    """A card (or its code, or the rules core's label) as the reader's language shows it."""
    return _card_label(parse_card(card) if isinstance(card, str) else card, language())


def local_help() -> str:
    """The reader's language's own court letters, as the forms accept them (rules/names.py)."""
    return _local_help(language())


def local_letters() -> dict[str, str]:
    """The reader's language's own court letters, each with the code's (for the pickers)."""
    return _local_letters(language())


def cards_shown(text: str) -> str:
    """Cards written by the rules core, in the reader's language; other text as it is."""
    try:
        return " ".join(card_label(token) for token in text.split())
    except InvalidNotationError:
        return text


def tr(text: str) -> str:
    """A static string from the rules core (a ruleset's name or source, an option's text)."""
    return gettext(text) if text else text


def problem_text(problem: Problem | Mapping[str, Any]) -> str:
    """A problem's sentence, from a Problem or its stored dict (code, message, template, params).

    Problems without a template (older stored ones, or an error's own sentence) show their
    message, translated only if the catalogue happens to hold it.
    """
    if isinstance(problem, Mapping):
        message = str(problem.get("message") or "")
        template = str(problem.get("template") or "")
        params = problem.get("params") or ()
    else:
        message, template, params = problem.message, problem.template, problem.params
    if not template:
        return tr(message)
    try:
        values = {str(name): _shown(str(name), value) for name, value in params}
        return gettext(template) % values
    except (KeyError, TypeError, ValueError):  # a broken translation: the English is right
        return message


def error_text(error: BaseException) -> str:
    """An error's sentence in the reader's language: a rules-core or storage error's template
    looked up and filled in (cards as the reader's language shows them, an error given as a
    value by its own sentence); any other error's text as it is (the services' are translated
    already)."""
    from .storage.checks import ExchangeError  # storage's errors keep their template too

    if not isinstance(error, ScorekeeperError | ExchangeError):
        return str(error)
    if not error.params:
        return gettext(error.template) if error.template else str(error)
    try:
        values = {
            name: error_text(value) if isinstance(value, BaseException) else _shown(name, value)
            for name, value in error.params
        }
        return gettext(error.template) % values
    except (KeyError, TypeError, ValueError):  # a broken translation: the English is right
        return str(error)


def _shown(name: str, value: object) -> object:
    if not isinstance(value, str):
        return value
    if name == "ruleset_name":  # a preset's name; with house rules, the English stays
        return tr(value)
    return cards_shown(value) if name in _CARD_PARAMS else value


def ruleset_name(ruleset: Ruleset) -> str:
    """The ruleset's name; with house rules, the preset's name and "house rules" translated."""
    preset = PRESETS.get(ruleset.id)
    if preset is None:
        return tr(ruleset.name)
    if ruleset.overrides:
        return gettext(HOUSE_RULES) % {"name": tr(preset.name)}
    return tr(preset.name)


def option_value(name: str, value: object) -> str:
    """A house-rule option's value as a sentence in the reader's language ("Never")."""
    option = OPTIONS.get(name)
    return tr(option.label(value)) if option else str(value)


def house_rule(name: str, value: object) -> str:
    """A house rule as the sheet and the session page say it: "When the Bagatto (T1) may be
    laid aside: Never"; the ids (scarto_bagatto = never) stay in the API."""
    option = OPTIONS.get(name)
    if option is None:
        return f"{name} = {value}"
    return gettext("%(option)s: %(value)s") % {
        "option": tr(option.description),
        "value": option_value(name, value),
    }


def preset_name(ruleset_id: str) -> str:
    """A preset's name from its id (a session list row), in the reader's language."""
    preset = PRESETS.get(ruleset_id)
    return tr(preset.name) if preset else ruleset_id
