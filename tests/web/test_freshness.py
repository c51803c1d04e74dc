"""Freshness: every kind of write shows at once on the protocol page and in the API, from
whichever process or connection it came, and a write that fails leaves nothing behind.

Each test reads the page and the JSON first, then writes, then reads both again.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from scorekeeper import services
from scorekeeper.storage import repository
from scorekeeper.web.db import get_db
from tests.web import helpers
from tests.web.helpers import deal_rows
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import protocol_numbers
from tests.web.helpers import record_totals
from tests.web.helpers import row_marks
from tests.web.helpers import session_with_totals
from tests.web.helpers import text

API = "/api/v1"
DEALS = ([30, 27, 21], [20, 30, 28], [28, 28, 22], [24, 30, 24])
# Scores (points - 26): +4/+1/-5, -6/+4/+2, +2/+2/-4, -2/+4/-2.


@pytest.fixture
def session_id(client):
    """Anna, Bruno and Carla at Scarto, Anna dealing first, four deals entered as totals."""
    return session_with_totals(client, DEALS)


def shown(client, session_id):
    """What the page and the API show: each deal's points, and the session totals."""
    soup = page(client.get(f"/sessions/{session_id}"))
    on_page = [protocol_numbers(soup, n)["points"] for n in range(1, len(deal_rows(soup)) + 1)]
    answer = client.get(f"{API}/sessions/{session_id}")
    assert answer.status_code == 200
    body = answer.get_json()
    assert on_page == [deal["points"] for deal in body["deals"]]
    return on_page, body


def test_a_deal_recorded_through_the_api_shows_at_once(client, session_id):
    before, _ = shown(client, session_id)
    answer = client.post(f"{API}/sessions/{session_id}/deals", json={"points": [35, 22, 21]})
    assert answer.status_code == 201
    assert answer.get_json()["number"] == 5
    after, body = shown(client, session_id)
    assert after == [*before, [35, 22, 21]]
    assert body["totals"] == [
        sum(deal["scores"][side] for deal in body["deals"]) for side in (0, 1, 2)
    ]


def test_a_deal_recorded_through_the_form_shows_at_once(client, session_id):
    before, _ = shown(client, session_id)
    record_totals(client, session_id, [21, 21, 36])
    after, body = shown(client, session_id)
    assert after == [*before, [21, 21, 36]]
    assert body["next_dealer"] == 5 % 3


def test_a_correction_through_the_api_shows_at_once(client, session_id):
    shown(client, session_id)
    answer = client.put(f"{API}/sessions/{session_id}/deals/2", json={"points": [26, 26, 26]})
    assert answer.status_code == 200
    after, body = shown(client, session_id)
    assert after[1] == [26, 26, 26]
    assert body["deals"][1]["corrected"] is True
    assert body["deals"][1]["version"] == 5  # one above the four deals' versions
    assert "corrected" in row_marks(page(client.get(f"/sessions/{session_id}")), 2)


