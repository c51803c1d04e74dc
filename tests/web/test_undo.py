"""Undo and concurrent edits: deleted deals and sessions come back; a deal changed meanwhile on
another device is never overwritten silently."""

from __future__ import annotations

import re
from urllib.parse import parse_qs
from urllib.parse import urlsplit

import pytest

from tests.web.helpers import all_sessions
from tests.web.helpers import deal_count
from tests.web.helpers import deal_rows
from tests.web.helpers import form_data
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import protocol_numbers
from tests.web.helpers import record_totals
from tests.web.helpers import row_cells
from tests.web.helpers import session_with_totals
from tests.web.helpers import start_session
from tests.web.helpers import stored_points
from tests.web.helpers import text
from tests.web.helpers import totals_form

API = "/api/v1"
DEALS = ([30, 27, 21], [20, 30, 28], [28, 28, 22], [24, 30, 24])
# Scores (points - 26): +4/+1/-5, -6/+4/+2, +2/+2/-4, -2/+4/-2.


@pytest.fixture
def session_id(client):
    """Anna, Bruno and Carla at Scarto, Anna dealing first, four deals entered as totals."""
    return session_with_totals(client, DEALS)


def protocol(client, session_id):
    """Each deal's row as the page shows it: dealer, points, scores and running totals."""
    soup = page(client.get(f"/sessions/{session_id}"))
    return [
        (row_cells(soup, number)[1], protocol_numbers(soup, number))
        for number in range(1, len(deal_rows(soup)) + 1)
    ]


def history(client, session_id, number):
    soup = page(client.get(f"/sessions/{session_id}/deals/{number}"))
    # Each entry after its time ("Nov 24, 2026, 9:14 PM"): what happened.
    return [
        text(item).removeprefix(text(item.time)).strip() for item in soup.select("ol.history li")
    ]


def delete_deal(client, session_id, number):
    response = client.post(f"/sessions/{session_id}/deals/{number}/delete", data={"confirm": "y"})
    assert response.status_code == 303
    return response


def restore_forms(soup):
    """The actions of the Restore buttons under "Deleted deals"."""
    heading = soup.find("h2", string=re.compile("Deleted deals"))
    if heading is None:
        return []
    return [form["action"] for form in heading.find_parent("section").find_all("form")]


def edit(client, session_id, number, data):
    return client.post(f"/sessions/{session_id}/deals/{number}/edit", data=data)


def with_points(data, points, button="save"):
    return data | {f"points_{side}": str(p) for side, p in enumerate(points)} | {button: "y"}


# Deleted deals come back


def test_a_deleted_deal_is_restored_at_its_place_with_totals_and_dealers_as_before(
    client, app, session_id
):
    before = protocol(client, session_id)
    assert [dealer for dealer, _numbers in before] == ["Anna", "Bruno", "Carla", "Anna"]
    deal_id = load(app, session_id).deals[1].id

    delete_deal(client, session_id, 2)
    assert stored_points(app, session_id) == [DEALS[0], DEALS[2], DEALS[3]]
    assert [dealer for dealer, _numbers in protocol(client, session_id)] == [
        "Anna",
        "Bruno",
        "Carla",
    ]
    soup = page(client.get(f"/sessions/{session_id}"))
    actions = restore_forms(soup)
    assert actions == [f"/sessions/{session_id}/deals/restore/{deal_id}"]
    assert "-6 / 4 / 2" in text(soup.find("h2", string=re.compile("Deleted deals")).parent)

    response = client.post(actions[0])
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/sessions/{session_id}")
    assert stored_points(app, session_id) == list(DEALS)
    assert protocol(client, session_id) == before
    assert load(app, session_id).deals[1].id == deal_id
    assert restore_forms(page(client.get(f"/sessions/{session_id}"))) == []

    entries = history(client, session_id, 2)
    assert [entry.split(":")[0] for entry in entries] == [
        "recorded",
        "deleted",
        "restored",
    ]


def test_restoring_a_deal_after_a_new_one_was_recorded_puts_it_back_before_it(
    client, app, session_id
):
    deal_id = load(app, session_id).deals[0].id
    delete_deal(client, session_id, 1)
    record_totals(client, session_id, [26, 26, 26])
    assert client.post(f"/sessions/{session_id}/deals/restore/{deal_id}").status_code == 303
    assert stored_points(app, session_id) == [*DEALS, [26, 26, 26]]
    dealers = [dealer for dealer, _numbers in protocol(client, session_id)]
    assert dealers == ["Anna", "Bruno", "Carla", "Anna", "Bruno"]


