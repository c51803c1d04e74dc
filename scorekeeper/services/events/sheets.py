"""What an event's printed sheets show, as plain data (web/events/sheets.py makes the PDFs): the
seating list of a round, and the evening sheet's standings, table results, adjustments and
draw report. Numbers are given as the sheet prints them; the words are the templates'."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...rules.problem import translatable
from ...rules.standings import table_points
from ...storage import events
from ..errors import NotFoundError
from ..sessions.versions import session_version
from .errors import EventConflictError
from .ranking import points_text
from .ranking import rule_of
from .setup import load_event_row
from .view import SEAT_LETTERS
from .view import EventView
from .view import RoundView
from .view import TableView
from .view import seat_letters


@dataclass(frozen=True)
class Seated:
    """One line of the seating list: a player, where he sits (or that he sits out)."""

    name: str
    entrant: str
    """The couple's name, for a player of a couple; else his own."""
    table: int | None
    seat: str


@dataclass(frozen=True)
class StandingLine:
    rank: int
    shared: bool
    """Another entrant has the same rank."""
    name: str
    points: str
    score: int
    deals: int
    per_deal: str
    byes: int
    adjustments: str
    withdrawn: bool


@dataclass(frozen=True)
class TableLine:
    """An entrant's line in a table's result."""

    name: str
    seat: str
    score: int | None
    points: str


@dataclass(frozen=True)
class TableResultView:
    table: TableView
    lines: tuple[TableLine, ...]


@dataclass(frozen=True)
class RoundResults:
    round: RoundView
    tables: tuple[TableResultView, ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class EveningSheet:
    view: EventView
    standings: tuple[StandingLine, ...]
    rounds: tuple[RoundResults, ...]
    """The published and closed rounds: a draft is the director's alone."""
    bye_points: str | None
    """What a bye scores, or None where the order is by score."""
    adjustments: tuple[dict[str, Any], ...]
    """The ledger, each with its entrant's ``name`` and ``points`` as printed."""
    closed: int
    """Rounds closed."""


def printed_round(view: EventView, number: int) -> RoundView:
    """A round whose cards and seating may be printed: published or closed, not a draft."""
    found = next((r for r in view.rounds if r.number == number), None)
    if found is None:
        raise NotFoundError(_("no round %(n)s", n=number))
    if found.state == "draft":
        raise EventConflictError(
            "round-not-published",
            translatable("Round %(n)s is a draft: publish it first."),
            n=number,
        )
    return found


def seating_lines(view: EventView, round_view: RoundView) -> list[Seated]:
    """Everyone of a round in alphabetical order, each player of a couple on his own line."""
    names = view.names
    by_no = {row["no"]: row for row in view.entrants}
    lines = []
    for table in round_view.tables:
        for no in table.entrants:
            seats = seat_letters(table, no).split("+")
            for name, seat in zip(by_no[no]["player_names"], seats, strict=True):
                lines.append(Seated(name, names[no], table.number, seat))
    for no in round_view.sitting_out:
        for name in by_no[no]["player_names"]:
            lines.append(Seated(name, names[no], None, ""))
    return sorted(lines, key=lambda line: (line.name.casefold(), line.name, line.entrant))


def evening_sheet(view: EventView) -> EveningSheet:
    """The evening sheet's contents, from the event's view."""
    ranking = view.event["ranking"]
    rule = rule_of(ranking)
    by_points = ranking["order"] in ("table-points", "match-points")
    bye = sum(rule.places, Fraction(0)) / len(rule.places) if rule.bye == "average" else Fraction()
    names = view.names
    played = [r for r in view.rounds if r.state != "draft"]
    return EveningSheet(
        view=view,
        standings=_standing_lines(view),
        rounds=tuple(
            RoundResults(
                r,
                tuple(_table_result(t, names, rule.places) for t in r.tables),
                tuple(names[no] for no in r.sitting_out),
            )
            for r in played
        ),
        bye_points=points_text(bye) if by_points else None,
        adjustments=tuple(
            {**row, "name": names.get(row["entrant"], "?"), "points": _signed(row["points"])}
            for row in view.adjustments
        ),
        closed=sum(1 for r in played if r.state == "closed"),
    )


def event_version(db: sqlite_utils.Database, event_id: int) -> tuple[object, ...]:
    """What the evening sheet depends on: the event's revision and each table session's version
    (a deal recorded at a table changes the sheet, not the event's revision)."""
    revision = load_event_row(db, event_id)["revision"]
    tables = events.tables(db, event_id)
    found = [session_version(db, row["session_id"]) for row in tables]
    return (revision, tuple(version.version if version else None for version in found))


def card_seats(
    view: EventView, table: TableView
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """A table card's seats (each seat's letter and its player) and, at a table of couples,
    each couple's seats and name ("A+C", "Anna & Carla")."""
    seats = [(SEAT_LETTERS[index], name) for index, name in enumerate(table.seats)]
    if len(table.entrants) != 2:
        return seats, []
    return seats, [(seat_letters(table, no), view.names[no]) for no in table.entrants]


def _standing_lines(view: EventView) -> tuple[StandingLine, ...]:
    ranks = [line.standing.rank for line in view.standings]
    return tuple(
        StandingLine(
            rank=s.rank,
            shared=ranks.count(s.rank) > 1,
            name=line.name,
            points=points_text(s.points),
            score=s.score,
            deals=s.deals,
            per_deal=f"{float(s.per_deal):.2f}" if s.per_deal is not None else "–",
            byes=s.byes,
            adjustments=_signed(s.adjustments) if s.adjustments else "",
            withdrawn=line.withdrawn,
        )
        for line in view.standings
        for s in (line.standing,)
    )


def _table_result(
    table: TableView, names: Mapping[int, str], places: tuple[Fraction, ...]
) -> TableResultView:
    scores = table.scores if table.scores and table.deals else {}
    points = table_points(scores, places) if scores else {}
    return TableResultView(
        table,
        tuple(
            TableLine(
                names[no],
                seat_letters(table, no),
                scores.get(no),
                points_text(points[no]) if no in points else "–",
            )
            for no in table.entrants
        ),
    )


def _signed(value: Fraction | str) -> str:
    number = Fraction(value)
    return ("+" if number > 0 else "") + points_text(number)
