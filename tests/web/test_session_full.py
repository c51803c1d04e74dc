"""A session holds at most MAX_SESSION_DEALS deals (issue #32, "Bounded everywhere"): every way
a deal is added refuses the one past the cap with 409 and a sentence naming the cap, storing
nothing, and the protocol page says the session is full instead of offering the deal forms."""

from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper.services.sessions import importing
from scorekeeper.services.sessions.limits import MAX_SESSION_DEALS
from scorekeeper.services.sessions.limits import SessionFullError
from scorekeeper.services.sessions.limits import check_room
from scorekeeper.services.sessions.paper import record_paper
from scorekeeper.storage import exchange
from scorekeeper.storage.checks import ExchangeError
from scorekeeper.web.db import get_db
from tests.databases import fresh_database
from tests.web import helpers
from tests.web.helpers import alerts
from tests.web.helpers import deal_count
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import text
from tests.web.test_paper import paper_form
from tests.web.test_play_entry import export
from tests.web.test_play_entry import import_record
from tests.web.test_play_entry import play_form
from tests.web.test_play_entry import play_of

CAP = 3
FULL = f"a session holds at most {CAP} deals"
DEALS = ([30, 27, 21], [20, 30, 28], [28, 28, 22])
API = "/api/v1/sessions"


@pytest.fixture
def app(tmp_path):
    return helpers.make_app(tmp_path, MAX_SESSION_DEALS=CAP)


@pytest.fixture
def full(client):
    """Anna, Bruno and Carla at Scarto with as many deals as a session holds."""
    return helpers.session_with_totals(client, DEALS)


def refused_full(response, status=409) -> str:
    """The page or answer's refusal, checked to name the cap."""
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    if response.is_json:
        body = response.get_json()
        assert [p["code"] for p in body["problems"]] == ["session-full"]
        said = body["error"]
    else:
        said = " ".join(alerts(page(response)))
    assert FULL in said.lower(), said
    return said


# Each way a deal is added


def test_the_api_records_up_to_the_cap_and_refuses_the_next_with_409_session_full(app, client):
    session_id = helpers.session_with_totals(client, DEALS[:2])
    last = client.post(f"{API}/{session_id}/deals", json={"points": [30, 27, 21]})
    assert last.status_code == 201  # the cap's own deal is taken
    response = client.post(f"{API}/{session_id}/deals", json={"points": [30, 27, 21]})
    said = refused_full(response)
    assert said.startswith("This session is full")
    assert deal_count(app, session_id) == CAP


def test_the_api_refuses_it_with_an_idempotency_key_too_and_keeps_no_answer(app, client, full):
    headers = {"Idempotency-Key": "full-1"}
    body = {"points": [30, 27, 21]}
    refused_full(client.post(f"{API}/{full}/deals", json=body, headers=headers))
    client.delete(f"{API}/{full}/deals/3")
    again = client.post(f"{API}/{full}/deals", json=body, headers=headers)
    assert again.status_code == 201  # the refusal was not kept as the key's answer
    assert deal_count(app, full) == CAP


@pytest.mark.parametrize("kind", ["totals", "quick", "piles", "play"])
def test_no_entry_form_is_offered_for_a_full_session(client, full, kind):
    refused_full(client.get(f"/sessions/{full}/deals/new/{kind}"))


def test_each_entry_form_refuses_to_save_past_the_cap(app, client, full):
    deal = helpers.played_deal(seed=5, dealer=0)
    forms = {
        "totals": helpers.totals_form([30, 27, 21]),
        "quick": helpers.quick_form(deal),
        "piles": helpers.piles_form(deal.piles, deal.scarto, deal.last_trick_winner),
        "play": play_form(deal.scarto, play_of(deal)),
    }
    for kind, data in forms.items():
        refused_full(client.post(f"/sessions/{full}/deals/new/{kind}", data=data))
    assert deal_count(app, full) == CAP


def test_a_form_shown_before_the_session_filled_is_refused_on_save(app, client, monkeypatch):
    # Another device took the last place between this form's page and its save: the service's
    # own check, in the write, refuses it on the entry page (the view's check is passed here).
    session_id = helpers.session_with_totals(client, DEALS)
    monkeypatch.setattr("scorekeeper.web.deals.views.check_room", lambda deals: None)
    response = client.post(
        f"/sessions/{session_id}/deals/new/totals", data=helpers.totals_form([30, 27, 21])
    )
    refused_full(response)
    assert page(response).select_one("form")  # the entry page, with what was typed
    assert deal_count(app, session_id) == CAP


