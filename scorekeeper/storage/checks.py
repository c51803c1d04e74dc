"""The checks of an import's single fields: each returns the value, or raises ValueError.

An import checks the whole file before it stores anything (exchange.py), so that a file edited by
hand or written by another program is refused with what is wrong and where, rather than stored as
a session the app cannot show or score. A check sees one JSON value, not where it is: ``field``
adds the place (``sessions[0].deals[2].points``) when it turns the ValueError into an
``ExchangeError``. A number must be a whole number SQLite can store; true and false, which Python
counts as numbers, are not. These are checks of shape; what the fields mean (do the points follow
from the input?) is checked by services/importing.py before ``flask import`` stores a file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from typing import TypeGuard

from ..rules import Ruleset

_PROBLEM_FIELDS = {"code", "message", "trick", "template", "params"}
_INT_RANGE = range(-(2**63), 2**63)

Check = Callable[[object], Any]


class ExchangeError(ValueError):
    """A file that cannot be imported, a session that is not there, a copy that cannot be made.

    ``str()`` says what is wrong and where, e.g. ``sessions[0].deals[2].points: must be a list
    of 3 whole numbers``.
    """


def is_int(value: object) -> TypeGuard[int]:
    """A whole number SQLite can store (true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in _INT_RANGE


def integer(value: object) -> int:
    if not is_int(value):
        raise ValueError(f"must be a whole number, not {kind(value)}")
    return value


def positive(value: object) -> int:
    if not is_int(value) or value < 1:
        raise ValueError(f"must be a whole number from 1, not {show(value)}")
    return value


def flag(value: object) -> int:
    if not is_int(value) or value not in (0, 1):
        raise ValueError(f"must be 0 or 1, not {show(value)}")
    return value


def text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"must be text, not {kind(value)}")
    return value


def timestamp(value: object) -> str:
    stamp = text(value)
    try:
        datetime.fromisoformat(stamp)
    except ValueError:
        raise ValueError(f"must be a date and time (ISO 8601), not {stamp!r}") from None
    return stamp


def json_object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"must be an object, not {kind(value)}")
    return value


def optional(check: Check) -> Check:
    def optional(value: object) -> Any:
        return None if value is None else check(value)

    return optional


def one_of(choices: tuple[str, ...]) -> Check:
    def one_of(value: object) -> str:
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}, not {show(value)}")
        return str(value)

    return one_of


def seat(ruleset: Ruleset) -> Check:
    def seat(value: object) -> int:
        if not is_int(value) or not 0 <= value < ruleset.players:
            raise ValueError(f"must be a seat from 0 to {ruleset.players - 1}, not {show(value)}")
        return value

    return seat


def players(ruleset: Ruleset) -> Check:
    def players(value: object) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
            raise ValueError("must be a list of names")
        if len(value) != ruleset.players:
            raise ValueError(f"{ruleset.id} needs {ruleset.players} players, not {len(value)}")
        if not all(value) or len({name.casefold() for name in value}) != len(value):
            raise ValueError("every player needs a name, and no two the same")
        return value

    return players


def side_numbers(ruleset: Ruleset) -> Check:
    def numbers(value: object) -> list[int]:
        if (
            not isinstance(value, list)
            or len(value) != ruleset.sides
            or not all(is_int(item) for item in value)
        ):
            raise ValueError(f"must be a list of {ruleset.sides} whole numbers, one per side")
        return value

    return numbers


def problems(value: object) -> list[dict[str, Any]]:
    """A list of problems as stored: {code, message} and optionally trick, template, params."""
    if not isinstance(value, list):
        raise ValueError(f"must be a list of problems, not {kind(value)}")
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
            raise ValueError(
                f"problem {index} must be an object of code and message (text), "
                "and optionally trick, template and params"
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


def kind(value: object) -> str:
    if value is None:
        return "null"
    return {bool: "true or false", str: "text", list: "a list", dict: "an object"}.get(
        type(value), "a number" if isinstance(value, int | float) else type(value).__name__
    )


def show(value: object) -> str:
    shown = json.dumps(value, ensure_ascii=False) if value is None or _is_simple(value) else ""
    return shown if shown and len(shown) <= 40 else kind(value)


def _is_simple(value: object) -> bool:
    return isinstance(value, str | int | float | bool)


# Where a check failed: the place in the file, for ExchangeError


def record(
    value: object, where: str, required: set[str], optional: frozenset[str] | set[str] = frozenset()
) -> Mapping[str, Any]:
    """An object with the required fields, perhaps the optional ones, and no others."""
    if not isinstance(value, Mapping):
        raise ExchangeError(f"{where}: must be an object, not {kind(value)}")
    missing = sorted(required - set(value))
    if missing:
        raise ExchangeError(f"{where}: missing {', '.join(missing)}")
    unknown = sorted(str(key) for key in set(value) - required - set(optional))
    if unknown:
        raise ExchangeError(f"{where}: unknown field {', '.join(unknown)}")
    return value


def field(fields: Mapping[str, Any], where: str, name: str, check: Check) -> Any:
    """The field checked, or None if it is an optional one left out; ExchangeError if wrong."""
    if name not in fields:
        return None
    try:
        return check(fields[name])
    except ValueError as error:
        raise ExchangeError(f"{where}.{name}: {error}") from None


def items(value: object, where: str) -> list[Any]:
    """A list; ExchangeError if it is anything else."""
    if not isinstance(value, list):
        raise ExchangeError(f"{where}: must be a list, not {kind(value)}")
    return value
