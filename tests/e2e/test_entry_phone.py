"""The entry forms on a 360 px phone, in a real browser: what the keeper sees before saving,
Enter and focus, the card picker, and that every form fits the screen and the thumb.

Sessions are made through the JSON API; everything after goes through the pages. Expected
points come from the rules core, never from the page itself. Screenshots go to
$SCREENSHOT_DIR (else the test's tmp_path) for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.play import gather_piles
from tests.e2e.conftest import TIMEOUT_MS

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

Page = Any
PHONE_360 = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
LONG = ["Massimiliano", "Margherita", "Giovanni"]
TEAMS = ["Massimiliano", "Margherita", "Giovanni", "Bartolomeo"]
SCARTO = find_ruleset("scarto")


@pytest.fixture
def phone(narrow_phone_page: Any) -> Any:
    """A 360 px touch page: the narrowest phone the forms are made for."""
    return narrow_phone_page


def new_session(page: Page, players: list[str], ruleset: str = "scarto") -> int:
    body = {"ruleset": ruleset, "players": players, "first_dealer": 0}
    response = page.request.post("/api/v1/sessions", data=body)
    assert response.status == 201, response.text()
    session_id: int = response.json()["id"]
    return session_id


def protocol(session: int) -> re.Pattern[str]:
    """The protocol's address, with or without the deal just saved in it."""
    return re.compile(rf"/sessions/{session}(?:[?#].*)?$")


def stored_points(page: Page, session: int) -> list[list[int]]:
    deals = page.request.get(f"/api/v1/sessions/{session}").json()["deals"]
    return [deal["points"] for deal in deals]


# Totals: what is filled in, and a sum that does not add up, before saving


def test_totals_show_the_value_filled_in_and_a_wrong_sum_live(
    phone: Page, screenshot_dir: Path
) -> None:
    page = phone
    session = new_session(page, LONG)
    page.goto(f"/sessions/{session}/deals/new/totals")
    summary = page.locator(".totals ~ .summary")
    expect(page.locator("#points_0")).to_be_focused()
    page.keyboard.type("30")
    page.keyboard.press("Tab")  # to the next score: the sign buttons are for a thumb
    page.keyboard.type("27")
    expect(page.locator("#points_2")).to_have_attribute("placeholder", "21")
    expect(summary).to_have_text(
        "Read as points: 30 + 27 + 21 = 78. Giovanni: 21, worked out from the others."
    )
    # The typo, "2" for "21": both readings fit, so the form asks which.
    page.fill("#points_0", "2")
    page.fill("#points_1", "16")
    expect(summary).to_contain_text("Points or scores?")
    expect(page.locator("fieldset.reading")).to_be_visible()
    page.screenshot(path=screenshot_dir / "entry-totals-ambiguous-360.png", full_page=True)
    # Three numbers that add up to neither 78 nor 0 are named at once.
    page.fill("#points_0", "30")
    page.fill("#points_1", "27")
    page.fill("#points_2", "20")
    expect(summary).to_have_text("These add up to 77: points add up to 78, scores to 0.")
    expect(summary).to_have_class(re.compile(r"\bbad\b"))
    expect(page.locator("fieldset.reading")).to_be_hidden()
    # Scores as the protocol writes them, the sign tapped for the phone's number pad.
    page.fill("#points_0", "5")
    page.get_by_role("button", name="Change the sign of Massimiliano's number").tap()
    expect(page.locator("#points_0")).to_have_value("-5")
    page.fill("#points_1", "4")
    page.fill("#points_2", "")
    expect(page.locator("#points_2")).to_have_attribute("placeholder", "+1")
    expect(summary).to_have_text(
        "Read as scores (points − 26): -5 +4 +1 = 0, points 21, 30, 27. "
        "Giovanni: +1, worked out from the others."
    )
    page.screenshot(path=screenshot_dir / "entry-totals-scores-360.png", full_page=True)
    page.locator("#points_1").press("Enter")  # Enter saves
    expect(page).to_have_url(protocol(session))
    assert stored_points(page, session) == [[21, 30, 27]]


