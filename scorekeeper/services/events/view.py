"""An event as its pages, its board, its sheets and the API show it: entrants, rounds with
their tables' progress, the standings by the event's rule and each entrant's seat this round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sqlite_utils

from ...rules import Ruleset
from ...rules import find_ruleset
from ...rules.standings import Standing
from ...rules.standings import TableResult
from ...rules.standings import standings
from ...storage import events
from ...storage import repository
from .draws import dealers_of
from .ranking import ranking_words
from .ranking import rule_of
from .setup import load_event_row
from .tables import entrant_scores
from .tables import table_lines

Row = dict[str, Any]
SEAT_LETTERS = "ABCD"


@dataclass(frozen=True)
class TableView:
    round: int
    number: int
    entrants: tuple[int, ...]
    seats: tuple[str, ...]
    """The players' names in seat order (a couple's partners opposite)."""
    first_dealer: int
    """The entrant who deals first."""
    first_dealer_name: str
    """The player who deals first (a couple's first player)."""
    session_id: int | None = None
    read_token: str = ""
    """The table's session's read link (/view/<token>), for its QR code."""
    deals: int = 0
    deals_due: int = 0
    finished: bool = False
    ended: bool = False
    last_save_at: str | None = None
    scores: Mapping[int, int] | None = None


@dataclass(frozen=True)
class RoundView:
    number: int
    state: str
    attempt: int
    tables: tuple[TableView, ...]
    sitting_out: tuple[int, ...]
    cost: Mapping[str, int]


@dataclass(frozen=True)
class StandingView:
    standing: Standing
    name: str
    withdrawn: bool


@dataclass(frozen=True)
class EventView:
    event: Row
    ruleset: Ruleset
    entrants: tuple[Row, ...]
    rounds: tuple[RoundView, ...]
    standings: tuple[StandingView, ...]
    adjustments: tuple[Row, ...]
    ranking_words: str

    @property
    def id(self) -> int:
        return int(self.event["id"])

    @property
    def names(self) -> dict[int, str]:
        return {row["no"]: row["name"] for row in self.entrants}

    @property
    def state(self) -> str:
        """ "finished" once every round is closed; "open" before."""
        closed = [r for r in self.rounds if r.state == "closed"]
        return "finished" if len(closed) == self.event["rounds"] else "open"

    @property
    def current(self) -> RoundView | None:
        """The round the tables play or last played (a draft is the director's alone)."""
        shown = [r for r in self.rounds if r.state != "draft"]
        return shown[-1] if shown else None

    @property
    def draft(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds and self.rounds[-1].state == "draft" else None


def event_view(db: sqlite_utils.Database, event_id: int) -> EventView:
    """Everything about an event, read in one snapshot."""
    with repository.snapshot(db):
        event = load_event_row(db, event_id)
        entrants = events.entrants(db, event_id)
        rounds = events.rounds(db, event_id)
        lines = table_lines(db, event)
        scores = events.table_scores(db, event_id)
        adjustments = events.adjustments(db, event_id)
    ruleset = find_ruleset(event["ruleset"], event["overrides"] or None)
    by_no = {row["no"]: row for row in entrants}
    played = {(line["round"], line["table"]): line for line in lines}
    round_views = tuple(_round_view(row, by_no, played, scores) for row in rounds)
    return EventView(
        event=event,
        ruleset=ruleset,
        entrants=tuple(entrants),
        rounds=round_views,
        standings=_standings(event, entrants, round_views, adjustments),
        adjustments=tuple(adjustments),
        ranking_words=ranking_words(event["ranking"]),
    )


def _round_view(
    row: Row,
    by_no: Mapping[int, Row],
    played: Mapping[tuple[int, int], Row],
    scores: Mapping[int, Any],
) -> RoundView:
    tables = []
    for t, (table, dealer) in enumerate(zip(row["tables"], dealers_of(row), strict=True), start=1):
        line = played.get((row["number"], t), {})
        session_id = line.get("session_id")
        dealt = scores.get(session_id, []) if session_id else []
        tables.append(
            TableView(
                round=row["number"],
                number=t,
                entrants=tuple(table),
                seats=seat_names([by_no[no] for no in table]),
                first_dealer=dealer,
                first_dealer_name=by_no[dealer]["player_names"][0],
                session_id=session_id,
                read_token=line.get("read_token", ""),
                deals=line.get("deals", 0),
                deals_due=line.get("deals_due", 0),
                finished=line.get("finished", False),
                ended=line.get("ended", False),
                last_save_at=line.get("last_save_at"),
                scores=entrant_scores(table, dealt) if session_id else None,
            )
        )
    return RoundView(
        row["number"],
        row["state"],
        row["attempt"],
        tuple(tables),
        tuple(row["sitting_out"]),
        row["cost"],
    )


def seat_names(table: list[Row]) -> tuple[str, ...]:
    """A table's players in seat order: three players, or two couples with partners opposite."""
    if len(table) == 2:
        first, second = table[0]["player_names"], table[1]["player_names"]
        return (first[0], second[0], first[1], second[1])
    return tuple(row["player_names"][0] for row in table)


def seat_letters(table: TableView, entrant: int) -> str:
    """The seat (or a couple's two seats) of an entrant at a table: "B", or "A and C"."""
    index = table.entrants.index(entrant)
    if len(table.entrants) == 2:
        return f"{SEAT_LETTERS[index]}+{SEAT_LETTERS[index + 2]}"
    return SEAT_LETTERS[index]


def _standings(
    event: Row, entrants: list[Row], rounds: tuple[RoundView, ...], adjustments: list[Row]
) -> tuple[StandingView, ...]:
    played = [r for r in rounds if r.state != "draft"]
    results = [
        TableResult(table.round, table.scores or {}, table.deals)
        for r in played
        for table in r.tables
        if table.deals
    ]
    byes: dict[int, list[int]] = {}
    for r in played:
        for no in r.sitting_out:
            byes.setdefault(no, []).append(r.number)
    adjusted: dict[int, Fraction] = {}
    for row in adjustments:
        if row["removed_at"] is None:
            adjusted[row["entrant"]] = adjusted.get(row["entrant"], Fraction(0)) + Fraction(
                row["points"]
            )
    ranked = standings(
        [row["no"] for row in entrants],
        results,
        byes,
        adjusted,
        rule_of(event["ranking"]),
        event["seed"],
    )
    by_no = {row["no"]: row for row in entrants}
    return tuple(
        StandingView(s, by_no[s.entrant]["name"], by_no[s.entrant]["withdrawn_from"] is not None)
        for s in ranked
    )
