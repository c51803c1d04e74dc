"""The players sign the session sheet under what they sign (issue "The keeper's phone, round 3"):
the signature lines come right after the protocol's totals line, on its page. A 12-deal evening
keeps them on page 1, on A4 and on Letter, the chart going to page 2 if it must; a longer one
takes its last rows to the next page with them, and never leaves them alone there.

Read back with pypdf: a page's text follows the document's order, so the signatures are where
the players' names, one after another, follow "Next dealer: …" (the table's header names the
players too, but before "pts (score)").
"""

from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.storage.db import open_db
from tests.databases import fresh_database
from tests.sheets.test_sheets import DEALS
from tests.sheets.test_sheets import new_session
from tests.sheets.test_sheets import pdf_of

# Long names, as a club writes them (tests/e2e/test_phone_layout.py's evening).
PLAYERS = ("Massimiliano", "Margherita", "Giovanni")
HEADER = "pts (score) total " * 2 + "pts (score) total"  # the table's, on each of its pages


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite")})


def pages_of(client, session_id: int, paper: str) -> list[str]:
    """Each page's text, runs of whitespace folded to one space."""
    reader, _ = pdf_of(client, f"/sessions/{session_id}/sheet.pdf?paper={paper}")
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def signed_under_the_totals(page: str, deals: int) -> bool:
    """Whether this page holds the totals line of all the deals with the signatures after it."""
    totals = f"Totals after {deals} deals:"
    signatures = f"Next dealer: {PLAYERS[deals % 3]} {' '.join(PLAYERS)}"
    return totals in page and signatures in page[page.index(totals) :]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_twelve_deal_sheet_is_signed_on_page_one(app, paper):
    session_id = new_session(app, players=PLAYERS, deals=DEALS * 4)
    pages = pages_of(app.test_client(), session_id, paper)
    assert signed_under_the_totals(pages[0], 12), pages[0][-300:]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_signatures_that_do_not_fit_take_the_last_rows_with_them(app, paper):
    # One deal more at a time, until the signatures no longer fit on page 1: there the room
    # under the last row is smallest, and the signatures would be left alone on page 2.
    db = open_db(app.config["DATABASE"])
    session_id = new_session(app, players=PLAYERS, deals=DEALS * 4)
    client = app.test_client()
    for deals in range(13, 40):
        services.record_deal(db, session_id, {"points": DEALS[(deals - 1) % 3]})
        pages = pages_of(client, session_id, paper)
        if not signed_under_the_totals(pages[0], deals):
            break
    else:
        pytest.fail("the signatures stayed on page 1 up to 39 deals")
    signed = [n for n, page in enumerate(pages, 1) if signed_under_the_totals(page, deals)]
    assert signed == [2], f"{deals} deals: signed on pages {signed}"
    # The table goes on there, with a row (or more) of its own above the totals line.
    table = pages[1].partition("Totals after")[0]
    assert HEADER in table, table
    assert table.rpartition(HEADER)[2].strip(), f"{deals} deals: no row with the signatures"
