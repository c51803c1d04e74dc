"""The trick-by-trick form's live line in the page's language, in a real browser on a 360 px
phone (issue "The keeper's phone, round 3", B): who plays next, the trick so far with the
language's own card letters (R♣ D♣ and "Matto" in Italian), and the server's sentences.

The language is chosen with the header's switch while the browser asks for English, so that a
line following the browser's Accept-Language rather than the page would show up. The expected
words are the catalogues'; the cards' labels come from the rules core (rules/names.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.names import card_label
from tests.e2e.test_play import FIRST_DEALER
from tests.e2e.test_play import PLAYERS
from tests.e2e.test_play import SCARTO
from tests.e2e.test_play import create_session
from tests.e2e.test_play import pick

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

Page = Any
# Each language's words, from its catalogue: "Next to play: %(name)s", "Scarto", "Trick %(n)s",
# "%(n)s of %(total)s tricks", and the server's refusal of a card it does not know.
LIVE = {
    "it": {
        "next": "Tocca a: {name}",
        "scarto": "Scarto",
        "trick": "Presa {n}",
        "done": "25 prese su 25",
        "unknown": "presa 3: carta sconosciuta 'XX'",
    },
    "de": {
        "next": "Am Zug: {name}",
        "scarto": "Skat",
        "trick": "Stich {n}",
        "done": "25 von 25 Stichen",
        "unknown": "Stich 3: unbekannte Karte 'XX'",
    },
    "sv": {
        "next": "På tur: {name}",
        "scarto": "Undanlagda kort",
        "trick": "Stick {n}",
        "done": "25 av 25 stick",
        "unknown": "stick 3: okänt kort 'XX'",
    },
}
# The English the line used to show, or would show with the browser's language.
ENGLISH = re.compile(r"\b(Next|play|Trick|tricks?|of|unknown|card)\b")
SEED = 52  # its second trick holds the Fool, a King and a Queen (checked below)


@pytest.mark.parametrize("language", LIVE)
def test_the_live_line_speaks_the_page_language_with_its_card_letters(
    phone_page: Page, live_server: str, screenshot_dir: Path, language: str
) -> None:
    page = phone_page
    words = LIVE[language]
    page.set_viewport_size({"width": 360, "height": 800})  # the narrowest phone we serve
    page.goto(f"/lang/{language}?next=/")
    session = create_session(page, live_server)
    deal = random_deal(SCARTO, SEED, FIRST_DEALER)
    trick = deal.tricks[1]
    labels = [card_label(card, language) for card in trick.cards]
    # The trick shows what the codes would get wrong: the Fool by its name, and a court card
    # whose letter is another in this language (Q is D, the Donna or Dame; J is F, B or P).
    assert any(card.is_fool for card in trick.cards)
    assert any(card_label(c, language) != card_label(c) for c in trick.cards if not c.is_fool)

    page.goto(f"/sessions/{session}/deals/new/play")
    expect(page.locator("html")).to_have_attribute("lang", language)
    line = page.locator(".play-picker .next")
    expect(line).to_have_text(words["next"].format(name=PLAYERS[deal.tricks[0].leader]))
    grid_top = "(g) => g.getBoundingClientRect().top + window.scrollY"
    top = page.locator(".play-picker .deck").evaluate(grid_top)

    # The scarto, tapped: its cards as the language shows them, no English on the way.
    leader = words["next"].format(name=PLAYERS[deal.tricks[0].leader])
    laid = []
    for card in deal.scarto[:-1]:
        pick(page, card.code).tap()
        laid.append(card_label(card, language))
        expect(line).to_have_text(f"{words['scarto']}: {' '.join(laid)} · {leader}")
    pick(page, deal.scarto[-1].code).tap()
    expect(line).to_have_text(leader)  # the scarto laid, on to the first trick

    # The first trick typed, the second tapped card by card: the trick so far in the
    # language's letters, and who plays next.
    page.locator("#tricks").fill(" ".join(card.code for card in deal.tricks[0].cards))
    trick_name = words["trick"].format(n=2)
    for index, card in enumerate(trick.cards):
        pick(page, card.code).tap()
        after = trick.seat_of(index + 1) if index + 1 < len(trick.cards) else trick.winner
        so_far = " ".join(labels[: index + 1])
        expect(line).to_have_text(
            f"{trick_name}: {so_far} · " + words["next"].format(name=PLAYERS[after])
        )
        expect(line).not_to_have_text(ENGLISH)
    # The longer line takes the room kept for it: the cards stay under the thumb.
    assert page.locator(".play-picker .deck").evaluate(grid_top) == top
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=screenshot_dir / f"play-{language}-360.png", full_page=True)

    # A typing slip: the server's sentence in the page's language, not the browser's.
    plays = [" ".join(card.code for card in t.cards) for t in deal.tricks]
    page.locator("#tricks").fill("\n".join([*plays[:2], "XX"]))
    expect(line).to_have_text(words["unknown"])

    # The whole play: complete.
    page.locator("#tricks").fill("\n".join(plays))
    expect(line).to_have_text("✓ " + words["done"])
