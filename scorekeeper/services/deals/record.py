"""Record, correct and delete deals; check a scarto before play. Each write is one transaction."""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Mapping
from dataclasses import asdict
from dataclasses import replace
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...rules import Card
from ...rules import InvalidNotationError
from ...rules import check_scarto
from ...rules import parse_card
from ...rules.audit import DealResult
from ...rules.problem import translatable
from ...rules.rotation import dealers_of
from ...rules.rotation import next_dealer
from ...storage import repository
from ...translate import error_text
from ..errors import ConflictError
from ..errors import NotFoundError
from ..errors import PreconditionFailedError
from ..errors import UnrecordableDealError
from ..errors import field_error
from ..sessions.limits import check_room
from ..sessions.loaded import Deal
from ..sessions.loaded import Session
from ..sessions.loaded import load_session
from ..sessions.loaded import stored_deal
from .inputs import AT_FIELD
from .inputs import DealInput
from .inputs import audit_deal
from .inputs import parse_deal_input
from .inputs import parse_declaration

Seen = Collection[tuple[int, int]]
"""The states of deals a client has seen, as (id, version): a write names them (an HTTP
If-Match) when it must change only a deal still in one of them."""


def preview_deal(
    session: Session, body: object, number: int | None = None
) -> tuple[DealInput, DealResult]:
    """Audit a deal's input for the session without storing anything."""
    number = number or len(session.deals) + 1
    deal = parse_deal_input(body, session.ruleset)
    dealer = dealer_for(session, number, deal.data.get("dealer"))
    return deal, audit_deal(session.ruleset, dealer, deal, session.players)


def dealer_for(session: Session, number: int, given: int | None = None) -> int:
    """Who dealt deal ``number``: the seat the keeper gave, or the rotation's, which passes the
    deal on from whoever really dealt the deal before (rules.md A1)."""
    if given is not None:
        return given
    before = [deal.dealer for deal in session.deals[: number - 1]]
    return next_dealer(session.ruleset, session.first_dealer, before)


def record_deal(db: sqlite_utils.Database, session_id: int, body: object) -> Deal:
    """Audit and store the next deal; refuse (and store nothing) if its points are doubtful or
    the session is full (sessions/limits.py)."""
    return record_deal_in(db, session_id, body)[1]


def record_deal_in(
    db: sqlite_utils.Database, session_id: int, body: object
) -> tuple[Session, Deal]:
    """``record_deal``, giving also the session with the deal, as it now stands: no need to load
    it again to show it."""
    with repository.write(db):
        session = load_session(db, session_id)
        check_room(len(session.deals))  # read in the write: two saves cannot both take the last
        deal, result = preview_deal(session, body)
        if not result.recordable:
            raise UnrecordableDealError(result)
        number = len(session.deals) + 1
        row = {
            "session_id": session_id,
            "position": repository.next_position(db, session_id),
            "form": deal.form,
            "input": deal.data,
            "dealer": dealer_for(session, number, deal.data.get("dealer")),
            "scarto_check": session.pending_scarto,
            **result_columns(result),
        }
        stored = repository.insert_deal(db, row)
        entry = repository.add_history(db, stored["id"], "recorded", None, _snapshot(row))
        if session.pending_scarto is not None:
            repository.set_pending_scarto(db, session_id, None)
        if session.pending_play is not None:
            # A play saved part-way was for this deal, however it was finally entered.
            repository.set_pending_play(db, session_id, None)
    # The deal and the session as they will be read back: no need to read them again.
    recorded = stored_deal(number, stored, [entry])
    after = replace(
        session, deals=(*session.deals, recorded), pending_scarto=None, pending_play=None
    )
    return after, recorded


def correct_deal(
    db: sqlite_utils.Database,
    session_id: int,
    number: int | None,
    body: object,
    version: int | None = None,
    deal_id: int | None = None,
    seen: Seen | None = None,
) -> Deal:
    """Replace a deal's input, the deal at ``number`` or else the one with id ``deal_id``;
    refuse if it is not the deal or the version the client saw (``_writable``)."""
    with repository.write(db):
        session = load_session(db, session_id)
        old = _writable(session, number, deal_id, version, seen)
        deal, result = preview_deal(session, body, old.number)
        if not result.recordable:
            raise UnrecordableDealError(result)
        dealer = dealer_for(session, old.number, deal.data.get("dealer"))
        changes = {
            "form": deal.form,
            "input": deal.data,
            "dealer": dealer,
            **result_columns(result),
        }
        repository.update_deal(db, old.id, changes)
        repository.add_history(db, old.id, "corrected", _snapshot_of(old), _snapshot(changes))
        if dealer != old.dealer:
            _recount_after(db, session_id)  # the later deals that follow the rotation move
    return load_session(db, session_id).deals[old.number - 1]


def delete_deal(
    db: sqlite_utils.Database,
    session_id: int,
    number: int | None,
    version: int | None = None,
    deal_id: int | None = None,
    seen: Seen | None = None,
) -> Deal:
    """Remove a deal from the protocol, as ``correct_deal`` finds it; later deals move up and
    are counted again. Gives the deal as it was, its number the one it had."""
    with repository.write(db):
        session = load_session(db, session_id)
        old = _writable(session, number, deal_id, version, seen)
        repository.update_deal(db, old.id, {"deleted": 1})
        repository.add_history(db, old.id, "deleted", _snapshot_of(old), None)
        _recount_after(db, session_id)
    return old


