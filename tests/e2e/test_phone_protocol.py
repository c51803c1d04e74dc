"""The protocol on a keeper's phone (static/protocol.js, static/seats.js): after a save the new
row is in sight and a banner says so, then fades, but never under the keeper's finger; a phone
that slept shows the protocol as it is now; the first dealer is chosen by name."""

from __future__ import annotations

import re
from typing import Any

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
NAMES = ["Massimiliano", "Margherita", "Giovanni"]
Page = Any  # playwright.sync_api.Page, which may not be importable


def phone(browser: Any, live_server: str) -> Any:
    context = browser.new_context(base_url=live_server, locale="en-GB", **PHONE)
    context.set_default_timeout(10_000)
    return context


def evening(page: Page, deals: int) -> tuple[int, dict[str, Any]]:
    """A session of Scarto with this many deals; its id and the last deal (as the API says)."""
    body = {"ruleset": "scarto", "players": NAMES, "first_dealer": 0}
    session = page.request.post("/api/v1/sessions", data=body).json()
    last: dict[str, Any] = {}
    for number in range(deals):
        points = [26 + number % 5, 26 - number % 3, 26 - number % 5 + number % 3]
        answer = page.request.post(
            f"/api/v1/sessions/{session['id']}/deals", data={"points": points}
        )
        assert answer.ok, answer.text()
        last = answer.json()
    return session["id"], last


def test_after_a_save_the_row_is_in_sight_and_the_banner_fades(chromium_browser, live_server):
    context = phone(chromium_browser, live_server)
    try:
        page = context.new_page()
        page.clock.install()
        session_id, last = evening(page, 12)
        page.goto(f"/sessions/{session_id}?saved={last['id']}#deal-12")
        banner = page.get_by_role("status")
        expect(banner).to_contain_text("Deal 12 saved")
        expect(banner).to_have_class(re.compile("floating"))
        expect(page.locator("tr#deal-12")).to_be_in_viewport()
        expect(page).to_have_url(re.compile(rf"/sessions/{session_id}#deal-12$"))  # no saved=
        # Held: the keeper's focus is on Correct; ten seconds and more pass, the banner stays.
        banner.get_by_role("link", name="Correct").focus()
        page.clock.run_for(25_000)
        expect(banner).to_be_visible()
        page.locator("h1").click()  # the focus leaves it: ten seconds later it fades
        page.clock.run_for(9_000)
        expect(banner).to_be_visible()
        page.clock.run_for(2_000)
        expect(banner).to_be_hidden()
    finally:
        context.close()


def test_a_tap_anywhere_on_a_deals_row_opens_the_deal(chromium_browser, live_server):
    context = phone(chromium_browser, live_server)
    try:
        page = context.new_page()
        session_id, _last = evening(page, 3)
        page.goto(f"/sessions/{session_id}")
        # The last running total: the link stretched over the row takes the tap.
        page.locator("tr#deal-2").scroll_into_view_if_needed()  # below a header of two lines
        box = page.locator("tr#deal-2 td").last.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(page).to_have_url(re.compile(rf"/sessions/{session_id}/deals/2$"))
        expect(page.get_by_role("heading", level=1)).to_have_text("Deal 2")
        page.get_by_role("link", name="← Protocol").tap()
        expect(page).to_have_url(re.compile(rf"/sessions/{session_id}#deal-2$"))
    finally:
        context.close()


def test_undo_takes_the_deal_back(chromium_browser, live_server):
    context = phone(chromium_browser, live_server)
    try:
        page = context.new_page()
        session_id, last = evening(page, 2)
        page.goto(f"/sessions/{session_id}?saved={last['id']}#deal-2")
        page.get_by_role("status").get_by_role("button", name="Undo").tap()
        expect(page.locator("tr[id^=deal-]")).to_have_count(1)
        expect(page.get_by_role("heading", name="Deleted deals")).to_be_visible()
    finally:
        context.close()


def test_a_phone_that_slept_shows_the_protocol_as_it_is_now(chromium_browser, live_server):
    context = phone(chromium_browser, live_server)
    try:
        page = context.new_page()
        session_id, _last = evening(page, 1)
        page.goto(f"/sessions/{session_id}")
        expect(page.locator("tr[id^=deal-]")).to_have_count(1)
        page.evaluate("window.notReloaded = true")
        # Woken with nothing new: the page stays as it is.
        with page.expect_response(re.compile(r"/version$")):
            page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        assert page.evaluate("window.notReloaded === true")
        # Another phone records a deal meanwhile: woken, this one shows it.
        points = {"points": [30, 27, 21]}
        assert page.request.post(f"/api/v1/sessions/{session_id}/deals", data=points).ok
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        expect(page.locator("tr[id^=deal-]")).to_have_count(2)
        assert page.evaluate("window.notReloaded === undefined")
    finally:
        context.close()


def test_the_first_dealer_is_chosen_by_the_names_typed(chromium_browser, live_server):
    context = phone(chromium_browser, live_server)
    try:
        page = context.new_page()
        page.goto("/sessions/new")
        dealer = page.locator("#first_dealer option")
        expect(dealer).to_have_text(["Player 1", "Player 2", "Player 3", "Player 4"])
        page.select_option("#ruleset", "scarto")
        page.fill("#player_0", "Massimiliano")
        page.fill("#player_2", "Giovanni")
        expect(dealer.nth(0)).to_have_text("1. Massimiliano")
        expect(dealer.nth(1)).to_have_text("Player 2")
        expect(dealer.nth(2)).to_have_text("3. Giovanni")
        expect(dealer.nth(3)).to_be_disabled()  # Scarto has three seats
        page.select_option("#ruleset", "piedicavallo")
        page.fill("#player_3", "Bartolomeo")
        expect(dealer.nth(3)).to_be_enabled()
        expect(dealer.nth(3)).to_have_text("4. Bartolomeo")
        page.select_option("#first_dealer", "3")
        page.fill("#player_1", "Margherita")
        page.get_by_role("button", name="Start the session").tap()
        expect(page.locator(".next, .confirm-new").first).to_be_visible()
        if page.locator(".confirm-new").count():  # new names are added once confirmed
            page.get_by_role("button", name="Yes, add them").tap()
        expect(page.locator(".next")).to_contain_text("Next dealer: Bartolomeo")
    finally:
        context.close()
