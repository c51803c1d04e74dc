"""Printed sheets: real WeasyPrint PDFs, read back with pypdf and rendered with pdftoppm."""

import io
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.rules import PRESETS
from scorekeeper.sheets.render import _static_fetcher_class
from scorekeeper.sheets.render import compact
from scorekeeper.storage.db import open_db
from scorekeeper.web import addresses
from tests.databases import fresh_database
from tests.sheets import club

# Three deals of Scarto, by hand: scores +4 +1 -5, -6 +4 +2, +2 +2 -4 -> totals 0, 7, -7.
DEALS = [[30, 27, 21], [20, 30, 28], [28, 28, 22]]
STATIC = Path(__file__).resolve().parents[2] / "static"


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite")})


def new_session(app, players=("Anna", "Bruno", "Nicolò"), ruleset="scarto", deals=DEALS):
    db = open_db(app.config["DATABASE"])
    body = {"ruleset": ruleset, "players": list(players), "first_dealer": 0, "place": "Biella"}
    session_id = services.start_session(db, body)
    for points in deals:
        services.record_deal(db, session_id, {"points": points})
    return session_id


def pdf_of(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")
    return PdfReader(io.BytesIO(response.data)), response.data


def text_of(reader):
    """The PDF's text with line breaks and runs of spaces folded to one space."""
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_the_session_sheet_holds_names_scores_totals_and_settlement(app):
    session_id = new_session(app)
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    text = text_of(reader)
    for name in ("Anna", "Bruno", "Nicolò", "Biella", "Scarto (Wikipedia)"):
        assert name in text
    for score in ("(+4)", "(+1)", "(-5)", "(-6)", "(+2)", "(-4)"):
        assert score in text
    assert "Nicolò pays a drink to Anna and Bruno" in text  # totals 0, 7, -7
    assert "Totals after 3 deals: Anna 0 · Bruno 7 · Nicolò -7" in text
    assert "page 1 of 1" in text
    assert len(reader.pages) == 1


def test_the_head_says_ruleset_house_rules_place_and_order_of_play_in_lines(app):
    # The head is lines of text with their labels (a table of labels was a quarter of the
    # sheet's time), and the running header carries the title and the date on one line.
    session_id = new_session(app)
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    text = text_of(reader)
    assert "Ruleset: Scarto (Wikipedia)" in text
    assert "House rules: none" in text
    assert "· Place: Biella" in text
    assert "Players in order of play: 1. Anna · 2. Bruno · 3. Nicolò" in text
    assert re.search(r"Protocol · Anna, Bruno, Nicolò · \w{3} \d{1,2}, 20\d\d", text)  # the date
    assert re.search(
        r"Scorekeeper · scorekeeper-session-\d+\.json · SHA-256 [0-9a-f]{12} · page 1 of 1", text
    )


def test_a_long_session_breaks_across_pages_with_the_header_repeated(app):
    session_id = new_session(app, deals=DEALS * 20)  # 60 deals
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    assert len(reader.pages) >= 3
    last = len(reader.pages)
    table_ended = False  # the chart may follow on a page of its own (the signatures never do)
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        assert table_ended or "pts (score)" in text  # the table header on each of its pages
        table_ended = table_ended or "Totals after 60 deals" in text
        assert f"page {number} of {last}" in text
        assert "Protocol · Anna, Bruno, Nicolò" in text  # the running header
    assert "Totals after 60 deals: Anna 0 · Bruno 140 · Nicolò -140" in text_of(reader)


def test_us_letter_is_an_option(app):
    session_id = new_session(app)
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf?paper=letter")
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4


def test_player_names_are_escaped_not_read_as_markup(app):
    session_id = new_session(app, players=("<b>Anna</b>", "Bruno & co", "Nicolò"))
    text = text_of(pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")[0])
    assert "<b>Anna</b>" in text
    assert "Bruno & co" in text


def test_the_sheet_embeds_the_shipped_fonts(app):
    session_id = new_session(app)
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    assert fonts
    assert all("Sheet-Sans" in font for font in fonts), fonts


@pytest.mark.parametrize("ruleset_id", list(PRESETS))
def test_the_blank_sheet_renders_for_every_ruleset(app, ruleset_id):
    ruleset = PRESETS[ruleset_id]
    reader, _ = pdf_of(app.test_client(), f"/print/blank.pdf?ruleset={ruleset_id}")
    text = text_of(reader)
    assert len(reader.pages) == 2  # the protocol and counting aid, then the reference card
    assert f"Check: the points add up to {ruleset.deck_total}." in text
    assert "Card values" in reader.pages[1].extract_text()


def test_the_blank_sheet_takes_names_and_a_number_of_deals(app):
    url = "/print/blank.pdf?ruleset=scarto-sv&players=Anna,Bruno,Nicol%C3%B2&deals=6"
    text = text_of(pdf_of(app.test_client(), url)[0])
    assert "1. Anna · 2. Bruno · 3. Nicolò" in text
    assert "Never: the Kings, T21 and the Fool." in text
    assert "The lowest total pays the stake to each other player." in text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("ruleset=bridge", "unknown ruleset"),
        ("ruleset=scarto&paper=legal", "paper must be a4 or letter"),
        ("ruleset=scarto&deals=0", "deals must be a number from 1 to 60"),
        ("ruleset=scarto&players=A,B,C,D", "this ruleset has 3 players"),
    ],
)
def test_a_bad_blank_sheet_request_is_a_clear_400(app, query, message):
    response = app.test_client().get(f"/print/blank.pdf?{query}")
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_the_audit_report_shows_groups_scarto_problems_and_scores(app):
    # A full-piles deal whose scarto holds a King: recorded, marked, and the report says why.
    from scorekeeper.rules import find_ruleset
    from scorekeeper.rules.generator import random_deal

    session_id = new_session(app, deals=[])
    deal = random_deal(find_ruleset("scarto"), 3, 0)
    piles = [[c.code for c in pile] for pile in deal.piles]
    scarto = [c.code for c in deal.scarto]
    king = next(code for pile in piles for code in pile if code == "KS")
    holder = next(pile for pile in piles if king in pile)
    holder[holder.index(king)] = scarto[0]
    scarto[0] = king
    db = open_db(app.config["DATABASE"])
    recorded = services.record_deal(db, session_id, {"piles": piles, "scarto": scarto})
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/deals/1/audit.pdf")
    text = text_of(reader)
    assert "Audit of deal 1" in text
    assert "Kings may not be laid aside (K♠)" in text
    assert "illegal" in text
    assert "K♠" in text  # the suit symbols render as text
    for value in recorded.result.scores:
        assert f"{value:+d}" in text or str(value) in text


