"""A new session's seats and their players: names or ids as given, each person at one seat,
linked when the session is stored (issue "The club's history, trusted": one person, one player,
once)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...storage import players
from ..errors import InputError
from ..text import clean_text


def session_players(db: sqlite_utils.Database, given: object) -> tuple[object, list[Any]]:
    """A new session's players as the API and the forms give them: names (linked by name, made
    when new) or {"id": n}. Returns the names to keep and, for each seat, a player's id or a
    name to link when the session is stored (``link_new``)."""
    if not isinstance(given, list):
        return given, []  # sessions.clean_players says what is wrong
    names: list[object] = []
    links: list[Any] = []
    for entry in given:
        if isinstance(entry, Mapping):
            row = _by_id(db, entry)
            names.append(row["name"])
            links.append(int(row["id"]))
        else:
            names.append(entry)
            # Linked by the name as kept (clean_text): an invisible character typed or pasted
            # (zero-width, bidi, soft hyphen) must not make another player.
            links.append(clean_text(entry) if isinstance(entry, str) else entry)
    return names, links


def link_new(db: sqlite_utils.Database, session_id: int, links: list[Any]) -> None:
    """Link a new session's seats: an id to the player it is now (merged meanwhile, the one it
    went into), a name to its player (made when new). Inside the session's write, so that a
    merge racing it cannot leave the merged player seated."""
    ids = [
        _now_player(db, link) if isinstance(link, int) else players.link_name(db, link)
        for link in links
    ]
    players.link_seats(db, session_id, ids)


def _now_player(db: sqlite_utils.Database, player_id: int) -> int:
    row = players.merged_into(db, players.get(db, player_id))
    return int(row["id"]) if row else player_id


def one_seat_each(db: sqlite_utils.Database, names: list[str], links: list[Any]) -> None:
    """A new session's players are each at one seat: InputError naming the two seats of one
    person (the same player by id, or names that stand for the same player)."""
    seen: dict[object, int] = {}
    for seat, link in enumerate(links):
        if isinstance(link, int):
            person: object = _now_player(db, link)
        elif isinstance(link, str) and not players.is_placeholder(link):
            found = players.find_by_key(db, players.name_key(link))
            person = int(found["id"]) if found else players.name_key(link)
        else:
            continue
        if person in seen:
            first = seen[person]
            raise InputError(
                _(
                    "%(first)s (seat %(a)s) and %(second)s (seat %(b)s) are one player: one "
                    "person sits at one seat",
                    first=names[first],
                    a=first + 1,
                    second=names[seat],
                    b=seat + 1,
                ),
                "players",
            )
        seen[person] = seat


def _by_id(db: sqlite_utils.Database, entry: Mapping[str, Any]) -> dict[str, Any]:
    player_id = entry.get("id")
    if set(entry) != {"id"} or not isinstance(player_id, int) or isinstance(player_id, bool):
        raise InputError(_('a player is a name or {"id": n}'), "players")
    row = players.get(db, player_id) if 0 < player_id < 2**63 else None
    if row is None or row["merged_into"] is not None:
        raise InputError(_("no player %(id)s", id=player_id), "players")
    return row