def restore_deal(db: sqlite_utils.Database, session_id: int, deal_id: int) -> None:
    """Undo a deletion: the deal returns to its place; later deals are counted again. Refused
    when the session is full: a restored deal is one more."""
    with repository.write(db):
        session = load_session(db, session_id)
        row = next(
            (r for r in repository.load_deleted_deals(db, session_id) if r["id"] == deal_id), None
        )
        if row is None:
            raise NotFoundError(_("no deleted deal %(id)s in this session", id=deal_id))
        check_room(len(session.deals))
        repository.update_deal(db, deal_id, {"deleted": 0})
        repository.add_history(db, deal_id, "restored", None, _snapshot(row))
        _recount_after(db, session_id)


def deleted_deals(db: sqlite_utils.Database, session_id: int) -> list[dict[str, Any]]:
    """The session's deleted deals, to restore: id, scores and when each was deleted."""
    return [
        {"id": row["id"], "scores": row["scores"], "form": row["form"], "deleted": row["updated"]}
        for row in repository.load_deleted_deals(db, session_id)
    ]


def check_scarto_first(
    db: sqlite_utils.Database, session_id: int, body: Mapping[str, Any]
) -> dict[str, Any]:
    """Check the next deal's scarto before play; the verdict is kept for that deal."""
    scarto = _scarto_cards(body.get("scarto"), "scarto")
    kept = _scarto_cards(body["kept"], "kept") if body.get("kept") else None
    said = parse_declaration(body.get("declaration") or {})
    with repository.write(db):
        session = load_session(db, session_id)
        verdict = check_scarto(scarto, session.ruleset, kept=kept, **said)
        check = {
            "scarto": [card.code for card in scarto],
            "legal": verdict.legal,
            "problems": [asdict(p) for p in verdict.problems],
            "notes": [asdict(p) for p in verdict.notes],
        }
        repository.set_pending_scarto(db, session_id, check)
    return check


def _scarto_cards(value: object, field: str) -> list[Card]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise field_error(translatable("%(field)s must be card codes"), field)
    try:
        return [parse_card(code) for code in value]
    except InvalidNotationError as error:
        raise field_error(AT_FIELD, field, error=error_text(error)) from None


def result_columns(result: DealResult) -> dict[str, Any]:
    """The stored form of an audit's result."""
    return {
        "points": list(result.points),
        "scores": list(result.scores),
        "problems": [asdict(p) for p in result.problems],
        "notes": [asdict(p) for p in result.notes],
        "ok": int(result.ok),
    }


def _recount_after(db: sqlite_utils.Database, session_id: int) -> None:
    """Deals after a deleted, restored or re-dealt one may have new dealers, where they follow
    the rotation: audit them again where that changes them. A deal whose dealer the keeper gave
    keeps it."""
    session = load_session(db, session_id)
    given = [deal.input.get("dealer") for deal in session.deals]
    dealers = dealers_of(session.ruleset, session.first_dealer, given)
    for deal, dealer in zip(session.deals, dealers, strict=True):
        if dealer == deal.dealer:
            continue
        parsed = parse_deal_input(deal.input, session.ruleset)
        result = audit_deal(session.ruleset, dealer, parsed, session.players)
        changes = {"dealer": dealer, **result_columns(result)}
        repository.update_deal(db, deal.id, changes)
        repository.add_history(db, deal.id, "recounted", _snapshot_of(deal), _snapshot(changes))


def find_deal(session: Session, number: int | None, deal_id: int | None = None) -> Deal:
    """Deal ``number`` of the session or, without a number, the deal with id ``deal_id``
    wherever it now is; NotFoundError if there is none (a deleted deal is none)."""
    if number is None:
        found = next((deal for deal in session.deals if deal.id == deal_id), None)
        if found is None:  # only the JSON API finds a deal by id
            raise NotFoundError(
                _("no deal with id %(deal_id)s in session %(id)s", deal_id=deal_id, id=session.id)
            )
        return found
    if not 1 <= number <= len(session.deals):
        raise NotFoundError(_("no deal %(n)s in session %(id)s", n=number, id=session.id))
    return session.deals[number - 1]


def _writable(
    session: Session,
    number: int | None,
    deal_id: int | None,
    version: int | None,
    seen: Seen | None,
) -> Deal:
    """The deal a write is for (``find_deal``), if it is the one the client saw: refuse it if it
    is in none of the states ``seen`` (412), or if another deal has moved into its place since
    (not ``deal_id``) or it has changed since ``version`` (409). A version names one state of
    one deal in its session (repository.next_version): another deal never has it."""
    deal = find_deal(session, number, deal_id)
    if seen is not None and (deal.id, deal.version) not in seen:
        raise PreconditionFailedError(_changed_meanwhile(deal.number))
    moved = deal_id is not None and deal_id != deal.id
    if moved or (version is not None and version != deal.version):
        raise ConflictError(_changed_meanwhile(deal.number))
    return deal


def _changed_meanwhile(number: int) -> str:
    return _("deal %(n)s was changed meanwhile on another device", n=number)


def _snapshot(row: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("form", "input", "dealer", "points", "scores")
    return {key: row[key] for key in keys if key in row}


def _snapshot_of(deal: Deal) -> dict[str, Any]:
    return {
        "form": deal.form,
        "input": deal.input,
        "dealer": deal.dealer,
        "points": list(deal.result.points),
        "scores": list(deal.result.scores),
    }
