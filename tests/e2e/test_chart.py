"""The protocol page's chart in a real browser (issue #23, "Charts"), at a phone's 360 px and a
desktop's 1280 px: an image drawn under the protocol table, the page not scrolling sideways,
nothing blocked by the pages' Content-Security-Policy; and the chart alone, its lines and their
names drawn. The
screenshots (the page, and the chart alone) go to the screenshot folder to be looked at.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import services
from scorekeeper.storage.db import open_db
from tests.e2e.conftest import DESKTOP
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.conftest import serve

PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
PLAYERS = ["Massimiliano", "Margherita", "Giovanni"]  # long names, as in test_phone_layout
DEALS = 40

MEASURE = """(width) => {
  const img = document.querySelector("section.chart img.chart-session");
  const table = document.querySelector("table.protocol");
  if (!img) return null;
  const box = img.getBoundingClientRect();
  return {
    page: document.documentElement.scrollWidth,
    left: box.left, right: box.right, width: box.width, height: box.height,
    top: box.top + window.scrollY,
    tableBottom: table.getBoundingClientRect().bottom + window.scrollY,
    drawn: img.complete && img.naturalWidth > 0,
  };
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A session of 40 deals of Scarto (seeded scores): (base URL, its id)."""
    database = tmp_path_factory.mktemp("chart") / "chart.sqlite"
    db = open_db(str(database))
    body = {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0}
    session_id = services.start_session(db, body)
    chance = random.Random(23)
    for _ in range(DEALS):
        first = chance.randint(10, 40)
        second = chance.randint(10, 68 - first)
        services.record_deal(db, session_id, {"points": [first, second, 78 - first - second]})
    db.conn.close()
    for base_url in serve(database):
        yield base_url, session_id


@pytest.mark.parametrize("size", SIZES)
def test_the_protocol_page_shows_the_chart_whole_without_sideways_scrolling(
    chromium_browser: Any, site: Any, screenshot_dir: Path, size: str
) -> None:
    base_url, session_id = site
    context = chromium_browser.new_context(base_url=base_url, locale="en-GB", **SIZES[size])
    context.set_default_timeout(TIMEOUT_MS)
    blocked: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda message: blocked.append(message.text))
        response = page.goto(f"/sessions/{session_id}")
        assert response is not None
        assert response.status == 200
        chart = page.locator("section.chart img.chart-session")
        chart.scroll_into_view_if_needed()  # fetched when scrolled to (loading="lazy")
        page.wait_for_function(
            "() => { const i = document.querySelector('img.chart-session');"
            " return i.complete && i.naturalWidth > 0; }"
        )
        assert chart.is_visible()
        page.screenshot(path=screenshot_dir / f"chart-{size}-page.png", full_page=True)
        chart.screenshot(path=screenshot_dir / f"chart-{size}.png")
        found = page.evaluate(MEASURE)
    finally:
        context.close()
    width = SIZES[size]["viewport"]["width"]
    assert found is not None
    assert found["drawn"]
    assert found["page"] <= width, f"the page is {found['page']} px wide in {width}"
    assert found["left"] >= 0
    assert found["right"] <= width
    assert found["top"] >= found["tableBottom"]  # under the protocol table
    # As wide as a phone allows (360 less the page's margins), at most 34rem on a desktop.
    assert found["width"] >= (330 if size == "phone" else 540)
    assert found["height"] == pytest.approx(found["width"] * 260 / 420, abs=1)
    assert not [text for text in blocked if "Content Security Policy" in text]


def test_the_chart_alone_is_an_svg_image_a_browser_draws(
    chromium_browser: Any, site: Any, screenshot_dir: Path
) -> None:
    base_url, session_id = site
    context = chromium_browser.new_context(base_url=base_url, locale="it-IT", **DESKTOP)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        response = page.goto(f"/sessions/{session_id}/chart.svg")
        assert response is not None
        assert response.headers["content-type"].startswith("image/svg+xml")
        page.screenshot(path=screenshot_dir / "chart-alone-it.png")
        drawn = page.evaluate(
            """() => ({
              root: document.documentElement.localName,
              lines: [...document.querySelectorAll("polyline.series")].map((line) => ({
                width: line.getBoundingClientRect().width, stroke: getComputedStyle(line).stroke,
              })),
              labels: [...document.querySelectorAll("text.line-label")].map((l) => l.textContent),
              games: [...document.querySelectorAll("text.game-label")].length,
              width: document.documentElement.getBoundingClientRect().width,
            })"""
        )
    finally:
        context.close()
    assert drawn["root"] == "svg"
    assert len(drawn["lines"]) == 3
    assert all(line["width"] > 420 / 2 for line in drawn["lines"])  # drawn across
    assert len({line["stroke"] for line in drawn["lines"]}) == 3  # a colour each
    assert sorted(drawn["labels"]) == sorted(PLAYERS)
    assert drawn["games"] >= 7  # 14 games, numbered where they do not overlap
    assert drawn["width"] == pytest.approx(420)  # its own size when shown alone
