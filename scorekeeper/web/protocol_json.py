"""Sessions and their protocols as the JSON API gives them: deals with running totals, games,
standings and who deals next. Cards are canonical codes, problems as ``problems_json`` says."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from flask import url_for
from werkzeug.routing import BuildError

from ..scoresheet import GameView
from ..scoresheet import Protocol
from ..scoresheet import ProtocolRow
from ..services import Deal
from .api_json import problems_json
from .api_json import scarto_check_json

GameParts = tuple[list[dict[str, Any]], dict[str, Any]]
"""A game's deals as JSON, and the game as JSON."""


def deal_json(deal: Deal) -> dict[str, Any]:
    result = deal.result
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "form": deal.form,
        "input": deal.input,
        "points": list(result.points),
        "scores": list(result.scores),
        "ok": result.ok,
        "problems": problems_json(result.problems),
        "notes": problems_json(result.notes),
        "version": deal.version,
        "corrected": deal.corrected,
        "scarto_check": scarto_check_json(deal.scarto_check),
    }


def session_url(session_id: int) -> str:
    try:
        return url_for("sessions.detail", session_id=session_id)
    except BuildError:  # the sessions pages are not registered
        return f"/sessions/{session_id}"


def session_summary_json(row: Mapping[str, Any]) -> dict[str, Any]:
    """A line of the session list, from the stored row."""
    return {
        "id": row["id"],
        "url": session_url(row["id"]),
        "ruleset": row["ruleset"],
        "options": dict(row.get("overrides") or {}),
        "players": row["players"],
        "first_dealer": row["first_dealer"],
        "table_name": row.get("table_name") or "",
        "place": row.get("place") or "",
        "created": row.get("created"),
        "deal_count": row.get("deal_count", 0),
    }


def protocol_json(protocol: Protocol) -> dict[str, Any]:
    """A session with its deals, running totals, games and who deals next."""
    session = protocol.session
    games = [_game_parts(game, protocol.side_names) for game in protocol.games]
    return {
        "id": session.id,
        "url": session_url(session.id),
        "ruleset": session.ruleset.id,
        "ruleset_name": session.ruleset.name,
        "options": dict(session.ruleset.overrides),
        "rules": session.ruleset.options,
        "players": list(session.players),
        "sides": list(protocol.side_names),
        "first_dealer": session.first_dealer,
        "table_name": session.table_name,
        "place": session.place,
        "created": session.created,
        "deals": [deal for deals, _game in games for deal in deals],
        "totals": list(protocol.totals),
        "next_dealer": protocol.next_dealer,
        "next_dealer_name": protocol.next_dealer_name,
        "deals_to_go": protocol.deals_to_go,
        "games": [game for _deals, game in games],
        "pending_scarto": scarto_check_json(session.pending_scarto),
    }


def deal_row_json(protocol: Protocol, number: int) -> dict[str, Any]:
    """Deal ``number`` as the session's "deals" list shows it, with the running totals after it."""
    for game in reversed(protocol.games):
        if game.rows and game.rows[0].deal.number <= number:
            deals, _game = _game_parts(game, protocol.side_names)
            return deals[number - game.rows[0].deal.number]
    raise IndexError(f"no deal {number} in the protocol")


def row_json(row: ProtocolRow) -> dict[str, Any]:
    return {
        **deal_json(row.deal),
        "dealer_name": row.dealer_name,
        "totals": list(row.totals),
        "game": row.game,
    }


_GAMES: OrderedDict[tuple[int, tuple[str, ...]], tuple[GameView, GameParts]] = OrderedDict()
"""Games turned into JSON lately, by the game's identity: a protocol built from an earlier one
keeps the games that did not change (scoresheet.build_protocol), so their JSON is made once. Each
entry keeps its game, so the id stays that game's while the entry lives."""
_GAMES_SIZE = 4096
_games_lock = threading.Lock()


def _game_parts(game: GameView, side_names: tuple[str, ...]) -> GameParts:
    """A game's deals and the game itself as JSON, made once per game. Read-only: shared."""
    key = (id(game), side_names)
    with _games_lock:
        kept = _GAMES.get(key)
    if kept is not None and kept[0] is game:
        return kept[1]
    parts = ([row_json(row) for row in game.rows], game_json(game, side_names))
    with _games_lock:
        _GAMES[key] = (game, parts)
        _GAMES.move_to_end(key)
        while len(_GAMES) > _GAMES_SIZE:
            _GAMES.popitem(last=False)
    return parts


def game_json(game: GameView, side_names: Sequence[str]) -> dict[str, Any]:
    return {
        "number": game.number,
        "deals": [row.deal.number for row in game.rows],
        "totals": list(game.totals),
        "finished": game.finished,
        "deals_to_go": game.deals_to_go,
        "standings": [
            {
                "side": list(side_names).index(place.name),
                "name": place.name,
                "rank": place.rank,
                "total": place.total,
                "tied": place.tied,
            }
            for place in game.standings
        ],
        "settlement": game.settlement or None,
        "tie": game.tie,
    }
