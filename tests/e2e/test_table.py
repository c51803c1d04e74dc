"""What a keeper does at a real table, in a real browser, through the pages only.

One session of Scarto for Anna, Bruno and Nicolò: a deal by totals, one by quick count on a
phone, one by full piles with the card picker; the finished game's settlement; a correction;
a refused entry; the language switch. Expected points come from the rules core, never from the
page itself. Screenshots of the main forms go to $SCREENSHOT_DIR for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.audit import audit_totals
from scorekeeper.rules.generator import PlayedDeal
from scorekeeper.rules.generator import random_deal

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

PLAYERS = ("Anna", "Bruno", "Nicolò")
SCARTO = find_ruleset("scarto")
TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
Page = Any  # playwright.sync_api.Page, which may not be importable


def test_a_keeper_keeps_a_game_of_scarto(
    desktop_page: Page, phone_page: Page, screenshot_dir: Path
) -> None:
    page = desktop_page
    session = start_session(page, PLAYERS, first_dealer="0")

    # Deal 1, Anna deals: the totals, Nicolò's left empty for the app to fill in.
    first = audit_totals(SCARTO, [30, 27, 21])
    assert first.scores == (4, 1, -5)
    page.get_by_role("link", name="Totals", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Deal 1 · Totals")
    page.fill("#points_0", "30")
    page.fill("#points_1", "27")
    page.get_by_role("button", name="Check", exact=True).click()
    result = page.locator(".breakdown table.result tbody tr")
    expect(result.nth(0).locator("td")).to_have_text(["30", "27", "21", "78 / 78"])
    expect(result.nth(1).locator("td")).to_have_text(["+4", "+1", "-5", ""])
    page.get_by_role("button", name="Save deal", exact=True).click()
    expect(page).to_have_url(at(protocol_url(session)))
    expect_row(page, 1, "Anna", first.points, first.scores)

    # Deal 2, Bruno deals: a quick count, tapped on a phone.
    second_deal = random_deal(SCARTO, 7, 1)
    second = audit_piles(SCARTO, 1, second_deal.piles, second_deal.scarto)
    assert second.ok, second.problems
    phone = phone_page
    phone.goto(protocol_url(session))
    phone.get_by_role("link", name="Quick count", exact=True).tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Deal 2 · Quick count")
    expect(phone.locator(".meta")).to_contain_text("Dealer: Bruno")
    enter_quick_count(phone, second_deal)
    phone.screenshot(path=screenshot_dir / "quick-count-filled-phone.png", full_page=True)
    phone.get_by_role("button", name="Save deal", exact=True).tap()
    expect(phone).to_have_url(at(protocol_url(session)))
    expect_row(phone, 2, "Bruno", second.points, second.scores)

    # Deal 3, Nicolò deals: every card picked into its pile on the desktop.
    third_deal = random_deal(SCARTO, 11, 2)
    third = audit_piles(SCARTO, 2, third_deal.piles, third_deal.scarto)
    assert third.ok, third.problems
    page.goto(protocol_url(session))
    page.get_by_role("link", name="Full piles", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Deal 3 · Full piles")
    pick_full_piles(page, third_deal)
    page.screenshot(path=screenshot_dir / "full-piles-filled-desktop.png", full_page=True)
    page.get_by_role("button", name="Save deal", exact=True).click()
    expect(page).to_have_url(at(protocol_url(session)))
    expect_row(page, 3, "Nicolò", third.points, third.scores)

    # Three deals make a game: the lowest total pays a drink, Anna deals again.
    expect_settlement(page, [first.scores, second.scores, third.scores])
    expect(page.locator(".next")).to_contain_text("Next dealer: Anna")

    # Correct deal 1 from its own page; the totals recompute and the history keeps both.
    corrected = audit_totals(SCARTO, [31, 26, 21])
    page.locator("#deal-1 th").get_by_role("link").click()
    expect(page).to_have_url(at(f"{protocol_url(session)}/deals/1"))
    page.get_by_role("link", name="Correct this deal").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct deal 1 · Totals")
    expect(page.locator("#points_0")).to_have_value("30")
    expect(page.locator("#points_2")).to_have_value("21")
    page.fill("#points_0", "31")
    page.fill("#points_1", "26")
    page.fill("#points_2", "21")
    page.get_by_role("button", name="Save deal", exact=True).click()
    expect(page).to_have_url(at(protocol_url(session)))
    scores = [corrected.scores, second.scores, third.scores]
    expect_row(page, 1, "Anna", corrected.points, corrected.scores)
    expect(page.locator("#deal-1 .tag")).to_have_text("corrected")
    expect(page.locator("#deal-2 .tag")).to_have_count(0)
    for number in (1, 2, 3):
        totals = [sum(deal[side] for deal in scores[:number]) for side in range(3)]
        totals_shown = page.locator(f"#deal-{number} td:nth-child(2n+4)")  # each side's total
        expect(totals_shown).to_have_text([str(t) for t in totals])
    expect_settlement(page, scores)
    page.locator("#deal-1 th").get_by_role("link").click()
    history = page.locator("ol.history li")
    expect(history).to_have_count(2)
    expect(history.nth(0)).to_contain_text("recorded")
    expect(history.nth(1)).to_contain_text("corrected")
    before, after = " / ".join(map(str, first.scores)), " / ".join(map(str, corrected.scores))
    expect(history.nth(1)).to_contain_text(f"{before} → {after}")

    # Totals that cannot be right are refused and nothing is recorded.
    page.goto(protocol_url(session))
    page.get_by_role("link", name="Totals", exact=True).click()
    for seat in range(3):
        page.fill(f"#points_{seat}", "30")
    page.get_by_role("button", name="Save deal", exact=True).click()
    expect(page.get_by_text("the points add up to 90, not 78").first).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text("Deal 4 · Totals")
    page.goto(protocol_url(session))
    expect(page.locator("table.protocol tr[id^=deal-]")).to_have_count(3)

    # The pages a person should look at, on both screens, with the finished game behind them.
    views = {"protocol": "", "quick-count": "/deals/new/quick", "full-piles": "/deals/new/piles"}
    for name, viewer in (("phone", phone), ("desktop", page)):
        for shot, path in views.items():
            viewer.goto(protocol_url(session) + path)
            if shot == "full-piles":
                expect(viewer.locator(".picker .left")).to_have_text("78 cards left")
            viewer.screenshot(path=screenshot_dir / f"{shot}-{name}.png", full_page=True)


def test_the_language_switch_keeps_the_page(desktop_page: Page) -> None:
    page = desktop_page
    session = start_session(page, ("Carla", "Dario", "Elsa"), first_dealer="1")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("link", name="IT", exact=True).click()
    expect(page).to_have_url(at(protocol_url(session)))
    expect(page.locator("html")).to_have_attribute("lang", "it")
    italian = italian_for("Protocol")
    if italian is not None:  # only once the catalogue is compiled (make translations, .mo)
        assert italian != "Protocol"
        expect(page.get_by_role("heading", level=1)).to_have_text(italian)
    page.get_by_role("link", name="EN", exact=True).click()
    expect(page).to_have_url(at(protocol_url(session)))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", level=1)).to_have_text("Protocol")


# --- steps -----------------------------------------------------------------------------------


def start_session(page: Page, players: tuple[str, ...], first_dealer: str) -> int:
    """From the home page: New session, Scarto, the players, the first dealer; the protocol."""
    page.goto("/")
    page.get_by_role("link", name="New session", exact=True).click()
    page.select_option("#ruleset", "scarto")
    for seat, name in enumerate(players):
        page.fill(f"#player_{seat}", name)
    page.select_option("#first_dealer", first_dealer)
    page.get_by_role("button", name="Start the session").click()
    expect(page.locator(".next, .confirm-new").first).to_be_visible()
    if page.locator(".confirm-new").count():  # names not on the club's list: it asks first
        page.get_by_role("button", name="Yes, add them").click()
    expect(page).to_have_url(re.compile(r"/sessions/\d+$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Protocol")
    expect(page.locator(".next")).to_contain_text(f"Next dealer: {players[int(first_dealer)]}")
    return int(page.url.rsplit("/", 1)[1])


def enter_quick_count(page: Page, deal: PlayedDeal) -> None:
    """Tap every counter's chip, then the tricks, the Fool's trick and the scarto."""
    ruleset = deal.ruleset
    places: dict[str, str] = {
        card.code: str(seat)
        for seat, pile in enumerate(deal.piles)
        for card in pile
        if ruleset.is_counter(card)
    }
    places |= {card.code: "scarto" for card in deal.scarto if ruleset.is_counter(card)}
    chips = page.locator(".counters .counter")
    expect(chips).to_have_count(len([c for c in ruleset.cards if ruleset.is_counter(c)]))
    assert len(places) == chips.count()
    for code, place in places.items():
        radio = page.locator(f'input[name="card_{code}"][value="{place}"]')
        radio.locator("xpath=ancestor::label[1]").tap()  # the chip: a label round a hidden radio
        expect(radio).to_be_checked()
    for seat, won in enumerate(deal.tricks_won):
        page.fill(f"#tricks_{seat}", str(won))
    # Scarto never asks who won the Fool's trick: whoever won it, the points are the same.
    expect(page.locator("#fool_trick_winner")).to_have_count(0)
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))


def pick_full_piles(page: Page, deal: PlayedDeal) -> None:
    """Choose each pile's chip, tap its cards; the counter of cards left reaches 0."""
    left = page.locator(".picker .left")
    expect(page.locator(".picker")).to_be_visible()
    expect(left).to_have_text(f"{len(deal.ruleset.cards)} cards left")
    piles = {str(seat): pile for seat, pile in enumerate(deal.piles)} | {"scarto": deal.scarto}
    remaining = len(deal.ruleset.cards)
    for target, cards in piles.items():
        chip = page.locator(f'.picker-targets button[data-pick="{target}"]')
        chip.click()
        expect(chip).to_have_attribute("aria-pressed", "true")
        for card in cards:
            page.locator(f'button.pick[data-code="{card.code}"]').click()
        remaining -= len(cards)
        expect(left).to_have_text(f"{remaining} cards left")
        field = "#scarto" if target == "scarto" else f"#pile_{target}"
        expect(page.locator(field)).to_have_value(" ".join(card.code for card in cards))
    expect(left).to_have_text("0 cards left")
    expect(page.locator("button.pick:not(.used)")).to_have_count(0)


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


