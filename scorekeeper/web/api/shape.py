"""The JSON API's request bodies held to the OpenAPI description, the one place their shapes are
written: the keys each body takes and the sizes of its lists, objects and texts are read from
openapi.json (``additionalProperties: false``, ``maxItems``, ``maxProperties``, ``maxLength``),
not written again here.

The services read the keys they need and used to pass over the rest, so a misspelt key
("last_trick_winer") was dropped without a word, and a pile of 200 cards was audited: the API
refuses such a body with a 400 naming the key or the list. The pages' forms build the same
dicts from fields of their own and are not checked here.

Every size is checked before anything goes over a list's items: a body the size limit allows
holds tens of thousands of codes, and the work on it must stay that of the largest real deal.

A body of several forms (a deal of points, counters, piles or play; a count of a pile or of
groups) is held to the branch of its form; a key of another form may be given as null, which
counts as absent. A body in no form, or in two, is held to its sizes only, and its reader says
what is wrong. Where the description's branches differ by the number of players (a session, an
audit), the sizes are the larger's: the ruleset's reader then says how many its table has.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from collections.abc import Mapping
from functools import cache
from typing import Any
from typing import NamedTuple

from flask_babel import gettext as _

from ...services import InputError
from .openapi import description

SHOWN_KEYS = 5
"""Unexpected keys named in a refusal; the others are counted."""
DEAL_FORMS = {
    "points": "Points per seat",
    "counters": "Quick count: counters, tricks, the Fool's trick",
    "piles": "Full piles and the scarto",
    "play": "Every trick in order of play and the scarto",
}
ABSENT = {"$ref": "#/components/schemas/Absent"}


def count_body(body: Mapping[str, Any]) -> None:
    """A pile to count ("cards"), or a count to check ("groups" and "claimed")."""
    form = "Count a pile" if body.get("groups") is None else "Check a count made at the table"
    check(body, "CountRequest", form)


def deal_body(body: Mapping[str, Any], schema: str = "DealInput") -> None:
    """A deal's input to record ("DealInput"), correct ("DealCorrection"), audit
    ("AuditRequest") or replay ("ReplayRequest": a play only)."""
    if schema == "ReplayRequest":
        check(body, schema)
        return
    given = [name for name in DEAL_FORMS if body.get(name) is not None]
    title = DEAL_FORMS[given[0] if len(given) == 1 else "play"]
    if schema == "AuditRequest":  # the sizes of both tables: the ruleset's reader says which
        titles: tuple[str, ...] = (f"{title} (three players)", f"{title} (Piedicavallo)")
        check(body, schema, *titles, sizes_only=len(given) != 1)
        return
    check(body, schema, title, sizes_only=len(given) != 1)


def session_body(body: Mapping[str, Any]) -> None:
    """A new session: its keys, house rules as JSON values, names and labels in length."""
    check(body, "SessionRequest", "Three players", "Four players in two teams")


def check(body: Mapping[str, Any], schema: str, *branches: str, sizes_only: bool = False) -> None:
    """Refuse the body where it breaks the schema (or its branches of those titles, each size
    the largest they allow): a key it does not take, a house rule given as the wrong JSON type,
    a version sent as text, a list, object or text longer than it allows."""
    if not sizes_only:
        taken, absent = _keys(schema, branches)
        only(body, taken, absent)
        _options(body)
        if "version" in taken and isinstance(body.get("version"), str):  # "3", not 3
            raise InputError(_("version must be a whole number"), "version")
    for key, sizes in _sizes(schema, branches).items():
        _within(body.get(key), sizes, [key])


def only(body: Mapping[str, Any], allowed: Iterable[str], absent: Iterable[str] = ()) -> None:
    """Refuse a key the description does not name here; those in ``absent`` may be null."""
    allowed, absent = set(allowed), set(absent)
    nulls = {key for key in absent if key in body and body[key] is None}
    unknown = sorted(body.keys() - allowed - nulls)  # set operations: no Python call per key
    if unknown:
        named = ", ".join(unknown[:SHOWN_KEYS])
        if len(unknown) > SHOWN_KEYS:
            named = _("%(keys)s and %(n)s more", keys=named, n=len(unknown) - SHOWN_KEYS)
        takes = ", ".join(sorted(allowed))
        message = _("unexpected key %(keys)s: this body takes %(takes)s", keys=named, takes=takes)
        raise InputError(message, unknown[0])


def _options(body: Mapping[str, Any]) -> None:
    """House rules as JSON values: 21 and true, not the "21" and "true" a page's form sends.

    The rules core reads both (its options come from forms and query strings too), but the
    description gives each option its JSON type, and a quoted number is a client's mistake. A
    value of the right type out of range is the ruleset's to refuse, in its own words.
    """
    given = body.get("options")
    if not isinstance(given, Mapping):
        return  # the ruleset's reader says what is wrong
    options = _schemas()["Options"]["properties"]
    if len(given) > len(options):
        message = _(
            "options: %(n)s house rules, but there are only %(most)s",
            n=len(given),
            most=len(options),
        )
        raise InputError(message, "options")
    for name, value in given.items():
        values = options.get(name, {}).get("enum")
        if values and isinstance(value, str) != isinstance(values[0], str):
            allowed = ", ".join(json.dumps(v) for v in values)
            message = _("option %(name)s must be one of %(allowed)s", name=name, allowed=allowed)
            raise InputError(message, "options")


class Sizes(NamedTuple):
    """What the description allows a value: a list's items, an object's keys, a text's length
    (None: no limit), and the sizes of a list's items (None: nothing to check in them)."""

    items: int | None
    keys: int | None
    length: int | None
    each: Sizes | None


