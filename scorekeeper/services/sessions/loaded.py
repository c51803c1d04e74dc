"""Sessions as the app holds them: the Session and Deal records, read from the database on
every request (see ``load_session``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...rules import Problem
from ...rules import Ruleset
from ...rules import find_ruleset
from ...rules.audit import DealResult
from ...storage import repository
from ..errors import NotFoundError


@dataclass(frozen=True)
class Deal:
    """A recorded deal as the protocol shows it."""

    id: int
    number: int
    dealer: int
    form: str
    input: dict[str, Any]
    result: DealResult
    scarto_check: dict[str, Any] | None
    version: int
    history: tuple[dict[str, Any], ...]

    @property
    def corrected(self) -> bool:
        return any(entry["action"] == "corrected" for entry in self.history)

    @property
    def recounted(self) -> bool:
        """Counted again with a new dealer after an earlier deal was deleted."""
        return any(entry["action"] == "recounted" for entry in self.history)


@dataclass(frozen=True)
class Session:
    """One sitting at one table: players in order of play, a ruleset, the deals played."""

    id: int
    ruleset: Ruleset
    players: tuple[str, ...]
    first_dealer: int
    table_name: str
    place: str
    created: str
    deals: tuple[Deal, ...]
    pending_scarto: dict[str, Any] | None
    pending_play: dict[str, Any] | None = None
    """A play entered trick by trick and saved part-way: {"scarto": [...], "play": [[...]]}."""
    read_token: str = ""
    """The secret of the session's read-only link, /view/<read_token>."""
    has_pin: bool = False
    deleted: bool = False
    has_deleted: bool = False
    """Some of its deals were deleted (and may be restored)."""
    language: str = "en"
    """Its printed sheets are in this language, whoever prints them (SESSION_LANGUAGES)."""
    played_on: str = ""
    """The day it was played (YYYY-MM-DD): the day it started, or an old paper protocol's."""
    player_ids: tuple[int | None, ...] = ()
    """The player each seat is linked to, in order of play (None: a name linked to nobody)."""

    @property
    def side_names(self) -> tuple[str, ...]:
        """A name per result: the player, or "Anna & Carla" for a team."""
        if self.ruleset.teams:
            return tuple(f"{self.players[s]} & {self.players[s + 2]}" for s in range(2))
        return self.players


def load_session(db: sqlite_utils.Database, session_id: int) -> Session:
    """Load a session with its deals and their history; NotFoundError if there is none."""
    if not 0 < session_id < 2**63:
        raise NotFoundError(_("no session %(id)s", id=session_id))
    if db.conn.in_transaction:  # a write: read what it sees
        return _load_session(db, session_id)
    db.conn.execute("BEGIN")  # one snapshot for the session's row, its deals and their history
    try:
        return _load_session(db, session_id)
    finally:
        if db.conn.in_transaction:
            db.conn.execute("COMMIT")


def _load_session(db: sqlite_utils.Database, session_id: int) -> Session:
    row = repository.load_session(db, session_id)
    if row is None:
        raise NotFoundError(_("no session %(id)s", id=session_id))
    history = repository.load_history(db, session_id)
    deals = tuple(
        stored_deal(number, deal_row, history.get(deal_row["id"], []))
        for number, deal_row in enumerate(repository.load_deals(db, session_id), start=1)
    )
    return Session(
        id=row["id"],
        ruleset=find_ruleset(row["ruleset"], row["overrides"] or None),
        players=tuple(row["players"]),
        first_dealer=row["first_dealer"],
        table_name=row["table_name"] or "",
        place=row["place"] or "",
        created=row["created"],
        deals=deals,
        pending_scarto=row.get("pending_scarto"),
        pending_play=row.get("pending_play"),
        read_token=row.get("read_token") or "",
        has_pin=bool(row.get("pin_hash")),
        deleted=bool(row.get("deleted")),
        has_deleted=repository.has_deleted_deals(db, session_id),
        language=row.get("language") or "en",
        played_on=row.get("played_on") or row["created"][:10],
        player_ids=tuple(row.get("player_ids") or ()),
    )


def stored_deal(number: int, row: dict[str, Any], history: list[dict[str, Any]]) -> Deal:
    """A deal as the protocol shows it, from its stored row and history entries."""
    result = DealResult(
        points=tuple(row["points"]),
        scores=tuple(row["scores"]),
        problems=tuple(Problem(**p) for p in row["problems"] or []),
        notes=tuple(Problem(**p) for p in row["notes"] or []),
    )
    return Deal(
        row["id"],
        number,
        row["dealer"],
        row["form"],
        row["input"],
        result,
        row["scarto_check"],
        row["version"],
        tuple(history),
    )
