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
    codes = [p["code"] for p in audit.get_json()["problems"]]
    assert codes == ["fool-too-early", "last-trick-winner-needed"]  # marked, and asked


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


# The Matto kept to the last trick and led there. The Italian page: "Il Matto non può essere la
# carta di uscita e quindi, se lo si conserva fino all'ultima mano e si deve uscire, andrà al
# giocatore che si aggiudicherà l'ultima mano."


def test_the_api_refuses_a_deal_that_does_not_say_whether_the_matto_was_led(client):
    # Carla won 3 tricks and kept the Matto: whether she led it decides where it goes.
    session_id = start(client)
    body = {**QUICK, "last_trick_winner": 1}
    response = client.post(f"{API}/sessions/{session_id}/deals", json=body)
    assert response.status_code == 422
    problems = response.get_json()["problems"]
    assert [p["code"] for p in problems] == ["fool-led-needed"]
    assert problems[0]["message"] == (
        "a led Fool goes to the winner of the last trick: say whether Carla led it "
        "(kept to the last trick and led there, or led earlier)"
    )
    assert client.get(f"{API}/sessions/{session_id}").get_json()["deals"] == []
    # Not led: it stays with Carla (22, 45, 11); led at the last trick, won by Anna who won
    # the Matto's trick: its 4 points go to her (26, 45, 7).
    not_led = client.post(
        f"{API}/audit", json={"ruleset": "tarocchi-a-3", "dealer": 1, **body, "fool_led": "no"}
    ).get_json()
    assert not_led["points"] == [22, 45, 11]
    body = {**QUICK, "fool_led": "last-trick"}
    response = client.post(f"{API}/sessions/{session_id}/deals", json=body)
    assert response.status_code == 201, response.get_json()
    deal = response.get_json()
    assert deal["points"] == [26, 45, 7]
    assert [note["message"] for note in deal["notes"]] == [
        "Carla kept the Fool to the last trick and had to lead it, so it goes to Anna, "
        "who won the last trick"
    ]
    assert deal["input"]["fool_led"] == "last-trick"


def test_fool_led_takes_only_its_answers_and_only_with_a_quick_count_or_full_piles(client):
    session_id = start(client)
    url = f"{API}/sessions/{session_id}/deals"
    wrong = client.post(url, json={**QUICK, "fool_led": "yes"})
    assert wrong.status_code == 400
    assert wrong.get_json()["error"] == "fool_led must be one of no, last-trick, earlier"
    with_totals = client.post(url, json={"points": [26, 26, 26], "fool_led": "no"})
    assert with_totals.status_code == 400
    assert client.get(f"{API}/sessions/{session_id}").get_json()["deals"] == []


def test_the_form_asks_whether_the_matto_was_led_and_says_so_at_its_field(app, client):
    session_id = start(client)
    url = f"/sessions/{session_id}/deals/new/quick"
    form = page(client.get(url))
    shown = form.select("input[name=fool_led]")
    assert [i["value"] for i in shown] == ["no", "last-trick", "earlier"]
    assert [i.has_attr("checked") for i in shown] == [True, False, False]
    response = client.post(url, data=quick_form_data(fool_led="", save="y"))
    assert response.status_code == 422
    assert field_errors(page(response), "fool_led") == [
        "a led Fool goes to the winner of the last trick: say whether Carla led it "
        "(kept to the last trick and led there, or led earlier)"
    ]
    assert load(app, session_id).deals == ()
    response = client.post(url, data=quick_form_data(fool_led="last-trick", save="y"))
    assert response.status_code == 303
    assert load(app, session_id).deals[0].result.points == (26, 45, 7)
    scarto = page(client.get(f"/sessions/{session_id}/deals/new/quick"))
    assert scarto.select_one("input[name=fool_led][value=no]").has_attr("checked")


def test_only_a_ruleset_where_the_matto_may_not_lead_asks_whether_it_was_led(client):
    session_id = start(client, ruleset="scarto")
    for kind in ("quick", "piles"):
        form = page(client.get(f"/sessions/{session_id}/deals/new/{kind}"))
        assert form.select_one("input[name=fool_led]") is None
