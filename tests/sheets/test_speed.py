"""Sheet speed (issue "Speed"): the correctness of the sheet cache, not timings (bench/sheets.py).

A sheet is kept per process under its session's version, paper, language and read link; every
write to the session or its deals must give a new version, so that no sheet is ever stale.
"""

import ctypes
import io
import os
import sys

import pytest
from pypdf import PdfReader

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.services.sessions.versions import session_version
from scorekeeper.sheets.cache import SheetCache
from scorekeeper.sheets.render import harfbuzz_subsetting
from scorekeeper.storage.db import open_db
from scorekeeper.web import addresses
from scorekeeper.web.sheets import views as sheets_module
from tests.databases import fresh_database
from tests.sheets import club

DEALS = [[30, 27, 21], [20, 30, 28], [28, 28, 22]]  # totals 0, 7, -7


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite")})


def db_of(app):
    return open_db(app.config["DATABASE"])


def new_session(app, players=("Anna", "Bruno", "Nicolò"), deals=DEALS):
    db = db_of(app)
    body = {"ruleset": "scarto", "players": list(players), "first_dealer": 0}
    session_id = services.start_session(db, body)
    for points in deals:
        services.record_deal(db, session_id, {"points": points})
    return session_id


def sheet(client, url):
    """(hit or miss, the PDF's text) of a sheet request."""
    response = client.get(url)
    assert response.status_code == 200, response.data[:300]
    assert response.data.startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(response.data))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    return response.headers["X-Sheet-Cache"], text


def test_a_repeated_request_is_served_from_the_cache_byte_for_byte(app):
    client = app.test_client()
    url = f"/sessions/{new_session(app)}/sheet.pdf"
    first, second = client.get(url), client.get(url)
    assert first.headers["X-Sheet-Cache"] == "miss"
    assert second.headers["X-Sheet-Cache"] == "hit"
    assert first.data == second.data
    assert second.mimetype == "application/pdf"
    assert first.headers["Content-Disposition"] == second.headers["Content-Disposition"]


def test_every_write_to_the_deals_gives_a_new_sheet(app):
    client = app.test_client()
    session_id = new_session(app)
    url = f"/sessions/{session_id}/sheet.pdf"
    db = db_of(app)
    assert sheet(client, url)[0] == "miss"
    assert sheet(client, url)[0] == "hit"

    services.record_deal(db, session_id, {"points": [30, 27, 21]})  # a new deal
    state, text = sheet(client, url)
    assert state == "miss"
    assert "Totals after 4 deals: Anna 4 · Bruno 8 · Nicolò -12" in text
    assert sheet(client, url)[0] == "hit"

    services.correct_deal(db, session_id, 4, {"points": [20, 30, 28]})  # a correction
    state, text = sheet(client, url)
    assert state == "miss"
    assert "Totals after 4 deals: Anna -6 · Bruno 11 · Nicolò -5" in text
    assert "corrected" in text

    services.delete_deal(db, session_id, 4)  # a deletion
    state, text = sheet(client, url)
    assert state == "miss"
    assert "Totals after 3 deals: Anna 0 · Bruno 7 · Nicolò -7" in text

    deleted = services.deleted_deals(db, session_id)[0]["id"]
    services.restore_deal(db, session_id, deleted)  # a restore
    state, text = sheet(client, url)
    assert state == "miss"
    assert "Totals after 4 deals: Anna -6 · Bruno 11 · Nicolò -5" in text
    assert sheet(client, url)[0] == "hit"


def test_the_version_changes_with_every_write_and_only_then(app):
    db = db_of(app)
    session_id = new_session(app)
    seen = [session_version(db, session_id)]
    assert seen[0] == session_version(db, session_id)  # reading changes nothing
    services.load_session(db, session_id)
    assert seen[0] == session_version(db, session_id)

    services.record_deal(db, session_id, {"points": [30, 27, 21]})
    seen.append(session_version(db, session_id))
    services.correct_deal(db, session_id, 4, {"points": [20, 30, 28]})
    seen.append(session_version(db, session_id))
    services.delete_deal(db, session_id, 4)
    seen.append(session_version(db, session_id))
    services.restore_deal(db, session_id, services.deleted_deals(db, session_id)[0]["id"])
    seen.append(session_version(db, session_id))
    services.delete_session(db, session_id)
    seen.append(session_version(db, session_id))
    versions = [v.version for v in seen if v is not None]
    assert len(versions) == len(seen) == len(set(versions))  # all different, none missing
    services.delete_session(db, session_id, deleted=False)  # back to the same state...
    assert session_version(db, session_id) == seen[-2]  # ...and so to the same sheet
    assert session_version(db, 999) is None
    assert session_version(db, 0) is None


