"""The club's winners by period, newest first (issue "Statistics a club argues about happily"):
of each season (a calendar year), each month and each evening (a day with deals played in the
ruleset), at most the last MAX_SEASONS, MAX_MONTHS and MAX_EVENINGS of the period.

A season's or month's winners are the first of its ranking as the rankings page shows it by
default: by score per deal rounded to two decimals, among the players with the period's default
minimum of deals (figures.py ``default_min_deals``); ties share. An evening's winners are, where
club evenings (events) of the ruleset were played that day, each event's first in its standings
(entrants, ties sharing), else the players with the highest score total that day (ties share).
Only the days of the period count: a month or season it cuts is counted over its days inside.
Call after ``refresh``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import replace

import sqlite_utils

from ...storage.repository import Row
from ...storage.stats import records as stored
from ...storage.stats.figures import Filters
from ..events.view import event_view
from .figures import default_min_deals
from .figures import per_deal

MAX_SEASONS = 10
MAX_MONTHS = 120
MAX_EVENINGS = 500


@dataclass(frozen=True, slots=True)
class Winner:
    """A winner: a player, or an event's entrant (a couple's two players)."""

    name: str
    player_ids: tuple[int, ...]
    score_total: int
    deals: int
    score_per_deal: float | None
    points: float | None = None
    """An event's winner: his points in its standings, by its ranking rule."""


@dataclass(frozen=True, slots=True)
class PeriodWinners:
    """The winners of a season ("2024") or a month ("2024-03")."""

    period: str
    min_deals: int
    """The minimum of deals its ranking took."""
    winners: tuple[Winner, ...]


@dataclass(frozen=True, slots=True)
class EveningWinners:
    """The winners of an evening: of one event played that day, or of the day's sessions."""

    played_on: str
    winners: tuple[Winner, ...]
    event_id: int | None = None
    event_name: str | None = None


@dataclass(frozen=True, slots=True)
class Winners:
    filters: Filters
    seasons: tuple[PeriodWinners, ...]
    months: tuple[PeriodWinners, ...]
    evenings: tuple[EveningWinners, ...]


def club_winners(db: sqlite_utils.Database, filters: Filters) -> Winners:
    """The winners of the seasons, months and evenings in the ruleset and period of
    ``filters``, newest first. One pass over the games gives every player's totals of each
    day; the seasons' and months' are added up from them (three passes took 380 ms over ten
    years of a club of 60, bench/club_stats.py)."""
    days = stored.day_totals(db, filters)
    return Winners(
        filters=filters,
        seasons=period_winners(days, 4, MAX_SEASONS),
        months=period_winners(days, 7, MAX_MONTHS),
        evenings=evening_winners(db, filters, days),
    )


def period_winners(days: list[Row], length: int, most: int) -> tuple[PeriodWinners, ...]:
    """The winners of the last ``most`` seasons (``length`` 4) or months (7), newest first,
    from each player's totals of each day (``stored.day_totals``)."""
    by_period: dict[str, dict[int, Row]] = defaultdict(dict)
    for day in days:
        players = by_period[day["played_on"][:length]]
        mine = players.setdefault(day["player_id"], {**day, "score_total": 0, "deals": 0})
        mine["score_total"] += day["score_total"]
        mine["deals"] += day["deals"]
    shown = sorted(by_period, reverse=True)[:most]
    return tuple(
        _ranked_first(period, sorted(by_period[period].values(), key=lambda r: r["name_key"]))
        for period in shown
    )


def _ranked_first(period: str, rows: list[Row]) -> PeriodWinners:
    """The first of a period's ranking by score per deal, with its default minimum of deals."""
    min_deals = default_min_deals(max(row["deals"] for row in rows))
    entered = [
        _winner(row["name"], (row["player_id"],), row["score_total"], row["deals"])
        for row in rows
        if row["deals"] >= min_deals
    ]
    return PeriodWinners(period, min_deals, _best(entered))


def _winner(name: str, ids: tuple[int, ...], total: int, deals: int) -> Winner:
    return Winner(name, ids, total, deals, per_deal(total, deals))


def _best(candidates: list[Winner], by_total: bool = False) -> tuple[Winner, ...]:
    """Those with the best figure (score per deal as rounded, or the score total), by name."""

    def figure(winner: Winner) -> float:
        value = winner.score_total if by_total else winner.score_per_deal
        return float("-inf") if value is None else value

    top = max((figure(winner) for winner in candidates), default=None)
    return tuple(winner for winner in candidates if figure(winner) == top)


def evening_winners(
    db: sqlite_utils.Database, filters: Filters, day_totals: list[Row]
) -> tuple[EveningWinners, ...]:
    """The winners of the last MAX_EVENINGS evenings, newest first, from each player's totals
    of each day (``stored.day_totals``)."""
    days = stored.last_days(db, filters, MAX_EVENINGS)
    if not days:
        return ()
    shown = replace(filters, first=max(filters.first or "", days[-1]))
    events: dict[str, list[Row]] = defaultdict(list)
    for row in stored.event_days(db, shown):
        events[row["played_on"]].append(row)
    totals: dict[str, list[Row]] = defaultdict(list)
    for row in day_totals:
        if row["played_on"] >= days[-1]:
            totals[row["played_on"]].append(row)
    evenings: list[EveningWinners] = []
    for day in days:
        if events[day]:
            evenings.extend(_event_winners(db, day, events[day]))
        else:
            players = [
                _winner(row["name"], (row["player_id"],), row["score_total"], row["deals"])
                for row in totals[day]
            ]
            evenings.append(EveningWinners(day, _best(players, by_total=True)))
    return tuple(evenings)


def _event_winners(
    db: sqlite_utils.Database, day: str, events: Iterable[Row]
) -> list[EveningWinners]:
    """Each event's first in its standings (ties share), as its pages show them."""
    shown = []
    for row in events:
        view = event_view(db, row["event_id"])
        entrants = {entrant["no"]: entrant for entrant in view.entrants}
        first = [
            Winner(
                name=standing.name,
                player_ids=tuple(
                    pid for pid in entrants[standing.standing.entrant]["player_ids"] if pid
                ),
                score_total=standing.standing.score,
                deals=standing.standing.deals,
                score_per_deal=per_deal(standing.standing.score, standing.standing.deals),
                points=float(standing.standing.points),
            )
            for standing in view.standings
            if standing.standing.rank == 1
        ]
        shown.append(EveningWinners(day, tuple(first), row["event_id"], row["name"]))
    return shown


def events_version(db: sqlite_utils.Database) -> tuple[object, ...]:
    """What moves with any change to an event (its standings): for a page's entity tag, beside
    the figures' version, which follows the deals."""
    return stored.events_state(db)
