"""Page fragments kept between requests (issue "Speed"): the page header and the protocol's head,
share and keeper parts are rendered once per set of values, yet each visitor gets a form token of
their own, and what a fragment shows follows every change of what it is made from.
"""

from __future__ import annotations

from scorekeeper import create_app
from scorekeeper.web.fragments import CSRF_HOLE
from tests.web.helpers import page
from tests.web.helpers import record_totals
from tests.web.helpers import start_session
from tests.web.helpers import text


def csrf_app(tmp_path):
    """The app with CSRF on, as served."""
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "f.sqlite")})


def delete_token(client, session_id: int) -> str:
    soup = page(client.get(f"/sessions/{session_id}"))
    form = soup.find("form", class_="danger")
    return form.find("input", attrs={"name": "csrf_token"})["value"]


def test_each_visitor_gets_a_token_of_their_own_and_it_is_accepted(tmp_path):
    app = csrf_app(tmp_path)
    anna, bruno = app.test_client(), app.test_client()
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    session_id = anna.post("/api/v1/sessions", json=body).get_json()["id"]
    token_a, token_b = delete_token(anna, session_id), delete_token(bruno, session_id)
    assert CSRF_HOLE not in anna.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert token_a
    assert token_b
    assert token_a != token_b
    # Bruno's token is no good in Anna's browser: refused, nothing deleted.
    refused = anna.post(
        f"/sessions/{session_id}/delete", data={"csrf_token": token_b, "confirm": "y"}
    )
    assert refused.status_code == 400
    listed = anna.get("/api/v1/sessions").get_json()
    assert [row["id"] for row in listed] == [session_id]
    deleted = anna.post(
        f"/sessions/{session_id}/delete", data={"csrf_token": token_a, "confirm": "y"}
    )
    assert deleted.status_code == 303
    assert anna.get("/api/v1/sessions").get_json() == []


def test_the_protocol_head_follows_the_deals(client):
    # Anna deals deal 1; after it Bruno deals, with 2 deals to go in the 3-deal Scarto game.
    session_id = start_session(client)
    before = text(page(client.get(f"/sessions/{session_id}")).find(class_="next"))
    assert "Next dealer: Anna" in before
    assert "3 deals to go" in before
    record_totals(client, session_id, [30, 27, 21])
    after = text(page(client.get(f"/sessions/{session_id}")).find(class_="next"))
    assert "Next dealer: Bruno" in after
    assert "2 deals to go" in after


def test_the_header_follows_the_language_and_the_page(client):
    session_id = start_session(client)
    english = page(client.get(f"/sessions/{session_id}")).find("header")
    assert "New session" in text(english)
    switch = english.find("a", attrs={"lang": "it"})["href"]
    assert f"next=/sessions/{session_id}" in switch.replace("%2F", "/")
    client.get(switch)
    italian = page(client.get("/")).find("header")
    assert "New session" not in text(italian)
    assert "next=/" in italian.find("a", attrs={"lang": "en"})["href"].replace("%2F", "/")


def test_a_deleted_deal_shows_in_the_keeper_part_until_restored(client):
    session_id = start_session(client)
    for points in ([30, 27, 21], [20, 30, 28]):
        record_totals(client, session_id, points)
    assert page(client.get(f"/sessions/{session_id}")).find(class_="deleted") is None
    assert (
        client.post(f"/sessions/{session_id}/deals/2/delete", data={"confirm": "y"}).status_code
        == 303
    )
    listed = page(client.get(f"/sessions/{session_id}")).find(class_="deleted")
    # Deal 2's scores: 20-26, 30-26, 28-26.
    assert listed is not None
    assert "-6 / 4 / 2" in text(listed)
    restore = listed.find("form")["action"]
    assert client.post(restore).status_code == 303
    assert page(client.get(f"/sessions/{session_id}")).find(class_="deleted") is None
