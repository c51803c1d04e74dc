"""Through the JSON API, the replay's running points after the last trick are the deal's result.

The seeds: the Fool "kan inte vinna ett stick, men inte heller förloras" (the Swedish page: it
cannot win a trick, nor be lost by its owner); in Piedicavallo "it goes into the scoring pile of
the team that played it". The replay's last row also counts the scarto and applies the
penalties, so it must be what POST /api/v1/audit gives for the same play: checked on 50 random
legal deals of each preset, each replayed with its real dealer.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.ruleset import RULESET_IDS
from tests.bodies import play_body

API = "/api/v1"
PLAYERS = {3: ["Anna", "Bruno", "Carla"], 4: ["Anna", "Bruno", "Carla", "Dario"]}


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_replays_last_row_is_the_audits_points(client, ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    body = {"ruleset": ruleset_id, "players": PLAYERS[ruleset.players], "first_dealer": 0}
    session_id = client.post(f"{API}/sessions", json=body).get_json()["id"]
    for seed in range(50):
        deal = random_deal(ruleset, seed, seed % ruleset.players)
        play = play_body(deal)
        replayed = client.post(
            f"{API}/sessions/{session_id}/replay", json={**play, "dealer": deal.dealer}
        ).get_json()
        audited = client.post(
            f"{API}/audit", json={"ruleset": ruleset_id, "dealer": deal.dealer, **play}
        ).get_json()
        assert replayed["complete"], seed
        assert replayed["tricks"][-1]["points"] == audited["points"], seed


def test_the_fool_counts_for_the_team_that_played_it_in_the_running_points(client):
    # Piedicavallo, dealer Dario (3): Anna (0) leads. Trick 1: K♠ 5♠ 6♠ 7♠, Anna's King wins:
    # team 0 (Anna, Carla) has 5+1+1+1 = 8. Trick 2, Anna leads 8♠, Bruno Q♠, Carla the Fool,
    # Dario 9♠: Bruno's Queen wins 8♠ Q♠ 9♠ = 1+4+1 = 6 for team 1; the Fool (5) stays with
    # Carla's team: 8 + 5 = 13. Before, the Fool went to Bruno's team: [8, 11].
    body = {"ruleset": "piedicavallo", "players": PLAYERS[4], "first_dealer": 3}
    session_id = client.post(f"{API}/sessions", json=body).get_json()["id"]
    play = {"scarto": [], "play": [["KS", "5S", "6S", "7S"], ["8S", "QS", "F", "9S"]]}
    answer = client.post(f"{API}/sessions/{session_id}/replay", json=play).get_json()
    assert [trick["points"] for trick in answer["tricks"]] == [[8, 0], [13, 6]]
