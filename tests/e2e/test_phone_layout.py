"""Every page fits a phone in every language: 320 to 430 px wide with touch, and a desktop's 1280.

An evening with long names, for three players (Scarto: Massimiliano, Margherita, Giovanni) and
four in two teams (Piedicavallo): a protocol with a finished game, a marked deal and a deal
entered trick by trick, and the corrections of those two deals once Check has shown their
breakdown (and the tricks, all or part-way), or an error. Each page is read in English, Italian,
German and Swedish (the browser's language), loaded once and measured at each width by resizing
the window, as a phone turned or a window dragged would be. On every page, the page does not
scroll sideways, no table ends beyond the screen, no cell's words run into the next, no chip
cuts its name, and every tap target (links, buttons, fields, summaries, labels of radios) is at
least 44 x 44 px (WCAG 2.5.5) without overlapping another. A deal's row is one link stretched
over the row (style.css): its target is the row. And the console stays clean while each page is
read (conftest.Console): no error or warning, no uncaught exception, no request that fails or
answers 400 and up, so no breach of the Content-Security-Policy.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
from tests.e2e.conftest import Console
from tests.e2e.conftest import kept_tabs
from tests.e2e.conftest import serve
from tests.passwords import quick_hash

PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
SIZES = {"phone": PHONE, "desktop": DESKTOP}  # for the other modules' pages, one width each
# The widths each page is measured at: phones from the smallest still sold (320) to the largest
# (430), with the commonest (390) between, then a desktop's window; the screenshot is taken at
# the first. Loading each page once, not once a width, keeps the four languages quick.
WIDTHS = (360, 320, 390, 430, 1280)
DESKTOP_WIDTH = 1280
# Each language by the browser locale that asks for it (the app follows Accept-Language).
LANGUAGES = {"en": "en-GB", "it": "it-IT", "de": "de-DE", "sv": "sv-SE"}
TABLES = {
    "scarto": ["Massimiliano", "Margherita", "Giovanni"],
    "piedicavallo": ["Massimiliano", "Margherita", "Giovanni", "Bartolomeo"],
}
# Names that start alike as far as a chip's room (web/forms.py chip_labels).
ALIKE = ["Giovanni", "Giovanna", "Bartolomeo"]
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
    "import sessions": "/keeper/import",
    "scarto check": "/sessions/{id}/scarto",
    "players": "/players",
    "paper protocol": "/sessions/paper",
    "correct full piles": "/sessions/{id}/deals/{marked}/edit",
    "correct trick by trick": "/sessions/{id}/deals/{played}/edit",
    "correct totals": "/sessions/{id}/deals/{last}/edit",
    "rankings": "/rankings?min_deals=1",
    "a player's page": "/players/1",
    "correct the session": "/sessions/{id}/details",
}
CLUB_PAGES = {"login": "/login", "tokens": "/keeper/tokens", "protocol": "/sessions/{id}"}
# Links that may stay smaller than 44 px: (page, CSS selector) -> why.
SMALL_ON_PURPOSE: dict[tuple[str, str], str] = {
    # After a save the page scrolls to the new row (its #deal-n), and the banner floats at the
    # foot of the screen: with the chart under the protocol the page is long enough for the
    # keeper's section to lie under it there. Any of the banner's buttons, in any language.
    (f"{table}-protocol-after-a-save", "targets .saved-banner "): (
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
    const banner = el.closest(".saved-banner") ? ".saved-banner " : "";
    return banner + [el.tagName.toLowerCase() + (el.id ? "#" + el.id : ""), ...classes].join(".") +
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
      const box = positioned(el).getBoundingClientRect();
      // Taken at its word only where a tap in the middle of its row reaches it (a row on the
      // screen, not under a header or a footer that stays in sight).
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit && !hit.closest("thead, tfoot, .saved-banner") && !el.contains(hit)) {
        problems.push(`a tap in the row of ${name(el)} reaches ${name(hit)}`);
      }
      return box;
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
  // Words stay in their cell: a table whose columns are fixed lets them run into the next.
  // A name may be cut on purpose (its whole text in its title); a column's head never is.
  for (const cell of document.querySelectorAll("th, td")) {
    const head = cell.closest("thead tr.sub") !== null;
    if (!shown(cell) || (!head && getComputedStyle(cell).overflowX !== "visible")) continue;
    const [wide, room] = [cell.scrollWidth, cell.clientWidth];
    if (wide > room + 1) problems.push(`${name(cell)} runs out of its cell: ${wide} px in ${room}`);
  }
  // A chip says whose it is: its short name whole, never cut by its edges.
  for (const chip of document.querySelectorAll(".chip > span, button.chip")) {
    if (shown(chip) && chip.scrollWidth > chip.clientWidth + 1) {
      problems.push(`${name(chip)} is cut: ${chip.scrollWidth} px in ${chip.clientWidth}`);
    }
  }
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
    tables["alike"] = {"id": services.start_session(db, {"ruleset": "scarto", "players": ALIKE})}
    tables["raw"] = {"id": raw_points_evening(db)}
    db.conn.close()
    for base_url in serve(database):
        yield base_url, tables


@pytest.fixture(scope="module")
def club_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    """Club mode: a keeper password, an API token, and the Scarto evening."""
    database = tmp_path_factory.mktemp("phone") / "club.sqlite"
    db = open_db(str(database))
    access.set_keeper_password_hash(db, quick_hash(PASSWORD))
    access.add_token(db, "Scoreboard of the Circolo Massimiliano", "0" * 64, "read", None)
    ids = evening(db, "scarto", TABLES["scarto"])
    db.conn.close()
    for base_url in serve(database):
        yield base_url, ids


def raw_points_evening(db: Any) -> int:
    """Tarocchi a 3, whose protocol records raw points (its columns' heads differ)."""
    body = {"ruleset": "tarocchi-a-3", "players": TABLES["scarto"], "first_dealer": 0}
    session_id: int = services.start_session(db, body)
    for points in ([30, 28, 20], [20, 30, 28], [26, 26, 26], [40, 20, 18]):
        services.record_deal(db, session_id, {"points": points})
    return session_id


def measure(page: Any, screenshots: Path, shot: str, widths: tuple[int, ...] = WIDTHS) -> list[str]:
    """What does not fit on the page as it stands, at each width. The screenshot, at the first
    width, is taken when asked for ($SCREENSHOT_DIR), or at the first width with a problem: a
    screenshot costs as much as the measuring."""
    where = shot.split("-", 1)[-1]  # without the language
    asked = bool(os.environ.get("SCREENSHOT_DIR"))
    found: list[str] = []
    for width in widths:
        if width != page.viewport_size["width"]:
            height = 900 if width == DESKTOP_WIDTH else 780
            page.set_viewport_size({"width": width, "height": height})
        problems = [
            f"at {width} px: {problem}"
            for problem in page.evaluate(MEASURE, width)
            if not any(part in problem for (on, part) in SMALL_ON_PURPOSE if on == where)
        ]
        if (asked and width == widths[0]) or (problems and not found):
            page.screenshot(path=screenshots / f"{shot}.png", full_page=True)
        found += problems
    return found


def problems_on(
    page: Any, path: str, screenshots: Path, shot: str, widths: tuple[int, ...] | None = None
) -> list[str]:
    """What does not fit on the page at this path, at each width (by default the window's)."""
    response = page.goto(path)
    assert response is not None
    assert response.status == 200, f"{path} answered {response.status}"
    return measure(page, screenshots, shot, widths or (page.viewport_size["width"],))


def browse(browser: Any, base_url: str, language: str) -> Any:
    """A phone's browser context that asks for this language."""
    context = browser.new_context(base_url=base_url, locale=LANGUAGES[language], **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    return context


@pytest.fixture(scope="module")
def tabs(chromium_browser: Any, site: Any) -> Iterator[Callable[[str], Any]]:
    """A phone's tab of the local site for each language, kept for the module
    (conftest.kept_tabs). Each test gets it with nothing kept from the one before: storage
    cleared, the phone's width, and what its console reports from then on (console_problems)."""

    def opened(language: str) -> Any:
        page = browse(chromium_browser, site[0], language).new_page()
        page.console = Console(page)
        return page

    with kept_tabs(opened) as kept:

        def tab(language: str) -> Any:
            page = kept(language)
            page.set_viewport_size(PHONE["viewport"])
            page.console.problems.clear()
            return page

        yield tab


def console_problems(page: Any) -> list[str]:
    """What the tab's console reported since the test took it (tests/e2e/conftest.Console):
    every page keeps to the Content-Security-Policy and loads all it asks for."""
    return [f"console: {problem}" for problem in page.console.problems]


def in_language(page: Any, language: str) -> None:
    """The page is in the language asked for: else the test would measure English four times."""
    assert page.locator("html").get_attribute("lang") == language


# Pages of no session (home, new session, count checker) are the same for every table: once.
SAME_FOR_EVERY_TABLE = (
    "home",
    "new session",
    "count checker",
    "players",
    "paper protocol",
    "rankings",
    "a player's page",
)
PAGE_TABLES = [
    (name, table)
    for name in PAGES
    for table in TABLES
    if table == "scarto" or name not in SAME_FOR_EVERY_TABLE
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "table"), PAGE_TABLES)
def test_every_page_fits_a_phone_and_its_targets_a_thumb(
    tabs: Any,
    site: Any,
    screenshot_dir: Path,
    name: str,
    table: str,
    language: str,
) -> None:
    page = tabs(language)
    shot = f"{language}-{table}-{name.replace(' ', '-')}"
    path = PAGES[name].format(**site[1][table])
    found = problems_on(page, path, screenshot_dir, shot, WIDTHS) + console_problems(page)
    in_language(page, language)
    assert not found, f"{path} in {language}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_quick_counts_chips_tell_names_that_start_alike_apart(
    tabs: Any, site: Any, screenshot_dir: Path, language: str
) -> None:
    path = f"/sessions/{site[1]['alike']['id']}/deals/new/quick"
    page = tabs(language)
    found = problems_on(page, path, screenshot_dir, f"{language}-alike-quick", WIDTHS)
    chips = page.locator(".counter").first.locator(".chip > span").all_inner_texts()
    assert not found, f"{path} in {language}:\n  " + "\n  ".join(found)
    giovanni, giovanna = chips[:2]
    assert giovanni != giovanna  # and each whole on its chip (MEASURE)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_protocol_of_raw_points_fits_with_its_heads_whole(
    tabs: Any, site: Any, screenshot_dir: Path, language: str
) -> None:
    # Was: the points column's head "Augen" cut to "A…" at 360 px in German.
    path = f"/sessions/{site[1]['raw']['id']}"
    page = tabs(language)
    found = problems_on(page, path, screenshot_dir, f"{language}-raw-protocol", WIDTHS)
    assert not found, f"{path} in {language}:\n  " + "\n  ".join(found)