@pytest.mark.parametrize("url", ["/sessions/99/sheet.pdf", "/sessions/99/deals/1/audit.pdf"])
def test_a_sheet_of_an_unknown_session_is_a_404(app, url):
    assert app.test_client().get(url).status_code == 404


def test_the_sheet_fetcher_reads_only_the_static_folder():
    import weasyprint

    fetcher = _static_fetcher_class(weasyprint)(STATIC.resolve())
    assert fetcher.fetch((STATIC / "print.css").resolve().as_uri()).read().startswith(b"/*")
    for url in (
        "http://example.com/x.png",
        "https://example.com/x.png",
        "ftp://example.com/x.png",
        "file:///etc/passwd",
        (STATIC / ".." / "pyproject.toml").resolve().as_uri(),
    ):
        with pytest.raises(ValueError, match="static files"):
            fetcher.fetch(url)


def test_the_sheet_fetcher_serves_data_urls_which_read_nothing():
    # The QR code travels in the document as a data: URL (sheets.qr_png).
    import weasyprint

    fetcher = _static_fetcher_class(weasyprint)(STATIC.resolve())
    png = fetcher.fetch("data:image/png;base64,iVBORw0KGgo=")
    assert (png.content_type, png.read()) == ("image/png", b"\x89PNG\r\n\x1a\n")
    assert fetcher.fetch("data:,a%20b").read() == b"a b"
    with pytest.raises(ValueError, match="without data"):
        fetcher.fetch("data:image/png;base64")


def test_the_qr_code_is_an_image_drawn_unsmoothed(app, monkeypatch):
    # A PNG of three pixels a module, drawn without interpolation: sharp on paper. Club mode:
    # in local mode no phone could open the link, and the sheet has no QR code (test_sheet_qr).
    monkeypatch.setattr(addresses, "lan_address", lambda: club.LAN)
    session_id = new_session(app)
    club.set_password(app)
    reader, _ = pdf_of(club.reader(app, session_id), f"/sessions/{session_id}/sheet.pdf")
    drawn = [x.get_object() for x in reader.pages[0]["/Resources"]["/XObject"].values()]
    images = [x for x in drawn if x["/Subtype"] == "/Image"]  # not the chart's form (an SVG)
    assert [(i["/Subtype"], i["/Width"], i["/Interpolate"]) for i in images] == [
        ("/Image", 99, False)
    ]


def test_whitespace_between_blocks_is_dropped_and_kept_between_inline_elements():
    html = "<div>\n  <p>Date <span>x</span> <b>y</b></p>\n  <p>z</p>\n</div>\n<tr> <td>1</td></tr>"
    assert (
        compact(html) == "<div><p>Date <span>x</span> <b>y</b></p><p>z</p></div><tr><td>1</td></tr>"
    )


def test_the_first_page_renders_to_an_image(app, tmp_path):
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        if os.environ.get("CI") == "true":
            pytest.fail("pdftoppm missing: .ci/run installs poppler-utils")
        pytest.skip("pdftoppm not installed: apt-get install poppler-utils")
    session_id = new_session(app)
    _, data = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    (tmp_path / "sheet.pdf").write_bytes(data)
    subprocess.run(
        [
            pdftoppm,
            "-png",
            "-r",
            "50",
            "-f",
            "1",
            "-l",
            "1",
            str(tmp_path / "sheet.pdf"),
            str(tmp_path / "page"),
        ],
        check=True,
    )
    png = next(tmp_path.glob("page*.png"))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 5_000  # not a blank page
