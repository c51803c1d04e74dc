"""The keeper's fingers for bench/taps.py: each entry mode scripted as taps and keystrokes.

Each mode opens its form from the protocol page, enters the deal the shortest way the page offers
and taps Save; controls are found by role, label and text, as a keeper finds them (a card button
by its code, the form's contract with picker.js and play.js). Every tap and keystroke goes
through Hands, which counts and names them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import PlayedDeal

PLAYERS = ["Anna", "Bruno", "Nicolò"]
SCARTO = find_ruleset("scarto")


class Hands:
    """The keeper's fingers: every tap and keystroke goes through here, counted and named."""

    def __init__(self, page: Any) -> None:
        self.page, self.taps, self.keystrokes = page, 0, 0
        self.actions: Counter[str] = Counter()

    def tap(self, target: Any, what: str) -> None:
        target.tap()
        self.taps += 1
        self.actions[f"tap {what}"] += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keystrokes += len(text)
        self.actions["key digit or letter"] += len(text)

    def choose(self, select: Any, value: str, what: str) -> None:
        """A drop-down on a phone: a tap opens the list, a tap chooses."""
        select.select_option(value)
        self.taps += 2
        self.actions[f"tap {what} (open, choose)"] += 2

    def focus_field(self, field: Any, what: str) -> None:
        """Into a text field: a tap, unless the page put the cursor there already."""
        if not _focused(field):
            self.tap(field, what)

    def next_field(self, field: Any, what: str) -> None:
        """On to the field after this one: the phone keyboard's "next" key, which goes to the
        next field one types in (buttons and links between are skipped); else a tap."""
        if field.evaluate(NEXT_FIELD):
            self.keystrokes += 1
            self.actions["key next"] += 1
        else:
            self.tap(field, what)


def _focused(field: Any) -> bool:
    return bool(field.evaluate("el => el === document.activeElement"))


# Whether the field is the one after the focused one in its form, among those that take text or
# a choice; if so it takes the focus, as the keyboard's "next" key would give it.
NEXT_FIELD = """field => {
  const editable = (el) => !el.disabled && el.offsetParent !== null &&
    (el.tagName === "TEXTAREA" || el.tagName === "SELECT" ||
     (el.tagName === "INPUT" && !["hidden", "submit", "button", "radio", "checkbox", "reset"]
       .includes(el.type)));
  const active = document.activeElement;
  if (!active || !active.form) return false;
  const fields = Array.from(active.form.elements).filter(editable);
  const next = fields[fields.indexOf(active) + 1];
  if (next !== field) return false;
  field.focus();
  return true;
}"""


Verdict = tuple[str, bool]
"""A mode's target, as words, and whether the run met it."""


# The four modes: each opens its form from the protocol, fills in the deal and taps Save.


def totals(hands: Hands, page: Any, deal: PlayedDeal, points: list[int]) -> Verdict:
    """Two totals typed, the third left for the app; Save."""
    hands.tap(page.get_by_role("link", name="Totals", exact=True), "the mode's button")
    two_numbers(hands, page, points, "total")
    save(hands, page)
    digits = len(f"{points[0]}{points[1]}")
    return f"taps <= 2, keys <= {digits + 1}", hands.taps <= 2 and hands.keystrokes <= digits + 1


def quick(hands: Hands, page: Any, deal: PlayedDeal, points: list[int]) -> Verdict:
    """Each counting card to its winner (or the scarto), but those of the player with the most
    counters, who gets "the rest"; two trick counts, Save."""
    hands.tap(page.get_by_role("link", name="Quick count", exact=True), "the mode's button")
    places = counters(deal)
    page.locator("form.entry-quick").wait_for()  # the new page, then its scripts run
    page.wait_for_load_state("domcontentloaded")
    seats = Counter(place for place in places.values() if isinstance(place, int))
    most = seats.most_common(1)[0][0] if seats else None
    rest = None
    if most is not None:
        rest = page.get_by_role("button", name=f"The rest to {PLAYERS[most]}", exact=True)
    by_rest = rest is not None and rest.count() == 1 and rest.is_visible()
    for code, place in places.items():
        if by_rest and place == most:
            continue  # left for "the rest to"
        group = page.get_by_role("radiogroup").filter(has=page.locator(f'[name="card_{code}"]'))
        name = "scarto" if place == "scarto" else PLAYERS[place]
        choice = group.get_by_role("radio", name=name, exact=True)
        if not choice.is_checked():
            hands.tap(choice.locator("xpath=ancestor::label[1]"), "a counting card's place")
    if by_rest and any(not checked(page, code, most) for code, p in places.items() if p == most):
        hands.tap(rest, '"the rest to"')
    tricks = page.get_by_role("group", name=re.compile("^Tricks won"))
    two_numbers(hands, tricks, list(deal.tricks_won), "trick count")
    answer_asked(hands, page, "fool_trick_winner", deal.fool_trick_winner)
    answer_asked(hands, page, "last_trick_winner", deal.last_trick_winner)
    save(hands, page)
    return "taps <= 20", hands.taps <= 20


