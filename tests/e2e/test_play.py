"""A deal entered trick by trick on a phone, in a real browser: the picker, the form, the replay.

The session is created through the JSON API; everything after goes through the pages, with the
picker's script (static/play.js) asking the app who plays next. Who leads, plays and wins comes
from the generated deal, the points from counting its piles: never from the page itself.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.generator import PlayedDeal
from scorekeeper.rules.generator import random_deal

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

PLAYERS = ("Anna", "Bruno", "Nicolò")
SCARTO = find_ruleset("scarto")
FIRST_DEALER = 1  # Bruno deals, Nicolò leads the first trick
Page = Any  # playwright.sync_api.Page, which may not be importable


def test_a_deal_is_tapped_and_typed_trick_by_trick_on_a_phone(
    phone_page: Page, live_server: str, screenshot_dir: Path
) -> None:
    page = phone_page
    session = create_session(page, live_server)
    deal = random_deal(SCARTO, 40, FIRST_DEALER)
    counted = audit_piles(SCARTO, deal.dealer, deal.piles, deal.scarto)
    assert counted.ok, counted.problems
    lines = [" ".join(card.code for card in trick.cards) for trick in deal.tricks]

    page.goto(f"/sessions/{session}")
    page.get_by_role("link", name="Trick by trick", exact=True).tap()
    expect(page).to_have_url(at(f"/sessions/{session}/deals/new/play"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Deal 1 · Trick by trick")
    expect(page.locator(".meta")).to_contain_text("Dealer: Bruno")
    picker = page.locator(".play-picker")
    status = picker.locator(".next")
    who = status.locator(".who")  # after the trick so far: "Next to play: <name>"
    expect(picker).to_be_visible()
    expect(who).to_have_text(f"Next to play: {PLAYERS[deal.tricks[0].leader]}")
    assert PLAYERS[deal.tricks[0].leader] == "Nicolò"

    # The picker starts with the scarto; typed, its cards are marked used where they are, and
    # the picker goes on to the first trick.
    expect(page.locator(".to-scarto")).to_have_attribute("aria-pressed", "true")
    page.locator("#scarto").fill(" ".join(card.code for card in deal.scarto))
    for card in deal.scarto:
        expect(pick(page, card.code)).to_have_class(re.compile(r"\bused\b"))
    expect(page.locator(".to-scarto")).to_have_attribute("aria-pressed", "false")
    expect(who).to_have_text(f"Next to play: {PLAYERS[deal.tricks[0].leader]}")

    # The first two tricks, tapped card by card: after each card the app names who plays next.
    for number, trick in enumerate(deal.tricks[:2]):
        for index, card in enumerate(trick.cards):
            button = pick(page, card.code)
            expect(button).not_to_have_class(re.compile(r"\bused\b"))
            where = place_in_grid(button)
            button.tap()
            # Played, it keeps its place in the grid: nothing moves under the thumb.
            expect(button).to_have_class(re.compile(r"\bused\b"))
            expect(button).to_have_attribute("aria-disabled", "true")
            assert place_in_grid(button) == where
            after = PLAYERS[who_plays_after(deal, number, index)]
            expect(who).to_have_text(f"Next to play: {after}")
        expect(page.locator("#tricks")).to_have_value("\n".join(lines[: number + 1]))
    expect(who).to_have_text(f"Next to play: {PLAYERS[deal.tricks[2].leader]}")
    played = {card.code for trick in deal.tricks[:2] for card in trick.cards}
    used = {card.code for card in deal.scarto} | played
    expect(page.locator("button.pick:visible")).to_have_count(len(SCARTO.cards))
    expect(page.locator("button.pick.used")).to_have_count(len(used))

    # A card tapped by mistake is undone: it comes back, and so does the player to play.
    third = pick(page, deal.tricks[2].cards[0].code)
    third.tap()
    expect(who).to_have_text(f"Next to play: {PLAYERS[who_plays_after(deal, 2, 0)]}")
    page.get_by_role("button", name="Undo the last card").tap()
    expect(third).not_to_have_class(re.compile(r"\bused\b"))
    expect(page.locator("#tricks")).to_have_value("\n".join(lines[:2]))
    expect(who).to_have_text(f"Next to play: {PLAYERS[deal.tricks[2].leader]}")
    page.screenshot(path=screenshot_dir / "play-form-phone.png", full_page=True)

    # The rest, typed into the tricks: the play is complete.
    page.locator("#tricks").fill("\n".join(lines))
    expect(status).to_have_text("✓ 25 of 25 tricks")
    expect(page.locator("button.pick:not(.used)")).to_have_count(0)

    # Check: the tricks with who won them, and the breakdown; then save.
    page.get_by_role("button", name="Check", exact=True).tap()
    rows = page.locator("section.replay table.tricks tbody tr[id^=trick-]")
    expect(rows).to_have_count(25)
    expect(rows.locator("td:nth-child(3)")).to_have_text(
        [PLAYERS[trick.winner] for trick in deal.tricks]
    )
    page.screenshot(path=screenshot_dir / "play-checked-phone.png", full_page=True)
    page.get_by_role("button", name="Save deal", exact=True).tap()
    expect(page).to_have_url(at(f"/sessions/{session}"))
    expect_row(page, 1, "Bruno", counted.points, counted.scores)

    # The deal's page leads to its replay; step to the next trick.
    page.locator("#deal-1 th").get_by_role("link").tap()
    expect(page).to_have_url(at(f"/sessions/{session}/deals/1"))
    expect(page.locator(".meta")).to_contain_text("entered trick by trick")
    page.get_by_role("link", name="Replay trick by trick").tap()
    expect_trick(page, deal, 1)
    page.locator("a[rel=next]").tap()
    expect(page).to_have_url(at(f"/sessions/{session}/deals/1/replay?trick=2"))
    expect_trick(page, deal, 2)
    page.locator("a[rel=next]").tap()
    expect_trick(page, deal, 3)
    page.locator("a[rel=prev]").tap()
    expect_trick(page, deal, 2)
    page.screenshot(path=screenshot_dir / "replay-phone.png", full_page=True)


# --- steps -----------------------------------------------------------------------------------


def create_session(page: Page, live_server: str) -> int:
    """A session of Scarto through the JSON API, with the page's own request context."""
    body = {"ruleset": "scarto", "players": list(PLAYERS), "first_dealer": FIRST_DEALER}
    response = page.request.post(f"{live_server}/api/v1/sessions", data=body)
    assert response.status == 201, response.text()
    session_id: int = response.json()["id"]
    return session_id


