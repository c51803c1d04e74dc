"""A session's sheet prints each deal as a line of text on tab stops, a game as one cell
(issue #32: a cell per number made a 500-deal sheet 4-5 s of CPU; bench/largest_session.py
measures it, these tests count the cells and check the columns)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import Steer
from scorekeeper.rules.generator import random_deal
from scorekeeper.sheets import lines
from scorekeeper.storage.db import open_db
from tests.bodies import play_body
from tests.sheets.test_sheets import DEALS
from tests.sheets.test_sheets import app  # noqa: F401  (the fixture)
from tests.sheets.test_sheets import new_session
from tests.sheets.test_sheets import pdf_of
from tests.sheets.test_sheets import text_of

STATIC = Path(__file__).resolve().parents[2] / "static"
FONTS = STATIC / "fonts/DejaVuSans.ttf", STATIC / "fonts/DejaVuSans-Bold.ttf"
SETTER = lines.Typesetter(*FONTS, 9.5)
HEADS = ("#", "pts (score)", "total", "Dealer")


@pytest.fixture
def sheet_html(monkeypatch):
    """The HTML each sheet request hands to WeasyPrint (a stand-in PDF comes back)."""
    seen: list[str] = []

    def keep(html, static, stylesheets=(), attached=None):
        seen.append(html)
        return b"%PDF-1.7 stand-in"

    monkeypatch.setattr("scorekeeper.web.sheets.views.render_pdf", keep)
    return seen


def test_a_game_is_one_cell_however_many_deals_it_has(app, sheet_html):  # noqa: F811
    client = app.test_client()
    for deals, games in ((3, 1), (30, 10)):
        session_id = new_session(app, deals=(DEALS * 10)[:deals])
        assert client.get(f"/sessions/{session_id}/sheet.pdf").status_code == 200
        body = sheet_html[-1].partition("<tbody>")[2].partition("</table>")[0]
        assert body.count("<td") == games  # was 8 a deal and 5 a game
        assert body.count("\t") == deals * 7 + games * 7  # 7 columns after the first, a line


def random_rows(seed: int) -> list[tuple[int, lines.Cells]]:
    rng = random.Random(seed)

    def cell() -> tuple[int, str, int]:
        return rng.randint(0, 120), f"{rng.randint(-90, 90):+d}", rng.randint(-999, 999)

    return [(n, (cell(), cell(), cell())) for n in range(1, 501)]


@pytest.mark.parametrize("seed", range(5))
def test_every_column_of_a_line_ends_in_the_last_tab_stop_before_the_next(seed):
    # A tab then takes the next column exactly to its start, as the head's column begins there.
    rows = random_rows(seed)
    cols = lines.columns(SETTER, 3, rows, HEADS, 180.0)
    assert all(round(w / lines.TAB, 6).is_integer() for w in cols.widths[:-1])
    for number, cells in rows[::37]:
        fields = lines.deal_line(SETTER, cols, number, cells, "Anna").split("\t")
        for field, width in zip(fields[:-1], cols.widths[:-1], strict=True):
            end = SETTER.width(field)
            assert width - lines.TAB + 0.2 < end < width - 0.2, (field, width, end)
    end = lines.end_line(SETTER, cols, [-999, 120, 5], "Game 1").split("\t")
    for field, width in zip(end[:-1], cols.widths[:-1], strict=True):
        assert width - lines.TAB + 0.2 < SETTER.width(field, bold=True) < width - 0.2


def test_numbers_end_where_their_columns_heads_do_and_scores_open_in_one_place():
    rows = [(9, ((5, "+4", -7), (100, "-12", 88))), (10, ((45, "0", 38), (7, "+74", 1095)))]
    cols = lines.columns(SETTER, 2, rows, HEADS, 180.0)
    first, second = (lines.deal_line(SETTER, cols, n, c, "Anna").split("\t") for n, c in rows)
    ends = [
        [SETTER.width(field.partition(" (")[0]) for field in line[:-1]] for line in (first, second)
    ]
    # The points end, and "(" opens, at the same place on both lines; so do the numbers but a
    # negative total, whose minus sign is a seventh of a space wider than a digit's share.
    assert ends[0][:2] == pytest.approx(ends[1][:2], abs=0.01)  # the deal's number, points
    assert ends[0][3] == pytest.approx(ends[1][3], abs=0.01)
    assert ends[0][4] == pytest.approx(ends[1][4], abs=0.01)
    assert 0 < ends[0][2] - ends[1][2] < 0.2  # -7 beside 38


def test_a_deal_reads_across_its_line_with_its_dealer_last(app):  # noqa: F811
    session_id = new_session(app)
    text = text_of(pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")[0])
    assert re.search(r"1 30 \(\+4\) 4 27 \(\+1\) 1 21 \(-5\) -5 Anna\b", text), text
    assert re.search(r"0 7 -7 Game 1 Nicolò pays a drink to Anna and Bruno", text), text


def test_what_the_audit_marked_and_its_penalty_are_under_the_deals_line(app):  # noqa: F811
    tarocchi = find_ruleset("tarocchi-a-3")
    db = open_db(app.config["DATABASE"])
    body = {"ruleset": tarocchi.id, "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    session_id = services.start_session(db, body)
    deal = random_deal(tarocchi, 3, 0, Steer(scarto_trumps=True))  # trumps laid aside
    recorded = services.record_deal(db, session_id, play_body(deal))
    assert [n.code for n in recorded.result.notes] == ["scarto-to-last-trick-winner"]
    text = text_of(pdf_of(app.test_client(), f"/sessions/{session_id}/sheet.pdf")[0])
    # The deal's line ends with its dealer; the penalty, then what was marked, follow on one
    # line (cut with "…" where it is longer: the deal's page and audit sheet say it all).
    found = re.search(r"\d+ Anna (the illegal scarto goes to .*?) \d+ \d+ \d+ Game 1", text)
    assert found, text
    assert "; trumps may not be laid aside (T" in found.group(1)
    assert "Notes" not in text


def test_a_note_longer_than_its_line_is_cut_at_a_word():
    notes = lines.Typesetter(*FONTS, 8.0)
    short = "the illegal scarto goes to Anna, who won the last trick"
    assert notes.cut(short, 160.0) == short
    long = "; ".join([short] * 6)
    cut = notes.cut(long, 160.0)
    assert cut.endswith(" …")
    assert long.startswith(cut[:-2])
    assert notes.width(cut) <= 160.0 < notes.width(long)