# Every form: the first field focused, Enter saves


def test_enter_saves_the_quick_count_and_the_full_piles(phone: Page) -> None:
    page = phone
    session = new_session(page, LONG)
    deal = random_deal(SCARTO, 7, 0)
    expected = list(audit_piles(SCARTO, 0, deal.piles, deal.scarto).points)
    page.goto(f"/sessions/{session}/deals/new/quick")
    first = page.locator('input[name="card_JS"]').first
    expect(first).to_be_focused()
    for seat, pile in enumerate(deal.piles):
        for card in pile:
            if SCARTO.is_counter(card):
                chip = page.locator(f'input[name="card_{card.code}"][value="{seat}"]')
                chip.locator("xpath=ancestor::label[1]").tap()
    for card in deal.scarto:
        if SCARTO.is_counter(card):
            page.locator(f'input[name="card_{card.code}"][value="scarto"]').locator(
                "xpath=ancestor::label[1]"
            ).tap()
    page.fill("#tricks_0", str(deal.tricks_won[0]))
    page.fill("#tricks_1", str(deal.tricks_won[1]))
    # The last one is worked out, and shown, before saving.
    expect(page.locator("#tricks_2")).to_have_attribute("placeholder", str(deal.tricks_won[2]))
    expect(page.locator("fieldset.tricks .summary")).to_contain_text(
        f"Giovanni: {deal.tricks_won[2]}, worked out from the 25 tricks of a deal."
    )
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))
    page.locator("#scarto").press("Enter")
    expect(page).to_have_url(protocol(session))

    second = random_deal(SCARTO, 11, 1)
    page.goto(f"/sessions/{session}/deals/new/piles")
    expect(page.locator("#scarto")).to_be_focused()  # the scarto first, as the picker fills it
    for seat, pile in enumerate(second.piles):
        page.fill(f"#pile_{seat}", " ".join(card.code for card in pile))
    page.fill("#scarto", " ".join(card.code for card in second.scarto))
    page.locator("#pile_1").press("Enter")  # codes are separated by spaces: Enter saves
    expect(page).to_have_url(protocol(session))
    points = [expected, list(audit_piles(SCARTO, 1, second.piles, second.scarto).points)]
    assert stored_points(page, session) == points


def test_the_rest_to_a_player_gives_him_every_counter_not_yet_placed(phone: Page) -> None:
    page = phone
    players = ["Anna", "Bruno", "Carla"]
    session = new_session(page, players)
    deal = random_deal(SCARTO, 7, 0)
    expected = list(audit_piles(SCARTO, 0, deal.piles, deal.scarto).points)
    places: dict[str, str] = {
        card.code: str(seat)
        for seat, pile in enumerate(deal.piles)
        for card in pile
        if SCARTO.is_counter(card)
    }
    places |= {card.code: "scarto" for card in deal.scarto if SCARTO.is_counter(card)}
    brunos = [code for code, place in places.items() if place == "1"]
    assert brunos  # the deal gives Bruno some counters, and the others some
    assert len(brunos) < len(places)
    page.goto(f"/sessions/{session}/deals/new/quick")
    rest = page.get_by_role("button", name="The rest to Bruno", exact=True)
    expect(rest).to_be_visible()
    expect(page.locator(".quick-rest button")).to_have_text(
        [f"The rest to {name}" for name in players]
    )
    chip = 'input[name="card_{}"][value="{}"]'
    for code, place in places.items():
        if place != "1":
            page.locator(chip.format(code, place)).locator("xpath=ancestor::label[1]").tap()
    rest.tap()
    for code, place in places.items():
        expect(page.locator(chip.format(code, place))).to_be_checked()
    expect(page.locator(".counter input:checked")).to_have_count(len(places))
    # A counter already placed keeps its place: the rest to Anna changes nothing now.
    page.get_by_role("button", name="The rest to Anna", exact=True).tap()
    for code in brunos:
        expect(page.locator(chip.format(code, "1"))).to_be_checked()
    page.fill("#tricks_0", str(deal.tricks_won[0]))
    page.fill("#tricks_1", str(deal.tricks_won[1]))
    expect(page.locator("#tricks_2")).to_have_attribute("placeholder", str(deal.tricks_won[2]))
    for name, seat in [
        ("fool_trick_winner", deal.fool_trick_winner),
        ("last_trick_winner", deal.last_trick_winner),
    ]:
        select = page.locator(f'select[name="{name}"]')
        if seat is not None and select.count() and select.is_visible():
            select.select_option(str(seat))
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))
    page.get_by_role("button", name=re.compile("^Save")).first.tap()
    expect(page).to_have_url(protocol(session))
    assert stored_points(page, session) == [expected]


