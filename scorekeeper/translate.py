"""The rules core's English in the reader's language: problems, ruleset names, option texts.

The rules core stays free of Flask-Babel: it keeps each problem's English template and values
(rules/problem.py) and marks its static strings with ``translatable()``. Here they are looked up
in the catalogue; outside a request, or for a string the catalogue lacks, the English stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from .rules import PRESETS
from .rules import Problem
from .rules import Ruleset
from .rules.ruleset import HOUSE_RULES


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
        return gettext(template) % {str(name): value for name, value in params}
    except (KeyError, TypeError, ValueError):  # a broken translation: the English is right
        return message


def ruleset_name(ruleset: Ruleset) -> str:
    """The ruleset's name; with house rules, the preset's name and "house rules" translated."""
    preset = PRESETS.get(ruleset.id)
    if preset is None:
        return tr(ruleset.name)
    if ruleset.overrides:
        return gettext(HOUSE_RULES) % {"name": tr(preset.name)}
    return tr(preset.name)
