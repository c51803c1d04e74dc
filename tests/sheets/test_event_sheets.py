"""A club evening's printed sheets (issue "Club evenings"): a round's table cards and seating
list, and the evening sheet, a PDF/A-3b carrying the event's export, which imports into another
database as a session sheet does."""

from __future__ import annotations

import io
import json

import pytest
from pypdf import PdfReader

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.services import events
from scorekeeper.services.sessions.sheet_data import DESCRIPTION
from scorekeeper.storage.db import open_db
from tests.databases import fresh_database
from tests.sheets.club import set_password
from tests.sheets.evenings import make_evening
from tests.sheets.test_sheet_data import attachments
from tests.sheets.test_sheet_data import resolved
from tests.sheets.test_sheet_qr import same_image
from tests.sheets.test_sheets import text_of


def new_app(path, **config):
    return create_app({"TESTING": True, "DATABASE": fresh_database(path), **config})


@pytest.fixture
def app(tmp_path):
    return new_app(tmp_path / "t.sqlite")


def pdf(client, url: str) -> PdfReader:
    response = client.get(url)
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "application/pdf"
    return PdfReader(io.BytesIO(response.data))


def view_of(app, event_id):
    return events.event_view(open_db(app.config["DATABASE"]), event_id)


def test_the_table_cards_name_round_table_seats_first_dealer_and_deals(app):
    event_id = make_evening(app.config["DATABASE"])
    reader = pdf(app.test_client(), f"/events/{event_id}/rounds/2/cards.pdf")
    tables = view_of(app, event_id).rounds[1].tables
    assert len(reader.pages) == 2  # three tables, two cards a page
    text = text_of(reader)
    for table in tables:
        assert f"R2 · T{table.number}" in text
        assert " ".join(f"{'ABC'[i]} {name}" for i, name in enumerate(table.seats)) in text
        assert f"First dealer: {table.first_dealer_name}" in text
    assert "Deals to play: 3" in text
    # Local mode: no QR code, and the card says why.
    assert "No QR code" in text


def test_in_club_mode_each_card_has_its_tables_read_link_as_a_qr_code(tmp_path):
    app = new_app(
        tmp_path / "t.sqlite", PUBLIC_URL="https://club.example.org", WTF_CSRF_ENABLED=False
    )
    event_id = make_evening(app.config["DATABASE"])
    set_password(app)
    url = f"/events/{event_id}/rounds/1/cards.pdf"
    refused = app.test_client().get(url)
    assert refused.status_code in (302, 303, 401, 403)  # the keeper's alone
    keeper = app.test_client()
    assert keeper.post("/login", data={"password": "x", "submit": "Log in"}).status_code == 303
    reader = pdf(keeper, url)
    text = "".join(text_of(reader).split())  # a long link wraps
    images = [image.image for page in reader.pages for image in page.images]
    for table in view_of(app, event_id).rounds[0].tables:
        link = f"https://club.example.org/view/{table.read_token}"
        assert link in text
        assert any(same_image(image, link) for image in images)


def test_the_seating_list_is_alphabetical_with_table_and_seat_and_who_sits_out(app):
    event_id = make_evening(app.config["DATABASE"])
    text = text_of(pdf(app.test_client(), f"/events/{event_id}/rounds/1/seating.pdf"))
    view = view_of(app, event_id)
    first = view.rounds[0]
    (out,) = first.sitting_out
    assert f"Sitting out: {view.names[out]}" in text
    table = first.tables[0]
    assert f"T1 · A {table.seats[0]}" in text
    listed = sorted(view.names.values(), key=str.casefold)
    places = [text.index(f" {name}") for name in listed]
    assert places == sorted(places)


def test_a_draft_rounds_cards_and_seating_are_refused(app):
    event_id = make_evening(app.config["DATABASE"], played=1, draft=True)
    client = app.test_client()
    for sheet in ("cards", "seating"):
        response = client.get(f"/events/{event_id}/rounds/2/{sheet}.pdf")
        assert response.status_code == 409
        assert b"is a draft: publish it first" in response.data
    assert client.get(f"/events/{event_id}/rounds/3/cards.pdf").status_code == 404
    assert client.get(f"/events/{event_id + 1}/rounds/1/cards.pdf").status_code == 404