def test_the_rest_to_buttons_are_hidden_without_javascript(
    chromium_browser: Any, live_server: str
) -> None:
    context = chromium_browser.new_context(
        base_url=live_server, locale="en-GB", java_script_enabled=False, **PHONE_360
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        session = new_session(page, ["Anna", "Bruno", "Carla"])
        page.goto(f"/sessions/{session}/deals/new/quick")
        expect(page.locator(".quick-rest")).to_have_count(1)
        expect(page.locator(".quick-rest")).to_be_hidden()
    finally:
        context.close()


def test_the_play_and_the_scarto_check_open_at_the_scarto_and_enter_sends_them(
    phone: Page,
) -> None:
    page = phone
    session = new_session(page, LONG)
    deal = random_deal(SCARTO, 40, 0)
    page.goto(f"/sessions/{session}/deals/new/play")
    expect(page.locator("#scarto")).to_be_focused()
    page.fill("#tricks", "\n".join(" ".join(c.code for c in t.cards) for t in deal.tricks))
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))
    page.locator("#scarto").press("Enter")
    expect(page).to_have_url(protocol(session))
    page.goto(f"/sessions/{session}/scarto")
    expect(page.locator("#scarto")).to_be_focused()
    page.keyboard.type("KS 2S T1")
    page.keyboard.press("Enter")
    expect(page.locator(".verdict h2")).to_have_text("Illegal: K♠ 2♠ T1")


# Full piles: the picker beside its piles, a suit a row, "the rest to"


def test_the_picker_gives_the_rest_to_the_last_pile_and_starts_each_suit_on_a_row(
    phone: Page, screenshot_dir: Path
) -> None:
    page = phone
    session = new_session(page, LONG)
    deal = random_deal(SCARTO, 11, 0)
    page.goto(f"/sessions/{session}/deals/new/piles")
    picker = page.locator(".picker")
    expect(picker).to_be_visible()
    # The picker follows the piles it fills, within the first screen.
    assert picker.bounding_box()["y"] < 780
    rows = page.locator(".picker .suit-row")
    expect(rows).to_have_count(5)
    deck_left = page.locator(".picker .deck").bounding_box()["x"]
    for index, suit in enumerate(["spades", "batons", "cups", "coins", "trumps"]):
        cards = rows.nth(index).locator("button.pick")
        expect(cards).to_have_count(22 if suit == "trumps" else 14)
        assert cards.evaluate_all(f"(bs) => bs.every((b) => b.classList.contains('{suit}'))"), suit
        # Each suit starts a row of its own, at the left of the grid, in deck order.
        first = cards.first
        expect(first).to_have_attribute(
            "data-code",
            {"spades": "1S", "batons": "1B", "cups": "1C", "coins": "1D", "trumps": "F"}[suit],
        )
        assert abs(first.bounding_box()["x"] - deck_left) < 1
    left = page.locator(".picker .left")
    targets = {"0": deal.piles[0], "1": deal.piles[1], "scarto": deal.scarto}
    for target, cards in targets.items():
        page.locator(f'.picker-targets [data-pick="{target}"]').tap()
        for card in cards:
            page.locator(f'.picker button.pick[data-code="{card.code}"]').tap()
    rest = page.locator(".picker button.rest")
    page.locator('.picker-targets [data-pick="2"]').tap()
    expect(rest).to_have_text("The rest to Giovanni")
    expect(left).to_have_text(f"{len(deal.piles[2])} cards left")
    page.screenshot(path=screenshot_dir / "entry-piles-before-the-rest-360.png", full_page=True)
    rest.tap()
    expect(left).to_have_text("0 cards left")
    given = set(page.locator("#pile_2").input_value().split())
    assert given == {card.code for card in deal.piles[2]}
    expect(page.locator('.picker-targets [data-pick="2"] .n')).to_have_text(str(len(deal.piles[2])))
    page.get_by_role("button", name="Save deal", exact=True).tap()
    expect(page).to_have_url(protocol(session))
    assert stored_points(page, session) == [
        list(audit_piles(SCARTO, 0, deal.piles, deal.scarto).points)
    ]


