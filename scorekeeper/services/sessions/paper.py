"""An old paper protocol entered at once: the session (ruleset, day played, players) and its
deals' totals row by row, all recorded or none (issue "Players who last", §2).

Each row is read as the totals form reads it (totals.py: points or scores, one value left empty
and worked out) and audited as any deal (``preview_deal``) before anything is stored; then the
session and every deal are stored in one write transaction. A row that cannot be recorded refuses
the whole protocol, with the reason for each such row (``PaperError``).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

import sqlite_utils
from flask_babel import gettext as _
from flask_babel import ngettext

from ...rules.audit import DealResult
from ...storage import paper as paper_rows
from ...storage import repository
from ..access import DEFAULT_HASH
from ..deals.inputs import DealInput
from ..deals.record import dealer_for
from ..deals.record import preview_deal
from ..deals.record import result_columns
from ..deals.totals import SCORES
from ..deals.totals import read_totals
from ..errors import InputError
from ..errors import ServiceError
from ..errors import UnrecordableDealError
from .lifecycle import NewSession
from .lifecycle import check_session
from .lifecycle import store_session
from .limits import check_new_session
from .loaded import Deal
from .loaded import Session
from .loaded import load_session

MAX_ROWS = 200
"""Deals of one paper protocol: a long evening is 40; more is not one sitting."""

Typed = Sequence[int | None]
"""A row as typed: a value per side, None where left empty."""


class PaperError(ServiceError):
    """Some rows cannot be recorded: nothing is stored (HTTP 422). ``rows`` holds each bad
    row's reason, by its index in the rows given."""

    def __init__(self, rows: dict[int, str]) -> None:
        count = len(rows)
        super().__init__(
            ngettext(
                "%(num)d deal cannot be recorded: nothing was stored.",
                "%(num)d deals cannot be recorded: nothing was stored.",
                count,
            )
        )
        self.rows = rows


@dataclass(frozen=True)
class CheckedPaper:
    """A paper protocol checked and ready to store (``check_paper``)."""

    session: NewSession
    deals: tuple[tuple[DealInput, DealResult, int], ...]
    """Each deal's input, its audit and its dealer, in order."""


def record_paper(
    db: sqlite_utils.Database, body: Mapping[str, Any], hash_method: str = DEFAULT_HASH
) -> int:
    """Check a paper protocol and store it whole; return the new session's id.

    ``body`` is a new session's (sessions.start_session) with ``"deals"``: the rows as typed,
    optionally ``"dealers"`` (for each row the seat that dealt it out of turn, or None for the
    rotation's) and ``"reading"`` ("points" or "scores") for rows that could be read either way.
    """
    return store_paper(db, check_paper(db, body, hash_method))


def check_paper(
    db: sqlite_utils.Database, body: Mapping[str, Any], hash_method: str = DEFAULT_HASH
) -> CheckedPaper:
    """Check the session and every row without storing anything: InputError for the session,
    SessionFullError for more rows than a session holds, PaperError naming every row that
    cannot be recorded."""
    rows = _rows(body.get("deals"))
    check_new_session(len(rows))  # SessionFullError: more deals than a session holds
    checked = check_session(db, body, hash_method)
    dealers = _dealers(body.get("dealers"), len(rows), checked.ruleset.players)
    table = Session(
        id=0,
        ruleset=checked.ruleset,
        players=tuple(checked.row["players"]),
        first_dealer=checked.row["first_dealer"],
        table_name="",
        place="",
        created="",
        deals=(),
        pending_scarto=None,
    )
    chosen = body.get("reading") if body.get("reading") in ("points", "scores") else ""
    deals: list[tuple[DealInput, DealResult, int]] = []
    errors: dict[int, str] = {}
    for index, typed in enumerate(rows):
        number = index + 1
        given = dealers[index]
        dealer = dealer_for(table, number, given)
        try:
            deals.append((*_checked_row(table, typed, str(chosen), given), dealer))
        except (InputError, UnrecordableDealError) as error:
            errors[index] = str(error)
        # The next row's dealer follows this one's, whether or not this one could be read.
        table = replace(table, deals=(*table.deals, _placeholder(number, dealer)))
    if errors:
        raise PaperError(errors)
    return CheckedPaper(checked, tuple(deals))


