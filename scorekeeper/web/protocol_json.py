"""Sessions and their protocols as the JSON API gives them: deals with running totals, games,
standings and who deals next. Cards are canonical codes, problems as ``problems_json`` says."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import NamedTuple

from flask import current_app
from flask import request
from flask import url_for
from werkzeug.routing import BuildError

from ..scoresheet import GameView
from ..scoresheet import Protocol
from ..scoresheet import ProtocolRow
from ..services import Deal
from .api_json import problems_json
from .api_json import scarto_check_json


class GameParts(NamedTuple):
    """A game's deals and the game as JSON, and the same as JSON text."""

    deals: list[dict[str, Any]]
    game: dict[str, Any]
    deal_texts: list[str]
    game_text: str


def deal_json(deal: Deal) -> dict[str, Any]:
    """A deal's own fields: its stable id, its number (its place now) and its version."""
    result = deal.result
    return {
        "id": deal.id,
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
    games = [_game_parts(game, protocol.side_names) for game in protocol.games]
    return {
        **_session_fields(protocol),
        "deals": [deal for parts in games for deal in parts.deals],
        "games": [parts.game for parts in games],
    }


def protocol_json_text(protocol: Protocol) -> str:
    """``protocol_json`` as the API sends it (Flask's JSON settings, compact), made once per
    session state and from the text kept of each game: the same text ``jsonify`` would make."""
    key = ("protocol json text", request.script_root)
    text: str | None = protocol.session.memo.get(key)
    if text is None:
        games = [_game_parts(game, protocol.side_names) for game in protocol.games]
        made = {
            "deals": "[" + ",".join(text for parts in games for text in parts.deal_texts) + "]",
            "games": "[" + ",".join(parts.game_text for parts in games) + "]",
        }
        text = _object_text({**_session_fields(protocol), **dict.fromkeys(made)}, made)
        protocol.session.memo[key] = text
    return text


def _object_text(fields: dict[str, Any], made: dict[str, str]) -> str:
    """``fields`` as a JSON object in the API's settings, with the text of each field named in
    ``made`` as given: one ``dumps`` per run of the other fields, not one per field."""
    dumps = compact_dumps()
    names = sorted(fields) if current_app.json.sort_keys else list(fields)  # type: ignore[attr-defined]
    pieces: list[str] = []
    run: dict[str, Any] = {}
    for name in names:
        if name in made:
            pieces += [dumps(run)[1:-1]] if run else []
            pieces.append(f"{dumps(name)}:{made[name]}")
            run = {}
        else:
            run[name] = fields[name]
    pieces += [dumps(run)[1:-1]] if run else []
    return "{" + ",".join(pieces) + "}"


def compact_dumps() -> Callable[[Any], str]:
    """Flask's ``app.json.dumps`` with compact separators, from one encoder per app and settings:
    ``json.dumps`` with any option makes a new encoder for every call, and a session's JSON text
    takes several."""
    provider = current_app.json
    ensure_ascii = getattr(provider, "ensure_ascii", True)
    sort_keys = getattr(provider, "sort_keys", True)
    default = getattr(provider, "default", None)
    key = (id(provider), ensure_ascii, sort_keys, default)
    kept = current_app.extensions.get("scorekeeper.compact_json")
    if kept is None or kept[0] != key:
        encoder = json.JSONEncoder(
            ensure_ascii=ensure_ascii, sort_keys=sort_keys, separators=(",", ":"), default=default
        )
        kept = current_app.extensions["scorekeeper.compact_json"] = (key, encoder.encode)
    encode: Callable[[Any], str] = kept[1]
    return encode


def _session_fields(protocol: Protocol) -> dict[str, Any]:
    """The session's fields in its JSON, all but its deals and games."""
    session = protocol.session
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
        "totals": list(protocol.totals),
        "next_dealer": protocol.next_dealer,
        "next_dealer_name": protocol.next_dealer_name,
        "deals_to_go": protocol.deals_to_go,
        "pending_scarto": scarto_check_json(session.pending_scarto),
    }


def deal_row_json(protocol: Protocol, number: int) -> dict[str, Any]:
    """Deal ``number`` as the session's "deals" list shows it, with the running totals after it."""
    for game in reversed(protocol.games):
        if game.rows and game.rows[0].deal.number <= number:
            deals = _game_parts(game, protocol.side_names).deals
            return deals[number - game.rows[0].deal.number]
    raise IndexError(f"no deal {number} in the protocol")


def row_json(row: ProtocolRow) -> dict[str, Any]:
    return {
        **deal_json(row.deal),
        "dealer_name": row.dealer_name,
        "out_of_turn": row.out_of_turn,
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
    dumps = compact_dumps()
    deals = [row_json(row) for row in game.rows]
    game_dict = game_json(game, side_names)
    parts = GameParts(deals, game_dict, [dumps(deal) for deal in deals], dumps(game_dict))
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
