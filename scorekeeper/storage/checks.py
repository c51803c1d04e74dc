"""The checks of an import's single fields: each returns the value, or raises ExchangeError.

An import checks the whole file before it stores anything (exchange.py), so that a file edited by
hand or written by another program is refused with what is wrong and where, rather than stored as
a session the app cannot show or score. A check sees one JSON value, not where it is: ``field``
adds the place (``sessions[0].deals[2].points``) in an ``ExchangeError`` that says the check's.
A number must be a whole number SQLite can store; true and false, which Python counts as
numbers, are not. These are checks of shape; what the fields mean (do the points follow
from the input?) is checked by services/sessions/importing.py before ``flask import`` stores a file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from collections.abc import Mapping
from datetime import date
from datetime import datetime
from typing import Any
from typing import TypeAlias
from typing import TypeGuard

from ..rules import Ruleset
from ..rules.problem import translatable

_PROBLEM_FIELDS = {"code", "message", "trick", "template", "params"}
_INT_RANGE = range(-(2**63), 2**63)

Check = Callable[[object], Any]
Param: TypeAlias = "str | int | BaseException"


class ExchangeError(ValueError):
    """A file that cannot be imported, a session that is not there, a copy that cannot be made.

    ``str()`` says what is wrong and where, in English, e.g. ``sessions[0].deals[2].points: must
    be a list of 3 whole numbers``. Like the rules core's errors (rules/errors.py), it keeps its
    English template (``%(name)s`` placeholders, marked with ``translatable()``) and the values
    that fill it, so that the app can say it in the reader's language (translate.py
    ``error_text``). A place in the file is a value, not words: it stays as it is. A value may
    be another error or a ``Phrase``, whose sentence is filled in.
    """

    template: str
    """The English sentence with ``%(name)s`` placeholders (the whole sentence without params)."""
    params: tuple[tuple[str, Param], ...]
    """The values for the template's placeholders, as (name, value) pairs."""
    code: str = ""
    """A stable code for the refusal where it has one (``no-export-in-pdf``), as the API's
    problems carry it; empty for the file's other faults, which its place says."""

    def __init__(self, template: str, /, **params: Param) -> None:
        self.template = template
        self.params = tuple(params.items())
        english = {
            name: str(value) if isinstance(value, BaseException) else value
            for name, value in self.params
        }
        super().__init__(template % english if params else template)


class Phrase(ExchangeError):  # noqa: N818  never raised: part of an error's sentence
    """Words within an error's sentence ("deal 2", "a list"), said in the reader's language
    with it: a value of an ExchangeError, never raised."""


