"""Problems an audit finds: a stable code for programs and a plain sentence for the table.

The sentence is English. So that the app can show it in the reader's language, a problem built
with ``problem()`` also keeps its English template (``%(name)s`` placeholders) and the values
that fill it; the web layer looks the template up in its catalogue and fills in the same values.
Parameters are only names, card labels, numbers and lists of those: every word is in a template.

``problem()`` (its second argument) and ``translatable()`` mark the English strings for Babel's
extraction (``make translations``); the rules core itself translates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ScorekeeperError

Params = tuple[tuple[str, str | int], ...]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a deal, a count or a scarto."""

    code: str
    """Stable identifier, e.g. ``card-missing``, ``scarto-illegal``."""
    message: str
    """A sentence anyone at the table can follow, in English."""
    trick: int | None = None
    """The trick it happened in, counted from 1, where the problem is in the play."""
    template: str = ""
    """The English message with ``%(name)s`` placeholders; empty when there is none."""
    params: Params = ()
    """The values for the template's placeholders, as (name, value) pairs."""

    def __post_init__(self) -> None:
        # Stored as JSON, the pairs come back as lists: make them tuples again.
        if not isinstance(self.params, tuple) or not all(
            isinstance(pair, tuple) for pair in self.params
        ):
            pairs = tuple((str(name), value) for name, value in self.params)
            object.__setattr__(self, "params", pairs)

    def __str__(self) -> str:
        return self.message


def problem(code: str, template: str, *, trick: int | None = None, **params: str | int) -> Problem:
    """A problem whose English message is ``template % params``, keeping both for translation."""
    return Problem(code, template % params, trick, template, tuple(params.items()))


def error_problem(code: str, error: ScorekeeperError) -> Problem:
    """A problem that says what a rules-core error says, with its template and values (an
    error given as a value is kept as its English sentence)."""
    params = tuple(
        (name, value if isinstance(value, str | int) else str(value))
        for name, value in error.params
    )
    return Problem(code, str(error), None, error.template if params else "", params)


def translatable(text: str) -> str:
    """Mark a static English string for translation (Babel extracts it); returns it unchanged."""
    return text