def expect_settlement(page: Page, scores: list[tuple[int, ...]]) -> None:
    """The finished game names the lowest total as paying a drink to the two others."""
    totals = [sum(deal[side] for deal in scores) for side in range(len(PLAYERS))]
    lowest = min(totals)
    assert totals.count(lowest) == 1, totals  # the deals are chosen so that nobody ties
    payer = PLAYERS[totals.index(lowest)]
    others = [name for name, total in zip(PLAYERS, totals, strict=True) if total != lowest]
    settlement = page.locator("tr.settlement")
    expect(settlement).to_have_count(1)
    expect(settlement.locator("strong")).to_have_text(
        f"{payer} pays a drink to {others[0]} and {others[1]}"
    )
    expect(page.locator("tr.game-end td.num")).to_have_text([str(t) for t in totals])


def protocol_url(session: int) -> str:
    return f"/sessions/{session}"


def at(path: str) -> re.Pattern[str]:
    """A page's URL by its path, whatever the server's port; a protocol reached by saving a
    deal may carry which deal was saved (?saved=<id>) and that deal's row (#deal-<n>)."""
    return re.compile(rf"^http://127\.0\.0\.1:\d+{re.escape(path)}(\?saved=\d+)?(#deal-\d+)?$")


def italian_for(message: str) -> str | None:
    """The compiled Italian catalogue's translation of a message, if there is one."""
    compiled = TRANSLATIONS / "it" / "LC_MESSAGES" / "messages.mo"
    if not compiled.exists():
        return None
    from babel.support import Translations

    with compiled.open("rb") as handle:
        translated = Translations(handle).gettext(message)
    return translated if translated != message else None
