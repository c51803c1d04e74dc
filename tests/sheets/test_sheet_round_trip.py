"""The round trip (issue "Sheets that carry their data", §3): a session exported, printed as its
sheet, the sheet imported into another club's database, and exported again: the same session
but for its ids and its origin, for every ruleset, with a corrected deal and a deleted one in
its history."""

from __future__ import annotations

import json

import pytest

from scorekeeper import create_app
from scorekeeper.rules import PRESETS
from tests.databases import fresh_database

API = "/api/v1"


def new_app(path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(path)})


def points(ruleset, shift: int) -> list[int]:
    """A deal's points: the deck's total shared among the sides, moved by ``shift``."""
    sides, total = ruleset.sides, ruleset.deck_total
    share = [total // sides] * sides
    share[0] += shift + total - sum(share)
    share[1] -= shift
    return share


def without_ids(value):
    """The export with what a new database gives anew left out: ids, the origin."""
    if isinstance(value, dict):
        return {k: without_ids(v) for k, v in value.items() if k not in ("id", "origin")}
    if isinstance(value, list):
        return [without_ids(v) for v in value]
    return value


@pytest.mark.parametrize("ruleset_id", sorted(PRESETS))
def test_export_sheet_import_export_gives_the_same_session(tmp_path, ruleset_id):
    ruleset = PRESETS[ruleset_id]
    source = new_app(tmp_path / "source.sqlite").test_client()
    names = ["Anna", "Bruno", "Carla", "Dario"][: ruleset.players]
    made = source.post(f"{API}/sessions", json={"ruleset": ruleset_id, "players": names})
    assert made.status_code == 201, made.get_json()
    session_id = made.get_json()["id"]
    deals = f"{API}/sessions/{session_id}/deals"
    for shift in (2, -1, 3, 0):
        assert source.post(deals, json={"points": points(ruleset, shift)}).status_code == 201
    assert source.put(f"{deals}/2", json={"points": points(ruleset, 4)}).status_code == 200
    assert source.delete(f"{deals}/3").status_code == 204
    exported = source.get(f"/sessions/{session_id}/export.json")
    assert exported.status_code == 200
    before = json.loads(exported.data)
    sheet = source.get(f"/sessions/{session_id}/sheet.pdf")
    assert sheet.status_code == 200

    target = new_app(tmp_path / "target.sqlite").test_client()
    answer = target.post(f"{API}/imports", data=sheet.data, content_type="application/pdf")
    assert answer.status_code == 201, answer.get_json()
    ((imported,),) = [answer.get_json()["sessions"]]
    assert imported["origin_session_id"] == session_id
    after = json.loads(target.get(f"/sessions/{imported['id']}/export.json").data)
    assert without_ids(after) == without_ids(before)
    history = [
        entry["action"] for deal in after["sessions"][0]["deals"] for entry in deal["history"]
    ]
    assert "corrected" in history or "updated" in history
    assert any(deal["deleted"] for deal in after["sessions"][0]["deals"])
