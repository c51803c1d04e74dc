"""The day a session was played, shown and corrected (issue "The club's history, trusted"): the
home list, the protocol page, the sheet and the CSV show it, not the day the sheet was typed
in; the day and a seat's player can be corrected afterwards, on a page and by the API, each
correction kept in the session's history, and the statistics follow.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from tests.passwords import quick_hash
from tests.web.club import player_id
from tests.web.helpers import page
from tests.web.helpers import text

API = "/api/v1"


def new_session(client, players=("Anna", "Bruno", "Carla"), played_on="2024-03-01") -> dict:
    body = {"ruleset": "scarto", "players": list(players), "played_on": played_on}
    answer = client.post(f"{API}/sessions", json=body)
    assert answer.status_code == 201, answer.get_json()
    session = answer.get_json()
    for points in ([30, 27, 21], [20, 30, 28], [28, 28, 22]):
        assert (
            client.post(
                f"{API}/sessions/{session['id']}/deals", json={"points": points}
            ).status_code
            == 201
        )
    return session


def test_the_pages_sheet_and_csv_show_the_day_it_was_played(client):
    older = new_session(client, played_on="2023-05-02")  # a paper sheet typed in today
    newer = new_session(client, ["Dario", "Elena", "Fabio"], played_on="2024-03-01")
    entered_last = new_session(client, ["Gino", "Ida", "Lia"], played_on="2023-01-20")
    home = page(client.get("/"))
    listed = [text(li) for li in home.select("ul.sessions li")] or [
        text(li) for li in home.select("main li")
    ]
    order = [
        next(i for i, line in enumerate(listed) if name in line)
        for name in ("Dario", "Anna", "Gino")
    ]
    assert order == sorted(order)  # by the day played, the latest first
    assert "May 2, 2023" in " ".join(listed)
    protocol = text(page(client.get(f"/sessions/{older['id']}")))
    assert "May 2, 2023" in protocol
    pdf = client.get(f"/sessions/{older['id']}/sheet.pdf")
    sheet = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
    assert "May 2, 2023" in sheet
    csv = client.get(f"/sessions/{entered_last['id']}/protocol.csv").get_data(as_text=True)
    assert csv.splitlines()[1].endswith(",2023-01-20")
    assert newer["id"] < entered_last["id"]


def test_the_day_and_a_seats_player_are_corrected_by_the_api_and_kept_in_history(app, client):
    session = new_session(client)
    anna, bruno = player_id(app, "Anna"), player_id(app, "Bruno")
    dora = client.post(f"{API}/players", json={"name": "Dora"}).get_json()["id"]
    before = client.get(f"{API}/players/{dora}/stats?from=2023-01-01&to=2023-12-31").get_json()
    assert before["deals"] == 0
    body = {"played_on": "2023-11-24", "player_ids": [dora, bruno, None]}
    answer = client.patch(f"{API}/sessions/{session['id']}", json=body)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["player_ids"] == [dora, bruno, None]
    assert answer.get_json()["players"] == ["Anna", "Bruno", "Carla"]  # as written
    # Dora's 3 deals now, in 2023: +4, -6, +2 (30, 20, 28 points less 26).
    after = client.get(f"{API}/players/{dora}/stats?from=2023-01-01&to=2023-12-31").get_json()
    assert (after["deals"], after["score_total"]) == (3, 0)
    assert client.get(f"{API}/players/{anna}/stats").get_json()["deals"] == 0
    soup = page(client.get(f"/sessions/{session['id']}"))
    history = [text(li) for li in soup.select("#session-history-title ~ ul li")]
    assert len(history) == 2
    assert "played on Mar 1, 2024, now Nov 24, 2023" in history[0]
    assert "the players of the seats changed" in history[1]


@pytest.mark.parametrize(
    ("body", "status", "said"),
    [
        ({"played_on": "24/11/2023"}, 400, "played_on must be a date like"),
        ({"played_on": "2999-01-01"}, 400, "not after today"),
        ({"player_ids": [1, 1, 2]}, 400, "seats 1 and 2 have the same player"),
        ({"player_ids": [1, 2]}, 400, "player_ids"),
        ({"player_ids": [999, 2, 3]}, 400, "no player 999"),
        ({"name": "x"}, 400, "name"),
    ],
)
def test_a_correction_that_cannot_be_is_refused_and_changes_nothing(client, body, status, said):
    session = new_session(client)
    answer = client.patch(f"{API}/sessions/{session['id']}", json=body)
    assert answer.status_code == status
    assert said in answer.get_json()["error"]
    now = client.get(f"{API}/sessions/{session['id']}").get_json()
    assert now["player_ids"] == session["player_ids"]
    assert now["played_on"] == "2024-03-01"


def test_the_keeper_corrects_the_day_and_a_seat_on_the_page(app, client):
    session = new_session(client)
    bruno, carla = player_id(app, "Bruno"), player_id(app, "Carla")
    path = f"/sessions/{session['id']}/details"
    form = page(client.get(path))
    assert form.select_one("#played_on")["value"] == "2024-03-01"
    data = {
        "played_on": "2024-02-29",
        "seat_0": str(session["player_ids"][0]),
        "seat_1": str(carla),
        "seat_2": str(bruno),
    }
    answer = client.post(path, data=data)
    assert answer.status_code == 303
    now = client.get(f"{API}/sessions/{session['id']}").get_json()
    assert now["played_on"] == "2024-02-29"
    assert now["player_ids"][1:] == [carla, bruno]
    # The same player twice: refused on the page, nothing changed.
    refused = client.post(path, data=data | {"seat_2": str(carla)})
    assert refused.status_code == 400
    assert "seats 2 and 3 have the same player" in text(page(refused))
    assert client.get(f"{API}/sessions/{session['id']}").get_json()["player_ids"][2] == bruno


def test_only_the_keeper_corrects_a_session(app, client):
    session = new_session(client)
    with app.app_context():
        from scorekeeper.services import access
        from scorekeeper.web.db import get_db

        access.set_keeper_password_hash(get_db(), quick_hash("secret123"))
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.40"
    answer = phone.get(f"/sessions/{session['id']}/details")
    assert answer.status_code == 302
    assert "/login" in answer.headers["Location"]
    refused = phone.patch(f"{API}/sessions/{session['id']}", json={"played_on": "2023-01-01"})
    assert refused.status_code == 401
