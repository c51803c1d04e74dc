"""Bad Wi-Fi never doubles or loses a deal: a keeper on a phone, in a real browser.

A Save that never reaches the server keeps every field (also across a reload) and is sent by
itself, once, when the connection is back (Back after Save: tests/e2e/test_form_reuse.py).
What is stored is read through the JSON API, never from the page.
"""

from __future__ import annotations

import re
from typing import Any

from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.generator import random_deal

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

Page = Any
PLAYERS = ["Anna", "Bruno", "Carla"]
SCARTO = find_ruleset("scarto")


def test_a_save_without_a_connection_is_kept_and_sent_once_when_it_is_back(
    phone_page: Page,
) -> None:
    page = phone_page
    session = start_session(page)
    entry = f"/sessions/{session}/deals/new/totals"
    page.goto(entry)
    page.fill("#points_0", "35")
    page.fill("#points_1", "22")
    page.get_by_text("Dealt by another player?").tap()
    page.locator("select[name=dealer]").select_option("1")  # Bruno dealt instead of Anna
    key = page.locator("input[name=request_key]").input_value()

    page.context.set_offline(True)
    page.get_by_role("button", name="Save deal", exact=True).tap()
    expect(page.get_by_role("alert")).to_contain_text("Not saved: the connection dropped.")
    expect(page).to_have_url(re.compile(re.escape(entry) + "$"))
    expect(page.locator("#points_0")).to_have_value("35")

    # A reload while saves still cannot get through (the page itself loads): all is kept.
    refused = reload_with_saves_refused(page, entry)
    expect(page.locator("#points_0")).to_have_value("35")
    expect(page.locator("#points_1")).to_have_value("22")
    expect(page.locator("select[name=dealer]")).to_have_value("1")
    expect(page.locator("input[name=request_key]")).to_have_value(key)  # the same key
    expect(page.get_by_role("alert")).to_contain_text("Not saved")
    wait_until(page, lambda: refused)  # and it tried to send it again, in vain
    assert stored_points(page, session) == []

    # The connection comes back: the kept save goes by itself, and is recorded once.
    connection_back(page, entry)
    expect(page).to_have_url(protocol(session))
    assert stored_points(page, session) == [[35, 22, 21]]
    deal = page.request.get(f"/api/v1/sessions/{session}").json()["deals"][0]
    assert deal["dealer"] == 1  # Bruno, as chosen before the connection dropped
    # Nothing left to send: the form opens empty, with a new key.
    page.goto(entry)
    expect(page.locator("#points_0")).to_have_value("")
    assert page.locator("input[name=request_key]").input_value() != key
    page.wait_for_timeout(500)
    assert stored_points(page, session) == [[35, 22, 21]]


def test_full_piles_are_kept_and_shown_again_to_the_card_picker(phone_page: Page) -> None:
    page = phone_page
    session = start_session(page)
    deal = random_deal(SCARTO, 5, 0)  # Anna deals
    expected = audit_piles(SCARTO, 0, deal.piles, deal.scarto)
    assert expected.ok, expected.problems
    entry = f"/sessions/{session}/deals/new/piles"
    page.goto(entry)
    for seat, pile in enumerate(deal.piles):
        page.fill(f"#pile_{seat}", " ".join(card.code for card in pile))
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))

    page.context.set_offline(True)
    page.get_by_role("button", name="Save deal", exact=True).tap()
    expect(page.get_by_role("alert")).to_contain_text("Not saved: the connection dropped.")
    reload_with_saves_refused(page, entry, again=True)
    for seat, pile in enumerate(deal.piles):
        expect(page.locator(f"#pile_{seat}")).to_have_value(" ".join(c.code for c in pile))
    # The picker follows what was put back: every card is in a pile, none left to pick.
    expect(page.locator("button.pick:not(.used)")).to_have_count(0)

    connection_back(page, entry)
    expect(page).to_have_url(protocol(session))
    assert stored_points(page, session) == [list(expected.points)]


def reload_with_saves_refused(page: Page, entry: str, again: bool = False) -> list[str]:
    """Back online, but every save to the entry page fails as if the connection dropped (the
    page itself loads): reload it, or open it ``again`` (as a new page: the browser puts back
    nothing of its own). The saves tried, as they are refused."""
    refused: list[str] = []

    def refuse_saves(route: Any) -> None:
        if route.request.method == "POST":
            refused.append(route.request.method)
            route.abort()
        else:
            route.continue_()

    page.route(re.compile(re.escape(entry) + "$"), refuse_saves)
    page.context.set_offline(False)
    if again:
        page.goto(entry)
    else:
        page.reload()
    return refused


def connection_back(page: Page, entry: str) -> None:
    """Saves get through again, and the browser says it is online."""
    page.unroute(re.compile(re.escape(entry) + "$"))
    page.context.set_offline(True)
    page.context.set_offline(False)  # the browser's "online" event


def wait_until(page: Page, condition: Any, seconds: float = 10) -> None:
    for _ in range(int(seconds * 10)):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("waited in vain")


def protocol(session: int) -> re.Pattern[str]:
    """The protocol's address, naming the deal saved or not (its page may tidy it away)."""
    return re.compile(rf"/sessions/{session}(\?saved=\d+)?(#deal-\d+)?$")


def start_session(page: Page) -> int:
    body = {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0}
    return int(page.request.post("/api/v1/sessions", data=body).json()["id"])


def stored_points(page: Page, session: int) -> list[list[int]]:
    """Each recorded deal's points, from the JSON API."""
    deals = page.request.get(f"/api/v1/sessions/{session}").json()["deals"]
    return [deal["points"] for deal in deals]