def test_a_deal_that_is_not_deleted_or_of_another_session_cannot_be_restored(
    client, app, session_id
):
    other = start_session(client, players=("Dario", "Elena", "Franco"))
    record_totals(client, other, [26, 26, 26])
    other_deal = load(app, other).deals[0].id
    delete_deal(client, other, 1)
    live_deal = load(app, session_id).deals[0].id
    assert client.post(f"/sessions/{session_id}/deals/restore/{live_deal}").status_code == 404
    assert client.post(f"/sessions/{session_id}/deals/restore/{other_deal}").status_code == 404
    assert client.get(f"/sessions/{session_id}/deals/restore/{other_deal}").status_code == 405
    assert stored_points(app, session_id) == list(DEALS)
    assert deal_count(app, other) == 0


def test_the_history_of_a_restored_deal_is_in_the_pages_language(client, app, session_id):
    deal_id = load(app, session_id).deals[1].id
    delete_deal(client, session_id, 2)
    client.post(f"/sessions/{session_id}/deals/restore/{deal_id}")
    client.get("/lang/it")
    entries = history(client, session_id, 2)
    assert len(entries) == 3
    assert "registrata" in entries[0]
    assert "eliminata" in entries[1]
    assert "restored" not in entries[2]  # the action's code, not an Italian word


# Deleted sessions come back


def test_a_deleted_session_leaves_the_home_list_and_can_be_restored(client, app, session_id):
    other = start_session(client, players=("Dario", "Elena", "Franco"))
    response = client.post(f"/sessions/{session_id}/delete", data={"confirm": "y"})
    assert response.status_code == 303
    assert response.headers["Location"] in ("/", "http://localhost/")
    assert [s["id"] for s in all_sessions(app)] == [other]
    assert [s["id"] for s in client.get(f"{API}/sessions").get_json()] == [other]

    soup = page(client.get("/"))
    live = [a["href"] for a in soup.select("ul.sessions a[href]")]
    assert live == [f"/sessions/{other}"]
    deleted = soup.find("summary", string=re.compile("Deleted sessions"))
    assert deleted is not None
    box = deleted.parent
    assert "Anna, Bruno, Carla" in text(box)
    assert [form["action"] for form in box.find_all("form")] == [f"/sessions/{session_id}/restore"]

    response = client.post(f"/sessions/{session_id}/restore")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/sessions/{session_id}")
    assert [s["id"] for s in all_sessions(app)] == [other, session_id]
    soup = page(client.get("/"))
    assert soup.find("summary", string=re.compile("Deleted sessions")) is None
    assert stored_points(app, session_id) == list(DEALS)
    assert len(deal_rows(page(client.get(f"/sessions/{session_id}")))) == 4


def test_a_session_is_deleted_only_when_confirmed(client, app, session_id):
    for data in ({}, {"confirm": ""}, {"submit": "Delete"}):
        response = client.post(f"/sessions/{session_id}/delete", data=data)
        assert response.status_code == 400
    assert [s["id"] for s in all_sessions(app)] == [session_id]
    assert page(client.get("/")).find("summary", string=re.compile("Deleted sessions")) is None
    assert client.post("/sessions/999/delete", data={"confirm": "y"}).status_code == 404


# Two devices: changed meanwhile


