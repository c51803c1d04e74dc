"""Audit every stored deal again with today's rules, changing nothing (flask audit-all).

When a rule is corrected, deals recorded before may now count differently: a club re-checks
its old sessions with this, and corrects the deals it names by hand, with their history.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import sqlite_utils

from ...rules import Problem
from ..errors import InputError
from ..sessions.lifecycle import list_sessions
from ..sessions.loaded import Session
from ..sessions.loaded import load_session
from .record import preview_deal


@dataclass(frozen=True)
class Difference:
    """A deal whose points today's audit gives differently from those stored."""

    session_id: int
    number: int
    old: tuple[int, ...]
    new: tuple[int, ...] | None
    """None when the deal could not be recorded today: ``problems`` says why."""
    problems: tuple[Problem, ...] = ()


def reaudit_all(db: sqlite_utils.Database) -> Iterator[Difference]:
    """Every deal of every session (deleted sessions too) whose points would now differ."""
    sessions = list_sessions(db) + list_sessions(db, deleted=True)
    for session_id in sorted(row["id"] for row in sessions):
        yield from reaudit_session(load_session(db, session_id))


def reaudit_session(session: Session) -> Iterator[Difference]:
    for deal in session.deals:
        old = tuple(deal.result.points)
        try:
            _, result = preview_deal(session, deal.input, deal.number)
        except InputError as error:
            why = error.problems or (Problem("input", str(error)),)
            yield Difference(session.id, deal.number, old, None, why)
            continue
        if not result.recordable:
            yield Difference(session.id, deal.number, old, None, result.problems)
        elif tuple(result.points) != old:
            yield Difference(session.id, deal.number, old, tuple(result.points))
