"""Slow references for the club's records and winners (tests/web/test_records.py,
test_winners.py): every live session loaded from its stored deals (tests/web/club.py
``live_sessions``), its games from the rules core, everything else counted here in Python by the
definitions of the issue "Statistics a club argues about happily"."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from scorekeeper.rules.game import progress
from scorekeeper.services.events.view import event_view
from scorekeeper.services.players import persons as players
from tests.web.club import call
from tests.web.club import live_sessions
from tests.web.club import per_deal


def seat_deals(app, ruleset=None, first=None, last=None) -> list[dict[str, Any]]:
    """A row per seat linked to a player in each deal: player, score, the place (day, session,
    deal), the game, and the game's result for the seat (won, finished, deepest deficit)."""
    names = {p["id"]: p["name"] for p in call(app, players.list_players)}
    seats: list[dict[str, Any]] = []
    for session in live_sessions(app, ruleset, first, last):
        rules = session.ruleset
        share = round(rules.deck_total / rules.sides)
        scores = [deal.result.scores for deal in session.deals]
        dealers = [deal.dealer for deal in session.deals]
        state = progress(rules, session.first_dealer, scores, dealers=dealers)
        game_of = {number: game for game in state.games for number in game.deals}
        deficits = {game.number: _deficits(session, game) for game in state.games}
        for deal in session.deals:
            game = game_of[deal.number]
            for seat, player in enumerate(session.player_ids):
                if player is None:
                    continue
                side = rules.side_of(seat)
                seats.append(
                    {
                        "player_id": player,
                        "seat": seat,
                        "name": names[player],
                        "score": deal.result.scores[side]
                        if ruleset
                        else deal.result.points[side] - share,
                        "place": (session.played_on, session.id, deal.number),
                        "game": game.number,
                        "won": game.finished and game.totals[side] == max(game.totals),
                        "deficit": deficits[game.number][side],
                    }
                )
    return seats


def _deficits(session, game) -> list[tuple[int, int]]:
    """Each side's deepest deficit in the game and the first deal after which it was so deep."""
    by_number = {deal.number: deal.result.scores for deal in session.deals}
    sides = len(game.totals)
    running, deepest = [0] * sides, [(0, 0)] * sides
    for number in game.deals:
        running = [running[side] + by_number[number][side] for side in range(sides)]
        for side in range(sides):
            if max(running) - running[side] > deepest[side][0]:
                deepest[side] = (max(running) - running[side], number)
    return deepest


def holders(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"player_id": row["player_id"], "name": row["name"]} for row in rows]


def records(app, ruleset=None, first=None, last=None) -> dict[str, Any]:
    """The five records as the API gives them (value, players, played_on, session_id,
    number, game), None where nobody holds one."""
    seats = seat_deals(app, ruleset, first, last)
    return {
        "best_deal": _deal(seats, best=True),
        "worst_deal": _deal(seats, best=False),
        "best_evening": _evening(seats, "score"),
        "biggest_comeback": _comeback(seats),
        "most_deals": _evening(seats, "deals"),
    }


def _record(value, rows, place, number=None, game=None) -> dict[str, Any]:
    return {
        "value": value,
        "players": holders(rows),
        "played_on": place[0],
        "session_id": place[1],
        "number": number,
        "game": game,
    }


def _deal(seats, best: bool) -> dict[str, Any] | None:
    if not seats:
        return None
    sign = -1 if best else 1
    top = min(seats, key=lambda row: (sign * row["score"], row["place"]))
    level = [r for r in seats if r["place"] == top["place"] and r["score"] == top["score"]]
    level.sort(key=lambda row: row["seat"])
    return _record(top["score"], level, top["place"], number=top["place"][2])


def _evening(seats, figure: str) -> dict[str, Any] | None:
    days: dict[tuple[str, int], dict[str, Any]] = {}
    for row in seats:
        key = (row["place"][0], row["player_id"])
        day = days.setdefault(key, row | {"score": 0, "deals": 0, "session": row["place"][1]})
        day["score"] += row["score"]
        day["deals"] += 1
        day["session"] = min(day["session"], row["place"][1])
    if not days:
        return None
    best = max(day[figure] for day in days.values())
    tops = [day for day in days.values() if day[figure] == best]
    place = min((day["place"][0], day["session"]) for day in tops)
    level = [day for day in tops if (day["place"][0], day["session"]) == place]
    level.sort(key=lambda day: day["player_id"])
    return _record(best, level, place)