def same_protocols(db: sqlite_utils.Database, checked: CheckedPaper) -> list[int]:
    """The stored sessions this protocol would repeat: the same ruleset, day and players, and
    the same points deal by deal (a protocol typed in twice), newest first."""
    row = checked.session.row
    points = [list(result.points) for _deal, result, _dealer in checked.deals]
    return [
        session_id
        for session_id in paper_rows.same_sessions(
            db, row["ruleset"], row["played_on"], row["players"]
        )
        if [list(deal.result.points) for deal in load_session(db, session_id).deals] == points
    ]


def paper_key_session(db: sqlite_utils.Database, key: str) -> int | None:
    """The session a paper protocol's page with this request key made, if any."""
    return paper_rows.paper_key_session(db, key)


def store_paper(db: sqlite_utils.Database, checked: CheckedPaper, key: str | None = None) -> int:
    """Store the session and its deals in one transaction: a failure leaves nothing. With the
    page's request ``key``, once: the same key again gives the session it made, storing nothing
    (a second tap on Save, or Back and Save)."""
    with repository.write(db):
        made = paper_rows.paper_key_session(db, key) if key else None
        if made is not None:
            return made
        session_id = store_session(db, checked.session)
        if key:
            paper_rows.add_paper_key(db, key, session_id)
        for position, (deal, result, dealer) in enumerate(checked.deals, start=1):
            row = {
                "session_id": session_id,
                "position": position,
                "form": deal.form,
                "input": deal.data,
                "dealer": dealer,
                "scarto_check": None,
                **result_columns(result),
            }
            stored = repository.insert_deal(db, row)
            after = {key: row[key] for key in ("form", "input", "dealer", "points", "scores")}
            repository.add_history(db, stored["id"], "recorded", None, after)
        return session_id


def _rows(value: object) -> list[Typed]:
    """The typed rows: a list of at most MAX_ROWS lists of whole numbers or None."""
    if not isinstance(value, list) or not value:
        raise InputError(_("enter at least one deal"), "deals")
    if len(value) > MAX_ROWS:
        raise InputError(
            _(
                "at most %(most)s deals in one paper protocol, not %(count)s",
                most=MAX_ROWS,
                count=len(value),
            ),
            "deals",
        )
    for row in value:
        if not isinstance(row, list) or not all(_is_value(v) for v in row):
            raise InputError(_("each deal is a list of whole numbers or null"), "deals")
    return value


def _dealers(value: object, count: int, players: int) -> list[int | None]:
    """Each row's dealer out of turn (a seat), or None where the rotation's dealt it."""
    if value is None:
        return [None] * count
    if not isinstance(value, list) or len(value) != count:
        raise InputError(_("dealers needs one entry a deal, a seat or null"), "dealers")
    for seat in value:
        if seat is not None and (not _is_value(seat) or not 0 <= seat < players):
            raise InputError(
                _("a dealer is a seat from 0 to %(last)s, or null", last=players - 1), "dealers"
            )
    return value


def _is_value(value: object) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def _checked_row(
    table: Session, typed: Typed, chosen: str, dealer: int | None
) -> tuple[DealInput, DealResult]:
    """One row read as the totals form reads it, then audited as any deal (dealt by ``dealer``
    out of turn, if given)."""
    if len(typed) != table.ruleset.sides:
        raise InputError(
            _("a deal needs %(n)s numbers, not %(given)s", n=table.ruleset.sides, given=len(typed))
        )
    reading = read_totals(table.ruleset, typed, table.side_names, chosen)
    given = {} if dealer is None else {"dealer": dealer}
    deal, result = preview_deal(table, {"points": list(reading.points), **given})
    if not result.recordable:
        mismatch = any(problem.code == "total-mismatch" for problem in result.problems)
        if reading.kind == SCORES and mismatch:  # said as the row was written: in scores
            written = sum(reading.values)
            expected = written - sum(reading.points) + table.ruleset.deck_total
            raise InputError(
                _(
                    "the scores add up to %(total)s, not %(expected)s",
                    total=written,
                    expected=expected,
                )
            )
        raise UnrecordableDealError(result)
    return deal, result


def _placeholder(number: int, dealer: int) -> Deal:
    """A deal as the rotation needs it: only its dealer counts (deals.dealer_for)."""
    result = DealResult(points=(), scores=(), problems=(), notes=())
    return Deal(0, number, dealer, "totals", {}, result, None, 0, ())