def test_a_correction_from_an_outdated_form_is_refused_and_shows_both_versions(
    client, app, session_id
):
    first = page(client.get(f"/sessions/{session_id}/deals/1/edit"))
    second = page(client.get(f"/sessions/{session_id}/deals/1/edit"))
    assert form_data(first)["version"] == form_data(second)["version"] == "1"

    response = edit(client, session_id, 1, with_points(form_data(first), [26, 26, 26]))
    assert response.status_code == 303
    response = edit(client, session_id, 1, with_points(form_data(second), [31, 27, 20]))
    assert response.status_code == 409
    soup = page(response)
    conflict = soup.select_one("section.conflict")
    assert conflict is not None
    assert "Changed meanwhile" in text(conflict)
    theirs = text(conflict.find("p", string=re.compile("Saved on another device")))
    mine = text(conflict.find("p", string=re.compile("Yours, not saved")))
    assert "Anna 26 · Bruno 26 · Carla 26" in theirs
    assert "Anna 31 · Bruno 27 · Carla 20" in mine
    assert stored_points(app, session_id)[0] == [26, 26, 26]
    assert load(app, session_id).deals[0].version == 5  # one above the four deals' versions

    # The page now carries the new version: saving again replaces the other device's version.
    again = form_data(soup)
    assert again["version"] == "5"
    assert [again[f"points_{side}"] for side in range(3)] == ["31", "27", "20"]
    response = edit(client, session_id, 1, again | {"save": "y"})
    assert response.status_code == 303
    assert stored_points(app, session_id)[0] == [31, 27, 20]
    assert load(app, session_id).deals[0].version == 6


def test_a_correction_is_not_saved_into_another_deal_that_moved_into_its_place(
    client, app, session_id
):
    """Device A opens deal 2 to correct it; device B deletes deal 2, so deal 3 moves up into
    its place. A's save must not land on that other deal."""
    assert edit(client, session_id, 2, with_points({}, [22, 30, 26])).status_code == 303
    opened = form_data(page(client.get(f"/sessions/{session_id}/deals/2/edit")))
    assert opened["version"] == "5"
    delete_deal(client, session_id, 2)  # device B
    assert stored_points(app, session_id) == [DEALS[0], DEALS[2], DEALS[3]]

    response = edit(client, session_id, 2, with_points(opened, [26, 26, 26]))  # device A
    assert response.status_code in (404, 409)
    assert stored_points(app, session_id) == [DEALS[0], DEALS[2], DEALS[3]]


def test_the_api_refuses_a_stale_version_and_changes_nothing(client, app, session_id):
    url = f"{API}/sessions/{session_id}/deals/1"
    assert client.put(url, json={"points": [26, 26, 26], "version": 1}).status_code == 200
    stale = client.put(url, json={"points": [31, 27, 20], "version": 1})
    assert stale.status_code == 409
    assert "changed meanwhile" in stale.get_json()["error"]
    assert stored_points(app, session_id) == [[26, 26, 26], *DEALS[1:]]
    deal = load(app, session_id).deals[0]
    assert deal.version == 5  # one above the four deals' versions
    assert [entry["action"] for entry in deal.history] == ["recorded", "corrected"]
    assert client.put(url, json={"points": [31, 27, 20], "version": 5}).status_code == 200
    assert stored_points(app, session_id)[0] == [31, 27, 20]


# Undo (and Delete) say what they undid: the deal, its scores, and a way to bring it back.


def test_undo_after_a_save_says_which_deal_it_deleted_and_offers_it_back(app, client):
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    client.post(path, data=totals_form([26, 26, 26]))
    saved = client.post(path, data=totals_form([30, 27, 21]))
    banner = page(client.get(saved.headers["Location"])).select_one(".saved-banner")
    undo = banner.select_one("form")
    gone = client.post(undo["action"], data=form_data(banner))
    assert gone.status_code == 303
    query = parse_qs(urlsplit(gone.headers["Location"]).query)
    assert query["n"] == ["2"]
    assert stored_points(app, session_id) == [[26, 26, 26]]
    # Was: the protocol, with nothing said. Scores of 30, 27, 21: +4, +1, -5.
    shown = page(client.get(gone.headers["Location"])).select_one(".deleted-banner")
    assert text(shown.select_one("p")) == "Deal 2 deleted (4 / 1 / -5)."
    restore = shown.select_one("form")
    assert client.post(restore["action"], data=form_data(shown)).status_code == 303
    assert stored_points(app, session_id) == [[26, 26, 26], [30, 27, 21]]


def test_a_deleted_id_that_is_no_deleted_deal_of_the_session_says_nothing(app, client):
    session_id = start_session(client)
    client.post(f"/sessions/{session_id}/deals/new/totals", data=totals_form([30, 27, 21]))
    for query in ("deleted=1&n=1", "deleted=99&n=1", "deleted=x"):
        shown = page(client.get(f"/sessions/{session_id}?{query}"))
        assert shown.select_one(".deleted-banner") is None