def _comeback(seats) -> dict[str, Any] | None:
    games = {}
    for row in seats:
        if row["won"] and row["deficit"][0] > 0:
            games[(row["place"][1], row["game"], row["player_id"])] = row
    if not games:
        return None
    deepest = max(row["deficit"][0] for row in games.values())
    tops = [row for row in games.values() if row["deficit"][0] == deepest]
    key = min((row["place"][0], row["place"][1], row["deficit"][1]) for row in tops)
    level = [row for row in tops if (row["place"][0], row["place"][1], row["deficit"][1]) == key]
    level.sort(key=lambda row: row["seat"])
    return _record(deepest, level, key[:2], number=key[2], game=level[0]["game"])


def winners(app, ruleset=None, first=None, last=None) -> dict[str, Any]:
    """The winners of each season, month and evening, newest first, as the API gives them."""
    seats = seat_deals(app, ruleset, first, last)
    return {
        "seasons": _periods(seats, 4, 10),
        "months": _periods(seats, 7, 120),
        "evenings": _evenings(app, seats, _days(app, ruleset, first, last), ruleset),
    }


def _periods(seats, length: int, most: int) -> list[dict[str, Any]]:
    totals: dict[str, dict[int, dict[str, Any]]] = defaultdict(dict)
    for row in seats:
        mine = totals[row["place"][0][:length]].setdefault(
            row["player_id"], {"name": row["name"], "score_total": 0, "deals": 0}
        )
        mine["score_total"] += row["score"]
        mine["deals"] += 1
    shown = []
    for period in sorted(totals, reverse=True)[:most]:
        rows = totals[period]
        min_deals = max(1, min(30, max(row["deals"] for row in rows.values()) // 3))
        entered = {
            player: row | {"score_per_deal": per_deal(row["score_total"], row["deals"])}
            for player, row in rows.items()
            if row["deals"] >= min_deals
        }
        best = max(row["score_per_deal"] for row in entered.values())
        first = sorted(
            (
                _winner(player, row)
                for player, row in entered.items()
                if row["score_per_deal"] == best
            ),
            key=lambda winner: winner["name"].casefold(),
        )
        shown.append({"period": period, "min_deals": min_deals, "winners": first})
    return shown


def _winner(player, row, points=None) -> dict[str, Any]:
    return {
        "name": row["name"],
        "player_ids": [player] if isinstance(player, int) else player,
        "score_total": row["score_total"],
        "deals": row["deals"],
        "score_per_deal": per_deal(row["score_total"], row["deals"]),
        "points": points,
    }


def _days(app, ruleset, first, last) -> dict[str, set[int]]:
    """Each day with deals played in the ruleset and period, and its events: those with a live
    table session with deals that day."""
    found: dict[str, set[int]] = defaultdict(set)
    for session in live_sessions(app, ruleset, first, last):
        if not session.deals:
            continue
        found[session.played_on]
        row = call(app, _event_of, session.id)
        if row:
            found[session.played_on].add(row[0])
    return found


def _event_of(db, session_id: int):
    sql = "select event_id from event_tables where session_id = ?"
    return db.execute(sql, [session_id]).fetchone()


def _evenings(app, seats, played: dict[str, set[int]], ruleset) -> list[dict[str, Any]]:
    days: dict[str, dict[int, dict[str, Any]]] = {day: {} for day in played}
    for row in seats:
        mine = days[row["place"][0]].setdefault(
            row["player_id"], {"name": row["name"], "score_total": 0, "deals": 0}
        )
        mine["score_total"] += row["score"]
        mine["deals"] += 1
    shown = []
    for day in sorted(days, reverse=True)[:500]:
        if played[day]:
            shown.extend(_event_winners(app, day, event) for event in sorted(played[day]))
            continue
        best = max((row["score_total"] for row in days[day].values()), default=None)
        top = [_winner(p, row) for p, row in days[day].items() if row["score_total"] == best]
        top.sort(key=lambda winner: winner["name"].casefold())
        shown.append({"played_on": day, "winners": top, "event_id": None, "event_name": None})
    return shown


def _event_winners(app, day: str, event_id: int) -> dict[str, Any]:
    view = call(app, event_view, event_id)
    entrants = {entrant["no"]: entrant for entrant in view.entrants}
    first = []
    for standing in view.standings:
        if standing.standing.rank == 1:
            ids = [pid for pid in entrants[standing.standing.entrant]["player_ids"] if pid]
            row = {"name": standing.name, "score_total": standing.standing.score}
            row["deals"] = standing.standing.deals
            first.append(_winner(ids, row, float(standing.standing.points)))
    return {
        "played_on": day,
        "winners": first,
        "event_id": view.id,
        "event_name": view.event["name"],
    }
