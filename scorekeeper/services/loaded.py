"""Sessions as the app holds them: the Session and Deal records, loaded from the database and
kept in memory per process, each write making a new state (see ``load_session``)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ..rules import Problem
from ..rules import Ruleset
from ..rules import find_ruleset
from ..rules.audit import DealResult
from ..storage import repository
from .errors import NotFoundError


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
    stamp: repository.Stamp | None = field(default=None, repr=False, compare=False)
    """The stamp of the stored state it was loaded at (``repository.load_session_stamped``)."""
    memo: dict[Any, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    """What is worked out from the session once and kept with it, such as its protocol
    (scoresheet.build_protocol): a Session never changes, a write makes a new one. Under
    ``EARLIER``, the session it was made from, if any (see ``later_state``)."""

    @property
    def side_names(self) -> tuple[str, ...]:
        """A name per result: the player, or "Anna & Carla" for a team."""
        if self.ruleset.teams:
            return tuple(f"{self.players[s]} & {self.players[s + 2]}" for s in range(2))
        return self.players


EARLIER = "earlier"
"""The memo key of the earlier state a session was made from."""


def later_state(session: Session, earlier: Session) -> Session:
    """Mark ``session`` as made from ``earlier``, an earlier state of the same session, so that
    what is worked out from it can start from what was worked out from that one (its protocol
    keeps the games that did not change).

    Only a state that has something worked out is kept, and only one step back: a state nothing
    was worked out from passes on the one it was made from, so no chain of old states stays in
    memory.
    """
    before = earlier.memo.get(EARLIER)
    if before is not None:
        session.memo[EARLIER] = before
    elif earlier.memo:
        session.memo[EARLIER] = earlier
    return session


class _Sessions:
    """The sessions loaded last, each with the stamp of the stored state it was loaded from.

    A session is loaded from the database again only when its stamp (its row and each deal's id,
    version and history, ``repository.load_session_stamped``) differs from the one kept: every
    write changes the stamp, so a correction, a deletion or a restore shows at once, in every
    worker. The stamp is read from the one kept (``repository.load_session_restamped``): the
    session's row, and the marks of the deals changed since, if any. Only committed states are
    kept, so a write rolled back leaves nothing behind.
    """

    SIZE = 128  # a club's tables and more: a session is a few hundred KB with its pages

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[str, int], tuple[repository.Stamp, Session]] = OrderedDict()

    def get(self, key: tuple[str, int]) -> tuple[repository.Stamp, Session] | None:
        """The session kept, current or not, with the stamp it was loaded at."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
            return kept

    def put(self, key: tuple[str, int], stamp: repository.Stamp, session: Session) -> None:
        if not key[0]:
            return  # a database in memory has no name to tell it from another
        with self._lock:
            self._kept[key] = (stamp, session)
            self._kept.move_to_end(key)
            while len(self._kept) > self.SIZE:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


_sessions = _Sessions()


def forget_loaded_sessions() -> None:
    """Drop every session kept in memory: the next load of each reads the database."""
    _sessions.clear()


def load_session(db: sqlite_utils.Database, session_id: int) -> Session:
    """Load a session with its deals and their history; NotFoundError if there is none."""
    if not 0 < session_id < 2**63:
        raise NotFoundError(_("no session %(id)s", id=session_id))
    if db.conn.in_transaction:  # a write: read what it sees, keep nothing it has not committed
        return _load_session(db, session_id, keep=False)
    db.conn.execute("BEGIN")  # one snapshot for the stamp and the rows
    try:
        return _load_session(db, session_id, keep=True)
    finally:
        if db.conn.in_transaction:
            db.conn.execute("COMMIT")


def _load_session(db: sqlite_utils.Database, session_id: int, keep: bool) -> Session:
    key = (repository.database_file(db), session_id)
    kept = _sessions.get(key)
    stamped = repository.load_session_restamped(db, session_id, kept[0] if kept else None)
    if stamped is None:
        raise NotFoundError(_("no session %(id)s", id=session_id))
    row, stamp = stamped
    if kept is not None and kept[0] == stamp:
        return kept[1]
    session = _session(db, row, stamp, kept)
    if keep:
        _sessions.put(key, stamp, session)
    return session