def pick(page: Page, code: str) -> Any:
    return page.locator(f'.play-picker button.pick[data-code="{code}"]')


def place_in_grid(button: Any) -> list[float]:
    """Where a card's button is in the picker's grid (left and top within the grid)."""
    where: list[float] = button.evaluate(
        "(b) => { const a = b.getBoundingClientRect(), g = b.closest('.deck')"
        ".getBoundingClientRect(); return [a.left - g.left, a.top - g.top]; }"
    )
    return where


def who_plays_after(deal: PlayedDeal, number: int, index: int) -> int:
    """The seat to play after card ``index`` of trick ``number`` (both from 0)."""
    trick = deal.tricks[number]
    if index + 1 < len(trick.cards):
        return trick.seat_of(index + 1)
    return trick.winner


# --- checks ----------------------------------------------------------------------------------


def expect_row(
    page: Page, number: int, dealer: str, points: tuple[int, ...], scores: tuple[int, ...]
) -> None:
    """The protocol row of a deal: its dealer, and points (score) for each player."""
    row = page.locator(f"#deal-{number}")
    expect(row.locator("td.dealer .name")).to_have_text(dealer)
    cells = [f"{p} ({s:+d})" if s else f"{p} (0)" for p, s in zip(points, scores, strict=True)]
    # Each side's score, then its total: the 3rd, 5th, 7th cells (style.css).
    expect(row.locator("td:nth-child(2n+3)")).to_have_text(cells)


def expect_trick(page: Page, deal: PlayedDeal, number: int) -> None:
    """The replay at a trick: who played each card, the leader's tag, the winner's row."""
    trick = deal.tricks[number - 1]
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Deal 1 · Trick {number} of 25")
    rows = page.locator("table.trick-step tbody tr")
    expect(rows.locator("th")).to_have_text(
        [
            re.compile(rf"^{PLAYERS[trick.seat_of(i)]}" + (r"\s+leads$" if i == 0 else "$"))
            for i in range(len(trick.cards))
        ]
    )
    expect(rows.locator("td:nth-child(2)")).to_have_text([card.label for card in trick.cards])
    expect(page.locator("table.trick-step tr.winner th")).to_contain_text(PLAYERS[trick.winner])
    expect(page.locator("table.trick-step tr.winner")).to_contain_text("wins the trick")


def at(path: str) -> re.Pattern[str]:
    """A page's URL by its path, whatever the server's port; a protocol reached by saving a
    deal may carry which deal was saved (?saved=<id>) and that deal's row (#deal-<n>)."""
    return re.compile(rf"^http://127\.0\.0\.1:\d+{re.escape(path)}(\?saved=\d+)?(#deal-\d+)?$")


def test_correcting_a_played_deal_replays_it_with_its_own_dealer(phone_page: Page) -> None:
    # Deal 1, dealt by Bruno, entered trick by trick; deal 2 after it (Nicolò deals). Correcting
    # deal 1, the picker says who plays next as Bruno's deal has it. Was: as the next deal's
    # dealer (Anna) would, so every name on the line was wrong.
    page = phone_page
    body = {"ruleset": "scarto", "players": list(PLAYERS), "first_dealer": FIRST_DEALER}
    session = int(page.request.post("/api/v1/sessions", data=body).json()["id"])
    deal = random_deal(SCARTO, 40, FIRST_DEALER)
    play = {
        "scarto": [card.code for card in deal.scarto],
        "play": [[card.code for card in trick.cards] for trick in deal.tricks],
    }
    assert page.request.post(f"/api/v1/sessions/{session}/deals", data=play).status == 201
    page.request.post(f"/api/v1/sessions/{session}/deals", data={"points": [26, 26, 26]})
    page.goto(f"/sessions/{session}/deals/1/edit")
    page.get_by_role("button", name="Undo the last card").tap()
    last = deal.tricks[-1]
    who = PLAYERS[last.seat_of(len(last.cards) - 1)]  # the last card's player plays it again
    expect(page.locator(".play-picker .next")).to_contain_text(f"Next to play: {who}")