def test_the_picker_works_with_the_keyboard(phone: Page) -> None:
    page = phone
    session = new_session(page, LONG)
    page.goto(f"/sessions/{session}/deals/new/piles")
    first = page.locator('.picker button.pick[data-code="1S"]')
    first.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator('.picker button.pick[data-code="2S"]')).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.locator('.picker button.pick[data-code="9S"]')).to_be_focused()
    page.keyboard.press("Enter")
    # An empty scarto is filled first; with its three cards the picker moves on to the first pile.
    expect(page.locator("#scarto")).to_have_value("9S")
    codes = ["9S"]
    for _ in range(3):
        page.keyboard.press("ArrowRight")
        codes.append(page.evaluate("document.activeElement.dataset.code"))
        page.keyboard.press("Enter")
    expect(page.locator("#scarto")).to_have_value(" ".join(codes[:3]))
    expect(page.locator("#pile_0")).to_have_value(codes[3])
    # One stop for Tab in the grid: from it, Tab leaves the grid.
    assert page.locator(".picker button.pick[tabindex='0']").count() == 1


# Trick by trick: the scarto first, played cards keep their place


def test_the_play_starts_with_the_scarto_and_played_cards_keep_their_place(phone: Page) -> None:
    page = phone
    session = new_session(page, LONG)
    deal = random_deal(SCARTO, 40, 0)
    page.goto(f"/sessions/{session}/deals/new/play")
    toggle = page.locator(".play-picker .to-scarto")
    grid = page.locator(".play-picker .deck")
    # The scarto's toggle comes before the grid, and the picker starts with it.
    assert toggle.bounding_box()["y"] < grid.bounding_box()["y"]
    expect(toggle).to_have_attribute("aria-pressed", "true")
    for card in deal.scarto:
        page.locator(f'.play-picker button.pick[data-code="{card.code}"]').tap()
    expect(page.locator("#scarto")).to_have_value(" ".join(card.code for card in deal.scarto))
    expect(toggle).to_have_attribute("aria-pressed", "false")  # on to the first trick
    where = grid.evaluate(
        "(g) => [...g.querySelectorAll('button.pick')].map((b) => [b.offsetLeft, b.offsetTop])"
    )
    for card in deal.tricks[0].cards:
        page.locator(f'.play-picker button.pick[data-code="{card.code}"]').tap()
    expect(page.locator("#tricks")).to_have_value(" ".join(c.code for c in deal.tricks[0].cards))
    expect(page.locator(".play-picker button.pick.used")).to_have_count(6)
    after = grid.evaluate(
        "(g) => [...g.querySelectorAll('button.pick')].map((b) => [b.offsetLeft, b.offsetTop])"
    )
    assert after == where  # nothing moved under the thumb
    # A played card tapped again does nothing.
    played = page.locator(f'.play-picker button.pick[data-code="{deal.tricks[0].cards[0].code}"]')
    played.tap(force=True)  # marked aria-disabled: Playwright would not tap it otherwise
    expect(page.locator("#tricks")).to_have_value(" ".join(c.code for c in deal.tricks[0].cards))


