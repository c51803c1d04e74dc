"""A player's statistics and the club's ranking, from the results' rows (services/stats/rows.py),
as far as ``rows.refresh`` has brought them: the caller refreshes first.

Scores are as each ruleset records them (points - 26 in Scarto, raw points in Tarocchi a 3 and
Piedicavallo), so the pages pick a ruleset; the API adds up every ruleset unless asked for one.
A score per deal is rounded to two decimals, and a ranking compares the rounded figures: two
players shown with the same figure share a rank.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...months import months_between
from ...storage.stats import figures as stats
from ...storage.stats.figures import Filters
from ..errors import InputError
from ..players.persons import get_player
from . import form
from . import partners
from . import peaks
from . import ratings
from .rounding import per_deal
from .rounding import percentage

HEAD_TO_HEAD_DEALS = 10
"""An opponent shows in the head-to-head once met in this many deals (``min_deals``)."""
RANKING_DEALS = 30
"""A player enters the ranking with this many deals in the period (``min_deals``): one lucky
evening of ten deals does not top the year."""
CHART_MONTHS = 600
"""Months a player's chart shows at most, the last ones: fifty years of a club's history."""
ORDERS = ("score_per_deal", "score_total", "games_won", "rating")
"""What a ranking may be ordered by, the first by default. By rating (a ruleset's only): the
established ratings first, the provisional ones after them, apart."""
"""What a ranking may be ordered by, the first by default."""


def player_stats(
    db: sqlite_utils.Database,
    player_id: int,
    filters: Filters,
    min_deals: int = HEAD_TO_HEAD_DEALS,
) -> dict[str, Any]:
    """A player's statistics for a ruleset and a period; NotFoundError for no such player."""
    player = get_player(db, player_id)
    totals = stats.player_totals(db, player_id, filters)
    deals, dealt = totals["deals"], totals["dealt"]
    met = head_to_head(db, player_id, filters, min_deals)
    return {
        "player_id": player["id"],
        "name": player["name"],
        "ruleset": filters.ruleset,
        "from": filters.first,
        "to": filters.last,
        "sessions": totals["sessions"],
        "games": totals["games"],
        "games_won": totals["games_won"],
        "deals": deals,
        "score_total": totals["score_total"],
        "score_per_deal": per_deal(totals["score_total"], deals),
        "best_deal": stats.extreme_deal(db, player_id, filters, best=True),
        "worst_deal": stats.extreme_deal(db, player_id, filters, best=False),
        "points_per_deal_as_dealer": per_deal(totals["dealer_points"], dealt),
        "points_per_deal_not_dealer": per_deal(totals["other_points"], deals - dealt),
        "marked_deals": totals["marked_deals"],
        "illegal_scartos": totals["illegal_scartos"],
        "head_to_head": met,
        "rating": ratings.rating_json(
            stats.rating_as_of(db, player_id, filters.last, filters.ruleset)
        ),
        "rating_peak": peaks.rating_peak(db, player_id, filters),
        **form.player_form(db, player_id, filters),
        **partners.player_partners(db, player_id, filters, (min_deals, met)),
    }


def head_to_head(
    db: sqlite_utils.Database, player_id: int, filters: Filters, min_deals: int
) -> list[dict[str, Any]]:
    """The player's score per deal against each opponent met in ``min_deals`` deals or more."""
    return [
        {
            "player_id": row["player_id"],
            "name": row["name"],
            "deals": row["deals"],
            "score_per_deal": per_deal(row["score_total"], row["deals"]),
        }
        for row in stats.head_to_head(db, player_id, filters, min_deals)
    ]


def ranking(
    db: sqlite_utils.Database,
    filters: Filters,
    min_deals: int = RANKING_DEALS,
    order: str = ORDERS[0],
) -> list[dict[str, Any]]:
    """The club's ranking: every player not merged into another with ``min_deals`` deals or
    more, by ``order`` (best first); players with the same figure share a rank (1, 2, 2, 4).
    Each has his rating at the end of the period beside it."""
    return ranked(db, filters, min_deals, order).rows


@dataclass(frozen=True)
class Ranked:
    """A ranking as a page shows it: its rows, the minimum of deals it took, and the players it
    leaves out for having fewer (each with his deals, most first)."""

    rows: list[dict[str, Any]]
    min_deals: int
    left_out: list[dict[str, Any]]


def default_min_deals(most: int) -> int:
    """The minimum of deals a ranking takes unless asked: a third of the deals of the player who
    played most in the period, at most RANKING_DEALS. A year of a weekly club keeps one lucky
    evening from its top; a month, or a ruleset played twice a year, is not left empty."""
    return max(1, min(RANKING_DEALS, most // 3))


def ranked(
    db: sqlite_utils.Database, filters: Filters, min_deals: int | None, order: str = ORDERS[0]
) -> Ranked:
    """The ranking with ``min_deals`` (None: ``default_min_deals`` of the period), and the
    players it leaves out."""
    everyone = stats.ranking_rows(db, filters, 0)
    if min_deals is None:
        min_deals = default_min_deals(max((row["deals"] for row in everyone), default=0))
    rows = [
        row | {"score_per_deal": per_deal(row["score_total"], row["deals"])}
        for row in everyone
        if row["deals"] >= min_deals
    ]
    left_out = sorted(
        (
            {"player_id": r["player_id"], "name": r["name"], "deals": r["deals"]}
            for r in everyone
            if r["deals"] < min_deals
        ),
        key=lambda row: -row["deals"],
    )
    if order == "rating" and filters.ruleset is None:
        raise InputError(_("a ranking by rating needs a ruleset: a rating is a ruleset's"), "order")
    rated = stats.ratings_as_of(db, filters.last, filters.ruleset)
    # The peaks stand beside a ranking by rating only: over every player's ratings of the period
    # they cost as much again as the ranking (bench/club_stats.py: 95 ms of all time).
    peaked = peaks.rating_peaks(db, filters) if order == "rating" else {}
    for row in rows:
        rating = ratings.rating_json(rated.get(row["player_id"]))
        row["rating"] = rating["value"] if rating else None
        row["provisional"] = rating["provisional"] if rating else True
        row["games_won_pct"] = percentage(row["games_won"], row["games"])
        peak = peaked.get(row["player_id"], {})
        row["peak"], row["peak_on"] = peak.get("value"), peak.get("played_on")
    rows.sort(key=lambda row: _sort_key(row, order))  # stable: equal figures stay by name
    ranked_rows: list[dict[str, Any]] = []
    for index, row in enumerate(rows):
        same = index and _sort_key(rows[index - 1], order) == _sort_key(row, order)
        ranked_rows.append(
            {"rank": ranked_rows[-1]["rank"] if same else index + 1}
            | {key: row[key] for key in RANKING_KEYS}
        )
    return Ranked(ranked_rows, min_deals, left_out)


RANKING_KEYS = (
    *("player_id", "name", "deals", "score_total", "score_per_deal", "games_won", "rating"),
    *("provisional", "games_won_pct", "peak", "peak_on"),
)


def _sort_key(row: dict[str, Any], order: str) -> tuple[Any, ...]:
    """Best first: the higher figure; by rating, the established ones before the provisional."""
    if order == "rating":
        return (row["provisional"], -(row["rating"] if row["rating"] is not None else -1e9))
    return (-row[order],)


def score_months(
    db: sqlite_utils.Database, player_id: int, filters: Filters
) -> list[tuple[str, float | None]]:
    """The player's score per deal in each month from his first to his last in the period (the
    last CHART_MONTHS of them); a month he did not play has None. Call after ``refresh``."""
    rows = stats.score_by_month(db, player_id, filters)
    if not rows:
        return []
    played = {row["month"]: per_deal(row["score_total"], row["deals"]) for row in rows}
    months = months_between(rows[0]["month"], rows[-1]["month"])[-CHART_MONTHS:]
    return [(month, played.get(month)) for month in months]


def rating_days(
    db: sqlite_utils.Database, player_id: int, filters: Filters
) -> list[tuple[str, float]]:
    """The player's rating (the value shown) after his last rated game of each month, by the
    day of that game (the last CHART_MONTHS of them)."""
    rows = stats.rating_by_month(db, player_id, filters)[-CHART_MONTHS:]
    return [(row["played_on"], ratings.ordinal(row)) for row in rows]


def deal_lines(
    db: sqlite_utils.Database, player_id: int, filters: Filters
) -> Iterator[dict[str, Any]]:
    """Every deal the player played in the period, in order (the CSV of his deals)."""
    get_player(db, player_id)
    return stats.deal_lines(db, player_id, filters)


def default_ruleset(db: sqlite_utils.Database, player_id: int | None = None) -> str | None:
    """The ruleset a page shows first: the club's most played (the player's, on his page)."""
    return stats.most_played_ruleset(db, player_id)


def player_page(
    db: sqlite_utils.Database, player_id: int, filters: Filters, min_deals: int, sessions: int
) -> dict[str, Any]:
    """What a player's page shows: his statistics (``player_stats``), his last ``sessions``
    sessions in the period, newest first, with his total, and his charts' figures."""
    figures = player_stats(db, player_id, filters, min_deals)
    return figures | {
        "sessions_played": stats.sessions_played(db, player_id, filters, sessions),
        "score_months": score_months(db, player_id, filters),
        "rating_days": rating_days(db, player_id, filters),
    }


def years_played(db: sqlite_utils.Database) -> list[str]:
    """The years the club played in, newest first."""
    return stats.years_played(db)
