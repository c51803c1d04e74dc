"""German and Swedish at the table, in a real browser on a phone: the switch, the protocol, each
entry form, and the printed sheet in the session's language (issue "Every word in the players'
own language"). Screenshots go to $SCREENSHOT_DIR for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal

SCARTO = find_ruleset("scarto")
# What each language's pages say, from its catalogue: the protocol's title, the quick count.
WORDS = {
    "de": {"protocol": "Spielliste", "quick": "Schnellzählung", "fool": "Narr"},
    "sv": {"protocol": "Protokoll", "quick": "Snabbräkning", "fool": "Narren"},
}
FORMS = ("totals", "quick", "piles", "play")


@pytest.mark.parametrize("language", WORDS)
def test_a_german_or_swedish_evening_on_a_phone(
    phone_page: Page, screenshot_dir: Path, language: str
) -> None:
    page = phone_page
    page.set_viewport_size({"width": 360, "height": 800})  # the narrowest phone we serve
    page.goto("/")
    page.locator(f'header a[lang="{language}"]').click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto("/sessions/new")
    page.select_option("#ruleset", "scarto")
    expect(page.locator("#language")).to_have_value(language)  # the page's, by default
    for seat, name in enumerate(["Anna", "Bruno", "Carla"]):
        page.fill(f"#player_{seat}", name)
    page.locator("form button[type=submit], form input[type=submit]").last.click()
    expect(page.locator(".next, .confirm-new").first).to_be_visible()
    if page.locator(".confirm-new").count():  # new names are added once confirmed
        page.locator("[name=add_players]").click()
    expect(page).to_have_url(re.compile(r"/sessions/\d+$"))
    session = int(page.url.rsplit("/", 1)[1])

    page.goto(f"/sessions/{session}/deals/new/totals")
    page.fill("#points_0", "30")
    page.fill("#points_1", "27")
    page.locator("#points_1").press("Enter")
    expect(page).to_have_url(re.compile(rf"/sessions/{session}([?#].*)?$"))
    expect(page.locator("h1")).to_contain_text(WORDS[language]["protocol"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "protocol"
    page.screenshot(path=screenshot_dir / f"protocol-{language}-360.png", full_page=True)

    for form in FORMS:
        page.goto(f"/sessions/{session}/deals/new/{form}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, form
        page.screenshot(path=screenshot_dir / f"entry-{form}-{language}-360.png", full_page=True)
    page.goto(f"/sessions/{session}/deals/new/piles")
    fool = page.locator('.picker button.pick[data-code="F"]')
    expect(fool).to_have_text(WORDS[language]["fool"])
    page.goto(f"/sessions/{session}/deals/new/quick")
    expect(page.locator("nav.switch")).to_be_visible()

    deal = random_deal(SCARTO, 3, 1)
    page.goto(f"/sessions/{session}/deals/new/piles")
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))
    for seat in (0, 1):  # the third pile left empty: it takes the rest
        page.fill(f"#pile_{seat}", " ".join(card.code for card in deal.piles[seat]))
    page.locator("#pile_1").press("Enter")
    expect(page).to_have_url(re.compile(rf"/sessions/{session}([?#].*)?$"))

    sheet = page.request.get(f"/sessions/{session}/sheet.pdf")
    assert sheet.ok
    assert sheet.headers["content-type"] == "application/pdf"
    (screenshot_dir / f"sheet-{language}.pdf").write_bytes(sheet.body())