# The quick count per team, and its Fool's trick asked when it matters


def test_piedicavallo_asks_per_team_and_the_fools_trick_once_the_fool_is_placed(
    phone: Page, screenshot_dir: Path
) -> None:
    page = phone
    session = new_session(page, TEAMS, "piedicavallo")
    page.goto(f"/sessions/{session}/deals/new/quick")
    expect(page.locator("fieldset.tricks input")).to_have_count(2)
    fool_trick = page.locator("#fool_trick_winner")
    expect(fool_trick).to_be_hidden()
    page.locator('input[name="card_F"][value="1"]').locator("xpath=ancestor::label[1]").tap()
    expect(fool_trick).to_be_visible()
    expect(fool_trick.locator("option")).to_have_text(
        ["—", "Massimiliano & Giovanni", "Margherita & Bartolomeo"]
    )
    page.fill("#tricks_0", "9")
    expect(page.locator("#tricks_1")).to_have_attribute("placeholder", "6")
    page.screenshot(path=screenshot_dir / "entry-quick-teams-360.png", full_page=True)
    page.locator('input[name="card_F"][value="scarto"]').locator("xpath=ancestor::label[1]").tap()
    expect(fool_trick).to_be_hidden()
    expect(fool_trick).to_be_disabled()  # not sent: it would claim the trick of no Fool


# Every form fits 360 px and the thumb


MEASURE = """() => {
  const problems = [];
  const width = window.innerWidth;
  const scrolled = document.documentElement.scrollWidth;
  if (scrolled > width) problems.push(`the page is ${scrolled} px wide in ${width}`);
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false;
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.visibility === "hidden" || style.display === "none") return false;
    }
    return true;
  };
  const describe = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} ` +
    `"${(el.textContent || el.value || el.name || "").trim().slice(0, 30)}"`;
  const boxes = [];
  const main = document.querySelector("main");
  for (const el of main.querySelectorAll("a[href], button, select, summary, label, input")) {
    if (el.tagName === "INPUT" && (el.type === "hidden" || el.closest("label"))) continue;
    if (el.tagName === "LABEL" && !el.querySelector("input")) continue;
    if (!shown(el)) continue;
    let box = el.getBoundingClientRect();
    const label = el.id && document.querySelector(`label[for="${el.id}"]`);
    if (el.type === "checkbox" && label) {  // a box and its sentence are one target
      const b = label.getBoundingClientRect();
      const left = Math.min(box.left, b.left), top = Math.min(box.top, b.top);
      const right = Math.max(box.right, b.right), bottom = Math.max(box.bottom, b.bottom);
      box = { left, top, right, bottom, width: right - left, height: bottom - top };
    }
    if (box.right > width + 0.5) problems.push(`${describe(el)} ends at ${Math.round(box.right)}`);
    if (box.width < 43.5 || box.height < 43.5) {
      problems.push(`${describe(el)} is ${Math.round(box.width)} x ${Math.round(box.height)}`);
    }
    boxes.push([el, box]);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, p] = boxes[i], [b, q] = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 0 && y > 0) problems.push(`${describe(a)} and ${describe(b)} overlap`);
    }
  }
  return problems;
}"""
FORMS = {
    "totals": "deals/new/totals",
    "quick": "deals/new/quick",
    "piles": "deals/new/piles",
    "play": "deals/new/play",
    "import": "deals/import",
    "scarto": "scarto",
}


TABLES = {
    "scarto": LONG,
    "piedicavallo": TEAMS,
    "tarocchi-a-3": ["Bartolomeo", "Mariangela", "Gianfranco"],  # it asks the most
}