def is_int(value: object) -> TypeGuard[int]:
    """A whole number SQLite can store (true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in _INT_RANGE


def integer(value: object) -> int:
    if not is_int(value):
        raise ExchangeError(translatable("must be a whole number, not %(kind)s"), kind=kind(value))
    return value


def positive(value: object) -> int:
    if not is_int(value) or value < 1:
        raise ExchangeError(
            translatable("must be a whole number from 1, not %(value)s"), value=show(value)
        )
    return value


def flag(value: object) -> int:
    if not is_int(value) or value not in (0, 1):
        raise ExchangeError(translatable("must be 0 or 1, not %(value)s"), value=show(value))
    return value


def text(value: object) -> str:
    if not isinstance(value, str):
        raise ExchangeError(translatable("must be text, not %(kind)s"), kind=kind(value))
    return value


def timestamp(value: object) -> str:
    stamp = text(value)
    try:
        datetime.fromisoformat(stamp)
    except ValueError:
        raise ExchangeError(
            translatable("must be a date and time (ISO 8601), not %(value)s"), value=repr(stamp)
        ) from None
    return stamp


def day(value: object) -> str:
    """A date as YYYY-MM-DD (the day a session was played)."""
    stamp = text(value)
    try:
        ok = len(stamp) == 10 and date.fromisoformat(stamp).isoformat() == stamp
    except ValueError:
        ok = False
    if not ok:
        raise ExchangeError(
            translatable("must be a date (YYYY-MM-DD), not %(value)s"), value=repr(stamp)
        )
    return stamp


def json_object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ExchangeError(translatable("must be an object, not %(kind)s"), kind=kind(value))
    return value


def optional(check: Check) -> Check:
    def optional(value: object) -> Any:
        return None if value is None else check(value)

    return optional


def one_of(choices: tuple[str, ...]) -> Check:
    def one_of(value: object) -> str:
        if value not in choices:
            raise ExchangeError(
                translatable("must be one of %(choices)s, not %(value)s"),
                choices=", ".join(choices),
                value=show(value),
            )
        return str(value)

    return one_of


def seat(ruleset: Ruleset) -> Check:
    def seat(value: object) -> int:
        if not is_int(value) or not 0 <= value < ruleset.players:
            raise ExchangeError(
                translatable("must be a seat from 0 to %(last)s, not %(value)s"),
                last=ruleset.players - 1,
                value=show(value),
            )
        return value

    return seat


def players(ruleset: Ruleset) -> Check:
    def players(value: object) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
            raise ExchangeError(translatable("must be a list of names"))
        if len(value) != ruleset.players:
            raise ExchangeError(
                translatable("%(ruleset)s needs %(players)s players, not %(count)s"),
                ruleset=ruleset.id,
                players=ruleset.players,
                count=len(value),
            )
        if not all(value) or len({name.casefold() for name in value}) != len(value):
            raise ExchangeError(translatable("every player needs a name, and no two the same"))
        return value

    return players


def side_numbers(ruleset: Ruleset) -> Check:
    def numbers(value: object) -> list[int]:
        if (
            not isinstance(value, list)
            or len(value) != ruleset.sides
            or not all(is_int(item) for item in value)
        ):
            raise ExchangeError(
                translatable("must be a list of %(sides)s whole numbers, one per side"),
                sides=ruleset.sides,
            )
        return value

    return numbers


def problems(value: object) -> list[dict[str, Any]]:
    """A list of problems as stored: {code, message} and optionally trick, template, params."""
    if not isinstance(value, list):
        raise ExchangeError(
            translatable("must be a list of problems, not %(kind)s"), kind=kind(value)
        )
    for index, item in enumerate(value):
        if (
            not isinstance(item, dict)
            or not {"code", "message"} <= set(item) <= _PROBLEM_FIELDS
            or not isinstance(item["code"], str)
            or not isinstance(item["message"], str)
            or not (item.get("trick") is None or is_int(item["trick"]))
            or not isinstance(item.get("template", ""), str)
            or not _is_params(item.get("params", []))
        ):
            raise ExchangeError(
                translatable(
                    "problem %(index)s must be an object of code and message (text), "
                    "and optionally trick, template and params"
                ),
                index=index,
            )
    return value


def _is_params(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(pair, list)
        and len(pair) == 2
        and isinstance(pair[0], str)
        and isinstance(pair[1], str | int)
        for pair in value
    )


_KINDS = {
    bool: translatable("true or false"),
    str: translatable("text"),
    list: translatable("a list"),
    dict: translatable("an object"),
}
_NUMBER = translatable("a number")


def kind(value: object) -> str | Phrase:
    """What kind of JSON value it is, in words ("a list"); null as JSON writes it."""
    if value is None:
        return "null"
    if type(value) in _KINDS:
        return Phrase(_KINDS[type(value)])
    return Phrase(_NUMBER) if isinstance(value, int | float) else type(value).__name__


def show(value: object) -> str | Phrase:
    """A short value as JSON writes it, or else what kind of value it is."""
    shown = json.dumps(value, ensure_ascii=False) if value is None or _is_simple(value) else ""
    return shown if shown and len(shown) <= 40 else kind(value)


def _is_simple(value: object) -> bool:
    return isinstance(value, str | int | float | bool)


# Where a check failed: the place in the file, for ExchangeError

AT_PLACE = translatable("%(where)s: %(error)s")
"""The place in the file and what is wrong there, said by an error (or a phrase) of its own."""


def refusal(where: Param, template: str, /, **params: Param) -> ExchangeError:
    """An ExchangeError saying what is wrong (the template, filled in) at a place in the file."""
    return ExchangeError(AT_PLACE, where=where, error=Phrase(template, **params))


def record(
    value: object, where: str, required: set[str], optional: frozenset[str] | set[str] = frozenset()
) -> Mapping[str, Any]:
    """An object with the required fields, perhaps the optional ones, and no others."""
    if not isinstance(value, Mapping):
        raise refusal(where, translatable("must be an object, not %(kind)s"), kind=kind(value))
    missing = sorted(required - set(value))
    if missing:
        raise refusal(where, translatable("missing %(fields)s"), fields=", ".join(missing))
    unknown = sorted(str(key) for key in set(value) - required - set(optional))
    if unknown:
        raise refusal(where, translatable("unknown field %(fields)s"), fields=", ".join(unknown))
    return value


def field(fields: Mapping[str, Any], where: str, name: str, check: Check) -> Any:
    """The field checked, or None if it is an optional one left out; ExchangeError if wrong."""
    if name not in fields:
        return None
    try:
        return check(fields[name])
    except ValueError as error:
        raise ExchangeError(AT_PLACE, where=f"{where}.{name}", error=error) from None


def items(value: object, where: str) -> list[Any]:
    """A list; ExchangeError if it is anything else."""
    if not isinstance(value, list):
        raise refusal(where, translatable("must be a list, not %(kind)s"), kind=kind(value))
    return value
