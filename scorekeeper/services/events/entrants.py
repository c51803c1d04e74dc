"""An event's entrants as the API and the pages give them: a player (3-player rulesets, three
entrants a table) or a couple of two players with a name (Piedicavallo, two couples a table).
A player is a name (linked by name, made when new) or {"id": n}; one person enters once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...rules import Ruleset
from ...storage import events
from ...storage import players
from ..errors import InputError
from ..players.seating import session_players
from ..text import MAX_LABEL
from ..text import MAX_NAME
from ..text import clean_text

MAX_ENTRANTS = 200
"""Entrants of one event: a large club's championship is a few dozen; the draw's cost and the
pages stay small within this (bench/draw.py: 140 entrants in 23 ms)."""


@dataclass(frozen=True)
class NewEntrant:
    name: str
    names: tuple[str, ...]
    """Its players' names: one, or a couple's two."""
    links: tuple[Any, ...]
    """Each player's id, or a name to link when stored."""


def per_table(ruleset: Ruleset) -> int:
    """Entrants at a table: three players, or two couples."""
    return 2 if ruleset.teams else ruleset.players


def read_entrants(
    db: sqlite_utils.Database, given: object, ruleset: Ruleset, field: str = "entrants"
) -> list[NewEntrant]:
    """The entrants of a body's list, checked: InputError at ``field`` for the first fault."""
    if not isinstance(given, list):
        raise InputError(_("%(field)s must be a list of entrants", field=field), field)
    if len(given) > MAX_ENTRANTS:
        raise InputError(_("an event has at most %(n)s entrants", n=MAX_ENTRANTS), field)
    try:
        read = [_entrant(db, entry, ruleset, field) for entry in given]
    except InputError as error:  # a player's reader names "players": here they are entrants
        raise InputError(str(error), field) from None
    if len({entrant.name.casefold() for entrant in read}) != len(read):
        raise InputError(_("two entrants have the same name"), field)
    return read


def _entrant(db: sqlite_utils.Database, entry: object, ruleset: Ruleset, field: str) -> NewEntrant:
    if not ruleset.teams:
        names, links = session_players(db, [entry])
        return NewEntrant(_name(names, field), (_name(names, field),), tuple(links))
    if not isinstance(entry, Mapping) or set(entry) - {"name", "players"}:
        raise InputError(_('a couple is {"name", "players": [player, player]}'), field)
    given = entry.get("players")
    if not isinstance(given, list) or len(given) != 2:
        raise InputError(_("a couple is two players"), field)
    names, links = session_players(db, given)
    couple = tuple(_name([name], field) for name in names)  # type: ignore[attr-defined]
    name = entry.get("name") or f"{couple[0]} & {couple[1]}"
    if not isinstance(name, str) or not clean_text(name) or len(clean_text(name)) > MAX_LABEL:
        raise InputError(
            _("a couple's name is text of at most %(n)s characters", n=MAX_LABEL), field
        )
    return NewEntrant(clean_text(name), couple, tuple(links))


def _name(names: object, field: str) -> str:
    name = names[0] if isinstance(names, list) and names else None
    if not isinstance(name, str) or not clean_text(name):
        raise InputError(_("every entrant needs a name"), field)
    if len(clean_text(name)) > MAX_NAME:
        raise InputError(_("a name may have at most %(n)s characters", n=MAX_NAME), field)
    return clean_text(name)


def person_key(db: sqlite_utils.Database, link: Any) -> object:
    """Who a link stands for: a player's id (the one merged into), or a new name's key."""
    if isinstance(link, int):
        row = players.get(db, link)
        merged = players.merged_into(db, row) if row else None
        return int(merged["id"]) if merged else link
    found = players.find_by_key(db, players.name_key(link))
    return int(found["id"]) if found else players.name_key(link)


def one_entry_each(
    db: sqlite_utils.Database, new: list[NewEntrant], kept: list[dict[str, Any]], field: str
) -> None:
    """Each person enters the event once: InputError naming the one who would enter twice."""
    seen: set[object] = {pid for row in kept for pid in row["player_ids"] if pid is not None}
    names = {row["name"].casefold() for row in kept}
    for entrant in new:
        if entrant.name.casefold() in names:
            raise InputError(_("%(name)s has entered already", name=entrant.name), field)
        names.add(entrant.name.casefold())
        for name, link in zip(entrant.names, entrant.links, strict=True):
            if isinstance(link, str) and players.is_placeholder(link):
                continue
            person = person_key(db, link)
            if person in seen:
                raise InputError(_("%(name)s has entered already", name=name), field)
            seen.add(person)


def store_entrants(
    db: sqlite_utils.Database, event_id: int, new: list[NewEntrant], first_no: int, round_no: int
) -> list[int]:
    """Store checked entrants, numbered from ``first_no``, drawn from round ``round_no`` on;
    inside the caller's write. Their players are linked now (made when new)."""
    numbers = []
    for no, entrant in enumerate(new, start=first_no):
        ids = [
            _now_player(db, link) if isinstance(link, int) else players.link_name(db, link)
            for link in entrant.links
        ]
        row = {
            "no": no,
            "name": entrant.name,
            "player_ids": ids,
            "player_names": list(entrant.names),
            "joined_at": round_no,
        }
        events.insert_entrant(db, event_id, row)
        numbers.append(no)
    return numbers


def _now_player(db: sqlite_utils.Database, player_id: int) -> int:
    key = person_key(db, player_id)
    return key if isinstance(key, int) else player_id
