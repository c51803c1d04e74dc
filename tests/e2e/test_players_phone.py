"""The players page, the session form's type-ahead and the paper protocol in a real browser, at
a phone's 360 px and a desktop's 1280 px: no sideways scroll, every target at least 44 px
(tests/e2e/test_phone_layout.py's measure), the players' names offered as a name is typed, a new
name confirmed before the session starts. Screenshots under ``screenshot_dir``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scorekeeper import services
from scorekeeper.services.players import persons as players
from scorekeeper.storage import access
from scorekeeper.storage.db import open_db
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.conftest import serve
from tests.e2e.test_accessibility import violations
from tests.e2e.test_phone_layout import MEASURE
from tests.e2e.test_phone_layout import SIZES
from tests.e2e.test_phone_layout import problems_on
from tests.passwords import quick_hash

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

PASSWORD = "evening-at-the-club"
TABLES = [
    ["Massimiliano", "Margherita", "Giovanni"],
    ["Bartolomeo Cavallero", "Player 2", "Giocatore 3"],
    ["Giovani", "Margherita", "Massimiliano"],
]


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Local mode: three sessions, two seats typed as placeholders, a merge and an archived
    player, so that every part of the players page shows."""
    database = tmp_path_factory.mktemp("players") / "players.sqlite"
    db = open_db(str(database))
    for names in TABLES:
        services.start_session(db, {"ruleset": "scarto", "players": names})
    ids = {row["name"]: row["id"] for row in players.list_players(db)}
    players.merge_players(db, ids["Giovani"], ids["Giovanni"])
    archived = players.create_player(db, {"name": "Zeffirino Archiviato", "nickname": "Zeff"})
    players.update_player(db, archived, {"archived": True})
    db.conn.close()
    yield from serve(database)


def browser_page(chromium_browser: Any, base_url: str, size: str) -> Any:
    context = chromium_browser.new_context(base_url=base_url, locale="en-GB", **SIZES[size])
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.mark.parametrize("size", SIZES)
def test_the_players_page_fits_with_its_forms_open(
    chromium_browser: Any, club: str, screenshot_dir: Path, size: str
) -> None:
    page = browser_page(chromium_browser, club, size)
    try:
        found = problems_on(page, "/players", screenshot_dir, f"{size}-players")
        # The keeper's forms, unfolded: a player's change, adding one, the archived.
        page.locator("#player-1 summary").click()
        page.locator("details.add-player summary").click()
        page.locator("details.archived > summary").click()
        expect(page.locator("#p1-name")).to_be_visible()
        found += page.evaluate(MEASURE, page.viewport_size["width"])
        page.screenshot(path=screenshot_dir / f"{size}-players-open.png", full_page=True)
        expect(page.locator("ul.merges li")).to_contain_text(
            "Giovani into Giovanni", timeout=TIMEOUT_MS
        )
        expect(page.locator("ul.unlinked li")).to_have_count(2)
    finally:
        page.context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES)
def test_the_session_form_offers_the_players_and_asks_before_adding_one(
    chromium_browser: Any, club: str, screenshot_dir: Path, size: str
) -> None:
    page = browser_page(chromium_browser, club, size)
    try:
        found = problems_on(page, "/sessions/new", screenshot_dir, f"{size}-new-session")
        # The browser ties each player field to the list of names (its own type-ahead).
        offered = page.evaluate(
            """(typed) => {
                const input = document.querySelector('#player_0');
                return Array.from(input.list.options).map((o) => o.value)
                    .filter((name) => name.toLowerCase().startsWith(typed));
            }""",
            "ma",
        )
        assert offered == ["Margherita", "Massimiliano"]
        all_names = page.evaluate(
            "Array.from(document.querySelector('#player_1').list.options).map(o => o.value)"
        )
        assert "Zeffirino Archiviato" not in all_names  # archived
        assert "Giovani" not in all_names  # merged into Giovanni
        page.fill("#player_0", "massimiliano")
        page.fill("#player_1", "Margherita")
        page.fill("#player_2", f"Carla {size}")
        page.get_by_role("button", name="Start the session").click()
        question = page.locator(".confirm-new")
        expect(question).to_contain_text(
            f"Carla {size} is new: add Carla {size} as a player?", timeout=TIMEOUT_MS
        )
        page.wait_for_load_state("load")  # its stylesheets applied before it is measured
        found += page.evaluate(MEASURE, page.viewport_size["width"])
        page.screenshot(path=screenshot_dir / f"{size}-new-session-asks.png", full_page=True)
        page.get_by_role("button", name="Yes, add them").click()
        expect(page.locator(".next")).to_contain_text("Next dealer", timeout=TIMEOUT_MS)
        page.goto("/players")
        expect(page.locator("ul.players").first).to_contain_text(
            f"Carla {size}", timeout=TIMEOUT_MS
        )
    finally:
        page.context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES)