@dataclass(frozen=True)
class Recorded:
    """A session with a deal just recorded, and the stamp of the state its write commits."""

    key: tuple[str, int]
    stamp: repository.Stamp
    session: Session


def with_recorded_deal(db: sqlite_utils.Database, session: Session, deal: Deal) -> Recorded:
    """The session as loaded at the start of a write, with the deal that write recorded.

    Call inside the write, after its last change, so that the stamp is of exactly the state
    that commits; once the write has committed, ``keep`` the result for the next load.
    """
    if session.stamp is not None:
        stamped = repository.stamped_with_new_deal(db, session.id, session.stamp, deal.id)
    else:
        stamped = repository.load_session_stamped(db, session.id)
    assert stamped is not None  # the write holds the database: the session is there
    row, stamp = stamped
    after = replace(
        session,
        deals=(*session.deals, deal),
        pending_scarto=row.get("pending_scarto"),
        pending_play=row.get("pending_play"),
        stamp=stamp,
    )
    later_state(after, session)
    return Recorded((repository.database_file(db), session.id), stamp, after)


def keep(recorded: Recorded) -> None:
    """Keep a committed state for the next load, which then need not read the session again."""
    _sessions.put(recorded.key, recorded.stamp, recorded.session)


def _session(
    db: sqlite_utils.Database,
    row: dict[str, Any],
    stamp: repository.Stamp,
    kept: tuple[repository.Stamp, Session] | None,
) -> Session:
    """The session at this stamp; of an older state kept, the deals whose marks are unchanged are
    taken as they are (renumbered if need be) and only the others are read."""
    marks = sorted(
        (mark for mark in stamp[1] if not mark[repository.MARK_DELETED]),
        key=lambda mark: (mark[repository.MARK_POSITION], mark[repository.MARK_ID]),
    )
    ids = [mark[repository.MARK_ID] for mark in marks]
    same: dict[int, Deal] = {}  # deal id: the deal kept, unchanged since
    if kept is not None:
        old_marks = {mark[repository.MARK_ID]: mark for mark in kept[0][1]}
        unchanged = {mark[repository.MARK_ID] for mark in marks if old_marks.get(mark[0]) == mark}
        same = {deal.id: deal for deal in kept[1].deals if deal.id in unchanged}
    if same:
        wanted = [deal_id for deal_id in ids if deal_id not in same]
        rows = repository.load_deals_by_id(db, wanted) if wanted else {}
        history = repository.load_history_of(db, wanted) if wanted else {}
    else:
        rows = {deal_row["id"]: deal_row for deal_row in repository.load_deals(db, row["id"])}
        history = repository.load_history(db, row["id"])
    deals = []
    for number, deal_id in enumerate(ids, start=1):
        if deal_id not in same:
            deals.append(stored_deal(number, rows[deal_id], history.get(deal_id, [])))
        elif same[deal_id].number != number:
            deals.append(replace(same[deal_id], number=number))
        else:
            deals.append(same[deal_id])
    session = Session(
        id=row["id"],
        ruleset=find_ruleset(row["ruleset"], row["overrides"] or None),
        players=tuple(row["players"]),
        first_dealer=row["first_dealer"],
        table_name=row["table_name"] or "",
        place=row["place"] or "",
        created=row["created"],
        deals=tuple(deals),
        pending_scarto=row.get("pending_scarto"),
        pending_play=row.get("pending_play"),
        read_token=row.get("read_token") or "",
        has_pin=bool(row.get("pin_hash")),
        deleted=bool(row.get("deleted")),
        has_deleted=any(mark[repository.MARK_DELETED] for mark in stamp[1]),
        stamp=stamp,
    )
    return later_state(session, kept[1]) if kept is not None else session


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
