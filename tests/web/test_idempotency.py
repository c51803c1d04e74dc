"""Saving a deal once: a write sent again with its key (the API's Idempotency-Key, a form's
request_key) is answered as the first time and records nothing new.

The key is stored in the deal's own transaction (IMMEDIATE), so that requests with one key sent
at once record one deal, and neither can be kept without the other.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from urllib.parse import urlsplit

import pytest

from scorekeeper.storage import access
from scorekeeper.storage import request_keys as storage
from scorekeeper.web.db import get_db
from tests.passwords import quick_hash
from tests.web.helpers import alerts
from tests.web.helpers import field_value
from tests.web.helpers import form_data
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import start_session
from tests.web.helpers import stored_points
from tests.web.helpers import text
from tests.web.helpers import totals_form

API = "/api/v1"
PLAYERS = ["Anna", "Bruno", "Carla"]
FIRST = {"points": [30, 27, 21]}
OTHER = {"points": [20, 30, 28]}
HOURS = 3600


@pytest.fixture
def session_id(client):
    response = client.post(f"{API}/sessions", json={"ruleset": "scarto", "players": PLAYERS})
    assert response.status_code == 201
    return response.get_json()["id"]


def post(client, session_id, body, key=None):
    headers = {} if key is None else {"Idempotency-Key": key}
    return client.post(f"{API}/sessions/{session_id}/deals", json=body, headers=headers)


def set_keys_back(app, hours):
    """Make every stored key ``hours`` older, as if time had passed."""
    with contextlib.closing(sqlite3.connect(app.config["DATABASE"])) as conn, conn:
        conn.execute("update request_keys set at = at - ?", [hours * HOURS])


def stored_keys(app):
    with contextlib.closing(sqlite3.connect(app.config["DATABASE"])) as conn:
        return conn.execute("select count(*) from request_keys").fetchone()[0]


# The JSON API


def test_the_same_key_twice_records_one_deal_and_gives_the_first_answer(app, client, session_id):
    first = post(client, session_id, FIRST, "deal-1-from-phone")
    again = post(client, session_id, FIRST, "deal-1-from-phone")
    assert first.status_code == again.status_code == 201
    assert again.get_data() == first.get_data()  # the same JSON body, byte for byte
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Location"] == first.headers["Location"]
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert stored_points(app, session_id) == [[30, 27, 21]]  # one deal


def test_different_keys_record_two_deals(app, client, session_id):
    assert post(client, session_id, FIRST, "one").status_code == 201
    assert post(client, session_id, FIRST, "two").status_code == 201
    assert stored_points(app, session_id) == [[30, 27, 21], [30, 27, 21]]


def test_without_a_key_every_request_records_a_deal(app, client, session_id):
    assert post(client, session_id, FIRST).status_code == 201
    assert post(client, session_id, FIRST).status_code == 201
    assert stored_points(app, session_id) == [[30, 27, 21], [30, 27, 21]]
    assert stored_keys(app) == 0


def test_the_same_key_with_another_body_is_refused_and_stores_nothing(app, client, session_id):
    assert post(client, session_id, FIRST, "k").status_code == 201
    refused = post(client, session_id, OTHER, "k")
    assert refused.status_code == 422
    assert "Idempotency-Key" in refused.get_json()["error"]
    assert "another request" in refused.get_json()["error"]
    assert stored_points(app, session_id) == [[30, 27, 21]]  # only the first


def test_the_same_key_in_another_session_is_another_request(app, client, session_id):
    other = client.post(f"{API}/sessions", json={"ruleset": "scarto", "players": PLAYERS})
    other_id = other.get_json()["id"]
    assert post(client, session_id, FIRST, "k").status_code == 201
    second = post(client, other_id, FIRST, "k")
    assert second.status_code == 201
    assert "Idempotent-Replayed" not in second.headers
    assert stored_points(app, other_id) == [[30, 27, 21]]


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("x" * 201, "one character too many"),
        ("", "empty"),
        ("partita-è", "not ASCII"),
        ("tab\there", "a control character"),
        ("del\x7f", "DEL is not printable"),
    ],
)
def test_a_key_too_long_or_not_printable_ascii_is_refused(app, client, session_id, key, why):
    refused = post(client, session_id, FIRST, key)
    assert refused.status_code == 400, why
    assert "Idempotency-Key" in refused.get_json()["error"]
    assert "1 to 200 printable ASCII characters" in refused.get_json()["error"]
    assert stored_points(app, session_id) == []


def test_a_key_of_200_printable_characters_is_taken(app, client, session_id):
    key = ("Key ~!" * 40)[:200]
    assert post(client, session_id, FIRST, key).status_code == 201
    assert post(client, session_id, FIRST, key).headers["Idempotent-Replayed"] == "true"
    assert stored_points(app, session_id) == [[30, 27, 21]]


def test_a_key_is_kept_a_day_and_forgotten_after_two(app, client, session_id):
    post(client, session_id, FIRST, "k")
    set_keys_back(app, 47)  # within the 48 hours: still the first answer
    assert post(client, session_id, FIRST, "k").headers["Idempotent-Replayed"] == "true"
    assert stored_points(app, session_id) == [[30, 27, 21]]
    set_keys_back(app, 2)  # 49 hours old: forgotten (and purged), so this is a new request
    again = post(client, session_id, FIRST, "k")
    assert again.status_code == 201
    assert "Idempotent-Replayed" not in again.headers
    assert stored_points(app, session_id) == [[30, 27, 21], [30, 27, 21]]
    assert stored_keys(app) == 1  # the old key purged, the new one kept


def test_a_refused_deal_does_not_use_its_key(app, client, session_id):
    doubtful = post(client, session_id, {"points": [30, 27, 20]}, "k")  # 77, not 78
    assert doubtful.status_code == 422
    assert stored_keys(app) == 0
    assert post(client, session_id, FIRST, "k").status_code == 201  # the key is still free
    assert stored_points(app, session_id) == [[30, 27, 21]]


def test_a_deal_is_never_kept_without_its_key(app, client, session_id, monkeypatch):
    def fail(*args):
        raise sqlite3.OperationalError("disk I/O error")  # as if the disk failed at that moment

    monkeypatch.setattr(storage, "save_request_key", fail)
    with pytest.raises(sqlite3.OperationalError):
        post(client, session_id, FIRST, "k")
    assert stored_points(app, session_id) == []  # rolled back with the key
    monkeypatch.undo()
    assert post(client, session_id, FIRST, "k").status_code == 201
    assert stored_points(app, session_id) == [[30, 27, 21]]


def test_a_correction_sent_twice_with_its_key_is_made_once(app, client, session_id):
    deal = post(client, session_id, FIRST).get_json()
    body = {"points": [26, 26, 26], "version": deal["version"]}
    path = f"{API}/sessions/{session_id}/deals/1"
    first = client.put(path, json=body, headers={"Idempotency-Key": "fix-1"})
    again = client.put(path, json=body, headers={"Idempotency-Key": "fix-1"})
    assert first.status_code == again.status_code == 200  # without the key, 409: stale version
    assert again.get_data() == first.get_data()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Idempotent-Replayed"] == "true"
    history = [entry["action"] for entry in load(app, session_id).deals[0].history]
    assert history == ["recorded", "corrected"]  # corrected once
    put_by_id = client.put(
        f"{API}/sessions/{session_id}/deals/by-id/{deal['id']}",
        json=body,
        headers={"Idempotency-Key": "fix-1"},
    )
    assert put_by_id.status_code == 422  # the same key, another address


def test_requests_with_one_key_sent_at_once_record_one_deal(app, session_id):
    threads, answers = 8, []
    start = threading.Barrier(threads)
    lock = threading.Lock()

    def send():
        client = app.test_client()  # a client, and a connection, per thread
        start.wait()
        response = post(client, session_id, FIRST, "at-once")
        with lock:
            answers.append(response)

    workers = [threading.Thread(target=send) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=30)
    assert [r.status_code for r in answers] == [201] * threads
    assert len({r.get_data() for r in answers}) == 1  # the same answer for all
    first = [r for r in answers if "Idempotent-Replayed" not in r.headers]
    assert len(first) == 1  # one recorded it, seven were given its answer
    assert stored_points(app, session_id) == [[30, 27, 21]]


# The entry forms


def shown_key(client, path):
    response = client.get(path)
    assert response.status_code == 200
    return field_value(page(response), "request_key")


def test_every_form_is_shown_with_a_fresh_key(client):
    session_id = start_session(client)
    keys = [
        shown_key(client, f"/sessions/{session_id}/deals/new/{kind}")
        for kind in ("totals", "totals", "quick", "piles", "play")
    ]
    assert all(len(key) >= 20 for key in keys)  # random, from secrets
    assert len(set(keys)) == len(keys)


def test_a_form_keeps_its_key_through_check_and_refusals(client):
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    key = shown_key(client, path)
    checked = client.post(path, data=totals_form([30, 27, None], "check") | {"request_key": key})
    assert checked.status_code == 200
    assert field_value(page(checked), "request_key") == key
    refused = client.post(path, data=totals_form([30, 27, 20]) | {"request_key": key})
    assert refused.status_code == 422  # 77 points, not 78
    assert field_value(page(refused), "request_key") == key


def test_a_saved_form_goes_to_the_protocol_at_its_deal(app, client):
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    for number in (1, 2):
        key = shown_key(client, path)
        saved = client.post(path, data=totals_form([30, 27, None]) | {"request_key": key})
        assert saved.status_code == 303
        deal_id = load(app, session_id).deals[-1].id
        location = urlsplit(saved.headers["Location"])
        assert location.path == f"/sessions/{session_id}"
        assert location.query == f"saved={deal_id}"
        assert location.fragment == f"deal-{number}"


def test_a_form_saved_again_with_the_same_values_records_nothing(app, client):
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    key = shown_key(client, path)
    first = client.post(path, data=totals_form([30, 27, 21]) | {"request_key": key})
    assert first.status_code == 303
    # Back, Save again, nothing changed: the answer of the first save, nothing recorded.
    again = client.post(path, data=totals_form([30, 27, 21]) | {"request_key": key})
    assert again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert stored_points(app, session_id) == [[30, 27, 21]]


def test_a_form_used_again_for_other_values_records_a_new_deal_never_over_the_first(app, client):
    # Was: deal 1's correction page with the new values, and a second Save there overwrote
    # deal 1: the form brought back by Back and a reload, filled in for deal 2, lost it.
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    key = shown_key(client, path)
    client.post(path, data=totals_form([30, 27, 21]) | {"request_key": key})
    for _twice in range(2):
        again = client.post(path, data=totals_form([31, 26, 21]) | {"request_key": key})
        assert again.status_code == 303
    assert stored_points(app, session_id) == [[30, 27, 21], [31, 26, 21]]
    deal_1, deal_2 = load(app, session_id).deals
    assert [e["action"] for e in deal_1.history] == ["recorded"]
    assert urlsplit(again.headers["Location"]).query == f"saved={deal_2.id}"


def test_a_new_deal_form_opened_before_another_deal_was_saved_says_so(app, client):
    # Two phones open deal 1's form; the first saves; the second saves after it, as deal 2, and
    # its protocol says the form was opened before.
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    first_form, second_form = page(client.get(path)), page(client.get(path))
    assert field_value(first_form, "after") == field_value(second_form, "after") == "0"
    client.post(path, data=form_data(first_form) | totals_form([30, 27, 21]))
    saved = client.post(path, data=form_data(second_form) | totals_form([26, 26, 26]))
    assert saved.status_code == 303
    assert "moved=1" in saved.headers["Location"]
    shown = text(page(client.get(saved.headers["Location"])).select_one(".saved-banner"))
    assert "Deal 2 saved, after a deal saved meanwhile from another form" in shown
    assert stored_points(app, session_id) == [[30, 27, 21], [26, 26, 26]]


def test_a_correction_saved_twice_is_made_once(app, client):
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    client.post(path, data=totals_form([30, 27, 21]))
    edit = f"/sessions/{session_id}/deals/1/edit"
    data = form_data(page(client.get(edit))) | {"points_0": "26", "points_1": "26", "save": "y"}
    data["points_2"] = "26"
    assert client.post(edit, data=data).status_code == 303
    assert client.post(edit, data=data).status_code == 303  # the same: answered, not made
    assert [e["action"] for e in load(app, session_id).deals[0].history] == [
        "recorded",
        "corrected",
    ]


def test_a_correction_form_of_a_deal_changed_meanwhile_is_refused_with_both(app, client):
    # The correction form carries the deal and the version it was opened at: brought back and
    # sent with other values after the deal changed, it is refused, both versions shown.
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    client.post(path, data=totals_form([30, 27, 21]))
    edit = f"/sessions/{session_id}/deals/1/edit"
    opened = form_data(page(client.get(edit)))
    first = opened | {"points_0": "26", "points_1": "26", "points_2": "26", "save": "y"}
    assert client.post(edit, data=first).status_code == 303
    later = opened | {"points_0": "40", "points_1": "20", "points_2": "18", "save": "y"}
    refused = client.post(edit, data=later)
    assert refused.status_code == 409
    shown = text(page(refused).select_one("section.conflict"))
    assert "26 · " in shown
    assert "40" in shown
    assert stored_points(app, session_id) == [[26, 26, 26]]


@pytest.mark.parametrize("key", ["x" * 201, "clé", "a\x01b"])
def test_a_form_key_that_is_not_printable_ascii_is_refused(app, client, key):
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    refused = client.post(path, data=totals_form([30, 27, 21]) | {"request_key": key})
    assert refused.status_code == 400
    assert alerts(page(refused)) == ["request_key must be 1 to 200 printable ASCII characters"]
    assert stored_points(app, session_id) == []


def test_the_request_state_says_whether_a_forms_key_saved_a_deal(client):
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    key = shown_key(client, path)
    state = client.get(f"/sessions/{session_id}/deals/requests/{key}")
    assert state.status_code == 200
    assert state.headers["Cache-Control"] == "no-store"
    assert state.get_json()["saved"] is False
    assert "connection dropped" in state.get_json()["texts"]["unsent"]

    client.post(path, data=totals_form([30, 27, 21]) | {"request_key": key})
    state = client.get(f"/sessions/{session_id}/deals/requests/{key}").get_json()
    assert state["saved"] is True
    assert state["number"] == 1
    assert state["correct_url"] == f"/sessions/{session_id}/deals/1/edit"
    assert state["texts"]["saved"] == "Deal 1 was saved."
    assert urlsplit(state["protocol_url"]).fragment == "deal-1"
    assert client.get(f"/sessions/{session_id}/deals/requests/{'x' * 201}").status_code == 400


def test_a_form_saved_again_after_its_deal_was_deleted_offers_to_record_it_anew(app, client):
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    key = shown_key(client, path)
    client.post(path, data=totals_form([30, 27, 21]) | {"request_key": key})
    assert client.delete(f"{API}/sessions/{session_id}/deals/1").status_code == 204
    state = client.get(f"/sessions/{session_id}/deals/requests/{key}").get_json()
    assert state["saved"] is False  # nothing to correct any more

    again = client.post(path, data=totals_form([30, 27, 21]) | {"request_key": key})
    assert again.status_code == 409
    soup = page(again)
    assert alerts(soup) == [
        "This deal was saved, then deleted. Save again to record it as a new deal."
    ]
    assert stored_points(app, session_id) == []
    anew = client.post(path, data=form_data(soup) | {"save": "y"})  # with the page's new key
    assert anew.status_code == 303
    assert stored_points(app, session_id) == [[30, 27, 21]]


def test_in_club_mode_only_who_may_read_the_session_learns_whether_a_key_was_used(app, client):
    session_id = start_session(client)
    path = f"/sessions/{session_id}/deals/new/totals"
    key = shown_key(client, path)
    client.post(path, data=totals_form([30, 27, 21]) | {"request_key": key})
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash("secret123"))
    stranger = app.test_client()
    stranger.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    refused = stranger.get(f"/sessions/{session_id}/deals/requests/{key}")
    assert refused.status_code == 302  # to the login page, nothing said
    assert urlsplit(refused.headers["Location"]).path == "/login"
