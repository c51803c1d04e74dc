"""The persons at a session's seats in an export (storage/exchange.py ``seats``): written out,
checked, and seated again on import.

A seat's person is the player linked to it, whose name a merge or a seat linked by hand may have
made other than the name written at the seat: an import seats that person, found by name as a
new session's players are, or made with his nickname and archived flag, and never one person at
two seats. A file without ``seats`` (older) has its seats linked by the names written.

A person's ``merged`` are the names merged into him: an import makes each name it does not know a
player merged into him (found again when typed), and a seat written with such a name is one that
merge moved, so that undoing the merge here moves it back as it would have there.
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
    sql = sql.replace("players.archived", "players.archived, players.id")
    return [
        {"name": name, "nickname": nickname or "", "archived": archived} | _merged(db, player_id)
        if name
        else None
        for name, nickname, archived, player_id in db.execute(sql, [session_id])
    ]


def _merged(db: sqlite_utils.Database, player_id: int) -> dict[str, list[str]]:
    names = people.merged_names(db, player_id)
    return {"merged": names} if names else {}


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
            fields = record(entry, where, {"name"}, optional={"nickname", "archived", "merged"})
            name = _name(field(fields, where, "name", text), f"{where}.name")
            nickname = field(fields, where, "nickname", optional(text)) or ""
            archived = field(fields, where, "archived", optional(flag)) or 0
            merged = _merged_names(fields.get("merged", []), f"{where}.merged")
            person = {"name": name, "nickname": nickname[:40], "archived": archived}
            persons.append(person | {"merged": merged})
        # A person's names, his own and those merged into him, are his alone.
        keys = [people.name_key(name) for p in persons if p for name in [p["name"], *p["merged"]]]
        if len(set(keys)) != len(keys):
            raise ExchangeError(translatable("one person sits at two seats"))
        return persons

    return seats


MAX_MERGED = 100
"""Names merged into one person, in an import: a club's spellings of one name are a few."""


def _name(value: str, where: str) -> str:
    if not value.strip() or len(value) > 40:
        raise refusal(where, translatable("must be a name of 1 to 40 characters"))
    return value


def _merged_names(value: object, where: str) -> list[str]:
    """The names merged into a person: a list of at most MAX_MERGED names."""
    if not isinstance(value, list) or len(value) > MAX_MERGED:
        template = translatable("must be a list of at most %(most)s names")
        raise refusal(where, template, most=MAX_MERGED)
    return [_name(text(name), f"{where}[{index}]") for index, name in enumerate(value)]


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
        chosen = int(found["id"])
    else:
        chosen = people.insert(db, name, person["nickname"])
        if person["archived"]:
            people.update(db, chosen, {"archived": 1})
    for alias in person.get("merged", []):  # a name this database does not know yet
        alias = " ".join(alias.split())
        if people.holder(db, people.name_key(alias)) is None:
            people.merge(db, people.insert(db, alias), chosen)
    return chosen


def note_merged_seats(
    db: sqlite_utils.Database, session_id: int, names: list[str], linked: list[int | None]
) -> None:
    """Each seat written with the name of a player merged into the person seated there is one
    that merge moved (players.note_merged_seat)."""
    for seat, (name, player) in enumerate(zip(names, linked, strict=True)):
        written = people.holder(db, people.name_key(name))
        if player is None or written is None or written["id"] == player:
            continue
        went_into = people.merged_into(db, written)
        if went_into is not None and went_into["id"] == player:
            people.note_merged_seat(db, written["id"], session_id, seat)
