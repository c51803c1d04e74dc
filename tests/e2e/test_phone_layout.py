"""Every page fits a phone: 360 px wide with touch, and a desktop's 1280 px.

An evening with long names, for three players (Scarto: Massimiliano, Margherita, Giovanni) and
four in two teams (Piedicavallo): a protocol with a finished game, a marked deal and a deal
entered trick by trick. On every page, the page does not scroll sideways, no table ends beyond
the screen, and every tap target (links, buttons, fields, summaries, labels of radios) is at least
44 x 44 px (WCAG 2.5.5) without overlapping another. A deal's row is one link stretched over the
row (style.css): its target is the row.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.security import generate_password_hash

from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal
from scorekeeper.storage import access
from scorekeeper.storage.db import open_db
from tests.bodies import piles_body
from tests.bodies import play_body
from tests.bodies import quick_body
from tests.e2e.conftest import DESKTOP
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.conftest import serve

PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
TABLES = {
    "scarto": ["Massimiliano", "Margherita", "Giovanni"],
    "piedicavallo": ["Massimiliano", "Margherita", "Giovanni", "Bartolomeo"],
}
PASSWORD = "evening-at-the-club"
# Every page of a session, by path: {id} the session, {marked} a marked deal, {played} a deal
# entered trick by trick.
PAGES = {
    "home": "/",
    "new session": "/sessions/new",
    "protocol": "/sessions/{id}",
    "protocol after a save": "/sessions/{id}?saved={saved}#deal-{last}",
    "deal": "/sessions/{id}/deals/{marked}",
    "replay": "/sessions/{id}/deals/{played}/replay?trick=2",
    "count checker": "/count",
    "totals form": "/sessions/{id}/deals/new/totals",
    "quick count form": "/sessions/{id}/deals/new/quick",
    "full piles form": "/sessions/{id}/deals/new/piles",
    "trick by trick form": "/sessions/{id}/deals/new/play",
    "import form": "/sessions/{id}/deals/import",
    "scarto check": "/sessions/{id}/scarto",
    "players": "/players",
    "paper protocol": "/sessions/paper",
}
CLUB_PAGES = {"login": "/login", "tokens": "/keeper/tokens", "protocol": "/sessions/{id}"}
# Links that may stay smaller than 44 px: (page, CSS selector) -> why.
SMALL_ON_PURPOSE: dict[tuple[str, str], str] = {
    # After a save the page scrolls to the new row (its #deal-n), and the banner floats at the
    # foot of the screen: with the chart under the protocol the page is long enough for the
    # keeper's section to lie under it there.
    (f"phone-{table}-protocol-after-a-save", 'a.button.secondary "Correct" and '): (
        "the saved banner floats over the page, by design, until it fades after ten seconds"
    )
    for table in ("scarto", "piedicavallo")
}

MEASURE = """(width) => {
  const problems = [];
  // The width asked for, not innerWidth: a phone widens its layout viewport to a page too wide.
  if (window.innerWidth > width) problems.push(`the page is ${window.innerWidth} px wide`);
  const name = (el) => {
    const classes = typeof el.className === "string" ? el.className.trim().split(/\\s+/) : [];
    const text = (el.textContent || el.value || "").trim().replace(/\\s+/g, " ");
    return [el.tagName.toLowerCase() + (el.id ? "#" + el.id : ""), ...classes].join(".") +
      ` "${text.slice(0, 30)}"`;
  };
  const scrolled = document.documentElement.scrollWidth;
  if (scrolled > width) problems.push(`the page is ${scrolled} px wide in ${width}`);
  for (const table of document.querySelectorAll("table")) {
    const right = table.getBoundingClientRect().right;
    if (right > width + 0.5) problems.push(`${name(table)} ends at ${Math.round(right)} px`);
  }
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false;
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.visibility === "hidden" || style.opacity === "0") return false;
    }
    return true;
  };
  const positioned = (el) => {
    for (let node = el.parentElement; node; node = node.parentElement) {
      if (getComputedStyle(node).position !== "static") return node;
    }
    return document.documentElement;
  };
  const labelOf = (el) =>
    el.closest("label") || (el.id && document.querySelector(`label[for="${el.id}"]`));
  // The box a finger may hit: a link stretched over its row, a box with its label.
  const target = (el) => {
    const after = getComputedStyle(el, "::after");
    if (el.tagName === "A" && after.content !== "none" && after.position === "absolute") {
      return positioned(el).getBoundingClientRect();
    }
    const label = labelOf(el);
    if (el.tagName === "INPUT" && /^(checkbox|radio)$/.test(el.type) && label) {
      const a = el.getBoundingClientRect(), b = label.getBoundingClientRect();
      const left = Math.min(a.left, b.left), top = Math.min(a.top, b.top);
      const right = Math.max(a.right, b.right), bottom = Math.max(a.bottom, b.bottom);
      return { left, top, width: right - left, height: bottom - top };
    }
    return el.getBoundingClientRect();
  };
  const seen = [];
  const candidates = document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, summary, label");
  for (const el of candidates) {
    const radio = el.tagName === "LABEL" ? el.querySelector("input[type=radio]") : null;
    if (el.tagName === "LABEL" && !radio) continue;  // a label is measured with its box
    const wrapping = el.tagName === "INPUT" ? el.closest("label") : null;
    if (wrapping && wrapping.querySelector("input[type=radio]")) continue;  // its label is
    if (!shown(el) && !(wrapping && shown(wrapping))) continue;
    const box = target(el);
    const size = `${Math.round(box.width)} x ${Math.round(box.height)}`;
    if (box.width < 43.5 || box.height < 43.5) problems.push(`target ${name(el)} is ${size} px`);
    seen.push([el, box]);
  }
  for (let i = 0; i < seen.length; i++) {
    for (let j = i + 1; j < seen.length; j++) {
      const [a, p] = seen[i], [b, q] = seen[j];
      if (a.contains(b) || b.contains(a)) continue;
      const x = Math.min(p.left + p.width, q.left + q.width) - Math.max(p.left, q.left);
      const y = Math.min(p.top + p.height, q.top + q.height) - Math.max(p.top, q.top);
      if (x > 1 && y > 1) problems.push(`targets ${name(a)} and ${name(b)} overlap`);
    }
  }
  return problems;
}"""


def evening(db: Any, ruleset_id: str, players: list[str]) -> dict[str, int]:
    """A session with a finished game, a marked deal and a deal entered trick by trick."""
    ruleset = find_ruleset(ruleset_id)
    body = {"ruleset": ruleset_id, "players": players, "first_dealer": 0, "place": "Biella"}
    session_id = services.start_session(db, body)
    count = ruleset.players

    def next_deal(seed: int) -> Any:
        return random_deal(ruleset, seed, len(services.load_session(db, session_id).deals) % count)

    for seed in range(count):  # a game: each deals once
        services.record_deal(db, session_id, quick_body(next_deal(seed)))
    marked = piles_body(next_deal(40))
    # A King laid aside in the scarto: an illegal scarto in every ruleset, recorded and marked.
    seat, king = next(
        (seat, card) for seat, pile in enumerate(marked["piles"]) for card in pile if card[0] == "K"
    )
    pile = marked["piles"][seat]
    pile[pile.index(king)], marked["scarto"][0] = marked["scarto"][0], king
    services.record_deal(db, session_id, marked)
    services.record_deal(db, session_id, play_body(next_deal(41)))
    totals = [30, 27, 21] if count == 3 else [60, 54]
    last = services.record_deal(db, session_id, {"points": totals})
    return {
        "id": session_id,
        "marked": count + 1,
        "played": count + 2,
        "last": last.number,
        "saved": last.id,
    }


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    """Local mode, with an evening for each table: (base URL, {table: its ids})."""
    database = tmp_path_factory.mktemp("phone") / "local.sqlite"
    db = open_db(str(database))
    tables = {table: evening(db, table, players) for table, players in TABLES.items()}
    db.conn.close()
    for base_url in serve(database):
        yield base_url, tables


@pytest.fixture(scope="module")
def club_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    """Club mode: a keeper password, an API token, and the Scarto evening."""
    database = tmp_path_factory.mktemp("phone") / "club.sqlite"
    db = open_db(str(database))
    access.set_keeper_password_hash(db, generate_password_hash(PASSWORD))
    access.add_token(db, "Scoreboard of the Circolo Massimiliano", "0" * 64, "read", None)
    ids = evening(db, "scarto", TABLES["scarto"])
    db.conn.close()
    for base_url in serve(database):
        yield base_url, ids


def problems_on(page: Any, path: str, screenshots: Path, shot: str) -> list[str]:
    response = page.goto(path)
    assert response is not None
    assert response.status == 200, f"{path} answered {response.status}"
    page.wait_for_load_state("load")
    page.screenshot(path=screenshots / f"{shot}.png", full_page=True)
    found: list[str] = page.evaluate(MEASURE, page.viewport_size["width"])
    return [
        problem
        for problem in found
        if not any(selector in problem for (where, selector) in SMALL_ON_PURPOSE if where == shot)
    ]


# Pages of no session (home, new session, count checker) are the same for every table: once.
SAME_FOR_EVERY_TABLE = ("home", "new session", "count checker", "players", "paper protocol")
PAGE_TABLES = [
    (name, table)
    for name in PAGES
    for table in TABLES
    if table == "scarto" or name not in SAME_FOR_EVERY_TABLE
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("name", "table"), PAGE_TABLES)
def test_every_page_fits_a_phone_and_its_targets_a_thumb(
    chromium_browser: Any, site: Any, screenshot_dir: Path, name: str, table: str, size: str
) -> None:
    base_url, tables = site
    context = chromium_browser.new_context(base_url=base_url, locale="en-GB", **SIZES[size])
    context.set_default_timeout(TIMEOUT_MS)
    try:
        shot = f"{size}-{table}-{name.replace(' ', '-')}"
        path = PAGES[name].format(**tables[table])
        found = problems_on(context.new_page(), path, screenshot_dir, shot)
    finally:
        context.close()
    assert not found, f"{path} at {size}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", CLUB_PAGES)
def test_the_club_pages_fit_a_phone_too(
    chromium_browser: Any, club_site: Any, screenshot_dir: Path, name: str, size: str
) -> None:
    base_url, ids = club_site
    context = chromium_browser.new_context(base_url=base_url, locale="en-GB", **SIZES[size])
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        if name != "login":
            page.goto("/login")
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_label("Password").press("Enter")
            page.wait_for_url(lambda url: "/login" not in url)
        path = CLUB_PAGES[name].format(**ids)
        found = problems_on(page, path, screenshot_dir, f"{size}-club-{name}")
    finally:
        context.close()
    assert not found, f"{path} at {size}:\n  " + "\n  ".join(found)
