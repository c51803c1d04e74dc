"""The session sheet carries the protocol page's chart after its table (issue #23, "Charts"):
rendered with WeasyPrint, read back as text, and drawn to an image with pdftoppm."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from PIL import Image

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.charts.svg import PALETTE
from scorekeeper.storage.db import open_db
from tests.databases import fresh_database
from tests.sheets.test_sheets import new_session
from tests.sheets.test_sheets import pdf_of

DPI = 60


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite")})


def rendered_page(data: bytes, folder) -> Image.Image:
    """The PDF's first page as an RGB image, drawn by pdftoppm."""
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        if os.environ.get("CI") == "true":
            pytest.fail("pdftoppm missing: .ci/run installs poppler-utils")
        pytest.skip("pdftoppm not installed: apt-get install poppler-utils")
    (folder / "sheet.pdf").write_bytes(data)
    command = [pdftoppm, "-png", "-r", str(DPI), "-singlefile", "-f", "1", "-l", "1"]
    subprocess.run([*command, str(folder / "sheet.pdf"), str(folder / "page")], check=True)
    return Image.open(folder / "page.png").convert("RGB")


def rows_of(image: Image.Image, colour: str) -> list[int]:
    """The rows of the image holding a pixel of about this colour (antialiasing blends the
    edges of a line, not its middle)."""
    wanted = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    width, height = image.size
    pixels = image.load()
    return [
        y
        for y in range(height)
        if any(all(abs(pixels[x, y][c] - wanted[c]) <= 24 for c in range(3)) for x in range(width))
    ]


def baseline_of(reader, words: str) -> float:
    """The height (pt from the page's top) of the line of the first page holding these words."""
    found: list[float] = []
    page = reader.pages[0]
    top = float(page.mediabox.height)

    def visit(text, cm, tm, _font, _size):
        if words in text and not found:  # the text matrix's origin through the page's matrix
            found.append(top - (tm[4] * cm[1] + tm[5] * cm[3] + cm[5]))

    page.extract_text(visitor_text=visit)
    assert found, f"no {words!r} on the page"
    return found[0]


def test_the_sheet_draws_each_players_line_below_the_protocol_table(app, tmp_path):
    session_id = new_session(app)  # Anna, Bruno, Nicolò: three deals, one game
    reader, data = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    assert len(reader.pages) == 1  # a short session's sheet and its chart fit on one page
    image = rendered_page(data, tmp_path)
    table_end = baseline_of(reader, "Totals after 3 deals") * DPI / 72  # in pixels
    for colour in PALETTE[:3]:  # a line for each of the three players
        rows = rows_of(image, colour)
        assert len(rows) > 10, f"no line drawn in {colour}"
        assert min(rows) > table_end, f"{colour} above the end of the table"
    assert rows_of(image, PALETTE[3]) == []  # and no fourth


def test_the_charts_words_are_on_the_sheet_with_a_name_at_each_lines_end(app):
    session_id = new_session(app)
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    text = reader.pages[0].extract_text()
    chart = text[text.index("Running totals") :]
    for words in ("Anna", "Bruno", "Nicolò", "Game 1", "Deals"):
        assert words in chart, words


def test_a_session_without_deals_prints_no_chart(app):
    session_id = new_session(app, deals=[])
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    assert "Running totals" not in reader.pages[0].extract_text()


def test_the_chart_is_in_the_sessions_language(app):
    db = open_db(app.config["DATABASE"])
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    session_id = services.start_session(db, body | {"language": "it"})
    services.record_deal(db, session_id, {"points": [30, 27, 21]})
    reader, _ = pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")
    text = reader.pages[0].extract_text()
    # The table's game row says "Partita 1" and so does the chart, over its game.
    assert text.count("Partita 1") == 2
    assert "Mani" in text  # the chart's x axis, "Deals"
