"""The JSON API's players: the club's list, a new player, a rename or an archive, a merge of two
spellings of one person and its undoing (issue "Players who last")."""

from __future__ import annotations

from typing import Any

from flask import jsonify
from flask import url_for
from flask.views import MethodView
from werkzeug.wrappers import Response

from ...services.players import persons as players
from ..db import get_db
from . import bp
from . import shape
from . import values as js
from .views import Answer


def player_json(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "name": row["name"],
        "nickname": row.get("nickname") or "",
        "archived": bool(row["archived"]),
    }


@bp.get("/players")
def player_list() -> Response:
    """Every player of the club, by name (those merged into another are that other)."""
    return jsonify([player_json(row) for row in players.list_players(get_db())])


@bp.post("/players")
def player_create() -> Answer:
    """A new player: 201, or 409 when the name is another player's (case and accents ignored)."""
    body = _body("PlayerRequest")
    player_id = players.create_player(get_db(), body)
    address = url_for("api.player_detail", player_id=player_id)
    return jsonify(player_json(players.get_player(get_db(), player_id))), 201, {"Location": address}


class PlayerAt(MethodView):
    """One player: read, or change. One rule for both methods, so that an id too large for a
    player (which the path's converter refuses) is a 404 for each, never a 405."""

    def get(self, player_id: int) -> Response:
        row = players.get_player(get_db(), player_id)
        return jsonify(player_json(row) | {"merged_into": row["merged_into"]})

    def patch(self, player_id: int) -> Response:
        """Rename, a new nickname, archive (or bring back): any of the three."""
        players.update_player(get_db(), player_id, _body("PlayerChange"))
        return jsonify(player_json(players.get_player(get_db(), player_id)))


bp.add_url_rule("/players/<int:player_id>", view_func=PlayerAt.as_view("player_detail"))


@bp.post("/players/<int:player_id>/merge")
def player_merge(player_id: int) -> Response:
    """Two spellings of one person: every seat of this player goes to "into"; the answer names
    the merge, to undo it (POST /merges/<id>/undo)."""
    body = _body("PlayerMerge")
    merge_id = players.merge_players(get_db(), player_id, body.get("into"))
    kept = players.get_player(get_db(), int(body["into"]))
    return jsonify({"merge": merge_id, "player": player_json(kept)})


@bp.post("/merges/<int:merge_id>/undo")
def merge_undo(merge_id: int) -> Response:
    players.undo_merge(get_db(), merge_id)
    return jsonify({"merge": merge_id, "undone": True})


def _body(schema: str) -> dict[str, Any]:
    """The request's body, held to its schema in the description."""
    body = js.body_object()
    shape.check(body, schema)
    return body
