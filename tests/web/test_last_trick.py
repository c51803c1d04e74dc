"""The Matto played too early and the last trick's winner, through the API and the forms.

The Italian page: "Il Matto può essere giocato solo se chi lo gioca ha effettuato almeno una
presa, altrimenti verrà assegnato a chi fa l'ultima presa". The keeper answers "was the Matto
played before its player had taken a trick?"; a penalty that needs the winner of the last trick
is never left out: the form asks for him right there, the API answers 422.
"""

from __future__ import annotations

from tests.rules.test_seed_matto import counters_for
from tests.web.helpers import field_errors
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import text

API = "/api/v1"
NAMES = ["Anna", "Bruno", "Carla"]
# Bruno deals (scarto 2♠ 3♠ 4♠); Anna won 12 tricks with the Matto's, Bruno 10 and the last,
# Carla 3 with K♣ and played the Matto before her first trick. Worked out by hand in
# tests/rules/test_seed_matto.py: 22, 45, 11 if the Matto stayed; 22, 49, 7 when it goes to Bruno.
QUICK = {
    "counters": {card.code: seat for card, seat in counters_for(["KB"]).items()},
    "tricks": [12, 10, 3],
    "fool_trick_winner": 0,
    "scarto": ["2S", "3S", "4S"],
}


def start(client, ruleset="tarocchi-a-3"):
    body = {"ruleset": ruleset, "players": NAMES, "first_dealer": 1}
    return client.post(f"{API}/sessions", json=body).get_json()["id"]


def test_the_api_moves_a_matto_played_too_early_to_the_last_trick_winner(client):
    session_id = start(client)
    body = {**QUICK, "last_trick_winner": 1, "fool_too_early": True}
    response = client.post(f"{API}/sessions/{session_id}/deals", json=body)
    assert response.status_code == 201, response.get_json()
    deal = response.get_json()
    assert deal["points"] == [22, 49, 7]
    assert [note["message"] for note in deal["notes"]] == [
        "Carla played the Fool before winning a trick, so it goes to Bruno, who won the last trick"
    ]
    assert deal["input"]["fool_too_early"] is True


def test_without_the_last_trick_winner_the_api_refuses_and_the_audit_says_why(client):
    session_id = start(client)
    body = {**QUICK, "fool_too_early": True}
    response = client.post(f"{API}/sessions/{session_id}/deals", json=body)
    assert response.status_code == 422
    assert "last-trick-winner-needed" in [p["code"] for p in response.get_json()["problems"]]
    assert client.get(f"{API}/sessions/{session_id}").get_json()["deals"] == []
    audit = client.post(f"{API}/audit", json={"ruleset": "tarocchi-a-3", "dealer": 1, **body})
    assert audit.status_code == 200
    assert audit.get_json()["ok"] is False
    assert [p["code"] for p in audit.get_json()["problems"]] == ["last-trick-winner-needed"]


def test_fool_too_early_is_refused_where_the_fool_may_be_played_at_any_time(client):
    session_id = start(client, ruleset="scarto")
    body = {**QUICK, "last_trick_winner": 1, "fool_too_early": True}
    response = client.post(f"{API}/sessions/{session_id}/deals", json=body)
    assert response.status_code == 400
    assert "fool_too_early" in response.get_json()["error"]


def quick_form_data(**more):
    data = {f"card_{code}": str(seat) for code, seat in QUICK["counters"].items()}
    data |= {f"tricks_{seat}": str(won) for seat, won in enumerate(QUICK["tricks"])}
    data |= {"fool_trick_winner": "0", "scarto": "2S 3S 4S", "last_trick_winner": ""}
    return data | more


def test_the_form_asks_for_the_last_trick_winner_then_records_the_penalty(app, client):
    session_id = start(client)
    url = f"/sessions/{session_id}/deals/new/quick"
    form = page(client.get(url))
    assert form.select_one("input[name=fool_too_early]") is not None
    response = client.post(url, data=quick_form_data(fool_too_early="y", save="y"))
    assert response.status_code == 422
    asked = field_errors(page(response), "last_trick_winner")
    assert asked == [
        "Carla played the Fool before winning a trick, so it goes to whoever won the last "
        "trick: say who won it"
    ]
    assert load(app, session_id).deals == ()
    data = quick_form_data(fool_too_early="y", last_trick_winner="1", save="y")
    assert client.post(url, data=data).status_code == 303
    assert load(app, session_id).deals[0].result.points == (22, 49, 7)
    row = page(client.get(f"/sessions/{session_id}")).select_one("tr.penalties")
    assert "so it goes to Bruno, who won the last trick" in text(row)


def test_only_a_ruleset_with_the_rule_asks_about_the_matto(client):
    session_id = start(client, ruleset="scarto")
    form = page(client.get(f"/sessions/{session_id}/deals/new/quick"))
    assert form.select_one("input[name=fool_too_early]") is None