def test_a_change_to_the_session_row_gives_a_new_sheet(app):
    client = app.test_client()
    session_id = new_session(app)
    url = f"/sessions/{session_id}/sheet.pdf"
    sheet(client, url)
    db = db_of(app)
    with db.conn:
        db.execute("update sessions set place = 'Biella' where id = ?", [session_id])
    state, text = sheet(client, url)
    assert state == "miss"
    assert "Biella" in text


def test_paper_is_part_of_the_key_and_the_pages_language_is_not(app):
    client = app.test_client()
    session_id = new_session(app)
    url = f"/sessions/{session_id}/sheet.pdf"
    assert sheet(client, url)[0] == "miss"
    assert sheet(client, url + "?paper=letter")[0] == "miss"
    assert sheet(client, url + "?paper=a4")[0] == "hit"  # a4 is the default
    client.get("/lang/it")
    state, text = sheet(client, url)
    assert state == "hit"  # the sheet is in the session's language (English), whoever asks
    assert "Totals after 3 deals" in text


def test_the_read_link_is_part_of_the_key(app, monkeypatch):
    # Club mode, where the sheet prints the link: at the LAN address with the request's port.
    monkeypatch.setattr(addresses, "lan_address", lambda: club.LAN)
    session_id = new_session(app)
    club.set_password(app)
    client = club.reader(app, session_id, "http://localhost:8000")
    url = f"/sessions/{session_id}/sheet.pdf"
    assert client.get(url, base_url="http://localhost:8000").headers["X-Sheet-Cache"] == "miss"
    assert client.get(url, base_url="http://localhost:8001").headers["X-Sheet-Cache"] == "miss"
    assert client.get(url, base_url="http://localhost:8000").headers["X-Sheet-Cache"] == "hit"
    # Another loopback name for the same port prints the same link: the same sheet.
    client = club.reader(app, session_id, "http://127.0.0.1:8000")
    assert client.get(url, base_url="http://127.0.0.1:8000").headers["X-Sheet-Cache"] == "hit"


def test_a_write_while_the_sheet_renders_is_not_hidden_by_the_cache(app, monkeypatch):
    client = app.test_client()
    session_id = new_session(app)
    url = f"/sessions/{session_id}/sheet.pdf"
    real_render = sheets_module.render_pdf
    writes = []

    def render_and_write_meanwhile(html, static, stylesheets=(), attached=None):
        if not writes:  # another request records a deal after the version was read
            writes.append(services.record_deal(db_of(app), session_id, {"points": [30, 27, 21]}))
        return real_render(html, static, stylesheets, attached)

    monkeypatch.setattr(sheets_module, "render_pdf", render_and_write_meanwhile)
    assert sheet(client, url)[0] == "miss"
    state, text = sheet(client, url)
    assert state == "miss"  # the first render was not kept under the old version
    assert "Totals after 4 deals" in text


def test_two_apps_with_their_own_databases_share_no_sheet(tmp_path):
    first = create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "a.sqlite")})
    second = create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "b.sqlite")})
    assert new_session(first, ("Anna", "Bruno", "Carla")) == 1
    assert new_session(second, ("Ugo", "Vera", "Zeno")) == 1
    assert "Anna" in sheet(first.test_client(), "/sessions/1/sheet.pdf")[1]
    assert "Ugo" in sheet(second.test_client(), "/sessions/1/sheet.pdf")[1]


def test_the_cache_keeps_at_most_the_configured_number_of_sheets(tmp_path):
    app = create_app(
        {"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite"), "SHEET_CACHE_SIZE": 2}
    )
    client = app.test_client()
    urls = [f"/sessions/{new_session(app, deals=DEALS[:1])}/sheet.pdf" for _ in range(3)]
    for url in urls:
        assert sheet(client, url)[0] == "miss"
    assert len(app.extensions["scorekeeper.sheets"]) == 2
    assert sheet(client, urls[0])[0] == "miss"  # the least recently used went first
    assert sheet(client, urls[2])[0] == "hit"


