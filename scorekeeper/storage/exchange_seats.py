"""The persons at a session's seats in an export (storage/exchange.py ``seats``): written out,
checked, and seated again on import.

A seat's person is the player linked to it, whose name a merge or a seat linked by hand may have
made other than the name written at the seat: an import seats that person, found by name as a
new session's players are, or made with his nickname and archived flag, and never one person at
two seats. A file without ``seats`` (older) has its seats linked by the names written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils

from ..rules import Ruleset
from ..rules.problem import translatable
from . import players as people
from .checks import Check
from .checks import ExchangeError
from .checks import field
from .checks import flag
from .checks import optional
from .checks import record
from .checks import refusal
from .checks import text


def exported_seats(db: sqlite_utils.Database, session_id: int) -> list[dict[str, Any] | None]:
    """The person at each seat: the player's name (which may differ from the name written at
    the seat: a merge, a seat linked by hand), nickname and archived flag; None for nobody."""
    sql = """
        select players.name, players.nickname, players.archived from session_players
        left join players on players.id = session_players.player_id
        where session_players.session_id = ? order by session_players.seat
    """
    return [
        {"name": name, "nickname": nickname or "", "archived": archived} if name else None
        for name, nickname, archived in db.execute(sql, [session_id])
    ]


def seats_check(ruleset: Ruleset) -> Check:
    """The person at each seat (an export's ``seats``): null for nobody, or the player's name
    (as a new player's, at most 40 characters), nickname and archived flag; no two the same."""

    def seats(value: object) -> list[dict[str, Any] | None]:
        if not isinstance(value, list) or len(value) != ruleset.players:
            raise ExchangeError(
                translatable("must be a list of %(players)s seats"), players=ruleset.players
            )
        persons: list[dict[str, Any] | None] = []
        for index, entry in enumerate(value):
            if entry is None:
                persons.append(None)
                continue
            where = f"seats[{index}]"
            fields = record(entry, where, {"name"}, optional={"nickname", "archived"})
            name = field(fields, where, "name", text)
            if not name.strip() or len(name) > 40:
                raise refusal(f"{where}.name", translatable("must be a name of 1 to 40 characters"))
            nickname = field(fields, where, "nickname", optional(text)) or ""
            archived = field(fields, where, "archived", optional(flag)) or 0
            persons.append({"name": name, "nickname": nickname[:40], "archived": archived})
        keys = [people.name_key(person["name"]) for person in persons if person]
        if len(set(keys)) != len(keys):
            raise ExchangeError(translatable("one person sits at two seats"))
        return persons

    return seats


def imported_seats(
    db: sqlite_utils.Database, names: list[str], persons: list[dict[str, Any] | None] | None
) -> list[int | None]:
    """Each seat's player: the person the export names (found by name, as a new session's seats
    are, or made with his nickname and archived flag), else the player the written name stands
    for; never one person at two seats."""
    if persons is None:
        linked = [people.link_name(db, name) for name in names]
    else:
        linked = [None if person is None else _person(db, person) for person in persons]
    seated = [player for player in linked if player is not None]
    if len(set(seated)) != len(seated):
        raise ExchangeError(
            translatable("%(names)s: one person would sit at two seats"), names=", ".join(names)
        )
    return linked


def _person(db: sqlite_utils.Database, person: Mapping[str, Any]) -> int:
    name = " ".join(person["name"].split())
    found = people.find_by_key(db, people.name_key(name))
    if found is not None:
        return int(found["id"])
    made = people.insert(db, name, person["nickname"])
    if person["archived"]:
        people.update(db, made, {"archived": 1})
    return made
