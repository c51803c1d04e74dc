"""A club evening on a phone's 360 px in real Chromium: the director's page (a draft round, a
round being played, the standings) and the board a player opens by the event's read link, in
English and Italian; nothing scrolls sideways, every target is a thumb's (test_phone_layout's
measure), axe finds nothing serious; a round drawn and published with the page's buttons.
Screenshots under ``screenshot_dir`` ($SCREENSHOT_DIR)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.services import events
from scorekeeper.services import record_deal
from scorekeeper.storage import access
from scorekeeper.storage.db import open_db
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.conftest import serve
from tests.e2e.test_accessibility import violations
from tests.e2e.test_phone_layout import measure
from tests.passwords import QUICK_HASH
from tests.passwords import quick_hash

PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
PASSWORD = "evening-at-the-club"
NAMES = [
    "Massimiliano Cavallero",
    "Margherita Bertodatti",
    "Ugo",
    "Bartolomeo Sella",
    "Zita",
    "Anna",
    "Nicolò Rossi",
    "Bruno",
]
LOCALES = {"en": "en-GB", "it": "it-IT"}


def _event(db: Any, name: str, **more: Any) -> int:
    body = {"name": name, "ruleset": "scarto", "entrants": NAMES, "rounds": 3}
    body |= {"deals_per_round": 3, "played_on": "2025-03-01", "place": "Circolo di Biella"}
    return events.create_event(db, body | more, QUICK_HASH)


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, int, str]]:
    """Club mode, two events: one with round 1 being played (a table finished, one deal at
    the other, an adjustment), and one with no round yet. (base URL, played, fresh, token)."""
    database = tmp_path_factory.mktemp("evening") / "evening.sqlite"
    db = open_db(str(database))
    access.set_keeper_password_hash(db, quick_hash(PASSWORD))
    played = _event(db, "Serata di primavera")
    events.draw_next_round(db, played)
    events.publish(db, played, 1)
    tables = events.event_view(db, played).current.tables
    for points in ([30, 27, 21], [26, 26, 26], [20, 28, 30]):
        record_deal(db, tables[0].session_id, {"points": points})
    record_deal(db, tables[1].session_id, {"points": [40, 20, 18]})
    events.add_adjustment(db, played, {"entrant": 3, "points": -1, "reason": "Late"})
    fresh = _event(db, "Autumn evening")
    token = events.event_view(db, played).event["read_token"]
    db.conn.close()
    for base_url in serve(database):
        yield base_url, played, fresh, token


def _phone(browser: Any, base_url: str, language: str) -> Any:
    context = browser.new_context(base_url=base_url, locale=LOCALES[language], **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


def _log_in(page: Any) -> None:
    page.goto("/login")
    page.locator("#password").fill(PASSWORD)
    page.locator("#password").press("Enter")
    page.wait_for_url(lambda url: "/login" not in url)


def _check(page: Any, axe: Any, shots: Path, shot: str) -> list[str]:
    page.wait_for_load_state("load")
    found = measure(page, shots, shot, (360,))
    page.screenshot(path=shots / f"{shot}.png", full_page=True)
    return found + [f"axe: {v}" for v in violations(axe, page)]


@pytest.mark.parametrize("language", LOCALES)
def test_the_directors_page_and_the_board_fit_a_phone(
    chromium_browser: Any, axe: Any, evening: Any, screenshot_dir: Path, language: str
) -> None:
    base_url, played, _fresh, token = evening
    page = _phone(chromium_browser, base_url, language)
    found: list[str] = []
    try:
        _log_in(page)
        page.goto(f"/events/{played}")
        assert page.locator("ol.progress > li").count() == 2
        assert page.locator("table.standings tbody tr").count() == len(NAMES)
        found += _check(page, axe, screenshot_dir, f"event-played-{language}-360")
        page.goto("/events")
        page.locator("details.new-event > summary").click()
        found += _check(page, axe, screenshot_dir, f"event-list-{language}-360")
    finally:
        page.context.close()
    reader = _phone(chromium_browser, base_url, language)
    try:
        reader.goto(f"/events/board/{token}")
        assert reader.url.endswith(f"/events/{played}/board")
        assert reader.locator("ul.board-lines li").count() == len(NAMES)
        found += _check(reader, axe, screenshot_dir, f"event-board-{language}-360")
        reader.goto(f"/events/{played}")
        assert "/login" in reader.url  # the board's link opens the board alone
    finally:
        reader.context.close()
    assert not found, "\n".join(found)


def test_a_round_is_drawn_and_published_with_the_buttons_on_a_phone(
    chromium_browser: Any, axe: Any, evening: Any, screenshot_dir: Path
) -> None:
    base_url, _played, fresh, _token = evening
    page = _phone(chromium_browser, base_url, "en")
    found: list[str] = []
    try:
        _log_in(page)
        page.goto(f"/events/{fresh}")
        page.get_by_role("button", name="Draw round 1").click()
        page.wait_for_url(f"**/events/{fresh}#round")
        assert page.locator("ol.tables > li").count() == 2
        assert page.locator("#round h2").inner_text().startswith("Round 1: draft")
        found += _check(page, axe, screenshot_dir, "event-draft-en-360")
        page.get_by_role("button", name="Redraw").click()
        page.wait_for_url(f"**/events/{fresh}#round")
        assert "draw 2" in page.locator("#round h2").inner_text()
        page.get_by_role("button", name="Publish round 1").click()
        page.wait_for_url(f"**/events/{fresh}#round")
        assert page.locator("#round h2").inner_text() == "Round 1: playing"
        assert page.locator("ol.progress > li").count() == 2
        page.get_by_role("button", name="Close round 1").click()
        assert page.locator("section.refusal").is_visible()
        assert page.locator("ul.unfinished li").count() == 2
        found += _check(page, axe, screenshot_dir, "event-close-refused-en-360")
    finally:
        page.context.close()
    assert not found, "\n".join(found)
