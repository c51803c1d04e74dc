"""The quick count's chips (web/forms.py chip_labels): a player's name short enough for a fifth
of a phone's width, and never the same as another's, however alike the names."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorekeeper.rules import find_ruleset
from scorekeeper.web.forms import chip_labels
from scorekeeper.web.forms import chip_legend
from scorekeeper.web.forms import short_names


@pytest.mark.parametrize(
    ("names", "shown"),
    [
        # Short names stay whole; long ones are cut where they part, with a full stop.
        (["Anna", "Bruno", "Nicolò"], ["Anna", "Bruno", "Nicolò"]),
        (["Massimiliano", "Margherita", "Giovanni"], ["Mass.", "Marg.", "Giov."]),
        (["Anna", "Annalisa", "Bruno"], ["Anna", "Annal.", "Bruno"]),
        # Alike as far as a chip's room: the start and the end that tell them apart.
        (["Giovanni", "Giovanna", "Bartolomeo"], ["Gio…ni", "Gio…na", "Bart."]),
        (["Massimiliano", "Massimo", "Margherita"], ["Mas…no", "Mas…mo", "Marg."]),
        (["Maria Rosa", "Maria Luisa", "Rosa"], ["Mar…osa", "Mar…isa", "Rosa"]),
        # A whole name that looks like another's label pushes that label on by a letter.
        (["Giovanni", "Giovanna", "Gioni"], ["Gio…nni", "Gio…na", "Gioni"]),
        # Case does not tell names apart to the eye.
        (["GIOVANNI", "giovanna"], ["GIO…NI", "gio…na"]),
    ],
)
def test_short_names_are_told_apart_at_a_glance(names, shown):
    assert short_names(names) == shown


@pytest.mark.parametrize(
    "names",
    [
        ["Giovanni", "Giovanna", "Giovannino", "Gianni"],
        ["Massimiliano", "Massimo", "Massima", "Margherita"],
        ["Bartolomeo", "Bartolomea", "Bartolo", "Bart"],
        ["Francesca", "Francesco", "Franco", "Franca"],
    ],
)
def test_no_two_chips_read_the_same_and_none_is_longer_than_its_name(names):
    shown = short_names(names)
    assert len({label.casefold() for label in shown}) == len(names)
    assert all(len(label) <= len(name) for label, name in zip(shown, names, strict=True))


def test_the_chips_of_giovanni_and_giovanna_differ_in_the_quick_count(app):
    session = SimpleNamespace(
        players=["Giovanni", "Giovanna", "Margherita"], ruleset=find_ruleset("scarto")
    )
    with app.test_request_context():
        labels = chip_labels(session)
        legend = chip_legend(session)
    assert [labels["0"], labels["1"], labels["2"]] == ["Gio…ni", "Gio…na", "Marg."]
    assert legend == ["Gio…ni = Giovanni", "Gio…na = Giovanna", "Marg. = Margherita"]


def test_a_teams_chip_names_both_its_players(app):
    session = SimpleNamespace(
        players=["Giovanni", "Margherita", "Giovanna", "Bartolomeo"],
        ruleset=find_ruleset("piedicavallo"),
    )
    with app.test_request_context():
        labels = chip_labels(session)
    assert [labels["0"], labels["1"]] == ["Gio…ni & Gio…na", "Marg. & Bart."]
