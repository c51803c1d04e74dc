"""One deal, one result, through the JSON API: every way of entering a deal gives the points,
problems and penalties its trick-by-trick play gives (the issue "Every form, the same score").

The same deals and the same keeper as tests/rules/test_every_form.py, each request a POST
/api/v1/audit with the ruleset's house rules, the dealer and the players' names; then a deal
recorded in a session in each form, so that the protocol shows what the audit said.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings

from scorekeeper.rules import PRESETS
from scorekeeper.rules.generator import PlayedDeal
from tests.fuzzing import examples
from tests.keeper import entered
from tests.keeper import keep
from tests.rules.test_every_form import EDGES
from tests.rules.test_every_form import NAMES
from tests.rules.test_every_form import assert_same_result
from tests.rules.test_every_form import deals
from tests.rules.test_every_form import edge_deals

API = "/api/v1"


def api_audit(client, deal: PlayedDeal):
    ruleset = deal.ruleset
    common = {
        "ruleset": ruleset.id,
        "options": dict(ruleset.overrides),
        "dealer": deal.dealer,
        "players": NAMES[ruleset.players],
    }

    def audit(body: dict[str, Any]) -> dict[str, Any]:
        response = client.post(f"{API}/audit", json=common | body)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    return audit


def assert_every_form_agrees_through_the_api(client, deal: PlayedDeal) -> None:
    audit = api_audit(client, deal)
    _, play = keep(deal, entered(deal, "play"), audit)
    assert play["recordable"], play["problems"]
    for form in ("piles", "quick"):
        for explicit_no in (False, True):
            _, got = keep(deal, entered(deal, form, explicit_no=explicit_no), audit)
            assert got["recordable"], (form, got["problems"])
            assert_same_result(got, play, form)
    totals = audit({"points": play["points"]})
    assert totals["scores"] == play["scores"]


@pytest.mark.parametrize("ruleset_id", list(PRESETS))
def test_every_form_gives_the_plays_result_through_the_api_at_the_edges(client, ruleset_id):
    for steer in EDGES:
        for deal in edge_deals(ruleset_id, steer)[:3]:
            assert_every_form_agrees_through_the_api(client, deal)


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(deals)
def test_every_form_gives_the_plays_result_through_the_api_with_house_rules(client, deal):
    assert_every_form_agrees_through_the_api(client, deal)


@pytest.mark.parametrize("ruleset_id", list(PRESETS))
def test_each_form_records_the_score_the_play_records(client, ruleset_id):
    # Recorded in a session, deal after deal, each in another form: the protocol's scores are
    # the play's, and its notes name the same penalties.
    for steer in EDGES[:6]:
        deal = edge_deals(ruleset_id, steer)[0]
        ruleset = deal.ruleset
        players = NAMES[ruleset.players]
        body = {"ruleset": ruleset_id, "players": players, "first_dealer": deal.dealer}
        session_id = client.post(f"{API}/sessions", json=body).get_json()["id"]
        audit = api_audit(client, deal)
        recorded = []
        for form in ("play", "piles", "quick"):
            final, result = keep(deal, entered(deal, form), audit)
            url = f"{API}/sessions/{session_id}/deals"
            dealer = {"dealer": deal.dealer}
            answer = client.post(url, json=final | dealer)
            assert answer.status_code == 201, (form, answer.get_json())
            recorded.append(answer.get_json())
        scores = {tuple(deal_json["scores"]) for deal_json in recorded}
        notes = {tuple(sorted(n["message"] for n in r["notes"])) for r in recorded}
        assert len(scores) == 1
        assert len(notes) == 1
