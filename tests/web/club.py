"""A small club for the statistics, rankings and ratings tests, built through the services, and
the slow reference the statistics are checked against: every session loaded with
``services.load_session`` and its recorded scores added up in Python, deal by deal.

The reference takes the games from the rules core (``progress``, as the protocol shows them);
everything else it counts itself.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import ROUND_HALF_UP
from decimal import Decimal
from typing import Any

from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.game import progress
from scorekeeper.rules.generator import random_deal
from scorekeeper.services.players import persons as players
from scorekeeper.web.db import get_db


def call(app, action, *args: Any, **kwargs: Any) -> Any:
    """A service called as a request would call it: ``action(db, *args)``."""
    with app.test_request_context():
        return action(get_db(), *args, **kwargs)


def add_session(
    app, ruleset: str, names: list[Any], played_on: str, deals: list[Any] = (), **more: Any
) -> int:
    """A session with its deals: each a body, or a list of points (the totals form)."""
    body = {"ruleset": ruleset, "players": names, "played_on": played_on, **more}
    session_id = call(app, services.start_session, body)
    for deal in deals:
        record(app, session_id, deal)
    return session_id


def record(app, session_id: int, deal: Any) -> None:
    body = deal if isinstance(deal, dict) else {"points": list(deal)}
    call(app, services.record_deal, session_id, body)


def player_id(app, name: str) -> int:
    (row,) = [p for p in call(app, players.list_players) if p["name"] == name]
    return int(row["id"])


def illegal_scarto(seed: int = 6, dealer: int = 0) -> dict[str, Any]:
    """A played Scarto deal with a King swapped into the dealer's scarto: marked, recorded."""
    deal = random_deal(find_ruleset("scarto"), seed, dealer)
    piles = [list(pile) for pile in deal.piles]
    seat, king = next((s, c) for s, pile in enumerate(piles) for c in pile if c.rank == 14)
    scarto = list(deal.scarto)
    piles[seat][piles[seat].index(king)] = scarto[0]
    scarto[0] = king
    return {"piles": [[c.code for c in p] for p in piles], "scarto": [c.code for c in scarto]}


def per_deal(total: int, deals: int) -> float | None:
    if not deals:
        return None
    exact = Decimal(total) / Decimal(deals)
    return float(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def live_sessions(app, ruleset=None, first=None, last=None) -> list[services.Session]:
    """Every session not deleted, in the ruleset and period, loaded whole."""
    ids = [row["id"] for row in call(app, services.list_sessions)]
    loaded = [call(app, services.load_session, session_id) for session_id in ids]
    return [
        s
        for s in loaded
        if not s.deleted
        and (ruleset is None or s.ruleset.id == ruleset)
        and (first is None or s.played_on >= first)
        and (last is None or s.played_on <= last)
    ]


def reference(app, player: int, ruleset=None, first=None, last=None, min_deals=10) -> dict:
    """A player's statistics added up deal by deal (the API's figures but the rating)."""
    seats: list[dict[str, Any]] = []  # one per seat of the player in each deal
    games = won = 0
    sessions = set()
    against: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for session in live_sessions(app, ruleset, first, last):
        rules = session.ruleset
        mine = [seat for seat, pid in enumerate(session.player_ids) if pid == player]
        # Over every ruleset, a deal's points less the side's even share of the deck (78 / 3 is
        # 26, 114 / 2 is 57): one scale, never Scarto's scores beside raw points.
        share = round(rules.deck_total / rules.sides)
        for deal in session.deals:
            for seat in mine:
                side = rules.side_of(seat)
                score = deal.result.scores[side] if ruleset else deal.result.points[side] - share
                seats.append(
                    {
                        "score": score,
                        "points": deal.result.points[side],
                        "dealer": deal.dealer == seat,
                        "marked": bool(deal.result.problems),
                        "illegal": deal.dealer == seat
                        and any(p.code == "scarto-illegal" for p in deal.result.problems),
                        "at": (session.played_on, session.id, deal.number),
                        "deal": (session.id, deal.id, session.played_on),
                    }
                )
                sessions.add(session.id)
                for other, opponent in enumerate(session.player_ids):
                    if opponent not in (None, player) and rules.side_of(other) != side:
                        against[opponent][0] += 1
                        against[opponent][1] += score
        scores = [deal.result.scores for deal in session.deals]
        dealers = [deal.dealer for deal in session.deals]
        state = progress(rules, session.first_dealer, scores, dealers=dealers)
        for game in state.games:
            for seat in mine:
                if game.finished:
                    games += 1
                    won += game.totals[rules.side_of(seat)] == max(game.totals)
    return _figures(app, seats, sessions, games, won, against, min_deals)


def _figures(app, seats, sessions, games, won, against, min_deals) -> dict[str, Any]:
    dealt = [s for s in seats if s["dealer"]]
    other = [s for s in seats if not s["dealer"]]
    total = sum(s["score"] for s in seats)
    names = {p["id"]: p["name"] for p in call(app, players.list_players)}

    def extreme(best: bool) -> dict[str, Any] | None:
        """The best (or worst) score; of equal ones the first played."""
        if not seats:
            return None
        chosen = min(seats, key=lambda s: (-s["score"] if best else s["score"], s["at"]))
        session_id, deal_id, played_on = chosen["deal"]
        number = chosen["at"][2]
        return {"score": chosen["score"], "session_id": session_id, "deal_id": deal_id} | {
            "number": number,
            "played_on": played_on,
        }

    return {
        "sessions": len(sessions),
        "games": games,
        "games_won": won,
        "deals": len(seats),
        "score_total": total,
        "score_per_deal": per_deal(total, len(seats)),
        "best_deal": extreme(True),
        "worst_deal": extreme(False),
        "points_per_deal_as_dealer": per_deal(sum(s["points"] for s in dealt), len(dealt)),
        "points_per_deal_not_dealer": per_deal(sum(s["points"] for s in other), len(other)),
        "marked_deals": sum(s["marked"] for s in seats),
        "illegal_scartos": sum(s["illegal"] for s in seats),
        "head_to_head": sorted(
            (
                {
                    "player_id": opponent,
                    "name": names[opponent],
                    "deals": deals,
                    "score_per_deal": per_deal(score, deals),
                }
                for opponent, (deals, score) in against.items()
                if deals >= min_deals
            ),
            key=lambda row: (-row["deals"], row["name"].casefold()),
        ),
    }


def ranked(rows: list[dict[str, Any]], order: str) -> list[tuple[int, str]]:
    """(rank, name) of rows by ``order``, best first, equal figures sharing the rank."""
    ordered = sorted(rows, key=lambda row: (-row[order], row["name"].casefold()))
    return [(1 + sum(other[order] > row[order] for other in rows), row["name"]) for row in ordered]
