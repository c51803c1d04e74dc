"""The club's pages in a real browser, at a phone's 360 px and a desktop's 1280 px, in English and
Italian: the ranking (by score and by rating, with the club's chart), a player's page (his form,
streaks, partners, charts), the records and the winners: no sideways scroll, every target at
least 44 px (tests/e2e/test_phone_layout.py's measure), the charts drawn, and no serious
accessibility violation (axe-core). Screenshots under ``screenshot_dir``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import services
from scorekeeper.services.players import persons as players
from scorekeeper.storage.db import open_db
from tests.e2e.conftest import DESKTOP
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.conftest import serve
from tests.e2e.test_accessibility import violations
from tests.e2e.test_phone_layout import problems_on

SIZES = {
    "phone": {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True},
    "desktop": DESKTOP,
}
NAMES = ["Massimiliano Cavallero", "Margherita Bertodatti", "Ugo", "Bartolomeo Sella", "Zita"]
POINTS = [[30, 20, 28], [20, 30, 28], [26, 26, 26], [40, 20, 18], [18, 40, 20], [25, 27, 26]]


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Local mode: a year of evenings among five players with long names and short ones, and a
    Piedicavallo table."""
    database = tmp_path_factory.mktemp("club") / "club.sqlite"
    db = open_db(str(database))
    for month in range(1, 13):
        table = [NAMES[(month + seat) % 5] for seat in range(3)]
        body = {"ruleset": "scarto", "players": table, "played_on": f"2024-{month:02d}-10"}
        session_id = services.start_session(db, body)
        for number in range(9):
            services.record_deal(db, session_id, {"points": POINTS[(month + number) % 6]})
    body = {"ruleset": "piedicavallo", "players": NAMES[:4], "played_on": "2024-06-20"}
    session_id = services.start_session(db, body)
    for points in ([60, 54], [70, 44], [50, 64], [57, 57]):
        services.record_deal(db, session_id, {"points": points})
    db.conn.close()
    yield from serve(database)


def browser_page(chromium_browser: Any, base_url: str, size: str, locale: str) -> Any:
    context = chromium_browser.new_context(base_url=base_url, locale=locale, **SIZES[size])
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
@pytest.mark.parametrize("size", SIZES)
def test_the_clubs_pages_fit_read_and_show_their_charts(
    chromium_browser: Any, axe: Any, club: str, screenshot_dir: Path, size: str, locale: str
) -> None:
    page = browser_page(chromium_browser, club, size, locale)
    shot = f"{size}-{locale}"
    found: list[str] = []

    def look(path: str, name: str) -> None:
        found.extend(
            f"{name}: {line}" for line in problems_on(page, path, screenshot_dir, f"{shot}-{name}")
        )
        found.extend(f"{name}: {line}" for line in violations(axe, page))

    try:
        look("/rankings?min_deals=1", "rankings")
        assert page.locator("table.ranking tbody tr").count() == 5
        assert page.locator("figure.club-chart svg").count() == 1  # the bars, in the page
        assert page.locator("figure.ratings-chart img").count() == 1  # the season's ratings
        href = page.locator("table.ranking tbody tr a").first.get_attribute("href")
        look("/rankings?min_deals=1&order=rating&ruleset=scarto", "rankings-by-rating")
        look(href, "player")
        assert page.locator("figure.club-chart svg").count() == 1  # score per month
        rating = page.locator("figure.club-chart img.rating-chart")
        assert rating.count() == 1
        rating.scroll_into_view_if_needed()
        page.wait_for_function("document.querySelector('img.rating-chart').naturalWidth > 0")
        assert page.locator("ol.form-marks").count() == 1  # his last games at a glance
        look(href.split("?")[0] + "?ruleset=", "player-all")
        look(href.split("?")[0] + "?ruleset=piedicavallo", "player-partners")
        look("/records?ruleset=scarto", "records")
        assert page.locator("li.record").count() == 5
        look("/winners?ruleset=scarto", "winners")
        assert page.locator("table.winners").count() >= 2
    finally:
        page.context.close()
    assert not found, "\n".join(found)


def test_a_merged_player_page_leads_to_the_one_he_joined(
    chromium_browser: Any, tmp_path_factory: pytest.TempPathFactory, screenshot_dir: Path
) -> None:
    database = tmp_path_factory.mktemp("merged") / "merged.sqlite"
    db = open_db(str(database))
    services.start_session(db, {"ruleset": "scarto", "players": ["Ana", "Bruno", "Carla"]})
    ids = {row["name"]: row["id"] for row in players.list_players(db)}
    other = players.create_player(db, {"name": "Anna"})
    players.merge_players(db, ids["Ana"], other)
    db.conn.close()
    for base_url in serve(database):
        page = browser_page(chromium_browser, base_url, "phone", "en-GB")
        try:
            found = problems_on(page, f"/players/{ids['Ana']}", screenshot_dir, "merged")
            page.get_by_role("link", name="Anna").click()
            assert page.locator("h1").inner_text() == "Anna"
        finally:
            page.context.close()
        assert not found, "\n".join(found)
