"""Every page of the app leaves Chromium's console clean (issue "The keeper's phone, round 3"):
no error or warning, no uncaught exception, no request that fails or answers 400 and up.

The app sends a strict Content-Security-Policy (web/access/auth.py: no inline script or style),
and the browser reports each thing it refuses as a console error, an inline ``style`` attribute
in the markup too. The pages are tests/e2e/test_phone_layout.py's, on its two evenings (Scarto,
and Piedicavallo in teams: each has its own deal entry forms), with the corrections of its deals,
the rankings and a player's page besides, and the login and the keeper's pages of a club (a
keeper password set).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.test_phone_layout import CLUB_PAGES
from tests.e2e.test_phone_layout import PAGE_TABLES
from tests.e2e.test_phone_layout import PAGES
from tests.e2e.test_phone_layout import PASSWORD
from tests.e2e.test_phone_layout import PHONE
from tests.e2e.test_phone_layout import TABLES
from tests.e2e.test_phone_layout import club_site  # noqa: F401 (a fixture)
from tests.e2e.test_phone_layout import site  # noqa: F401 (a fixture)

# Beside the pages of test_phone_layout.py: the corrections of the evening's deals, each in the
# form it was entered in (full piles, trick by trick, totals), and the club's pages (the first
# player of a fresh database is number 1, Massimiliano).
EVERY_PAGE = {
    **PAGES,
    "correct full piles": "/sessions/{id}/deals/{marked}/edit",
    "correct trick by trick": "/sessions/{id}/deals/{played}/edit",
    "correct totals": "/sessions/{id}/deals/{last}/edit",
    "rankings": "/rankings?min_deals=1",
    "a player's page": "/players/1",
}
EVERY_PAGE_TABLE = [
    *PAGE_TABLES,
    *[(name, table) for name in EVERY_PAGE if name.startswith("correct") for table in TABLES],
    ("rankings", "scarto"),
    ("a player's page", "scarto"),
]


class Console:
    """What a page reports while it loads: console errors and warnings, uncaught exceptions,
    failed requests and answers of 400 and up."""

    def __init__(self, page: Any) -> None:
        self.problems: list[str] = []
        page.on("console", self.message)
        page.on("pageerror", lambda error: self.problems.append(f"uncaught: {error}"))
        page.on("requestfailed", self.failed)
        page.on("response", self.answered)

    def message(self, message: Any) -> None:
        if message.type in ("error", "warning"):
            where = message.location.get("url", "")
            self.problems.append(f"console {message.type}: {message.text} ({where})")

    def failed(self, request: Any) -> None:
        self.problems.append(f"{request.method} {request.url} failed: {request.failure}")

    def answered(self, response: Any) -> None:
        if response.status >= 400:
            self.problems.append(f"{response.request.method} {response.url}: {response.status}")


def console_of(page: Any, path: str) -> list[str]:
    """The problems reported while the page at path loads, its scripts run and its requests
    end (Playwright's "networkidle": no request for half a second)."""
    console = Console(page)
    response = page.goto(path)
    assert response is not None
    assert response.status == 200, f"{path} answered {response.status}"
    page.wait_for_load_state("networkidle")
    return console.problems


def new_page(browser: Any, base_url: str) -> Any:
    context = browser.new_context(base_url=base_url, locale="en-GB", **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.mark.parametrize(("name", "table"), EVERY_PAGE_TABLE)
def test_every_page_leaves_the_console_clean(
    chromium_browser: Any,
    site: Any,  # noqa: F811
    name: str,
    table: str,
) -> None:
    base_url, tables = site
    path = EVERY_PAGE[name].format(**tables[table])
    page = new_page(chromium_browser, base_url)
    try:
        found = console_of(page, path)
    finally:
        page.context.close()
    assert not found, f"{path}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("name", CLUB_PAGES)
def test_the_club_pages_leave_the_console_clean(
    chromium_browser: Any,
    club_site: Any,  # noqa: F811
    name: str,
) -> None:
    base_url, ids = club_site
    page = new_page(chromium_browser, base_url)
    try:
        if name != "login":
            page.goto("/login")
            page.fill("#password", PASSWORD)
            page.press("#password", "Enter")
            page.wait_for_url(lambda url: "/login" not in url)
        path = CLUB_PAGES[name].format(**ids)
        found = console_of(page, path)
    finally:
        page.context.close()
    assert not found, f"{path}:\n  " + "\n  ".join(found)