def test_the_evening_sheet_holds_standings_results_ledger_and_draw(app):
    event_id = make_evening(app.config["DATABASE"])
    text = text_of(pdf(app.test_client(), f"/events/{event_id}/sheet.pdf"))
    view = view_of(app, event_id)
    assert "Standings" in text
    assert view.ranking_words in text
    for line in view.standings:
        assert line.name in text
    leader = view.standings[0].standing
    assert f"1 {view.standings[0].name}" in text
    assert str(leader.score) in text
    for number in (1, 2):
        assert f"Round {number}" in text
    assert text.count("ended by the director") == 1
    assert "Deals: 1 of 3 · ended by the director" in text
    assert "a bye is worth 1.17" in text
    assert "late" in text
    assert "typo · removed" in text
    assert "Seed: 7." in text


def test_the_evening_sheet_prints_in_the_events_language(app):
    event_id = make_evening(app.config["DATABASE"], language="it")
    text = text_of(pdf(app.test_client(), f"/events/{event_id}/sheet.pdf"))
    assert "Regolamento: Scarto" in text  # the words it shares with a session sheet, in Italian
    assert "Data: " in text
    assert "Ruleset" not in text
    cards = text_of(pdf(app.test_client(), f"/events/{event_id}/rounds/1/cards.pdf"))
    # The app serves only this computer: no QR code, and the card says why, in Italian too.
    assert "Primo mazziere" in cards
    assert "Nessun codice QR" in " ".join(cards.split())


def test_the_evening_sheet_is_a_pdf_a_3b_carrying_the_events_export(app):
    event_id = make_evening(app.config["DATABASE"])
    reader = pdf(app.test_client(), f"/events/{event_id}/sheet.pdf")
    root = reader.trailer["/Root"]
    xmp = resolved(root["/Metadata"]).get_data().decode()
    assert 'pdfaid:part="3"' in xmp
    assert 'pdfaid:conformance="B"' in xmp
    ((name, spec),) = attachments(reader)
    assert name == f"scorekeeper-event-{event_id}.json"
    listed = [entry.idnum for entry in root["/AF"]]
    assert len(listed) == len(set(listed)) == 1
    assert spec["/AFRelationship"] == "/Data"
    assert spec["/Desc"] == DESCRIPTION
    export = json.loads(resolved(spec["/EF"]["/F"]).get_data())
    view = view_of(app, event_id)
    sessions = [t.session_id for r in view.rounds for t in r.tables]
    assert [s["id"] for s in export["sessions"]] == sessions
    assert export["event"]["name"] == "Club night"
    assert [r["number"] for r in export["event"]["drawn_rounds"]] == [1, 2]
    assert [a["removed_at"] is None for a in export["event"]["adjustments"]] == [True, False]


def test_the_evening_sheet_imported_elsewhere_brings_in_the_table_sessions(app, tmp_path):
    event_id = make_evening(app.config["DATABASE"])
    sheet = app.test_client().get(f"/events/{event_id}/sheet.pdf").data
    target = new_app(tmp_path / "target.sqlite").test_client()
    answer = target.post("/api/v1/imports", data=sheet, content_type="application/pdf")
    assert answer.status_code == 201, answer.get_json()
    imported = answer.get_json()["sessions"]
    source = open_db(app.config["DATABASE"])
    here = open_db(str(tmp_path / "target.sqlite"))
    view = view_of(app, event_id)
    tables = [t for r in view.rounds for t in r.tables]
    assert [s["origin_session_id"] for s in imported] == [t.session_id for t in tables]
    for table, made in zip(tables, imported, strict=True):
        before = services.load_session(source, table.session_id)
        after = services.load_session(here, made["id"])
        assert after.table_name == f"R{table.round} · T{table.number}"
        assert after.players == before.players
        assert [d.result for d in after.deals] == [d.result for d in before.deals]
        assert len(after.deals) == table.deals
    again = target.post("/api/v1/imports", data=sheet, content_type="application/pdf")
    assert again.status_code == 409
