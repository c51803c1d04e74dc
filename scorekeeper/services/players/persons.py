"""Players as persons: add, rename, archive, merge two spellings of one person and undo it, link
a session's seat by hand; and the players a new session names, by name or by id.

Every change of who sat where changes what the ratings add up: the ratings are worked out again
from the first day it touches (storage/stats/rows.py ``mark_ratings``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...storage import players
from ...storage import repository
from ...storage.stats import rows as results
from ..errors import ConflictError
from ..errors import InputError
from ..errors import NotFoundError
from ..text import MAX_NAME
from ..text import clean_text
from .names import confirmed_look_alikes
from .names import refuse_look_alikes

MAX_NICKNAME = 40


def list_players(db: sqlite_utils.Database, archived: bool = True) -> list[dict[str, Any]]:
    """Every player (not merged into another), by name, with the sessions each played."""
    return players.listing(db, archived)


PAGE_SIZE = 50
"""Players the players page lists at once: a club of thousands is searched and paged."""
MAX_SEARCH = 40


def players_page(
    db: sqlite_utils.Database, search: str, page: int
) -> tuple[list[dict[str, Any]], int]:
    """The players whose name holds ``search`` (case and accents ignored), the ``page``-th
    PAGE_SIZE of them (from 1): the active ones by name, then the archived; and how many match."""
    key = players.name_key(clean_text(search[:MAX_SEARCH]))
    total = players.count_matching(db, key)
    last = max(1, -(-total // PAGE_SIZE))
    page = min(max(page, 1), last)
    return players.page_of(db, key, PAGE_SIZE, (page - 1) * PAGE_SIZE), total


def get_player(db: sqlite_utils.Database, player_id: int) -> dict[str, Any]:
    """A player, or NotFoundError; a merged one too (its page says whom it joined)."""
    row = players.get(db, player_id) if 0 < player_id < 2**63 else None
    if row is None:
        raise NotFoundError(_("no player %(id)s", id=player_id))
    return row


def create_player(db: sqlite_utils.Database, body: Mapping[str, Any]) -> int:
    """A new player; refused when the name is another player's (case and accents ignored)."""
    name = _name(body.get("name"))
    nickname = _nickname(body.get("nickname"))
    with repository.write(db):
        _free(db, name)
        refuse_look_alikes(db, [name], confirmed_look_alikes(body))
        return players.insert(db, name, nickname)


def update_player(db: sqlite_utils.Database, player_id: int, body: Mapping[str, Any]) -> None:
    """Rename, change the nickname, archive or bring back a player. The sessions keep the names
    as they were written; the player's pages show the new one."""
    changes: dict[str, Any] = {}
    if "name" in body:
        changes["name"] = _name(body["name"])
    if "nickname" in body:
        changes["nickname"] = _nickname(body["nickname"])
    if "archived" in body:
        if not isinstance(body["archived"], bool):
            raise InputError(_("archived must be true or false"), "archived")
        changes["archived"] = int(body["archived"])
    confirmed = confirmed_look_alikes(body)
    with repository.write(db):
        player = get_player(db, player_id)
        if changes and player["merged_into"] is not None:
            into = get_player(db, player["merged_into"])
            raise ConflictError(
                _(
                    "%(name)s was merged into %(into)s: change %(into)s instead",
                    name=player["name"],
                    into=into["name"],
                )
            )
        if "name" in changes:
            _free(db, changes["name"], player_id)
            refuse_look_alikes(db, [changes["name"]], confirmed, player_id)
        if changes:
            players.update(db, player_id, changes)


def merge_players(db: sqlite_utils.Database, player_id: int, into_id: object) -> int:
    """Two spellings of one person: every seat of the first goes to the second. Returns the
    merge's id, to undo it."""
    if not isinstance(into_id, int) or isinstance(into_id, bool):
        raise InputError(_("into must be a player's id"), "into")
    with repository.write(db):
        merged, kept = get_player(db, player_id), get_player(db, into_id)
        if player_id == into_id:
            raise InputError(_("a player cannot be merged into himself"), "into")
        if merged["merged_into"] is not None or kept["merged_into"] is not None:
            raise ConflictError(_("that player was merged into another already"))
        _not_together(db, merged, kept)
        if kept["archived"]:
            raise ConflictError(
                _("%(name)s is archived: bring him back before merging into him", name=kept["name"])
            )
        results.mark_ratings(db, _first_day(db, player_id))
        return players.merge(db, player_id, into_id)


def undo_merge(db: sqlite_utils.Database, merge_id: int) -> None:
    """Put back the seats a merge moved; the merge stays in the history, marked undone."""
    with repository.write(db):
        merge = players.merge_row(db, merge_id)
        if merge is not None and not merge["undone"]:
            into = get_player(db, merge["into_id"])
            if into["merged_into"] is not None:
                onward = get_player(db, into["merged_into"])
                raise ConflictError(
                    _(
                        "%(into)s was merged into %(onward)s since: undo that merge first",
                        into=into["name"],
                        onward=onward["name"],
                    )
                )
        row = players.undo_merge(db, merge_id)
        if row is None:
            raise NotFoundError(_("no merge %(id)s to undo", id=merge_id))
        results.mark_ratings(db, _first_day(db, row["player_id"]))


