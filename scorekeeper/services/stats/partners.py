"""A player's partners and hardest opponents (Piedicavallo's partners sit opposite: seats 0 and
2, 1 and 3 share a side). Call after ``refresh``.

- A partner: a player who sat on his side. With each: the finished games and games won
  together, the deals together (every game) and the side's score per deal in them.
- His best partner: the highest score per deal together with BEST_PARTNER_DEALS deals or more;
  of equal figures, the one with more deals, then by name.
- His hardest opponents: the HARDEST_OPPONENTS opponents against whom his score per deal is
  lowest, met in OPPONENT_DEALS deals or more (the head-to-head's figures); of equal figures, the
  one met in more deals, then by name.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ...rules import PRESETS
from ...storage.stats import figures as stats
from ...storage.stats import games as played
from ...storage.stats.figures import Filters
from .rounding import per_deal

BEST_PARTNER_DEALS = 10
"""Deals together that make a partner the best one: a lucky evening of five does not."""
OPPONENT_DEALS = 10
"""Deals met that make an opponent one of the hardest."""
HARDEST_OPPONENTS = 3
"""The hardest opponents listed."""
TEAM_RULESETS = tuple(ruleset_id for ruleset_id, r in PRESETS.items() if r.sides < r.players)
"""The rulesets with partners: Piedicavallo."""


def player_partners(
    db: sqlite_utils.Database,
    player_id: int,
    filters: Filters,
    head_to_head: tuple[int, list[dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """The player's ``partners``, his ``best_partner`` (or None) and ``hardest_opponents``;
    from ``head_to_head`` (its minimum of deals and its rows) when it has every opponent met in
    OPPONENT_DEALS deals, else asked again."""
    rulesets = tuple(r for r in TEAM_RULESETS if filters.ruleset in (None, r))
    partners = [
        {
            "player_id": row["player_id"],
            "name": row["name"],
            "games": row["games"],
            "games_won": row["games_won"],
            "deals": row["deals"],
            "score_per_deal": per_deal(row["score_total"], row["deals"]),
        }
        for row in played.partners(db, player_id, filters, rulesets)
    ]
    return {
        "partners": partners,
        "best_partner": best_partner(partners),
        "hardest_opponents": hardest_opponents(db, player_id, filters, head_to_head),
    }


def best_partner(partners: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The partner with the highest score per deal together, of those with enough deals."""
    enough = [row for row in partners if row["deals"] >= BEST_PARTNER_DEALS]
    return min(enough, key=lambda row: (-row["score_per_deal"], -row["deals"]), default=None)


def hardest_opponents(
    db: sqlite_utils.Database,
    player_id: int,
    filters: Filters,
    head_to_head: tuple[int, list[dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """The opponents against whom his score per deal is lowest, met in enough deals."""
    if head_to_head is not None and head_to_head[0] <= OPPONENT_DEALS:
        rows = [dict(row) for row in head_to_head[1] if row["deals"] >= OPPONENT_DEALS]
    else:
        rows = [
            {
                "player_id": row["player_id"],
                "name": row["name"],
                "deals": row["deals"],
                "score_per_deal": per_deal(row["score_total"], row["deals"]),
            }
            for row in stats.head_to_head(db, player_id, filters, OPPONENT_DEALS)
        ]
    rows.sort(key=lambda row: (row["score_per_deal"], -row["deals"]))  # stable: by name after
    return rows[:HARDEST_OPPONENTS]
