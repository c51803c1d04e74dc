"""Rights and odd ids: what a PIN allows, a deleted session, ids that name nothing, guesses.

Each case is one the hostile review tried: a PIN holder deleting the session, writes to a
deleted session, ids too large for SQLite (a 500 from an overflow), a full-width digit that
Python reads as a number, a chunked body over the limit, read links guessed one after another.
"""

from __future__ import annotations

import io

import pytest

from tests.web import helpers
from tests.web.helpers import all_sessions
from tests.web.helpers import deal_count
from tests.web.helpers import load
from tests.web.helpers import totals_form
from tests.web.test_access import API
from tests.web.test_access import LAN
from tests.web.test_access import PIN
from tests.web.test_access import enter_pin
from tests.web.test_access import keeper
from tests.web.test_access import new_client
from tests.web.test_access import reader

pytest_plugins = ["tests.web.test_access"]  # its sessions and club fixtures
HUGE = "9" * 25
BEYOND_SQLITE = str(2**63)


def test_a_pin_holder_records_deals_but_may_not_delete_or_restore_the_session(app, club):
    pinned, _ = club
    holder = reader(app, pinned)
    assert enter_pin(holder, pinned, PIN).status_code == 303
    helpers.record_totals(holder, pinned, [26, 26, 26])
    assert deal_count(app, pinned) == 3
    response = holder.post(f"/sessions/{pinned}/delete", data={"confirm": "y"})
    assert response.status_code == 403
    assert "Only the keeper" in response.get_data(as_text=True)
    assert not load(app, pinned).deleted
    keeper(app).post(f"/sessions/{pinned}/delete", data={"confirm": "y"})
    assert holder.post(f"/sessions/{pinned}/restore").status_code == 403
    assert load(app, pinned).deleted


def test_a_deleted_session_takes_no_write_until_it_is_restored(app, client, sessions):
    pinned, _ = sessions
    assert client.post(f"/sessions/{pinned}/delete", data={"confirm": "y"}).status_code == 303
    response = client.post(f"/sessions/{pinned}/deals/new/totals", data=totals_form([26, 26, 26]))
    assert response.status_code == 409
    assert "restore it first" in response.get_data(as_text=True)
    assert client.get(f"/sessions/{pinned}/deals/new/totals").status_code == 409
    response = client.post(f"{API}/sessions/{pinned}/deals", json={"points": [26, 26, 26]})
    assert response.status_code == 409
    assert "restore it first" in response.get_json()["error"]
    response = client.put(f"{API}/sessions/{pinned}/deals/1", json={"points": [26, 26, 26]})
    assert response.status_code == 409
    assert client.delete(f"{API}/sessions/{pinned}/deals/1").status_code == 409
    response = client.post(f"/sessions/{pinned}/deals/1/delete", data={"confirm": "y"})
    assert response.status_code == 409
    assert deal_count(app, pinned) == 2
    # Still readable, and restored it takes deals again.
    assert client.get(f"/sessions/{pinned}").status_code == 200
    assert client.get(f"{API}/sessions/{pinned}").status_code == 200
    assert client.post(f"/sessions/{pinned}/restore").status_code == 303
    helpers.record_totals(client, pinned, [26, 26, 26])
    assert deal_count(app, pinned) == 3


@pytest.mark.parametrize("number", [HUGE, BEYOND_SQLITE, "２", "1２", "٣"])
@pytest.mark.parametrize(
    "path",
    [
        "/sessions/{n}",
        "/sessions/{n}/pin",
        "/sessions/{n}/sheet.pdf",
        "/sessions/1/deals/{n}",
        "/sessions/1/deals/{n}/edit",
        "/s/{n}",
        "/api/v1/sessions/{n}",
    ],
)
def test_an_id_that_names_nothing_is_a_404(client, sessions, path, number):
    assert client.get(path.format(n=number)).status_code == 404


def test_a_full_width_digit_is_not_read_as_the_session_of_that_number(client, sessions):
    assert client.get("/sessions/2").status_code == 200
    assert client.get("/sessions/２").status_code == 404


@pytest.mark.parametrize("number", [HUGE, BEYOND_SQLITE])
def test_writes_to_an_id_that_names_nothing_are_404(client, sessions, number):
    assert client.post(f"/sessions/{number}/delete", data={"confirm": "y"}).status_code == 404
    response = client.post(f"{API}/sessions/{number}/deals", json={"points": [26, 26, 26]})
    assert response.status_code == 404
    assert client.post(f"/sessions/{number}/pin", data={"pin": "1"}).status_code == 404


def test_a_method_an_address_does_not_take_is_405_with_allow(client, sessions):
    for path in ("/sessions/1", f"{API}/sessions/1"):
        response = client.put(path, json={})
        assert response.status_code == 405
        assert "GET" in response.headers["Allow"]


def test_a_chunked_body_over_the_limit_is_413_and_stores_nothing(app, client):
    """No Content-Length: the body arrives in chunks, and the limit applies as it is read."""
    body = b'{"ruleset": "scarto", "players": ["A", "B", "C"], "place": "' + b"x" * 300_000 + b'"}'
    response = client.post(
        f"{API}/sessions",
        input_stream=io.BytesIO(body),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert response.status_code == 413
    assert all_sessions(app) == []


def test_read_link_guesses_are_limited_like_logins(app, club):
    pinned, _ = club
    guesser = new_client(app, LAN)
    for number in range(5):
        assert guesser.get(f"/view/guess{number}").status_code == 404
    right = f"/view/{load(app, pinned).read_token}"
    assert guesser.get(right).status_code == 429
    # Another phone, with the right link, is not locked out.
    assert new_client(app, "192.168.1.21").get(right).status_code == 302


def test_right_read_links_do_not_count_as_guesses(app, club):
    pinned, _ = club
    phone = new_client(app, LAN)
    right = f"/view/{load(app, pinned).read_token}"
    for _ in range(8):
        assert phone.get(right).status_code == 302