@pytest.mark.parametrize("ruleset", TABLES)
@pytest.mark.parametrize("form", FORMS)
def test_every_entry_form_fits_360_px_and_every_target_a_thumb(
    phone: Page, screenshot_dir: Path, form: str, ruleset: str
) -> None:
    page = phone
    players = TABLES[ruleset]
    session = new_session(page, players, ruleset)
    page.goto(f"/sessions/{session}/{FORMS[form]}")
    page.wait_for_load_state("load")
    if form == "totals" and ruleset == "scarto":
        page.fill("#points_0", "2")  # show the question of points or scores, and the summary
        page.fill("#points_1", "16")
        expect(page.locator("fieldset.reading")).to_be_visible()
    if form == "quick" and len(players) == 4:  # show the Fool's trick's question
        page.locator('input[name="card_F"][value="0"]').locator("xpath=ancestor::label[1]").tap()
        expect(page.locator("#fool_trick_winner")).to_be_visible()
    # "Dealt by another player?" and "How cards are typed" open, their contents shown.
    for summary in page.locator("summary").all():
        summary.click()
    name = f"entry-{form}-{ruleset}-360.png"
    page.screenshot(path=screenshot_dir / name, full_page=True)
    problems = page.evaluate(MEASURE)
    assert not problems, f"{form} in {ruleset} at 360 px:\n  " + "\n  ".join(problems)


# Tarocchi a 3: the Matto kept to the last trick and led there


def test_a_matto_led_at_the_last_trick_is_asked_and_goes_to_the_trick_winner(
    phone: Page, screenshot_dir: Path
) -> None:
    # The Italian page: "se lo si conserva fino all'ultima mano e si deve uscire, andrà al
    # giocatore che si aggiudicherà l'ultima mano". Seed 38, Bruno dealing: Bruno leads the last
    # trick with the Matto, Carla wins it (tests/rules/test_seed_matto.py): 10, 30, 38.
    page = phone
    ruleset = find_ruleset("tarocchi-a-3")
    deal = random_deal(ruleset, 38, 1)
    body = {"ruleset": ruleset.id, "players": LONG, "first_dealer": 1}
    session = page.request.post("/api/v1/sessions", data=body).json()["id"]
    page.goto(f"/sessions/{session}/deals/new/quick")
    led = page.locator("fieldset.choice")
    expect(led.locator("legend")).to_have_text("Was the Matto led?")
    expect(led.locator('input[value="no"]')).to_be_checked()
    piles = gather_piles(deal.tricks, ruleset, as_played=True)
    for seat, pile in enumerate(piles):
        for card in pile:
            if ruleset.is_counter(card):
                radio = page.locator(f'input[name="card_{card.code}"][value="{seat}"]')
                radio.locator("xpath=ancestor::label[1]").tap()
    for card in deal.scarto:
        if ruleset.is_counter(card):
            radio = page.locator(f'input[name="card_{card.code}"][value="scarto"]')
            radio.locator("xpath=ancestor::label[1]").tap()
    page.fill("#tricks_0", str(deal.tricks_won[0]))
    page.fill("#tricks_1", str(deal.tricks_won[1]))
    page.fill("#scarto", " ".join(card.code for card in deal.scarto))
    fool_trick = page.locator("#fool_trick_winner")
    expect(fool_trick).to_be_hidden()
    led.locator('input[value="last-trick"]').locator("xpath=ancestor::label[1]").tap()
    expect(fool_trick).to_be_visible()  # the Matto goes to whoever won that trick: asked
    fool_trick.select_option("2")
    page.screenshot(path=screenshot_dir / "entry-quick-matto-led-360.png", full_page=True)
    page.locator("#save").tap()
    expect(page).to_have_url(protocol(session))
    assert stored_points(page, session) == [[10, 30, 38]]
