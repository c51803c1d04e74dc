"""Sessions and their protocols as the JSON API gives them: deals with running totals, games,
standings and who deals next. Cards are canonical codes, problems as ``problems_json`` says."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from flask import url_for
from werkzeug.routing import BuildError

from ...services import Deal
from ...services.sessions.protocol import GameView
from ...services.sessions.protocol import Protocol
from ...services.sessions.protocol import ProtocolRow
from .values import problems_json
from .values import scarto_check_json


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
        "language": row.get("language") or "en",
        "played_on": row.get("played_on") or str(row.get("created") or "")[:10],
        "created": row.get("created"),
        "deal_count": row.get("deal_count", 0),
    }


def protocol_json(protocol: Protocol) -> dict[str, Any]:
    """A session with its deals, running totals, games and who deals next."""
    return {
        **_session_fields(protocol),
        "deals": [row_json(row) for game in protocol.games for row in game.rows],
        "games": [game_json(game, protocol.side_names) for game in protocol.games],
    }


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
        "language": session.language,
        "played_on": session.played_on,
        "player_ids": list(session.player_ids),
        "created": session.created,
        "totals": list(protocol.totals),
        "next_dealer": protocol.next_dealer,
        "next_dealer_name": protocol.next_dealer_name,
        "deals_to_go": protocol.deals_to_go,
        "pending_scarto": scarto_check_json(session.pending_scarto),
        "deleted": session.deleted,
    }


def deal_row_json(protocol: Protocol, number: int) -> dict[str, Any]:
    """Deal ``number`` as the session's "deals" list shows it, with the running totals after it."""
    for game in protocol.games:
        for row in game.rows:
            if row.deal.number == number:
                return row_json(row)
    raise IndexError(f"no deal {number} in the protocol")


def row_json(row: ProtocolRow) -> dict[str, Any]:
    return {
        **deal_json(row.deal),
        "dealer_name": row.dealer_name,
        "out_of_turn": row.out_of_turn,
        "totals": list(row.totals),
        "game": row.game,
    }


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
