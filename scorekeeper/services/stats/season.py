"""A season's report for the club's notice board (issue "Statistics a club argues about
happily", §3): the ranking by the club's chosen order, the rating leaderboard, the records and
the winners by month, in the club's language. What it holds; web/stats/season.py prints it."""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from ...storage.stats.season import most_used_language
from . import figures
from .figures import Filters
from .figures import Ranked
from .records import Records
from .records import club_records
from .winners import PeriodWinners
from .winners import club_winners

DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class SeasonReport:
    filters: Filters
    year: str
    order: str
    ranking: Ranked
    leaderboard: Ranked | None
    """By rating, established ratings first (a ruleset's only: None over every ruleset)."""
    records: Records
    months: tuple[PeriodWinners, ...]
    """The winner of each month played, the latest first."""


def club_language(db: sqlite_utils.Database, filters: Filters) -> str:
    """The language the club played the season in: that of most of its sessions."""
    return most_used_language(db, filters) or DEFAULT_LANGUAGE


def season_report(
    db: sqlite_utils.Database, ruleset: str | None, year: str, order: str
) -> SeasonReport:
    """The report of calendar year ``year`` in ``ruleset``; the figures brought up to date by
    the caller."""
    filters = Filters(ruleset, f"{year}-01-01", f"{year}-12-31")
    leaderboard = figures.ranked(db, filters, None, "rating") if ruleset else None
    return SeasonReport(
        filters=filters,
        year=year,
        order=order,
        ranking=figures.ranked(db, filters, None, order),
        leaderboard=leaderboard,
        records=club_records(db, filters),
        months=club_winners(db, filters).months,
    )
