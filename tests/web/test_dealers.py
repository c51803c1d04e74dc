"""Who really dealt: a deal dealt out of turn, given by the keeper in every form and the API.

The seeds: "The player to the right of the dealer is the next dealer" (Wikipedia, Scarto);
"After each round, the dealer position will move to the right" (Piedicavallo). The deal passes on
from whoever really dealt; a deal recorded without a dealer follows the rotation from the deal
before it; the dealer's scarto counts for the one who really dealt (rules.md A3: "the cards the
dealer lays aside ... join his pile").
"""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.generator import random_deal
from scorekeeper.web.db import get_db
from tests.bodies import piles_body
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import piles_form
from tests.web.helpers import text

SCARTO = find_ruleset("scarto")
API = "/api/v1"


def start(client, first_dealer=0):
    body = {
        "ruleset": "scarto",
        "players": ["Anna", "Bruno", "Carla"],
        "first_dealer": first_dealer,
    }
    response = client.post(f"{API}/sessions", json=body)
    assert response.status_code == 201
    return response.get_json()["id"]


def record(client, session_id, body):
    response = client.post(f"{API}/sessions/{session_id}/deals", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def dealers(client, session_id):
    deals = client.get(f"{API}/sessions/{session_id}").get_json()["deals"]
    return [deal["dealer"] for deal in deals]


def test_a_deal_dealt_out_of_turn_keeps_its_dealer_and_the_deal_passes_on_from_him(client):
    session_id = start(client, first_dealer=0)
    # Anna (0) should deal first; Carla (2) did. The next deal is Anna's: the seat after Carla.
    deal = record(client, session_id, {"points": [30, 27, 21], "dealer": 2})
    assert deal["dealer"] == 2
    session = client.get(f"{API}/sessions/{session_id}").get_json()
    assert session["next_dealer"] == 0
    assert session["deals"][0]["out_of_turn"] is True
    # A deal without a dealer follows the rotation from the deal before: Anna, then Bruno.
    record(client, session_id, {"points": [26, 26, 26]})
    record(client, session_id, {"points": [26, 26, 26]})
    assert dealers(client, session_id) == [2, 0, 1]
    session = client.get(f"{API}/sessions/{session_id}").get_json()
    assert [deal["out_of_turn"] for deal in session["deals"]] == [True, False, False]
    assert session["next_dealer"] == 2


def test_the_scarto_counts_for_the_player_who_really_dealt(client):
    # Carla (2) dealt this deal, though the rotation gave Anna (0): her scarto is in no pile,
    # and counted for Carla it gives the points the rules core gives with dealer 2.
    played = random_deal(SCARTO, 11, 2)
    right = audit_piles(SCARTO, 2, played.piles, played.scarto)
    wrong = audit_piles(SCARTO, 0, played.piles, played.scarto)
    assert right.ok
    assert right.points != wrong.points
    session_id = start(client, first_dealer=0)
    preview = client.post(
        f"{API}/audit", json={"ruleset": "scarto", "dealer": 2, **piles_body(played)}
    )
    assert preview.get_json()["points"] == list(right.points)
    deal = record(client, session_id, {**piles_body(played), "dealer": 2})
    assert deal["points"] == list(right.points)


def test_correcting_a_dealer_moves_the_later_deals_that_follow_the_rotation(app, client):
    session_id = start(client, first_dealer=0)
    for _ in range(3):
        record(client, session_id, {"points": [26, 26, 26]})
    record(client, session_id, {"points": [26, 26, 26], "dealer": 0})  # given: kept
    record(client, session_id, {"points": [26, 26, 26]})
    assert dealers(client, session_id) == [0, 1, 2, 0, 1]
    # Deal 1 was really dealt by Bruno: deals 2 and 3 follow (Carla, Anna); deal 4 keeps Anna,
    # whom the keeper gave; deal 5 follows deal 4.
    response = client.put(
        f"{API}/sessions/{session_id}/deals/1", json={"points": [26, 26, 26], "dealer": 1}
    )
    assert response.status_code == 200, response.get_json()
    assert dealers(client, session_id) == [1, 2, 0, 0, 1]
    history = load(app, session_id).deals[1].history
    assert history[-1]["action"] == "recounted"  # deal 2's new dealer is in its history


def test_a_correction_without_a_dealer_goes_back_to_the_rotation(client):
    session_id = start(client, first_dealer=0)
    record(client, session_id, {"points": [26, 26, 26], "dealer": 2})
    record(client, session_id, {"points": [26, 26, 26]})
    assert dealers(client, session_id) == [2, 0]
    client.put(f"{API}/sessions/{session_id}/deals/1", json={"points": [30, 27, 21]})
    assert dealers(client, session_id) == [0, 1]


def test_deleting_a_deal_passes_the_deal_on_from_the_real_dealer_before_it(client):
    session_id = start(client, first_dealer=0)
    record(client, session_id, {"points": [26, 26, 26], "dealer": 2})
    record(client, session_id, {"points": [26, 26, 26]})
    record(client, session_id, {"points": [26, 26, 26]})
    assert dealers(client, session_id) == [2, 0, 1]
    assert client.delete(f"{API}/sessions/{session_id}/deals/2").status_code == 204
    assert dealers(client, session_id) == [2, 0]  # deal 3 now follows Carla


@pytest.mark.parametrize("dealer", [3, -1, "1", True, 1.0])
def test_a_dealer_that_is_no_seat_is_refused_and_nothing_stored(client, dealer):
    session_id = start(client)
    response = client.post(
        f"{API}/sessions/{session_id}/deals", json={"points": [30, 27, 21], "dealer": dealer}
    )
    assert response.status_code == 400
    assert "dealer must be a seat from 0 to 2" in response.get_json()["error"]
    assert dealers(client, session_id) == []


def test_the_replay_takes_the_dealer(client):
    # Dealt by Bruno (1): Carla (2) leads the first trick, not Bruno (Anna's next).
    session_id = start(client, first_dealer=0)
    played = random_deal(SCARTO, 5, 1)
    first = [card.code for card in played.tricks[0].cards]
    body = {"scarto": [c.code for c in played.scarto], "play": [first], "dealer": 1}
    answer = client.post(f"{API}/sessions/{session_id}/replay", json=body).get_json()
    assert answer["tricks"][0]["leader"] == 2
    assert answer["tricks"][0]["leader"] == played.tricks[0].leader


def test_the_forms_take_the_dealer_and_the_protocol_marks_the_deal(app, client):
    session_id = start(client, first_dealer=0)
    played = random_deal(SCARTO, 11, 2)
    form = piles_form(played.piles, played.scarto) | {"dealer": "2"}
    response = client.post(f"/sessions/{session_id}/deals/new/piles", data=form)
    assert response.status_code == 303
    assert load(app, session_id).deals[0].dealer == 2
    protocol = page(client.get(f"/sessions/{session_id}"))
    row = protocol.select_one("#deal-1")
    assert "Carla out of turn" in text(row)
    assert "Next dealer: Anna" in text(protocol)
    # The correction form shows Carla as chosen, and the rotation's Anna as the default.
    edit = page(client.get(f"/sessions/{session_id}/deals/1/edit"))
    chosen = edit.select_one("select[name=dealer] option[selected]")
    assert chosen["value"] == "2"
    assert text(edit.select_one("select[name=dealer] option[value='']")) == "Anna, by the rotation"


def test_the_dealer_given_to_a_new_deal_form_shows_in_its_heading(client):
    session_id = start(client, first_dealer=1)
    heading = page(client.get(f"/sessions/{session_id}/deals/new/totals")).select_one(".meta")
    assert "Dealer: Bruno" in text(heading)


def test_the_services_use_the_real_dealer_for_a_quick_count(app):
    # The dealer's pile is 3 x tricks + the scarto: with the wrong dealer the quick count of a
    # deal Carla dealt has the wrong pile sizes, and with her as dealer it is exact.
    played = random_deal(SCARTO, 3, 2)
    with app.app_context():
        db = get_db()
        session_id = services.start_session(
            db, {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
        )
        from tests.bodies import quick_body

        deal = services.record_deal(db, session_id, {**quick_body(played), "dealer": 2})
    expected = audit_piles(SCARTO, 2, played.piles, played.scarto)
    assert deal.result.points == expected.points


def test_the_scarto_check_names_the_dealer_the_deal_passed_on_to(client):
    # Anna (0) was to deal the first deal; Carla (2) dealt it out of turn, so the deal passes on
    # from her to Anna, and the scarto checked before deal 2 is Anna's. Was: Bruno, the seat
    # the first dealer and the deal's number gave.
    session_id = start(client)
    record(client, session_id, {"points": [26, 26, 26], "dealer": 2})
    shown = text(page(client.get(f"/sessions/{session_id}/scarto")).select_one("p.meta"))
    assert shown.startswith("Deal 2 · Dealer: Anna")


def test_after_a_deal_out_of_turn_the_game_lasts_until_everyone_has_dealt(client):
    # "the game continues until all players have dealt" (English Wikipedia). Anna, then Carla
    # out of turn, then Anna: Bruno has not dealt, so the game goes on and he deals next.
    session_id = start(client)
    for dealer in (None, 2, None):
        body = {"points": [26, 26, 26]} | ({"dealer": dealer} if dealer is not None else {})
        record(client, session_id, body)
    shown = client.get(f"{API}/sessions/{session_id}").get_json()
    assert [game["finished"] for game in shown["games"]] == [False]
    assert (shown["next_dealer_name"], shown["deals_to_go"]) == ("Bruno", 1)
    record(client, session_id, {"points": [30, 26, 22]})
    shown = client.get(f"{API}/sessions/{session_id}").get_json()
    assert [game["finished"] for game in shown["games"]] == [True]
    assert shown["games"][0]["deals"] == [1, 2, 3, 4]
