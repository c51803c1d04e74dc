"""The JSON API's request bodies held to the OpenAPI description: its keys and its list sizes.

The services read the keys they need and used to pass over the rest, so a misspelt key
("last_trick_winer") was dropped without a word, and a pile of 200 cards was audited. The
description (openapi.json) forbids both (``additionalProperties: false``, ``maxItems``), and
clients rely on it: the API refuses such a body with a 400 naming the key. The pages' forms build
the same dicts from fields of their own and are not checked here.

Every size is checked before anything goes over a list's items: a body the size limit allows
holds tens of thousands of codes, and the work on it must stay that of the largest real deal.

A deal's keys depend on its form (the one of points, counters, piles or play that is not null);
a key of another form may be given as null, which counts as absent.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from ...rules import PRESETS
from ...rules.options import OPTIONS
from ...services import InputError
from ...services.sessions.lifecycle import MAX_LABEL
from ...services.sessions.lifecycle import MAX_NAME

MAX_CARDS = 78
"""The whole deck: no pile, scarto, group or trick list of the description holds more."""
MAX_PLAYERS = 4
"""No ruleset has more than four players: piles, points, tricks won and names per seat."""
MAX_TRICK = MAX_PLAYERS
"""A trick has a card from each player."""
MAX_TRICKS = max(ruleset.tricks_per_deal for ruleset in PRESETS.values())
"""A play has at most a deal's tricks: 25, at a table of three."""
SHOWN_KEYS = 5
"""Unexpected keys named in a refusal; the others are counted."""

FORMS = {
    "points": ("points",),
    "counters": ("counters", "tricks", "fool_trick_winner", "scarto"),
    "piles": ("piles", "scarto"),
    "play": ("play", "scarto"),
}
FORM_KEYS = frozenset(key for keys in FORMS.values() for key in keys)
DEAL_EXTRAS = ("last_trick_winner", "declaration", "dealer", "fool_too_early", "fool_led")
AUDIT_EXTRAS = ("ruleset", "options", "players", "dealer")
SESSION_KEYS = (
    "ruleset",
    "players",
    "first_dealer",
    "options",
    "table_name",
    "place",
    "pin",
    "language",
    "played_on",
)
COUNT_FORMS = {
    "cards": ("ruleset", "options", "cards"),
    "groups": ("ruleset", "options", "groups", "claimed"),
}


def session_body(body: Mapping[str, Any]) -> None:
    """A new session: its keys, house rules as JSON values, names and labels in length.

    The lengths are the description's ``maxLength`` of the text as sent; the services measure
    the text once normalised, which can only be shorter.
    """
    only(body, SESSION_KEYS)
    options(body)
    players = body.get("players")
    _at_most(players, "players", MAX_PLAYERS)
    if isinstance(players, list):
        for seat, name in enumerate(players):
            _longest(name, f"players[{seat}]", MAX_NAME)
    for field in ("table_name", "place"):
        _longest(body.get(field), field, MAX_LABEL)


def options(body: Mapping[str, Any]) -> None:
    """House rules as JSON values: 21 and true, not the "21" and "true" a page's form sends.

    The rules core reads both (its options come from forms and query strings too), but the
    description gives each option its JSON type, and a quoted number is a client's mistake.
    """
    given = body.get("options")
    if not isinstance(given, Mapping):
        return  # the ruleset's reader says what is wrong
    if len(given) > len(OPTIONS):
        raise InputError(
            _(
                "options: %(n)s house rules, but there are only %(most)s",
                n=len(given),
                most=len(OPTIONS),
            ),
            "options",
        )
    for name, value in given.items():
        option = OPTIONS.get(name)
        if option is not None and isinstance(value, str) != isinstance(option.values[0], str):
            allowed = ", ".join(json.dumps(v) for v in option.values)
            raise InputError(
                _("option %(name)s must be one of %(allowed)s", name=name, allowed=allowed),
                "options",
            )


def deal_body(body: Mapping[str, Any], *extras: str, form: str | None = None) -> None:
    """A deal's input (with ``extras``, e.g. "version"): only its form's keys, lists in size.

    ``form`` fixes the form (the replay takes a play only); otherwise it is the form given.
    A body in no form, or in two, is left to ``parse_deal_input``, which says what is wrong.
    """
    given = [name for name in FORMS if body.get(name) is not None]
    if form is None:
        if len(given) != 1:
            _deal_sizes(body)  # the keys are left to parse_deal_input, the sizes are not
            return
        form = given[0]
    only(body, (*FORMS[form], *DEAL_EXTRAS, *extras), absent=FORM_KEYS)
    options(body)
    if isinstance(body.get("version"), str):  # a query string's "3", not JSON's 3
        raise InputError(_("version must be a whole number"), "version")
    _deal_sizes(body)


def _deal_sizes(body: Mapping[str, Any]) -> None:
    """Each list and object of a deal no larger than the description allows, the lists'
    lengths checked before their items are."""
    for field in ("points", "tricks", "players"):
        _at_most(body.get(field), field, MAX_PLAYERS)
    _at_most(body.get("counters"), "counters")
    _at_most(body.get("scarto"), "scarto")
    piles = body.get("piles")
    _at_most(piles, "piles", MAX_PLAYERS)
    if isinstance(piles, list):
        for seat, pile in enumerate(piles):
            _at_most(pile, f"piles[{seat}]")
    play = body.get("play")
    _at_most(play, "play", MAX_TRICKS)
    if isinstance(play, list):
        for number, trick in enumerate(play, start=1):
            _at_most(trick, f"play[{number - 1}]", MAX_TRICK, trick=number)


def count_body(body: Mapping[str, Any]) -> None:
    """A pile to count ("cards"), or a count to check ("groups" and "claimed")."""
    form = "cards" if body.get("groups") is None else "groups"
    only(body, COUNT_FORMS[form])
    options(body)
    if form == "cards":
        _at_most(body.get("cards"), "cards")
        return
    groups = body.get("groups")
    _at_most(groups, "groups")
    _at_most(body.get("claimed"), "claimed")
    if isinstance(groups, list):
        for index, group in enumerate(groups):
            _at_most(group, f"groups[{index}]")


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


def _longest(value: object, field: str, most: int) -> None:
    if isinstance(value, str) and len(value) > most:
        raise InputError(
            _("%(field)s may have at most %(n)s characters", field=field, n=most), field
        )


def _at_most(value: object, field: str, most: int = MAX_CARDS, trick: int | None = None) -> None:
    """Refuse a list (or an object) longer than the description allows; its items are read
    elsewhere. A trick of a play is named by its number, from 1."""
    if isinstance(value, list | Mapping) and len(value) > most:
        if trick is None:
            template = _("%(field)s may have at most %(n)s items, not %(given)s")
        else:
            template = _("trick %(trick)s may have at most %(n)s items, not %(given)s")
        values = {"field": field, "trick": trick, "n": most, "given": len(value)}
        raise InputError(template % values, field)
