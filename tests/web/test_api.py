"""The JSON API, /api/v1: its fixed contract, its refusals, and that a refusal stores nothing."""

import pytest

from scorekeeper.rules import count_pile
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal
from tests.bodies import piles_body
from tests.bodies import quick_body

API = "/api/v1"
SCARTO = find_ruleset("scarto")


def start(client, players=("Anna", "Bruno", "Carla"), ruleset="scarto", first_dealer=0, **more):
    body = {"ruleset": ruleset, "players": list(players), "first_dealer": first_dealer, **more}
    response = client.post(f"{API}/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def session(client, session_id):
    response = client.get(f"{API}/sessions/{session_id}")
    assert response.status_code == 200
    return response.get_json()


def record(client, session_id, body, status=201):
    response = client.post(f"{API}/sessions/{session_id}/deals", json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def assert_refused(response, status=400):
    assert response.status_code == status
    body = response.get_json()
    assert isinstance(body["error"], str)
    assert body["error"]
    assert isinstance(body["problems"], list)
    return body


def expected_points(deal, ruleset=SCARTO):
    """Each seat's points counted from its whole pile, the scarto with the dealer."""
    piles = [list(pile) for pile in deal.piles]
    piles[deal.dealer] += deal.scarto
    return [count_pile(pile, ruleset).points for pile in piles]


# Rulesets, counting and the audit without a session


def test_the_rulesets_list_has_the_four_presets_with_their_deck_totals(client):
    response = client.get(f"{API}/rulesets")
    assert response.status_code == 200
    rulesets = {r["id"]: r for r in response.get_json()}
    assert list(rulesets) == ["scarto", "scarto-sv", "tarocchi-a-3", "piedicavallo"]
    assert [r["deck_total"] for r in rulesets.values()] == [78, 78, 78, 114]
    assert rulesets["piedicavallo"]["players"] == 4
    assert rulesets["piedicavallo"]["teams"] is True
    assert rulesets["piedicavallo"]["deck_size"] == 62
    assert rulesets["scarto"]["options"]["top_trump"] == 20
    assert rulesets["scarto-sv"]["options"]["top_trump"] == 21
    for ruleset in rulesets.values():
        assert {"id", "name", "players", "deck_size", "deck_total", "options", "source"} <= set(
            ruleset
        )


def test_queen_king_and_bagatto_count_twelve_under_the_swedish_rules(client):
    response = client.post(
        f"{API}/count", json={"ruleset": "scarto-sv", "cards": ["QS", "KS", "T1"]}
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["points"] == 12
    assert body["fool"] is None
    assert body["fool_points"] == 0
    assert sorted(code for group in body["groups"] for code in group["cards"]) == ["KS", "QS", "T1"]
    assert sum(group["points"] for group in body["groups"]) == 12


def test_a_count_gives_canonical_codes_and_counts_the_fool_apart(client):
    response = client.post(
        f"{API}/count", json={"ruleset": "scarto", "cards": ["k♠", "fool", "7s"]}
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["fool"] == "F"
    assert body["fool_points"] == 4
    assert body["groups"] == [{"cards": ["KS", "7S"], "points": 5}]
    assert body["points"] == 9


def test_house_rules_change_a_count(client):
    cards = ["QS", "KS", "T20"]
    plain = client.post(f"{API}/count", json={"ruleset": "scarto-sv", "cards": cards})
    house = client.post(
        f"{API}/count",
        json={"ruleset": "scarto-sv", "cards": cards, "options": {"five_point_trump": 20}},
    )
    assert plain.get_json()["points"] == 8
    assert house.get_json()["points"] == 12


def test_a_table_count_finds_the_wrong_group(client):
    groups = [["KS", "7S", "3S"], ["QD", "T20", "5D"], ["CB", "9B", "T6"], ["2C", "8C", "JC"]]
    response = client.post(
        f"{API}/count", json={"ruleset": "scarto", "groups": groups, "claimed": [5, 9, 3, 2]}
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["points"] == 18
    assert body["claimed"] == 19
    assert body["ok"] is False
    assert [group["correct"] for group in body["groups"]] == [True, False, True, True]
    assert body["groups"][1] == {
        "cards": ["QD", "T20", "5D"],
        "points": 8,
        "claimed": 9,
        "correct": False,
    }
    assert [problem["code"] for problem in body["problems"]] == ["group-wrong"]


def test_a_right_table_count_is_ok(client):
    groups = [["KS", "7S", "3S"], ["QD", "T20", "5D"], ["CB", "9B", "T6"], ["2C", "8C", "JC"]]
    response = client.post(
        f"{API}/count", json={"ruleset": "scarto", "groups": groups, "claimed": [5, 8, 3, 2]}
    )
    body = response.get_json()
    assert body["ok"] is True
    assert body["problems"] == []
    assert body["points"] == body["claimed"] == 18


def test_the_audit_of_totals_gives_the_recorded_scores(client):
    response = client.post(f"{API}/audit", json={"ruleset": "scarto", "points": [30, 27, 21]})
    assert response.status_code == 200
    body = response.get_json()
    assert body["ok"] is True
    assert body["recordable"] is True
    assert body["points"] == [30, 27, 21]
    assert body["scores"] == [4, 1, -5]
    assert body["problems"] == []
    assert body["notes"] == []
    assert body["scarto"] is None
    assert body["piles"] is None


def test_the_audit_reports_totals_that_do_not_add_up(client):
    response = client.post(f"{API}/audit", json={"ruleset": "scarto", "points": [30, 27, 20]})
    assert response.status_code == 200
    body = response.get_json()
    assert body["ok"] is False
    assert body["recordable"] is False
    assert [problem["code"] for problem in body["problems"]] == ["total-mismatch"]
    assert "77" in body["problems"][0]["message"]


def test_the_audit_of_full_piles_gives_each_pile_counted_in_groups_and_the_scarto_verdict(client):
    deal = random_deal(SCARTO, 7, 2)
    body = {
        "ruleset": "scarto",
        "dealer": 2,
        "players": ["Anna", "Bruno", "Carla"],
        **piles_body(deal),
    }
    response = client.post(f"{API}/audit", json=body)
    assert response.status_code == 200
    result = response.get_json()
    assert result["recordable"] is True
    assert result["points"] == expected_points(deal)
    assert [pile["points"] for pile in result["piles"]] == result["points"]
    assert result["scarto"]["legal"] in (True, None)


def test_the_audit_of_a_quick_count_agrees_with_the_full_piles(client):
    deal = random_deal(SCARTO, 11, 1)
    response = client.post(
        f"{API}/audit", json={"ruleset": "scarto", "dealer": 1, **quick_body(deal)}
    )
    assert response.status_code == 200
    assert response.get_json()["points"] == expected_points(deal)


def test_the_audit_names_the_players_in_its_messages(client):
    deal = random_deal(SCARTO, 3, 0)
    body = piles_body(deal)
    body["piles"][1] = body["piles"][1][:-1]  # Bruno's pile lost a card
    body |= {"ruleset": "scarto", "dealer": 0, "players": ["Anna", "Bruno", "Carla"]}
    result = client.post(f"{API}/audit", json=body).get_json()
    assert result["recordable"] is False
    assert any("Bruno" in problem["message"] for problem in result["problems"])


def test_an_unknown_card_is_refused_naming_it(client):
    response = client.post(f"{API}/count", json={"ruleset": "scarto", "cards": ["KS", "XQ"]})
    body = assert_refused(response)
    assert "XQ" in body["error"]
    assert body["problems"][0]["code"] == "unknown-card"
    deal = random_deal(SCARTO, 5, 0)
    audit = {"ruleset": "scarto", "dealer": 0, **piles_body(deal)}
    audit["piles"][2][0] = "11S"
    assert "11S" in assert_refused(client.post(f"{API}/audit", json=audit))["error"]


def test_a_card_outside_the_piedicavallo_pack_is_refused(client):
    response = client.post(f"{API}/count", json={"ruleset": "piedicavallo", "cards": ["1S"]})
    assert "1S" in assert_refused(response)["error"]


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("count", {"ruleset": "bridge", "cards": ["KS"]}),
        ("count", {"ruleset": "scarto", "cards": ["KS"], "options": {"trumps": 3}}),
        ("count", {"ruleset": "scarto", "cards": ["KS"], "options": {"fool_value": 9}}),
        ("count", {"ruleset": "scarto", "cards": ["KS"], "options": {"players": 4}}),
        ("count", {"ruleset": "scarto", "cards": ["KS"], "options": ["fool_value"]}),
        ("count", {"ruleset": "scarto", "cards": "KS KS"}),
        ("count", {"ruleset": "scarto", "cards": [1, 2]}),
        ("count", {"ruleset": "scarto"}),
        ("count", {"cards": ["KS"]}),
        ("count", {"ruleset": "scarto", "groups": [["KS"]], "claimed": [5, 1]}),
        ("count", {"ruleset": "scarto", "groups": [["KS"]]}),
        ("count", {"ruleset": "scarto", "groups": "KS", "claimed": [5]}),
        ("count", {"ruleset": "scarto", "groups": [["KS"]], "claimed": [10**30]}),
        ("audit", {"ruleset": "scarto", "points": ["30", "27", "21"]}),
        ("audit", {"ruleset": "scarto", "points": [30, 27]}),
        ("audit", {"ruleset": "scarto", "points": [10**30, 0, 0]}),
        ("audit", {"ruleset": "scarto", "points": [30, 27, 21], "counters": {}}),
        ("audit", {"ruleset": "scarto"}),
        ("audit", {"ruleset": "scarto", "piles": [[], [], []], "scarto": []}),
        ("audit", {"ruleset": "scarto", "dealer": 3, "piles": [[], [], []], "scarto": []}),
        ("audit", {"ruleset": "scarto", "dealer": True, "piles": [[], [], []], "scarto": []}),
        ("audit", {"ruleset": "scarto", "dealer": 0, "piles": [[], []], "scarto": []}),
        ("audit", {"ruleset": "scarto", "dealer": 0, "counters": {"KS": 5}, "tricks": [8, 8, 9]}),
        ("audit", {"ruleset": "scarto", "dealer": 0, "counters": {"KS": 0}, "tricks": None}),
        ("audit", {"ruleset": "scarto", "points": [30, 27, 21], "players": ["A"]}),
        ("audit", {"ruleset": "scarto", "points": [30, 27, 21], "declaration": {"x": 1}}),
    ],
)
def test_a_malformed_body_is_refused_with_a_sentence(client, path, body):
    assert_refused(client.post(f"{API}/{path}", json=body))


@pytest.mark.parametrize("path", ["count", "audit", "sessions"])
def test_a_body_that_is_not_a_json_object_is_refused(client, path):
    assert_refused(client.post(f"{API}/{path}", data="points: 30", content_type="application/json"))
    assert_refused(client.post(f"{API}/{path}", json=["scarto"]))
    assert_refused(client.post(f"{API}/{path}", data="{}", content_type="text/plain"))
    assert_refused(client.post(f"{API}/{path}", data="[" * 50_000, content_type="application/json"))


def test_a_body_over_the_size_limit_is_refused_with_413(app, client):
    assert app.config["MAX_CONTENT_LENGTH"] == 256 * 1024
    cards = ["KS"] * 60_000
    response = client.post(f"{API}/count", json={"ruleset": "scarto", "cards": cards})
    assert_refused(response, 413)


def test_an_unknown_address_under_the_api_answers_json(client):
    assert_refused(client.get(f"{API}/nothing"), 404)
    assert_refused(client.delete(f"{API}/rulesets"), 405)


# Sessions and their deals


def test_a_new_session_is_created_and_shows_its_players(client):
    created = start(client, first_dealer=1, table_name="Bar Sport", place="Biella")
    assert created["url"] == f"/sessions/{created['id']}"
    shown = session(client, created["id"])
    assert shown["players"] == ["Anna", "Bruno", "Carla"]
    assert shown["ruleset"] == "scarto"
    assert shown["options"] == {}
    assert shown["deals"] == []
    assert shown["games"] == []
    assert shown["totals"] == [0, 0, 0]
    assert shown["next_dealer"] == 1
    assert shown["table_name"] == "Bar Sport"
    listed = client.get(f"{API}/sessions").get_json()
    assert [(s["id"], s["players"], s["deal_count"]) for s in listed] == [
        (created["id"], ["Anna", "Bruno", "Carla"], 0)
    ]


def test_a_session_keeps_its_house_rules(client):
    created = start(client, ruleset="scarto-sv", options={"fool_value": 5})
    shown = session(client, created["id"])
    assert shown["options"] == {"fool_value": 5}
    assert shown["rules"]["fool_value"] == 5


def test_three_deals_in_three_forms_give_the_totals_and_the_next_dealer(client):
    sid = start(client, first_dealer=1)["id"]
    first = record(client, sid, {"points": [30, 27, 21]})
    assert first["number"] == 1
    assert first["dealer"] == 1
    assert first["scores"] == [4, 1, -5]
    assert first["form"] == "totals"

    dealer = session(client, sid)["next_dealer"]
    assert dealer == 2
    quick = random_deal(SCARTO, 41, dealer)
    second = record(client, sid, quick_body(quick))
    assert second["form"] == "quick"
    assert second["dealer"] == 2
    assert second["points"] == expected_points(quick)

    dealer = session(client, sid)["next_dealer"]
    assert dealer == 0
    full = random_deal(SCARTO, 42, dealer)
    third = record(client, sid, piles_body(full))
    assert third["form"] == "piles"
    assert third["dealer"] == 0
    assert third["points"] == expected_points(full)
    assert third["input"]["piles"] == piles_body(full)["piles"]

    shown = session(client, sid)
    points = [[30, 27, 21], expected_points(quick), expected_points(full)]
    totals = [sum(deal[seat] - 26 for deal in points) for seat in range(3)]
    assert shown["totals"] == totals
    assert shown["deals"][-1]["totals"] == totals
    assert [deal["number"] for deal in shown["deals"]] == [1, 2, 3]
    assert shown["next_dealer"] == 1
    assert len(shown["games"]) == 1
    game = shown["games"][0]
    assert game["deals"] == [1, 2, 3]
    assert game["finished"] is True
    assert game["totals"] == totals
    assert [place["total"] for place in game["standings"]] == sorted(totals, reverse=True)
    assert game["settlement"]
    for deal in shown["deals"]:
        assert {
            "number",
            "dealer",
            "points",
            "scores",
            "ok",
            "problems",
            "notes",
            "form",
            "input",
            "version",
        } <= set(deal)


def test_a_deal_that_does_not_add_up_is_refused_and_nothing_is_stored(client):
    sid = start(client)["id"]
    record(client, sid, {"points": [30, 27, 21]})
    before = session(client, sid)
    response = client.post(f"{API}/sessions/{sid}/deals", json={"points": [30, 27, 20]})
    body = assert_refused(response, 422)
    assert [problem["code"] for problem in body["problems"]] == ["total-mismatch"]
    assert session(client, sid) == before


def test_a_quick_count_with_a_counter_missing_is_refused_and_nothing_is_stored(client):
    sid = start(client)["id"]
    body = quick_body(random_deal(SCARTO, 8, 0))
    body["counters"].pop("KS")
    response = client.post(f"{API}/sessions/{sid}/deals", json=body)
    assert "card-missing" in [p["code"] for p in assert_refused(response, 422)["problems"]]
    assert session(client, sid)["deals"] == []


def test_correcting_a_deal_recomputes_the_totals(client):
    sid = start(client)["id"]
    record(client, sid, {"points": [30, 27, 21]})
    record(client, sid, {"points": [26, 26, 26]})
    response = client.put(f"{API}/sessions/{sid}/deals/1", json={"points": [20, 28, 30]})
    assert response.status_code == 200
    corrected = response.get_json()
    assert corrected["scores"] == [-6, 2, 4]
    assert corrected["version"] == 3  # one above every version in the session (deal 2's 2)
    assert corrected["corrected"] is True
    shown = session(client, sid)
    assert shown["totals"] == [-6, 2, 4]
    assert shown["deals"][0]["points"] == [20, 28, 30]


def test_a_correction_of_an_outdated_version_is_refused_with_409(client):
    sid = start(client)["id"]
    record(client, sid, {"points": [30, 27, 21]})
    ok = client.put(f"{API}/sessions/{sid}/deals/1", json={"points": [28, 27, 23], "version": 1})
    assert ok.status_code == 200
    assert ok.get_json()["version"] == 2
    before = session(client, sid)
    stale = client.put(f"{API}/sessions/{sid}/deals/1", json={"points": [26, 26, 26], "version": 1})
    assert "meanwhile" in assert_refused(stale, 409)["error"]
    assert_refused(client.delete(f"{API}/sessions/{sid}/deals/1?version=1"), 409)
    assert session(client, sid) == before


def test_a_correction_that_does_not_add_up_is_refused_and_changes_nothing(client):
    sid = start(client)["id"]
    record(client, sid, {"points": [30, 27, 21]})
    before = session(client, sid)
    response = client.put(f"{API}/sessions/{sid}/deals/1", json={"points": [30, 30, 30]})
    assert_refused(response, 422)
    assert_refused(client.put(f"{API}/sessions/{sid}/deals/1", json={"points": "30 27 21"}))
    assert_refused(
        client.put(f"{API}/sessions/{sid}/deals/1", json={"points": [26, 26, 26], "version": "x"})
    )
    assert session(client, sid) == before


def test_deleting_a_deal_renumbers_the_later_ones_and_moves_the_next_dealer(client):
    sid = start(client, first_dealer=0)["id"]
    for points in ([30, 27, 21], [26, 26, 26], [20, 28, 30]):
        record(client, sid, {"points": points})
    assert session(client, sid)["next_dealer"] == 0
    response = client.delete(f"{API}/sessions/{sid}/deals/1")
    assert response.status_code == 204
    assert response.data == b""
    shown = session(client, sid)
    assert [deal["number"] for deal in shown["deals"]] == [1, 2]
    assert [deal["points"] for deal in shown["deals"]] == [[26, 26, 26], [20, 28, 30]]
    assert [deal["dealer"] for deal in shown["deals"]] == [0, 1]
    assert shown["totals"] == [-6, 2, 4]
    assert shown["next_dealer"] == 2
    assert client.get(f"{API}/sessions").get_json()[0]["deal_count"] == 2


def test_deleting_with_the_current_version_works(client):
    sid = start(client)["id"]
    record(client, sid, {"points": [30, 27, 21]})
    assert client.delete(f"{API}/sessions/{sid}/deals/1?version=1").status_code == 204
    assert session(client, sid)["deals"] == []


def test_an_unknown_session_or_deal_answers_404(client):
    assert_refused(client.get(f"{API}/sessions/999"), 404)
    assert_refused(client.get(f"{API}/sessions/{10**30}"), 404)
    assert_refused(client.post(f"{API}/sessions/999/deals", json={"points": [30, 27, 21]}), 404)
    sid = start(client)["id"]
    record(client, sid, {"points": [30, 27, 21]})
    assert_refused(client.put(f"{API}/sessions/{sid}/deals/2", json={"points": [30, 27, 21]}), 404)
    assert_refused(client.put(f"{API}/sessions/{sid}/deals/0", json={"points": [30, 27, 21]}), 404)
    assert_refused(client.delete(f"{API}/sessions/{sid}/deals/5"), 404)
    assert_refused(client.delete(f"{API}/sessions/999/deals/1"), 404)
    assert len(session(client, sid)["deals"]) == 1


def test_a_piedicavallo_session_gives_results_per_team(client):
    players = ("Anna", "Bruno", "Carla", "Dario")
    created = start(client, players=players, ruleset="piedicavallo", first_dealer=3)
    sid = created["id"]
    assert created["sides"] == ["Anna & Carla", "Bruno & Dario"]
    by_team = record(client, sid, {"points": [60, 54]})
    assert by_team["points"] == [60, 54]
    assert by_team["scores"] == [60, 54]
    by_seat = record(client, sid, {"points": [30, 20, 40, 24]})
    assert by_seat["points"] == [70, 44]
    ruleset = find_ruleset("piedicavallo")
    dealer = session(client, sid)["next_dealer"]
    assert dealer == 1
    deal = random_deal(ruleset, 5, dealer)
    by_piles = record(client, sid, piles_body(deal))
    assert len(by_piles["points"]) == 2
    assert sum(by_piles["points"]) == 114
    shown = session(client, sid)
    assert shown["totals"] == [130 + by_piles["points"][0], 98 + by_piles["points"][1]]
    assert shown["next_dealer"] == 2
    assert [len(deal["scores"]) for deal in shown["deals"]] == [2, 2, 2]


def test_a_piedicavallo_audit_gives_two_numbers(client):
    response = client.post(f"{API}/audit", json={"ruleset": "piedicavallo", "points": [60, 54]})
    body = response.get_json()
    assert body["ok"] is True
    assert body["scores"] == [60, 54]


@pytest.mark.parametrize(
    "body",
    [
        {"ruleset": "scarto", "players": ["A", "B", "C", "D", "E"], "first_dealer": 0},
        {"ruleset": "scarto", "players": ["A", "B", "C"], "first_dealer": 7},
        {"ruleset": "scarto", "players": ["A", "B", "C"], "first_dealer": 10**30},
        {"ruleset": "scarto", "players": ["A", "B", "C"], "first_dealer": "0"},
        {"ruleset": "scarto", "players": ["A", "B", "C"], "first_dealer": True},
        {"ruleset": "scarto", "players": ["A", "B", 3], "first_dealer": 0},
        {"ruleset": "scarto", "players": "A B C", "first_dealer": 0},
        {"ruleset": "scarto", "players": ["A", "a", "C"], "first_dealer": 0},
        {"ruleset": "scarto", "players": ["A", " ", "C"], "first_dealer": 0},
        {"ruleset": "scarto", "players": ["A" * 500, "B", "C"], "first_dealer": 0},
        {"ruleset": "scarto", "players": ["A", "B", "C"], "table_name": 5},
        {"ruleset": "scarto", "players": ["A", "B", "C"], "options": {"deck": "62"}},
        {"ruleset": "nope", "players": ["A", "B", "C"]},
        {"ruleset": 1, "players": ["A", "B", "C"]},
        {"players": ["A", "B", "C"]},
    ],
)
def test_a_session_that_cannot_be_read_is_refused_and_nothing_is_stored(client, body):
    assert_refused(client.post(f"{API}/sessions", json=body))
    assert client.get(f"{API}/sessions").get_json() == []


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        ["points", 30, 27, 21],
        {"points": ["30", "27", "21"]},
        {"points": [10**30, 0, 0]},
        {"points": [30.0, 27.0, 21.0]},
        {"points": [True, 27, 21]},
        {"points": [30, 27, 21], "piles": [[], [], []]},
        {},
        {"counters": {"KS": 9}, "tricks": [8, 8, 9], "fool_trick_winner": 0},
        {"counters": ["KS"], "tricks": [8, 8, 9]},
        {"piles": [["KS"], [], ["ZZ"]], "scarto": []},
        {"piles": [[], [], []]},
        {"points": [30, 27, 21], "last_trick_winner": 9},
    ],
)
def test_a_deal_that_cannot_be_read_is_refused_and_nothing_is_stored(client, body):
    sid = start(client)["id"]
    record(client, sid, {"points": [30, 27, 21]})
    before = session(client, sid)
    if isinstance(body, str):
        response = client.post(
            f"{API}/sessions/{sid}/deals", data=body, content_type="application/json"
        )
    else:
        response = client.post(f"{API}/sessions/{sid}/deals", json=body)
    assert_refused(response)
    assert session(client, sid) == before


def test_a_deleted_session_says_so_in_its_json(client):
    # Was: 200 with no sign of it, though it takes no deal (409).
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    sid = client.post(f"{API}/sessions", json=body).get_json()["id"]
    assert client.get(f"{API}/sessions/{sid}").get_json()["deleted"] is False
    assert client.post(f"/sessions/{sid}/delete", data={"confirm": "y"}).status_code == 303
    shown = client.get(f"{API}/sessions/{sid}")
    assert shown.status_code == 200
    assert shown.get_json()["deleted"] is True
    refused = client.post(f"{API}/sessions/{sid}/deals", json={"points": [26, 26, 26]})
    assert refused.status_code == 409
    assert client.post(f"/sessions/{sid}/restore", data={"confirm": "y"}).status_code == 303
    assert client.get(f"{API}/sessions/{sid}").get_json()["deleted"] is False