def test_a_deal_record_is_not_imported_into_a_full_session(app, client, full):
    source = helpers.start_session(client)
    deal = helpers.played_deal(seed=5, dealer=0)
    client.post(f"/sessions/{source}/deals/new/play", data=play_form(deal.scarto, play_of(deal)))
    record = export(client, source)
    refused_full(import_record(client, full, record))
    refused_full(client.get(f"/sessions/{full}/deals/import"))
    assert deal_count(app, full) == CAP


def test_a_deleted_deal_is_not_restored_into_a_full_session(app, client):
    session_id = helpers.session_with_totals(client, DEALS)
    deleted = load(app, session_id).deals[0].id
    assert client.delete(f"{API}/{session_id}/deals/1").status_code == 204
    helpers.record_totals(client, session_id, [26, 26, 26])  # full again
    response = client.post(f"/sessions/{session_id}/deals/restore/{deleted}")
    refused_full(response)
    assert deal_count(app, session_id) == CAP


def test_a_paper_protocol_of_more_deals_than_a_session_holds_stores_nothing(app, client):
    rows = [*DEALS, [26, 26, 26]]
    response = client.post("/sessions/paper", data=paper_form(rows))
    said = refused_full(response)
    assert f"not {len(rows)}" in said
    assert helpers.all_sessions(app) == []
    saved = client.post("/sessions/paper", data=paper_form(DEALS))
    assert saved.status_code == 303  # as many as the cap: stored


def test_the_paper_service_refuses_it_with_session_full(app):
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    with app.app_context(), pytest.raises(SessionFullError) as refused:
        record_paper(get_db(), body | {"deals": [*DEALS, [26, 26, 26]]})
    assert [p.code for p in refused.value.problems] == ["session-full"]
    assert helpers.all_sessions(app) == []


def test_an_import_file_with_a_session_of_more_deals_is_refused_naming_the_cap(tmp_path):
    # Exported from an app that holds more, read by one that holds CAP.
    (tmp_path / "roomy").mkdir()
    roomy = helpers.make_app(tmp_path / "roomy", MAX_SESSION_DEALS=CAP + 1)
    client = roomy.test_client()
    session_id = helpers.session_with_totals(client, [*DEALS, [26, 26, 26]])
    with roomy.app_context():
        raw = exchange.dumps(exchange.export_sessions(get_db(), [session_id])).encode()
    strict = helpers.make_app(tmp_path, MAX_SESSION_DEALS=CAP)
    with strict.app_context():
        with pytest.raises(ExchangeError) as refused:
            importing.import_file(get_db(), raw)
        assert "a session holds at most 3 deals (MAX_SESSION_DEALS), not 4" in str(refused.value)
        assert "sessions[0].deals" in str(refused.value)
    assert helpers.all_sessions(strict) == []
    with roomy.app_context():
        assert importing.import_file(get_db(), raw).session_ids  # where it fits, it is imported


# The protocol page


def test_the_page_offers_the_forms_until_the_session_is_full_then_says_so(client):
    session_id = helpers.session_with_totals(client, DEALS[:2])
    soup = page(client.get(f"/sessions/{session_id}"))
    assert soup.select_one(".next .full") is None
    assert soup.find("a", href=f"/sessions/{session_id}/deals/new/totals")
    helpers.record_totals(client, session_id, DEALS[2])
    soup = page(client.get(f"/sessions/{session_id}"))
    assert FULL in text(soup.select_one(".next .full")).lower()
    assert soup.select(".next .entry") == []
    assert not soup.find("a", href=f"/sessions/{session_id}/deals/new/totals")
    assert not soup.find("a", href=f"/sessions/{session_id}/deals/import")


# The setting


def test_the_cap_is_500_unless_the_config_says_otherwise(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite")})
    assert app.config["MAX_SESSION_DEALS"] == MAX_SESSION_DEALS == 500
    with app.app_context():
        check_room(499)
        with pytest.raises(SessionFullError, match="at most 500 deals"):
            check_room(500)


@pytest.mark.parametrize("value", [0, -1, "many", 2.5, True, None])
def test_a_cap_that_is_not_a_whole_number_stops_the_app_at_start(tmp_path, value):
    config = {"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite")}
    with pytest.raises(ValueError, match="MAX_SESSION_DEALS must be a whole number"):
        create_app(config | {"MAX_SESSION_DEALS": value})
