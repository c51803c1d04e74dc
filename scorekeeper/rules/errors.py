"""Errors of the rules core: syntax (notation) apart from rules (rulesets, deals).

Like a problem (problem.py), an error keeps its English template (``%(name)s`` placeholders,
marked with ``translatable()`` for Babel) and the values that fill it, so that the app can say
it in the reader's language (scorekeeper/translate.py ``error_text``); ``str()`` is the English.
A value may be another error, whose sentence is filled in: "line 3: %(problem)s".
"""

from __future__ import annotations

from typing import TypeAlias

ErrorParam: TypeAlias = "str | int | ScorekeeperError"


class ScorekeeperError(ValueError):
    """Base of every error the rules core raises."""

    template: str
    """The English sentence with ``%(name)s`` placeholders (the whole sentence without params)."""
    params: tuple[tuple[str, ErrorParam], ...]
    """The values for the template's placeholders, as (name, value) pairs."""

    def __init__(self, template: str, /, **params: ErrorParam) -> None:
        self.template = template
        self.params = tuple(params.items())
        english = {name: _english(value) for name, value in self.params}
        super().__init__(template % english if params else template)


class InvalidNotationError(ScorekeeperError):
    """A card code or a deal record that cannot be read."""


class InvalidRulesetError(ScorekeeperError):
    """An unknown ruleset id, an unknown option, or a value the option does not take."""


class IllegalDealError(ScorekeeperError):
    """Input that cannot be scored at all (wrong number of players, seats out of range...)."""


def _english(value: ErrorParam) -> str | int:
    return str(value) if isinstance(value, ScorekeeperError) else value
