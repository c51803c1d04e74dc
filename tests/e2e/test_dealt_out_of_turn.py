"""A deal dealt by the wrong player, entered on a phone in a real browser."""

from __future__ import annotations

from typing import Any

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

Page = Any


def test_the_keeper_says_who_really_dealt_and_the_protocol_follows(phone_page: Page) -> None:
    page = phone_page
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    session = page.request.post("/api/v1/sessions", data=body).json()
    page.goto(f"/sessions/{session['id']}/deals/new/totals")
    expect(page.locator(".meta")).to_contain_text("Dealer: Anna")
    page.fill("#points_0", "30")
    page.fill("#points_1", "27")
    page.get_by_text("Dealt by another player?").tap()
    dealer = page.locator("select[name=dealer]")
    expect(dealer.locator("option").first).to_have_text("Anna, by the rotation")
    dealer.select_option("2")  # Carla dealt instead
    page.get_by_role("button", name="Save deal", exact=True).tap()
    row = page.locator("#deal-1")
    expect(row).to_contain_text("Carla")
    expect(row).to_contain_text("out of turn")
    # The deal passes on from Carla: Anna deals next.
    expect(page.get_by_text("Next dealer: Anna")).to_be_visible()


def test_trick_by_trick_the_next_player_follows_the_real_dealer(phone_page: Page) -> None:
    page = phone_page
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    session = page.request.post("/api/v1/sessions", data=body).json()
    page.goto(f"/sessions/{session['id']}/deals/new/play")
    next_player = page.locator(".play-picker .next .who")
    # The picker starts with the scarto: typed, the picker goes on to the first trick.
    page.locator("#scarto").fill("QC 4S 10D")
    # Anna deals by the rotation: Bruno leads, and after his card Carla plays.
    page.locator("button.pick[data-code='KS']").tap()
    expect(next_player).to_have_text("Next to play: Carla")
    # Carla really dealt: Anna led that card, and Bruno plays next.
    page.get_by_text("Dealt by another player?").tap()
    page.locator("select[name=dealer]").select_option("2")
    expect(next_player).to_have_text("Next to play: Bruno")
