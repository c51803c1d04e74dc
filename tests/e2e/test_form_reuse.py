"""A form never saves over the wrong deal: a keeper on a phone, in a real browser.

After Save, Back and a reload show the entry form again as "Deal 2", the browser putting back
the request key of the save that recorded deal 1 (static/save.js keeps a form's key through a
reload). Typed as deal 2 and saved, twice for good measure, it must record deal 2, once, and
leave deal 1 as it was. Was: the second Save corrected deal 1 with deal 2's values, and deal 2
was never recorded. Each entry mode; what is stored is read through the JSON API.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.generator import PlayedDeal
from scorekeeper.rules.generator import random_deal

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

Page = Any
PLAYERS = ["Anna", "Bruno", "Carla"]
SCARTO = find_ruleset("scarto")
# Two deals of the evening: Anna deals the first, Bruno the second (the rotation).
DEALS = [random_deal(SCARTO, 11, 0), random_deal(SCARTO, 12, 1)]
POINTS = [list(audit_piles(SCARTO, d.dealer, d.piles, d.scarto).points) for d in DEALS]


def enter_totals(page: Page, deal: PlayedDeal, points: list[int]) -> None:
    page.fill("#points_0", str(points[0]))
    page.fill("#points_1", str(points[1]))
    page.fill("#points_2", "")


def enter_quick(page: Page, deal: PlayedDeal, points: list[int]) -> None:
    for seat, pile in enumerate(deal.piles):
        for card in pile:
            if SCARTO.is_counter(card):
                tap_chip(page, card.code, str(seat))
    for card in deal.scarto:
        if SCARTO.is_counter(card):
            tap_chip(page, card.code, "scarto")
    page.fill("#tricks_0", str(deal.tricks_won[0]))
    page.fill("#tricks_1", str(deal.tricks_won[1]))
    page.fill("#tricks_2", "")
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))


def enter_piles(page: Page, deal: PlayedDeal, points: list[int]) -> None:
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))
    for seat, pile in enumerate(deal.piles):
        page.fill(f"#pile_{seat}", " ".join(card.code for card in pile))


def enter_play(page: Page, deal: PlayedDeal, points: list[int]) -> None:
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))
    page.fill("#tricks", "\n".join(" ".join(c.code for c in t.cards) for t in deal.tricks))


ENTER = {"totals": enter_totals, "quick": enter_quick, "piles": enter_piles, "play": enter_play}


@pytest.mark.parametrize("kind", ENTER)
def test_a_form_brought_back_and_filled_in_again_records_a_new_deal(
    phone_page: Page, kind: str
) -> None:
    page = phone_page
    session = start_session(page)
    entry = f"/sessions/{session}/deals/new/{kind}"
    page.goto(entry)
    ENTER[kind](page, DEALS[0], POINTS[0])
    save(page).tap()
    expect(page).to_have_url(protocol(session))
    assert stored_points(page, session) == [POINTS[0]]

    page.go_back()
    expect(page).to_have_url(re.compile(re.escape(entry) + "$"))
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal 2")
    ENTER[kind](page, DEALS[1], POINTS[1])
    save(page).dblclick()  # Save twice
    expect(page).to_have_url(protocol(session))
    page.wait_for_timeout(300)  # a second save, had it gone, would be stored by now
    assert stored_points(page, session) == POINTS
    first = page.request.get(f"/api/v1/sessions/{session}").json()["deals"][0]
    assert first["version"] == 1  # deal 1 as it was saved, never corrected


def test_back_then_save_again_with_nothing_changed_records_nothing(phone_page: Page) -> None:
    # Kept from round 2: a save repeated with the same values is the same save.
    page = phone_page
    session = start_session(page)
    page.goto(f"/sessions/{session}/deals/new/totals")
    enter_totals(page, DEALS[0], [30, 27])
    save(page).tap()
    expect(page).to_have_url(protocol(session))
    page.go_back()
    banner = page.get_by_role("status").filter(has_text="Deal 1 was saved.")
    expect(banner).to_be_visible()
    expect(banner.get_by_role("link", name="Correct it")).to_have_attribute(
        "href", f"/sessions/{session}/deals/1/edit"
    )
    # The form names the next deal now: filled in again, it records a new one.
    expect(page.get_by_role("heading", level=1)).to_have_text("Deal 2 · Totals")
    enter_totals(page, DEALS[0], [30, 27])
    save(page).tap()
    expect(page).to_have_url(protocol(session))
    assert stored_points(page, session) == [[30, 27, 21]]


def test_save_says_it_is_out_and_a_dropped_save_says_so_beside_it(phone_page: Page) -> None:
    page = phone_page
    session = start_session(page)
    page.goto(f"/sessions/{session}/deals/new/totals")
    enter_totals(page, DEALS[0], [30, 27])
    held: list[Any] = []
    page.route(re.compile(r"/deals/new/totals$"), lambda route: held.append(route))
    save(page).tap()
    expect(save(page)).to_have_attribute("aria-busy", "true")
    expect(save(page)).to_have_value("Saving…")
    held[0].abort()
    notice = page.locator("p.unsent")
    expect(notice).to_contain_text("Not saved: the connection dropped.")
    expect(save(page)).to_have_attribute("aria-busy", "false")
    # Beside Save: the notice is the element just before the form's buttons.
    assert notice.evaluate("(p) => p.nextElementSibling.classList.contains('actions')")
    page.unroute(re.compile(r"/deals/new/totals$"))


def tap_chip(page: Page, code: str, place: str) -> None:
    radio = page.locator(f'input[name="card_{code}"][value="{place}"]')
    radio.locator("xpath=ancestor::label[1]").tap()


def save(page: Page) -> Any:
    return page.locator("input[type=submit][name=save]")


def protocol(session: int) -> re.Pattern[str]:
    return re.compile(rf"/sessions/{session}(\?[^#]*)?(#deal-\d+)?$")


def start_session(page: Page) -> int:
    body = {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0}
    return int(page.request.post("/api/v1/sessions", data=body).json()["id"])


def stored_points(page: Page, session: int) -> list[list[int]]:
    deals = page.request.get(f"/api/v1/sessions/{session}").json()["deals"]
    return [deal["points"] for deal in deals]


def test_after_a_save_the_next_deal_is_one_tap_away_at_the_foot(phone_page: Page) -> None:
    # A protocol of a few deals: the saved row is brought into view, far from the page's own
    # entry buttons at the top. Was: a swipe back up before every deal.
    page = phone_page
    session = start_session(page)
    for points in ([30, 27, 21], [26, 26, 26], [20, 30, 28], [31, 26, 21], [27, 27, 24]):
        body = {"points": points}
        page.request.post(f"/api/v1/sessions/{session}/deals", data=body)
    page.clock.install()
    page.goto(f"/sessions/{session}/deals/new/totals")
    enter_totals(page, DEALS[0], [30, 27])
    save(page).tap()
    expect(page).to_have_url(protocol(session))
    next_deal = page.locator(".saved-banner .next-deal")
    expect(next_deal).to_have_text("Deal 7 · Totals")
    expect(next_deal).to_be_in_viewport(ratio=1)
    expect(page.locator(".next .actions.entry a").first).not_to_be_in_viewport()
    page.clock.run_for(12_000)  # the banner has said its piece: the next deal's button stays
    expect(page.locator(".saved-banner")).to_have_class(re.compile(r"\bcompact\b"))
    expect(page.locator(".saved-banner > p")).to_be_hidden()
    expect(next_deal).to_be_in_viewport(ratio=1)
    next_deal.tap()
    expect(page).to_have_url(re.compile(rf"/sessions/{session}/deals/new/totals$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Deal 7 · Totals")


def test_a_refused_save_puts_its_question_in_view(phone_page: Page) -> None:
    # Tarocchi a 3: Carla won no trick, so her Matto goes to whoever won the last trick, which
    # the quick count must ask (tests/web/test_entry_questions.py). The question is at the
    # foot of a long form: after Save it must be on the screen, the cursor in it.
    page = phone_page
    body = {"ruleset": "tarocchi-a-3", "players": PLAYERS, "first_dealer": 0}
    session = int(page.request.post("/api/v1/sessions", data=body).json()["id"])
    page.goto(f"/sessions/{session}/deals/new/quick")
    page.locator('.quick-rest button[data-rest="1"]').tap()  # every counter to Bruno
    tap_chip(page, "F", "2")  # but the Matto, Carla's
    page.fill("#tricks_0", "12")
    page.fill("#tricks_1", "13")
    save(page).tap()
    field = page.locator("#last_trick_winner")
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    expect(page.locator("#last_trick_winner-error")).to_contain_text(
        "Carla won no trick, so the Fool goes to whoever won the last trick"
    )