def test_a_cache_size_of_zero_renders_every_time(tmp_path):
    app = create_app(
        {"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite"), "SHEET_CACHE_SIZE": 0}
    )
    client = app.test_client()
    url = f"/sessions/{new_session(app, deals=DEALS[:1])}/sheet.pdf"
    assert [sheet(client, url)[0] for _ in range(2)] == ["miss", "miss"]


def test_blank_sheets_and_audits_are_cached_by_what_they_show(app):
    client = app.test_client()
    url = "/print/blank.pdf?ruleset=scarto&players=Anna,Bruno"
    assert sheet(client, url)[0] == "miss"
    assert sheet(client, url)[0] == "hit"
    state, text = sheet(client, "/print/blank.pdf?ruleset=scarto&players=Anna,Ugo")
    assert state == "miss"
    assert "Ugo" in text
    session_id = new_session(app)
    audit = f"/sessions/{session_id}/deals/1/audit.pdf"
    assert sheet(client, audit)[0] == "miss"
    assert sheet(client, audit)[0] == "hit"
    services.correct_deal(db_of(app), session_id, 1, {"points": [20, 30, 28]})
    state, text = sheet(client, audit)
    assert state == "miss"
    assert "-6" in text
    assert client.get(f"/sessions/{session_id}/deals/9/audit.pdf").status_code == 404


def test_the_sheet_cache_is_an_lru_bounded_in_sheets_and_bytes():
    cache = SheetCache(max_items=2, max_bytes=10)
    cache.put("a", b"1234")
    cache.put("b", b"5678")
    assert cache.get("a") == b"1234"  # a is now the most recently used
    cache.put("c", b"9")
    assert (cache.get("b"), cache.get("a"), cache.get("c")) == (None, b"1234", b"9")
    cache.put("d", b"123456789")  # 4 + 1 + 9 bytes > 10: a goes, the least recently used
    assert (len(cache), cache.size_bytes, cache.get("a"), cache.get("c")) == (2, 10, None, b"9")
    cache.put("e", b"x" * 11)  # larger than the whole cache: not kept, nothing dropped
    assert (cache.get("e"), cache.get("d"), cache.get("c")) == (None, b"123456789", b"9")
    cache.put("d", b"12")  # replacing counts the new size only
    assert cache.size_bytes == 3
    cache.clear()
    assert (len(cache), cache.size_bytes) == (0, 0)
    off = SheetCache(max_items=0)
    off.put("a", b"1")
    assert off.get("a") is None


def test_the_reference_card_splits_into_two_halves_in_order(app):
    from scorekeeper.rules import PRESETS
    from scorekeeper.sheets.content import reference_card

    with app.test_request_context():
        for ruleset in PRESETS.values():
            sections = reference_card(ruleset)
            left, right = sheets_module._halves(sections)
            assert (*left, *right) == sections
            assert left
            assert right


@pytest.mark.skipif(sys.platform != "linux", reason="Debian's library name: Linux only")
def test_fonts_are_subset_with_harfbuzz_where_the_library_is_there():
    # Debian's libharfbuzz-subset0: without it WeasyPrint subsets the fonts with fontTools, about
    # 100 ms a sheet slower, and every sheet test here still passes. CI installs it
    # (scripts/system-packages), so that the path the benchmarks measure is the one tested there.
    try:
        ctypes.CDLL("libharfbuzz-subset.so.0")
    except OSError:
        present = False
    else:
        present = True
    assert harfbuzz_subsetting() == present
    if os.environ.get("CI") == "true":
        assert present, "libharfbuzz-subset0 missing: scripts/system-packages installs it in CI"


def test_the_fixed_layout_columns_fill_the_width_and_fit_long_names(app):
    with app.test_request_context():
        three = sheets_module._columns(3, ["Anna", "Bruno", "Nicolò"], 3.8)
        two = sheets_module._columns(2, ["Anna", "Bruno", "Carla", "Dario"], 3.8)
        long = sheets_module._columns(3, ["Massimiliano Bartolomeo", "Bruno", "Nicolò"], 3.8)
    assert (len(three), len(two)) == (8, 6)
    for widths in (three, two, long):
        assert abs(sum(widths) - 100) < 0.1
        assert min(widths) > 4
    assert long[1] > three[1]  # the dealer's column grows with the longest name
    assert long[2] < three[2]  # and the sides give way