def _within(value: object, sizes: Sizes, path: list[Any]) -> None:
    """Refuse a list, object or text longer than the description allows, then each item of a
    list in turn (the list's own length checked first, so its items are few)."""
    if isinstance(value, list | Mapping):
        most = sizes.keys if isinstance(value, Mapping) else sizes.items
        if most is not None and len(value) > most:
            raise InputError(_too_many(path, most, len(value)), _field(path))
        if isinstance(value, list) and sizes.each is not None:
            for index, item in enumerate(value):
                _within(item, sizes.each, [*path, index])
    elif isinstance(value, str) and sizes.length is not None and len(value) > sizes.length:
        field = _field(path)
        raise InputError(
            _("%(field)s may have at most %(n)s characters", field=field, n=sizes.length), field
        )


def _too_many(path: list[Any], most: int, given: int) -> str:
    """A list (or an object) longer than the description allows; a trick of a play is named
    by its number, from 1."""
    if len(path) == 2 and path[0] == "play":
        template = _("trick %(trick)s may have at most %(n)s items, not %(given)s")
        return template % {"trick": path[1] + 1, "n": most, "given": given}
    template = _("%(field)s may have at most %(n)s items, not %(given)s")
    return template % {"field": _field(path), "n": most, "given": given}


def _field(path: list[Any]) -> str:
    """A place in the body as the API names it: piles[0], players[2], options."""
    return str(path[0]) + "".join(f"[{step}]" for step in path[1:])


# Reading the description: schemas through their $ref, and the alternatives of a oneOf or anyOf.


@cache
def _schemas() -> dict[str, Any]:
    schemas: dict[str, Any] = description()["components"]["schemas"]
    return schemas


def _resolved(node: Mapping[str, Any]) -> Mapping[str, Any]:
    while "$ref" in node:
        beside = {key: value for key, value in node.items() if key != "$ref"}
        node = {**_schemas()[node["$ref"].rsplit("/", 1)[1]], **beside}
    return node


def _alternatives(node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The schemas a value may match: the node itself, or each of its oneOf or anyOf."""
    node = _resolved(node)
    choices = node.get("oneOf") or node.get("anyOf")
    if not choices:
        return [node]
    return [found for choice in choices for found in _alternatives(choice)]


def _largest(node: Mapping[str, Any], keyword: str, kind: str) -> int | None:
    """The largest size the alternatives of this JSON type allow; None where one sets none."""
    limits = [choice.get(keyword) for choice in _alternatives(node) if kind in _types(choice)]
    found = [int(limit) for limit in limits if limit is not None]
    if not limits or len(found) < len(limits):
        return None
    return max(found)


def _sizes_of(node: Mapping[str, Any]) -> Sizes | None:
    """The sizes the description allows a value of this schema; None if it sets none."""
    items = _items(node)
    sizes = Sizes(
        _largest(node, "maxItems", "array"),
        _largest(node, "maxProperties", "object"),
        _largest(node, "maxLength", "string"),
        _sizes_of(items) if items is not None else None,
    )
    return None if sizes == Sizes(None, None, None, None) else sizes


@cache
def _keys(schema: str, branches: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    """The keys a body takes, and those of other forms it may give as null."""
    properties = _properties(schema, branches)
    absent = frozenset(key for key, value in properties.items() if value == ABSENT)
    return frozenset(properties) - absent, absent


@cache
def _sizes(schema: str, branches: tuple[str, ...]) -> dict[str, Sizes]:
    """The sizes of each key of a body's schema (or branches) that has any, worked out once."""
    found = {key: _sizes_of(node) for key, node in _properties(schema, branches).items()}
    return {key: sizes for key, sizes in found.items() if sizes is not None}


def _items(node: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The schema of a list's items, where an alternative is a list."""
    lists = (choice for choice in _alternatives(node) if isinstance(choice.get("items"), dict))
    return next((choice["items"] for choice in lists), None)


def _types(node: Mapping[str, Any]) -> set[str]:
    """The JSON types a schema allows: as given, or told by its keywords."""
    given = node.get("type")
    if given is not None:
        return {given} if isinstance(given, str) else set(given)
    if "items" in node or "maxItems" in node:
        return {"array"}
    if "properties" in node or "maxProperties" in node:
        return {"object"}
    return {"string"} if "maxLength" in node or "pattern" in node else set()


@cache
def _properties(schema: str, branches: tuple[str, ...]) -> dict[str, Any]:
    """The properties of a body's schema, or of its branches of those titles: a key's schema
    in several branches is any of them (the same keys are absent in each)."""
    node = _schemas()[schema]
    if not branches:
        properties: dict[str, Any] = node["properties"]
        return properties
    chosen = [option for option in node["oneOf"] if option.get("title") in branches]
    merged: dict[str, Any] = {}
    for option in chosen:
        for key, value in option["properties"].items():
            merged.setdefault(key, []).append(value)
    return {
        key: values[0] if len(values) == 1 or values[0] == ABSENT else {"anyOf": values}
        for key, values in merged.items()
    }