def link_seat(db: sqlite_utils.Database, session_id: int, seat: int, player_id: int) -> None:
    """Link a seat whose name was linked to nobody (or to the wrong player) by hand."""
    with repository.write(db):
        session = repository.load_session(db, session_id)
        if session is None or not 0 <= seat < len(session["players"]):
            raise NotFoundError(_("no seat %(seat)s in session %(id)s", seat=seat, id=session_id))
        if get_player(db, player_id)["merged_into"] is not None:
            raise ConflictError(_("that player was merged into another already"))
        seated = players.seat_players(db, session_id)
        if player_id in seated and seated.index(player_id) != seat:
            raise ConflictError(
                _(
                    "%(name)s sits at seat %(other)s of this session already: one person sits "
                    "at one seat",
                    name=get_player(db, player_id)["name"],
                    other=seated.index(player_id) + 1,
                )
            )
        players.relink_seat(db, session_id, seat, player_id)
        results.mark_ratings(db, session["played_on"])


def _not_together(db: sqlite_utils.Database, merged: dict[str, Any], kept: dict[str, Any]) -> None:
    """Refuse to merge two players who sit in one session: one person would sit twice."""
    shared = players.shared_session(db, merged["id"], kept["id"])
    if shared is not None:
        raise ConflictError(
            _(
                "%(a)s and %(b)s both sit in the session of %(day)s (seats %(x)s and %(y)s): one "
                "person cannot sit twice, so they are two people; link one of those seats to "
                "someone else first",
                a=merged["name"],
                b=kept["name"],
                day=shared["played_on"],
                x=shared["seat"] + 1,
                y=shared["other_seat"] + 1,
            )
        )


def clean_played_on(value: object) -> str:
    """The day a session was played: YYYY-MM-DD, not after tomorrow (a club's clock may be a
    time zone behind the keeper's); today when not given."""
    if value is None:
        return datetime.date.today().isoformat()
    try:  # YYYY-MM-DD only: fromisoformat also reads week dates (2024-W47-1)
        written = isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value)
        day = datetime.date.fromisoformat(str(value)) if written else None
    except ValueError:
        day = None
    latest = datetime.date.today() + datetime.timedelta(days=1)
    if day is None or len(str(value)) != 10 or not datetime.date(1900, 1, 1) <= day <= latest:
        raise InputError(
            _("played_on must be a date like 2024-11-24, not after today"), "played_on"
        )
    return day.isoformat()


def _name(value: object) -> str:
    if not isinstance(value, str) or not clean_text(value):
        raise InputError(_("a player needs a name"), "name")
    name = clean_text(value)
    if len(name) > MAX_NAME:
        raise InputError(_("a name may have at most %(n)s characters", n=MAX_NAME), "name")
    if players.is_placeholder(name):
        raise InputError(_("%(name)s names nobody: give the player's own name", name=name), "name")
    return name


def _nickname(value: object) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InputError(_("nickname must be text"), "nickname")
    nickname = clean_text(value)
    if len(nickname) > MAX_NICKNAME:
        raise InputError(_("a name may have at most %(n)s characters", n=MAX_NICKNAME), "nickname")
    return nickname


def _free(db: sqlite_utils.Database, name: str, player_id: int | None = None) -> None:
    """No other player has this name, case and accents ignored."""
    other = players.holder(db, players.name_key(name))
    if other is not None and other["id"] != player_id:
        raise ConflictError(_("there is a player named %(name)s already", name=other["name"]))


def _first_day(db: sqlite_utils.Database, player_id: int) -> str:
    days = [row["played_on"] for row in players.sessions_of(db, player_id)]
    return min(days, default="9999-12-31")


# The players' pages (web/players): the history of merges, the seats linked to nobody, and the
# names of a new session that would become players.

MAX_MERGES_SHOWN = 100
"""Merges listed on one page, the newest: a club makes a few a year."""
MAX_SEATS_SHOWN = 20
"""Seats linked to nobody listed on one page, each with a select of every player: the page
stays small on a phone (20 selects of 60 players are some 90 KB); the next come once these
are linked."""


def merge_history(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """The newest merges first (at most MAX_MERGES_SHOWN), undone ones too, with both names."""
    return players.merges(db)[:MAX_MERGES_SHOWN]


def unlinked_seats(db: sqlite_utils.Database) -> tuple[list[dict[str, Any]], int]:
    """The seats of live sessions linked to nobody, newest first (at most MAX_SEATS_SHOWN), and
    how many there are in all."""
    rows = players.unlinked(db)
    return rows[:MAX_SEATS_SHOWN], len(rows)
