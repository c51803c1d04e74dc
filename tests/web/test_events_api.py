"""Club evenings in the JSON API (issue "Club evenings", §4): the answers' shapes the issue
fixes, the 409s with their problem codes, and the tables counted in the club's statistics."""

from __future__ import annotations

API = "/api/v1"
PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"]
EVENT = {"name": "Club night", "ruleset": "scarto", "entrants": PLAYERS, "rounds": 2}


def create(client, **changes) -> dict:
    response = client.post(f"{API}/events", json={**EVENT, "deals_per_round": 3, **changes})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def play_first_round(client, event: str) -> list[dict]:
    """Round 1 drawn, published, and each table's three deals played: (30, 20, 28) each."""
    client.post(f"{event}/rounds")
    tables = client.post(f"{event}/rounds/1/publish").get_json()["tables"]
    for table in tables:
        for _ in range(3):
            path = f"{API}/sessions/{table['session_id']}/deals"
            assert client.post(path, json={"points": [30, 20, 28]}).status_code == 201
    return tables


def codes(response) -> list[str]:
    return [problem["code"] for problem in response.get_json()["problems"]]


def test_an_event_is_made_with_its_entrants_numbered_and_no_round(client):
    made = create(client, seed=11)
    assert made["state"] == "open"
    assert made["rounds"] == []
    assert made["seed"] == 11
    assert [(e["no"], e["name"]) for e in made["entrants"]] == list(enumerate(PLAYERS, 1))
    assert all(len(e["player_ids"]) == 1 and e["player_ids"][0] for e in made["entrants"])
    assert made["ranking"]["order"] == "table-points"
    assert made["ranking"]["placement_points"] == [2, 1, 0.5]
    assert "Table points: 2 / 1 / ½" in made["ranking_words"]
    listed = client.get(f"{API}/events").get_json()
    assert [(e["id"], e["entrants"], e["planned_rounds"]) for e in listed] == [(made["id"], 7, 2)]


def test_a_round_drawn_redrawn_swapped_published_and_closed(client):
    event = f"{API}/events/{create(client)['id']}"
    drawn = client.post(f"{event}/rounds")
    assert drawn.status_code == 201
    round_1 = drawn.get_json()
    assert (round_1["number"], round_1["state"], round_1["attempt"]) == (1, "draft", 1)
    assert set(round_1["cost"]) == {"repeats", "consecutive", "keep_apart_broken", "bye_spread"}
    # Seven players: two tables of three, one sits out.
    assert len(round_1["tables"]) == 2
    assert len(round_1["sitting_out"]) == 1
    assert "session_id" not in round_1["tables"][0]
    again = client.post(f"{event}/rounds")
    assert again.status_code == 409
    assert codes(again) == ["round-not-closed"]
    assert client.post(f"{event}/rounds/1/redraw").get_json()["attempt"] == 2
    draft = client.get(event).get_json()["rounds"][0]
    seated, out = draft["tables"][0]["entrants"][0], draft["sitting_out"][0]
    swapped = client.patch(f"{event}/rounds/1", json={"swap": [[seated, out]]}).get_json()
    assert swapped["sitting_out"] == [seated]
    published = client.post(f"{event}/rounds/1/publish").get_json()
    assert published["state"] == "published"
    assert all(table["session_id"] for table in published["tables"])
    refused = client.patch(f"{event}/rounds/1", json={"swap": [[1, 2]]})
    assert refused.status_code == 409
    assert codes(refused) == ["round-published"]
    closing = client.post(f"{event}/rounds/1/close")
    assert closing.status_code == 409
    assert codes(closing) == ["table-not-finished"]
    first = published["tables"][0]
    assert closing.get_json()["tables"][0] == {
        "table": 1,
        "session_id": first["session_id"],
        "deals": 0,
        "deals_due": 3,
        "last_save_at": None,
    }
    closed = client.post(f"{event}/rounds/1/close", json={"force": True}).get_json()
    assert closed["state"] == "closed"
    assert all(table["ended"] and table["finished"] for table in closed["tables"])


def test_standings_adjustments_and_their_removal(client):
    made = create(client)
    event = f"{API}/events/{made['id']}"
    tables = play_first_round(client, event)
    added = client.post(
        f"{event}/adjustments", json={"entrant": 1, "points": -0.5, "reason": "late"}
    )
    assert added.status_code == 201
    adjustment = added.get_json()
    assert (adjustment["points"], adjustment["reason"], adjustment["removed_at"]) == (
        -0.5,
        "late",
        None,
    )
    standings = client.get(event).get_json()["standings"]
    anna = next(line for line in standings if line["entrant"] == 1)
    assert anna["adjustments"] == -0.5
    assert set(anna) == {"rank", "entrant", "name", "points", "score", "deals", "per_deal"} | {
        "byes",
        "adjustments",
        "withdrawn",
    }
    # Each table's first seat scores 30 - 26 = 4 a deal, the second -6, the third 2 (3 deals).
    firsts = {t["entrants"][0] for t in tables}
    for line in standings:
        if line["entrant"] in firsts:
            assert (line["score"], line["deals"], line["per_deal"]) == (12, 3, 4)
    removed = client.delete(f"{event}/adjustments/{adjustment['id']}")
    assert removed.status_code == 200
    assert removed.get_json()["removed_at"]
    assert client.delete(f"{event}/adjustments/{adjustment['id']}").status_code == 404
    ledger = client.get(event).get_json()["adjustments"]
    assert [a["id"] for a in ledger] == [adjustment["id"]]  # kept, with when it was removed


def test_bad_input_is_a_400_naming_it_and_stores_nothing(client):
    response = client.post(f"{API}/events", json={**EVENT, "deals_per_round": 4})
    assert response.status_code == 400
    assert "deals_per_round" in response.get_json()["error"]
    response = client.post(f"{API}/events", json={**EVENT, "deals_per_round": 3, "colour": 1})
    assert response.status_code == 400
    assert "colour" in response.get_json()["error"]
    assert client.get(f"{API}/events").get_json() == []
    assert client.get(f"{API}/events/5").status_code == 404


def test_the_tables_count_in_the_club_statistics_like_any_session(client):
    made = create(client)
    event = f"{API}/events/{made['id']}"
    tables = play_first_round(client, event)
    seated = tables[0]["entrants"][0]
    player = made["entrants"][seated - 1]["player_ids"][0]
    stats = client.get(f"{API}/players/{player}/stats?min_deals=1").get_json()
    assert (stats["sessions"], stats["deals"], stats["score_total"]) == (1, 3, 12)