def test_a_correction_through_the_form_shows_at_once(client, session_id):
    shown(client, session_id)
    form = helpers.totals_form([22, 22, 34]) | {"version": "3"}  # deal 3's, unique in its session
    response = client.post(f"/sessions/{session_id}/deals/3/edit", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    after, body = shown(client, session_id)
    assert after[2] == [22, 22, 34]
    assert body["deals"][2]["corrected"] is True


def test_a_deletion_shows_at_once_and_the_later_deals_are_counted_again(client, session_id):
    before, old = shown(client, session_id)
    assert client.delete(f"{API}/sessions/{session_id}/deals/1").status_code == 204
    after, body = shown(client, session_id)
    assert after == before[1:]
    assert [deal["dealer"] for deal in body["deals"]] == [0, 1, 2]
    assert body["totals"] != old["totals"]
    assert "recounted" in row_marks(page(client.get(f"/sessions/{session_id}")), 1)


def test_a_deletion_through_the_page_shows_at_once(client, session_id):
    before, _ = shown(client, session_id)
    response = client.post(f"/sessions/{session_id}/deals/4/delete", data={"confirm": "y"})
    assert response.status_code == 303
    after, _ = shown(client, session_id)
    assert after == before[:3]


def test_a_restored_deal_shows_at_once(client, app, session_id):
    before, _ = shown(client, session_id)
    assert client.delete(f"{API}/sessions/{session_id}/deals/2").status_code == 204
    assert shown(client, session_id)[0] == [before[0], *before[2:]]
    with app.app_context():
        (deleted,) = services.deleted_deals(get_db(), session_id)
    response = client.post(f"/sessions/{session_id}/deals/restore/{deleted['id']}")
    assert response.status_code == 303
    after, body = shown(client, session_id)
    assert after == before
    assert [deal["dealer"] for deal in body["deals"]] == [0, 1, 2, 0]


def test_a_deleted_and_restored_session_shows_at_once(client, session_id):
    shown(client, session_id)
    assert client.post(f"/sessions/{session_id}/delete", data={"confirm": "y"}).status_code == 303
    assert session_id not in [s["id"] for s in client.get(f"{API}/sessions").get_json()]
    with client.application.app_context():
        assert services.load_session(get_db(), session_id).deleted
    assert client.post(f"/sessions/{session_id}/restore").status_code == 303
    with client.application.app_context():
        assert not services.load_session(get_db(), session_id).deleted
    assert session_id in [s["id"] for s in client.get(f"{API}/sessions").get_json()]


def test_a_scarto_checked_before_play_shows_at_once_and_goes_with_the_next_deal(client, session_id):
    shown(client, session_id)
    response = client.post(
        f"/sessions/{session_id}/scarto", data={"scarto": "KS 2S 3S", "check": "y"}
    )
    assert response.status_code == 200
    soup = page(client.get(f"/sessions/{session_id}"))
    assert "Scarto checked for the next deal: K♠ 2♠ 3♠" in text(soup)
    assert client.get(f"{API}/sessions/{session_id}").get_json()["pending_scarto"]["scarto"] == [
        "KS",
        "2S",
        "3S",
    ]
    record_totals(client, session_id, [26, 26, 26])
    assert "Scarto checked for the next deal" not in text(
        page(client.get(f"/sessions/{session_id}"))
    )
    body = client.get(f"{API}/sessions/{session_id}").get_json()
    assert body["pending_scarto"] is None
    assert body["deals"][-1]["scarto_check"]["scarto"] == ["KS", "2S", "3S"]


def test_a_write_from_another_process_shows_at_once(client, app, session_id):
    """Another gunicorn worker, or a command-line tool: it shares no memory with this one."""
    before, _ = shown(client, session_id)
    code = textwrap.dedent(
        """
        import sys
        from scorekeeper import services
        from scorekeeper.storage.db import open_db

        db = open_db(sys.argv[1])
        session_id = int(sys.argv[2])
        services.correct_deal(db, session_id, 1, {"points": [40, 20, 18]})
        services.record_deal(db, session_id, {"points": [18, 20, 40]})
        """
    )
    subprocess.run(
        [sys.executable, "-c", code, app.config["DATABASE"], str(session_id)],
        check=True,
        capture_output=True,
    )
    after, body = shown(client, session_id)
    assert after == [[40, 20, 18], *before[1:], [18, 20, 40]]
    assert body["deals"][0]["corrected"] is True


def test_the_deal_recorded_is_the_deal_read_back(client, app, session_id):
    """Recording a deal gives the session as it now stands without reading it again: with
    deleted deals and a checked scarto that the deal takes, it must be the session read back."""
    assert client.delete(f"{API}/sessions/{session_id}/deals/2").status_code == 204
    scarto = {"scarto": "KS 2S 3S", "check": "y"}
    assert client.post(f"/sessions/{session_id}/scarto", data=scarto).status_code == 200
    for points in ([35, 22, 21], [26, 26, 26]):
        with app.test_request_context():
            session, recorded = services.record_deal_in(get_db(), session_id, {"points": points})
            read_back = services.load_session(get_db(), session_id)
        assert session == read_back
        assert recorded == read_back.deals[-1]
        assert recorded.history[0]["action"] == "recorded"
        assert session.pending_scarto is None
        assert session.has_deleted


def test_a_write_that_fails_half_way_leaves_the_protocol_as_it_was(
    client, app, session_id, monkeypatch
):
    before, old = shown(client, session_id)

    def broken(*_args, **_kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(repository, "add_history", broken)
    with app.test_request_context(), pytest.raises(RuntimeError):
        services.record_deal(get_db(), session_id, {"points": [35, 22, 21]})
    with app.test_request_context(), pytest.raises(RuntimeError):
        services.correct_deal(get_db(), session_id, 1, {"points": [26, 26, 26]})
    after, body = shown(client, session_id)
    assert after == before
    assert body == old
    assert len(load(app, session_id).deals) == len(before)


def test_a_deletion_that_fails_while_recounting_leaves_the_protocol_as_it_was(
    client, app, session_id, monkeypatch
):
    """The recount reads the session inside the write: what it read must not outlive the write."""
    before, old = shown(client, session_id)
    add_history = repository.add_history

    def failing_recount(db, deal_id, action, *more):
        if action == "recounted":
            raise RuntimeError("the disk is full")
        return add_history(db, deal_id, action, *more)

    monkeypatch.setattr(repository, "add_history", failing_recount)
    with app.test_request_context(), pytest.raises(RuntimeError):
        services.delete_deal(get_db(), session_id, 1)
    assert shown(client, session_id) == (before, old)
    monkeypatch.setattr(repository, "add_history", add_history)
    assert client.delete(f"{API}/sessions/{session_id}/deals/1").status_code == 204
    after, body = shown(client, session_id)
    assert after == before[1:]
    assert [deal["dealer"] for deal in body["deals"]] == [0, 1, 2]


def test_a_refused_deal_changes_nothing(client, session_id):
    before, old = shown(client, session_id)
    answer = client.post(f"{API}/sessions/{session_id}/deals", json={"points": [40, 40, 40]})
    assert answer.status_code in (400, 422)
    assert shown(client, session_id) == (before, old)


def test_the_protocol_speaks_the_language_of_each_request(client, session_id):
    english = page(client.get(f"/sessions/{session_id}"))
    italian = page(client.get(f"/sessions/{session_id}", headers={"Accept-Language": "it"}))
    said = [text(soup.select_one("tr.settlement strong")) for soup in (english, italian)]
    assert "Carla" in said[0]
    assert "Carla" in said[1]
    assert said[0] != said[1]
    assert "offre da bere" in said[1] or "vince" in said[1]
    again = page(client.get(f"/sessions/{session_id}"))
    assert text(again.select_one("tr.settlement strong")) == said[0]


def test_two_apps_on_one_database_each_show_the_others_writes(tmp_path, session_id, client):
    """Two workers of one server: each sees the other's writes."""
    other = helpers.make_app(tmp_path).test_client()
    assert shown(other, session_id) == shown(client, session_id)
    answer = other.put(f"{API}/sessions/{session_id}/deals/1", json={"points": [26, 26, 26]})
    assert answer.status_code == 200
    assert shown(client, session_id)[0][0] == [26, 26, 26]
    assert client.delete(f"{API}/sessions/{session_id}/deals/1").status_code == 204
    assert len(shown(other, session_id)[0]) == len(DEALS) - 1
