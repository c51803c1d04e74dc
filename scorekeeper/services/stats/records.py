"""The club's records for a ruleset and a period: the best and the worst deal, the best evening,
the biggest comeback and the most deals in one evening (issue "Statistics a club argues about
happily"). Each says its figure, who holds it and where: the day, the session, and the deal or
the game.

Scores are as the ruleset records them (over every ruleset, points above an even share: one
scale, figures.py), a seat's in one deal; in Piedicavallo a side's, its partners both named.
Only seats linked to a player count. Of equal figures the earliest (day, session, deal) holds
the record, and the players level with it at that same place share it. Call after ``refresh``.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from ...storage.repository import Row
from ...storage.stats import records as stored
from ...storage.stats.figures import Filters


@dataclass(frozen=True, slots=True)
class Holder:
    """A player who holds a record (or wins a period)."""

    player_id: int
    name: str


@dataclass(frozen=True, slots=True)
class Record:
    """One record: its figure, who holds it and where."""

    value: int
    """The score of the deal, the score total of the evening, the points behind of the
    comeback, or the deals of the evening."""
    players: tuple[Holder, ...]
    played_on: str
    session_id: int
    """The session of the deal or game; of an evening, the holder's first session that day."""
    number: int | None = None
    """The deal (of a comeback: the deal after which the winner was furthest behind)."""
    game: int | None = None
    """The game of a comeback, counted from 1 in its session."""


@dataclass(frozen=True, slots=True)
class Records:
    """The club's records in a ruleset (None: every one) and a period; None where nobody
    holds one (no deals, or no game won from behind)."""

    filters: Filters
    best_deal: Record | None
    worst_deal: Record | None
    best_evening: Record | None
    biggest_comeback: Record | None
    most_deals: Record | None

    def each(self) -> list[tuple[str, Record | None]]:
        """The records by name, in the order a page shows them."""
        return [(name, getattr(self, name)) for name in RECORDS]


RECORDS = ("best_deal", "worst_deal", "best_evening", "biggest_comeback", "most_deals")
"""The records' names, as the API and the pages name them."""


def club_records(db: sqlite_utils.Database, filters: Filters) -> Records:
    """The club's records in the ruleset and period of ``filters``."""
    evenings = stored.evening_tops(db, filters)
    return Records(
        filters=filters,
        best_deal=_deal_record(stored.extreme_deal(db, filters, best=True)),
        worst_deal=_deal_record(stored.extreme_deal(db, filters, best=False)),
        best_evening=_evening_record([r for r in evenings if r["kind"] == "score"], "score_total"),
        biggest_comeback=_comeback_record(stored.biggest_comeback(db, filters)),
        most_deals=_evening_record([r for r in evenings if r["kind"] == "deals"], "deals"),
    )


def _holders(rows: list[Row]) -> tuple[Holder, ...]:
    return tuple(Holder(row["player_id"], row["name"]) for row in rows)


def _deal_record(rows: list[Row]) -> Record | None:
    if not rows:
        return None
    first = rows[0]
    return Record(
        first["score"], _holders(rows), first["played_on"], first["session_id"], first["number"]
    )


def _comeback_record(rows: list[Row]) -> Record | None:
    if not rows:
        return None
    first = rows[0]
    return Record(
        first["behind"],
        _holders(rows),
        first["played_on"],
        first["session_id"],
        number=first["number"],
        game=first["game"],
    )


def _evening_record(rows: list[Row], figure: str) -> Record | None:
    """Of the players' days with the top figure, the earliest (day, first session) holds it,
    shared by the players level with it there (rows come by day, session, player)."""
    if not rows:
        return None
    place = (rows[0]["played_on"], rows[0]["session_id"])
    level = [row for row in rows if (row["played_on"], row["session_id"]) == place]
    return Record(rows[0][figure], _holders(level), place[0], place[1])
