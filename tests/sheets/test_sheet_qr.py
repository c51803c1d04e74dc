"""The printed protocol's QR code opens on a player's phone (web/addresses.py).

In club mode it names PUBLIC_URL, or this machine's LAN address with the request's scheme and
port, never 127.0.0.1 nor localhost; in local mode the sheet has no QR code and says why. The
image is compared with segno's rendering of the expected link, pixel for pixel, so the test
reads what a phone would scan, not only the text printed under it.
"""

from __future__ import annotations

import io

import pytest
import segno
from PIL import Image
from pypdf import PdfReader

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.storage.db import open_db
from scorekeeper.web import addresses
from tests.databases import fresh_database
from tests.sheets.club import LAN
from tests.sheets.club import reader
from tests.sheets.club import set_password


@pytest.fixture
def lan(monkeypatch):
    monkeypatch.setattr(addresses, "lan_address", lambda: LAN)


def make_app(tmp_path, **config):
    return create_app(
        {"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite"), **config}
    )


def new_session(app):
    db = open_db(app.config["DATABASE"])
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    session_id = services.start_session(db, body)
    services.record_deal(db, session_id, {"points": [30, 27, 21]})
    return session_id, services.load_session(db, session_id).read_token


def sheet(client, session_id, base_url="http://localhost"):
    """The sheet's text with no whitespace at all (a long link wraps), and its images."""
    response = client.get(f"/sessions/{session_id}/sheet.pdf", base_url=base_url)
    assert response.status_code == 200, response.data[:300]
    page = PdfReader(io.BytesIO(response.data)).pages[0]
    return "".join(page.extract_text().split()), [image.image for image in page.images]


def same_image(drawn, expected_link):
    """Whether the image is the QR code of the link as sheets.qr_png draws it: three pixels a
    module and a border of two."""
    expected = io.BytesIO()
    segno.make(expected_link, error="m").save(expected, kind="png", scale=3, border=2)
    want = Image.open(expected).convert("L")
    got = drawn.convert("L")
    return got.size == want.size and got.tobytes() == want.tobytes()


def test_in_club_mode_the_qr_code_names_the_lan_address_with_the_request_port(tmp_path, lan):
    app = make_app(tmp_path)
    session_id, token = new_session(app)
    set_password(app)
    base_url = "http://localhost:8000"  # the keeper's browser, on the club's laptop
    text, images = sheet(reader(app, session_id, base_url), session_id, base_url)
    link = f"http://{LAN}:8000/view/{token}"
    assert link in text
    assert "localhost" not in text
    assert "127.0.0.1" not in text
    assert len(images) == 1
    assert same_image(images[0], link)


def test_the_public_url_is_the_address_of_the_qr_code(tmp_path, lan):
    app = make_app(tmp_path, PUBLIC_URL="https://club.example.org")
    session_id, token = new_session(app)
    set_password(app)
    text, images = sheet(reader(app, session_id), session_id)
    link = f"https://club.example.org/view/{token}"
    assert link in text
    assert len(images) == 1
    assert same_image(images[0], link)


def test_in_local_mode_the_sheet_has_no_qr_code_and_says_why(tmp_path, lan):
    app = make_app(tmp_path, PUBLIC_URL="https://club.example.org")
    session_id, token = new_session(app)
    text, images = sheet(app.test_client(), session_id)
    assert images == []
    assert token not in text
    assert "NoQRcode:thisappservesonlythiscomputer." in text
    assert "Setakeeperpasswordtoletphonesreadtheprotocol." in text


def test_in_club_mode_without_a_network_address_the_sheet_says_what_to_set(tmp_path, monkeypatch):
    monkeypatch.setattr(addresses, "lan_address", lambda: None)
    app = make_app(tmp_path)
    session_id, token = new_session(app)
    set_password(app)
    text, images = sheet(reader(app, session_id), session_id)
    assert images == []
    assert token not in text
    assert "SetPUBLIC_URL" in text


def test_turning_club_mode_on_gives_a_new_sheet_with_the_qr_code(tmp_path, lan):
    app = make_app(tmp_path)
    session_id, _ = new_session(app)
    client = app.test_client()
    assert sheet(client, session_id)[1] == []
    set_password(app)
    assert len(sheet(reader(app, session_id), session_id)[1]) == 1
