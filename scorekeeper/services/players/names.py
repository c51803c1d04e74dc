"""The names a new session or a new player brings: which are new to the club, and which look
like a player's name without being it ("Аnna" written with a Cyrillic А beside Anna), to be
confirmed before they are added."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils
from confusable_homoglyphs import confusables
from flask_babel import gettext as _

from ...rules.problem import Problem
from ...rules.problem import problem
from ...rules.problem import translatable
from ...storage import players
from ..errors import ConflictError
from ..errors import InputError
from ..text import clean_text

LOOK_ALIKE = translatable(
    "“%(name)s” looks like %(player)s, a player already, but is written with other letters"
)


class LookAlikeError(ConflictError):
    """A new name that looks like a player's without being it ("Аnna" written with a Cyrillic А
    beside Anna): added only when the keeper confirms it is another person (HTTP 409)."""

    def __init__(self, alike: Mapping[str, str]) -> None:
        self.problems: tuple[Problem, ...] = tuple(
            problem("look-alike-name", LOOK_ALIKE, name=name, player=player)
            for name, player in alike.items()
        )
        said = "; ".join(_(LOOK_ALIKE, name=name, player=player) for name, player in alike.items())
        super().__init__(_("%(said)s: confirm that it is another person to add it", said=said))


def new_names(db: sqlite_utils.Database, names: list[str]) -> list[str]:
    """The names a new session would add as players: not a player's name (case and accents
    ignored, nor one merged into another) and not a placeholder such as "Player 2"."""
    found: list[str] = []
    keys: set[str] = set()
    for name in names:
        text = clean_text(name)
        key = players.name_key(text)
        if not text or players.is_placeholder(text) or key in keys:
            continue
        keys.add(key)
        if players.find_by_key(db, key) is None:
            found.append(text)
    return found


def look_alikes(
    db: sqlite_utils.Database, names: list[str], player_id: int | None = None
) -> dict[str, str]:
    """Each new name that looks like a player's name without being it ("Аnna" written with a
    Cyrillic А beside Anna), with that player's name: Unicode's confusables (UTS #39) read
    each letter as the Latin one it is taken for. A player renamed (``player_id``) may look
    like himself."""
    alike: dict[str, str] = {}
    for name in names:
        found = players.find_by_key(db, players.name_key(_latin_skeleton(name)))
        if found is None or players.name_key(name) == found["name_key"]:
            continue
        if found["id"] != player_id:
            alike[name] = found["name"]
    return alike


def confirmed_look_alikes(body: Mapping[str, Any]) -> bool:
    """The request's confirm_look_alikes: true or false (false when left out)."""
    confirmed = body.get("confirm_look_alikes", False)
    if not isinstance(confirmed, bool):
        raise InputError(_("confirm_look_alikes must be true or false"), "confirm_look_alikes")
    return confirmed


def refuse_look_alikes(
    db: sqlite_utils.Database, names: list[str], confirmed: bool, player_id: int | None = None
) -> None:
    """LookAlikeError for the new names that look like a player's, unless ``confirmed``."""
    alike = {} if confirmed else look_alikes(db, names, player_id)
    if alike:
        raise LookAlikeError(alike)


def _latin_skeleton(name: str) -> str:
    """The name with every letter that looks like a Latin one written as that one."""
    found = confusables.is_confusable(name, greedy=True, preferred_aliases=["latin"]) or []
    swaps = {entry["character"]: entry["homoglyphs"][0]["c"] for entry in found}
    return "".join(swaps.get(char, char) for char in name)
