"""The slow references of a player's form, streaks, partners and peak rating: every live session
loaded with ``services.load_session`` (tests/web/club.py ``live_sessions``), its games grouped by
the rules core's ``progress`` as the protocol shows them, and each figure worked out in Python
by the definition the issue gives, game by game and deal by deal. The ratings are played again
here with openskill itself, game after game.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import ROUND_HALF_UP
from decimal import Decimal
from typing import Any

from openskill.models import PlackettLuce

from scorekeeper.rules.game import progress
from scorekeeper.services.players import persons as players
from tests.web.club import call
from tests.web.club import live_sessions
from tests.web.club import per_deal
from tests.web.club import reference


def games_of(session) -> list[Any]:
    """A session's games as the protocol has them."""
    scores = [deal.result.scores for deal in session.deals]
    dealers = [deal.dealer for deal in session.deals]
    return progress(session.ruleset, session.first_dealer, scores, dealers=dealers).games


def share_of(rules) -> int:
    return round(rules.deck_total / rules.sides)


def _percent(part: int, whole: int) -> float | None:
    if not whole:
        return None
    exact = Decimal(part) * 100 / Decimal(whole)
    return float(exact.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def _runs(steps: list[tuple[str, bool]]) -> dict[str, Any]:
    """The longest (first of equal) and the last run of True, counted by brute force."""
    found = []  # (length, first, last) of every maximal run, in order
    start = None
    for index, (_, counts) in enumerate([*steps, ("", False)]):
        if counts and start is None:
            start = index
        if not counts and start is not None:
            found.append((index - start, steps[start][0], steps[index - 1][0], index == len(steps)))
            start = None

    def shown(run) -> dict[str, Any]:
        if run is None:
            return {"length": 0, "first_day": None, "last_day": None}
        return {"length": run[0], "first_day": run[1], "last_day": run[2]}

    best = max(found, key=lambda run: run[0], default=None)  # max keeps the first of equal
    current = found[-1] if found and found[-1][3] else None
    return {"longest": shown(best), "current": shown(current)}


def form_reference(app, player: int, ruleset=None, first=None, last=None) -> dict[str, Any]:
    """His win percentage, streaks and last ten games, by the definitions."""
    games: list[tuple[tuple[str, int, int], str]] = []  # (day, session, game), W/T/L
    evenings: dict[str, int] = defaultdict(int)
    for session in live_sessions(app, ruleset, first, last):
        rules = session.ruleset
        for seat in [s for s, pid in enumerate(session.player_ids) if pid == player]:
            side = rules.side_of(seat)
            for deal in session.deals:
                points = deal.result.points[side] - share_of(rules)
                evenings[session.played_on] += deal.result.scores[side] if ruleset else points
            for game in games_of(session):
                if not game.finished:
                    continue
                best = max(game.totals)
                tied = sum(total == best for total in game.totals) > 1
                mine = game.totals[side]
                result = "L" if mine < best else ("T" if tied else "W")
                games.append(((session.played_on, session.id, game.number), result))
    games.sort()
    won = [(key[0], result != "L") for key, result in games]
    return {
        "games_won_pct": _percent(sum(w for _, w in won), len(games)),
        "streaks": {
            "games_won": _runs(won),
            "positive_evenings": _runs([(day, evenings[day] > 0) for day in sorted(evenings)]),
        },
        "form": [
            {"result": result, "played_on": key[0], "session_id": key[1]}
            for key, result in games[-10:]
        ],
    }


def partners_reference(app, player: int, ruleset=None, first=None, last=None) -> dict[str, Any]:
    """His partners (players on his side), the best of them, and his hardest opponents."""
    names = {p["id"]: p["name"] for p in call(app, players.list_players)}
    together: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for session in live_sessions(app, ruleset, first, last):
        rules = session.ruleset
        for seat in [s for s, pid in enumerate(session.player_ids) if pid == player]:
            side = rules.side_of(seat)
            mates = [
                pid
                for other, pid in enumerate(session.player_ids)
                if other != seat and rules.side_of(other) == side and pid not in (None, player)
            ]
            for deal in session.deals:
                score = deal.result.scores[side]
                score = score if ruleset else deal.result.points[side] - share_of(rules)
                for mate in mates:
                    together[mate][2] += 1
                    together[mate][3] += score
            for game in games_of(session):
                for mate in mates:
                    together[mate][0] += game.finished
                    together[mate][1] += game.finished and game.totals[side] == max(game.totals)
    partners = sorted(
        (
            {"player_id": mate, "name": names[mate], "games": games, "games_won": won}
            | {"deals": deals, "score_per_deal": per_deal(total, deals)}
            for mate, (games, won, deals, total) in together.items()
        ),
        key=lambda row: (-row["deals"], row["name"].casefold()),
    )
    enough = [row for row in partners if row["deals"] >= 10]
    best = sorted(enough, key=lambda row: (-row["score_per_deal"], -row["deals"]))
    opponents = reference(app, player, ruleset, first, last, min_deals=10)["head_to_head"]
    hardest = sorted(opponents, key=lambda row: (row["score_per_deal"], -row["deals"]))
    return {
        "partners": partners,
        "best_partner": best[0] if best else None,
        "hardest_opponents": hardest[:3],
    }


def peaks_reference(app, ruleset: str, first=None, last=None) -> dict[int, dict[str, Any]]:
    """Every player's peak: the ratings played again with openskill over every game of the
    ruleset (the period does not stop a rating), the highest mu - 3 sigma after a game in the
    period once he has 10 rated games, the first of equal ones, and the day of that game."""
    model = PlackettLuce()
    known: dict[int, tuple[Any, int]] = {}
    peaks: dict[int, tuple[float, str, Any]] = {}
    sessions = sorted(live_sessions(app, ruleset), key=lambda s: (s.played_on, s.id))
    for session in sessions:
        rules = session.ruleset
        seats = [pid for pid in session.player_ids]
        linked = [pid for pid in seats if pid is not None and seats.count(pid) == 1]
        for game in games_of(session):
            if not game.finished:
                continue
            sides: dict[int, list[int]] = {}
            for seat, pid in enumerate(seats):
                if pid in linked:
                    sides.setdefault(rules.side_of(seat), []).append(pid)
            if len(sides) < 2:
                continue
            order = sorted(sides)
            totals = [game.totals[side] for side in order]
            ranks = [1.0 + sum(other > total for other in totals) for total in totals]
            teams = [[known.get(pid, (model.rating(), 0))[0] for pid in sides[s]] for s in order]
            for side, rated in zip(order, model.rate(teams, ranks=ranks), strict=True):
                for pid, rating in zip(sides[side], rated, strict=True):
                    games = known.get(pid, (None, 0))[1] + 1
                    known[pid] = (rating, games)
                    value = rating.mu - 3 * rating.sigma
                    day = session.played_on
                    in_period = (first is None or day >= first) and (last is None or day <= last)
                    if games >= 10 and in_period and (pid not in peaks or value > peaks[pid][0]):
                        peaks[pid] = (value, day, rating)
    return {
        pid: {"value": round(rating.mu - 3 * rating.sigma, 1), "played_on": day}
        for pid, (_, day, rating) in peaks.items()
    }