def checked(page: Any, code: str, seat: int) -> bool:
    """Whether the counter's chip for the seat is chosen."""
    return bool(page.locator(f'input[name="card_{code}"][value="{seat}"]').is_checked())


def two_numbers(hands: Hands, within: Any, numbers: list[int], what: str) -> None:
    """The first two players' numbers typed; the third's field is left empty for the app."""
    first, second = (within.get_by_label(name, exact=True) for name in PLAYERS[:2])
    hands.focus_field(first, f"the first {what}")
    hands.type(str(numbers[0]))
    hands.next_field(second, f"the second {what}")
    hands.type(str(numbers[1]))


def piles(hands: Hands, page: Any, deal: PlayedDeal, points: list[int]) -> Verdict:
    """The picker: the scarto (unless checked before play, which fills it in), then the two
    smaller piles card by card; the largest left empty, which takes the rest when saved."""
    hands.tap(page.get_by_role("link", name="Full piles", exact=True), "the mode's button")
    targets = page.get_by_role("group", name="Pile to fill")
    cards = page.get_by_role("group", name="Cards")
    scarto = page.get_by_label("Scarto", exact=True)
    typed_scarto = not scarto.input_value().strip()
    if typed_scarto:  # the picker starts on an empty scarto and moves on by itself when full
        pick(hands, targets, "the scarto")
        for card in deal.scarto:
            hands.tap(cards.locator(f'[data-code="{card.code}"]'), "a card of the scarto")
    order = sorted(range(len(PLAYERS)), key=lambda seat: len(deal.piles[seat]))
    # The largest pile last, left empty; the pile the picker is on first.
    current = targets.get_by_role("button", pressed=True).get_attribute("data-name")
    order[:-1] = sorted(order[:-1], key=lambda seat: PLAYERS[seat] != current)
    for seat in order[:-1]:
        pick(hands, targets, PLAYERS[seat])
        for card in deal.piles[seat]:
            hands.tap(cards.locator(f'[data-code="{card.code}"]'), "a card")
    answer_asked(hands, page, "last_trick_winner", deal.last_trick_winner)
    save(hands, page)
    smaller = sum(len(deal.piles[seat]) for seat in order[:-1])
    return f"taps <= {smaller} + 3", hands.taps <= smaller + 3


def play(hands: Hands, page: Any, deal: PlayedDeal, points: list[int]) -> Verdict:
    """The scarto, then every card in order of play; Save."""
    hands.tap(page.get_by_role("link", name=re.compile("^Trick by trick")), "the mode's button")
    cards = page.get_by_role("group", name="Cards")
    played = [*deal.scarto, *(card for trick in deal.tricks for card in trick.cards)]
    for card in played:
        button = cards.locator(f'[data-code="{card.code}"]')
        if button.get_attribute("aria-disabled") != "true":  # not filled in by the app
            hands.tap(button, "a card")
    save(hands, page)
    # One tap a card, besides the tap that opens the form and the one that saves it.
    return f"taps <= {len(played)} + 2", hands.taps <= len(played) + 2


def answer_asked(hands: Hands, page: Any, name: str, seat: int | None) -> None:
    """A question the form asks only for some deals (the Fool's trick, the last trick)."""
    select = page.locator(f'select[name="{name}"]')
    shown = seat is not None and select.count() and select.is_visible()
    if shown and select.input_value() != str(seat):
        hands.choose(select, str(seat), name.replace("_", " "))


def pick(hands: Hands, targets: Any, name: str) -> None:
    """Choose the pile the next cards go to, unless it is the current one."""
    button = targets.get_by_role("button", name=re.compile(f"^(the )?{re.escape(name)}", re.I))
    if button.get_attribute("aria-pressed") != "true":
        hands.tap(button, "the pile to fill")


def save(hands: Hands, page: Any) -> None:
    hands.tap(page.get_by_role("button", name=re.compile("^Save")).first, "Save")


def counters(deal: PlayedDeal) -> dict[str, int | str]:
    """Where each counting card went: a seat's pile or the scarto."""
    places: dict[str, int | str] = {
        card.code: seat
        for seat, pile in enumerate(deal.piles)
        for card in pile
        if SCARTO.is_counter(card)
    }
    return places | {card.code: "scarto" for card in deal.scarto if SCARTO.is_counter(card)}


# The modes whose deal has its scarto checked before play (the form then has it filled in).
CHECKED_FIRST = {"full piles, scarto checked"}

MODES: dict[str, Callable[[Hands, Any, PlayedDeal, list[int]], Verdict]] = {
    "totals": totals,
    "quick count": quick,
    "full piles": piles,
    "trick by trick": play,
    "full piles, scarto checked": piles,
}