# A correction once the keeper pressed Check: the form, the tricks as replayed (trick by trick)
# and the breakdown; the same with the play cut short (a trick part-way, the next to play); or
# the form with an error at a field (a card code that is none).
CORRECTIONS = ("played", "marked")
STATES = ("after Check", "part-way", "after an error")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("deal", "state"),
    [
        (deal, state)
        for deal in CORRECTIONS
        for state in STATES
        if deal == "played" or state != "part-way"
    ],
)
@pytest.mark.parametrize("table", TABLES)
def test_a_correction_fits_after_check_or_an_error(
    tabs: Any,
    site: Any,
    screenshot_dir: Path,
    table: str,
    deal: str,
    state: str,
    language: str,
) -> None:
    ids = site[1][table]
    path = f"/sessions/{ids['id']}/deals/{ids[deal]}/edit"
    page = tabs(language)
    page.goto(path)
    if state == "after an error":
        page.fill("#scarto", "ZZ")
    if state == "part-way":  # three tricks and the first two cards of the fourth
        tricks = page.input_value("#tricks").splitlines()
        page.fill("#tricks", "\n".join([*tricks[:3], " ".join(tricks[3].split()[:2])]))
    with page.expect_navigation():
        page.locator("[type=submit][name=check]").click()
    expected = {"after Check": ".breakdown", "part-way": ".replay .next-player"}.get(
        state, ".errors"
    )
    assert page.locator(expected).count(), f"{path} {state} shows no {expected}"
    in_language(page, language)
    shot = f"{language}-{table}-correct-{deal}-{state.replace(' ', '-')}"
    # The refusal's own 400s (the form's, and the picker's replay of a card that is none) are
    # the state measured, not a fault.
    reported = [p for p in console_problems(page) if state != "after an error" or " 400" not in p]
    found = measure(page, screenshot_dir, shot) + reported
    assert not found, f"{path} {state} in {language}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", CLUB_PAGES)
def test_the_club_pages_fit_a_phone_too(
    chromium_browser: Any, club_site: Any, screenshot_dir: Path, name: str, language: str
) -> None:
    base_url, ids = club_site
    context = browse(chromium_browser, base_url, language)
    try:
        page = context.new_page()
        console = Console(page)
        if name != "login":
            page.goto("/login")
            page.fill("#password", PASSWORD)
            page.press("#password", "Enter")
            page.wait_for_url(lambda url: "/login" not in url)
        path = CLUB_PAGES[name].format(**ids)
        found = problems_on(page, path, screenshot_dir, f"{language}-club-{name}", WIDTHS)
        found += [f"console: {problem}" for problem in console.problems]
        in_language(page, language)
    finally:
        context.close()
    assert not found, f"{path} in {language}:\n  " + "\n  ".join(found)