def test_the_paper_protocol_shows_a_refused_row_beside_it(
    chromium_browser: Any, club: str, screenshot_dir: Path, size: str
) -> None:
    page = browser_page(chromium_browser, club, size)
    try:
        found = problems_on(page, "/sessions/paper", screenshot_dir, f"{size}-paper")
        # An old protocol: the keeper types its day (another for each size, so that the second
        # is not the first typed in twice, which the page would ask about).
        page.fill("#played_on", "2024-11-22" if size == "phone" else "2024-11-23")
        for seat, name in enumerate(["Massimiliano", "Margherita", "Giovanni"]):
            page.fill(f"#player_{seat}", name)
        # The choices of a dealer say the names as they are typed (static/paper.js).
        dealt_by = page.locator("[name=deal_2_dealer] option")
        expect(dealt_by).to_have_text(["in turn", "Massimiliano", "Margherita", "Giovanni"])
        headings = page.locator("table.paper-deals thead th")
        expect(headings).to_have_text(["#", "Massimiliano", "Margherita", "Giovanni", "Dealt by"])
        page.select_option("[name=deal_2_dealer]", label="Massimiliano")  # out of turn
        for row, values in enumerate([["30", "27", "21"], ["30", "30", "30"], ["4", "-2", ""]]):
            for side, value in enumerate(values):
                page.fill(f"[name=deal_{row}_{side}]", value)
        page.get_by_role("button", name="Save the protocol").click()
        expect(page.locator("#row-2-error")).to_contain_text(
            "Deal 2: this deal cannot be recorded", timeout=TIMEOUT_MS
        )
        page.wait_for_load_state("load")  # its stylesheets applied before it is measured
        found += page.evaluate(MEASURE, page.viewport_size["width"])
        page.screenshot(path=screenshot_dir / f"{size}-paper-refused.png", full_page=True)
        page.fill("[name=deal_1_2]", "21")
        page.fill("[name=deal_1_1]", "27")
        page.get_by_role("button", name="Save the protocol").click()
        expect(page.locator("tr[id^=deal-]")).to_have_count(3, timeout=TIMEOUT_MS)
        expect(page.locator("tr[id^=deal-]").nth(2)).to_contain_text("out of turn")
    finally:
        page.context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES)
def test_the_players_pages_have_no_serious_accessibility_violation(
    chromium_browser: Any, club: str, axe: Any, size: str
) -> None:
    page = browser_page(chromium_browser, club, size)
    try:
        page.goto("/players")
        page.locator("#player-1 summary").click()
        page.locator("details.add-player summary").click()
        found = violations(axe, page)
        page.goto("/sessions/paper")
        page.fill("[name=deal_0_0]", "90")
        page.get_by_role("button", name="Save the protocol").click()
        expect(page.locator("#row-1-error")).to_be_visible(timeout=TIMEOUT_MS)
        found += violations(axe, page)
    finally:
        page.context.close()
    assert not found, "\n".join(found)


@pytest.fixture(scope="module")
def club_mode(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Club mode: a keeper password and a session."""
    database = tmp_path_factory.mktemp("club-link") / "club.sqlite"
    db = open_db(str(database))
    access.set_keeper_password_hash(db, quick_hash(PASSWORD))
    services.start_session(db, {"ruleset": "scarto", "players": TABLES[0]})
    db.conn.close()
    yield from serve(database)


@pytest.mark.parametrize("size", SIZES)
def test_the_club_link_with_its_qr_code_opens_the_players_on_a_phone(
    chromium_browser: Any, club_mode: str, screenshot_dir: Path, axe: Any, size: str
) -> None:
    keeper = browser_page(chromium_browser, club_mode, size)
    player = browser_page(chromium_browser, club_mode, size)
    try:
        keeper.goto("/login")
        keeper.get_by_label("Password").fill(PASSWORD)
        keeper.get_by_label("Password").press("Enter")
        keeper.wait_for_url(lambda url: "/login" not in url)
        keeper.goto("/keeper/club-link")
        keeper.get_by_role("button", name="Make a new club link").click()
        expect(keeper.locator("#club-link svg")).to_be_visible(timeout=TIMEOUT_MS)
        found = problems_on(keeper, "/keeper/club-link", screenshot_dir, f"{size}-club-link")
        found += violations(axe, keeper)
        link = keeper.locator("#club-link .share a").get_attribute("href")
        assert link is not None
        player.goto(urlsplit(link).path)  # the link names the LAN address; the test serves here
        expect(player).to_have_url(re.compile(r"/rankings"), timeout=TIMEOUT_MS)
        player.goto("/players")
        expect(player.locator("ul.players")).to_contain_text("Massimiliano", timeout=TIMEOUT_MS)
        expect(player.locator("main form[method=post]")).to_have_count(0)  # the search reads
        player.screenshot(path=screenshot_dir / f"{size}-club-reader-players.png", full_page=True)
    finally:
        keeper.context.close()
        player.context.close()
    assert not found, "\n".join(found)
