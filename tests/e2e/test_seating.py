"""The session form redraws the table as the keeper types, in a real browser (static/seats.js)."""

from __future__ import annotations

from typing import Any

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures skip (or fail in CI) and say why
    expect = None

Page = Any


def test_the_table_is_redrawn_as_names_and_the_ruleset_change(phone_page: Page) -> None:
    page = phone_page
    page.goto("/sessions/new")
    figure = page.locator("figure.seating")
    expect(figure.locator("figcaption")).to_contain_text("to the dealer's right")
    for seat, name in enumerate(["Anna", "Bruno", "Carla", "Dario"]):
        page.fill(f"#player_{seat}", name)
    seats = figure.locator("text[data-seat]")
    expect(seats.nth(1)).to_contain_text("Bruno")
    # Scarto: three seats, counter-clockwise, so Bruno (next after Anna) on the right.
    assert float(seats.nth(1).get_attribute("x")) > 50
    expect(seats.nth(3)).to_be_hidden()

    page.select_option("#ruleset", "scarto-sv")
    expect(figure.locator("figcaption")).to_contain_text("to the dealer's left")
    assert float(seats.nth(1).get_attribute("x")) < 50

    page.select_option("#ruleset", "piedicavallo")
    page.select_option("#first_dealer", "3")
    expect(seats.nth(3)).to_be_visible()
    expect(seats.nth(3)).to_contain_text("Dario")
    expect(seats.nth(3)).to_have_class("dealer")
    # Four seats: Carla, Anna's partner, sits across the table from her.
    assert float(seats.nth(2).get_attribute("y")) < 50 < float(seats.nth(0).get_attribute("y"))
