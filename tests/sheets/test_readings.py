"""The reference card marks each preset value that reads a silent or unclear source, so that a
club knows what to set as a house rule (rules/readings.py, the README's "Readings")."""

from __future__ import annotations

from scorekeeper.rules import find_ruleset
from scorekeeper.sheets.content import reference_card

SILENT = "Where the source is silent"


def section(app, ruleset, language="en"):
    """The reference card's sections by title, in ``language``."""
    with app.test_request_context(headers={"Accept-Language": language}):
        return {s.title: s.lines for s in reference_card(ruleset)}


def test_tarocchi_a_3_marks_what_its_page_leaves_open(app):
    # The Italian page (004_*.txt) says nothing of the Matto's count, of what is recorded, of
    # who pays, names no penalty for a Matto led by choice, and leaves the game's length to the
    # table: "la partita può finire dopo 3, 6 o 9 mani o quando si raggiungono i 100 punti".
    lines = section(app, find_ruleset("tarocchi-a-3"))[SILENT]
    assert len(lines) == 5
    assert "The page does not say who pays: here the highest total wins." in lines
    assert any("Matto led by choice" in line for line in lines)


def test_piedicavallo_marks_its_can_trump(app):
    # The Piedicavallo page (003_*.txt): "If they don't have a card of the leading suit, they
    # can play a trump card."
    lines = section(app, find_ruleset("piedicavallo"))[SILENT]
    assert lines[0].startswith('The source says a player void in the suit led "can" play a trump')


def test_a_house_rule_on_a_read_option_is_the_tables_own_choice(app):
    ruleset = find_ruleset("tarocchi-a-3", {"recording": "difference", "game_length": "6-deals"})
    lines = section(app, ruleset)[SILENT]
    assert len(lines) == 3
    assert not any("protocol records" in line or "length of a game" in line for line in lines)


def test_the_readings_are_on_the_card_in_the_readers_language(app):
    card = section(app, find_ruleset("scarto"), "it")
    assert "Dove la fonte tace" in card
