"""A played deal (rules.generator.random_deal) as the JSON API and the services take it: its
quick count, its full piles, or its play trick by trick."""

from __future__ import annotations

from typing import Any


def quick_body(deal) -> dict[str, Any]:
    """Where each counting card went (a seat or the scarto), the tricks won, the Fool's trick."""
    ruleset = deal.ruleset
    counters: dict[str, Any] = {
        card.code: seat
        for seat, pile in enumerate(deal.piles)
        for card in pile
        if ruleset.is_counter(card)
    }
    counters |= {card.code: "scarto" for card in deal.scarto if ruleset.is_counter(card)}
    return {
        "counters": counters,
        "tricks": list(deal.tricks_won),
        "fool_trick_winner": deal.fool_trick_winner,
        "scarto": [card.code for card in deal.scarto],
    }


def piles_body(deal) -> dict[str, Any]:
    """Each seat's captured cards and the scarto."""
    return {
        "piles": [[card.code for card in pile] for pile in deal.piles],
        "scarto": [card.code for card in deal.scarto],
    }


def play_body(deal, tricks: int | None = None) -> dict[str, Any]:
    """The scarto and the tricks as played, all of them or the first ``tricks``."""
    played = deal.tricks if tricks is None else deal.tricks[:tricks]
    return {
        "scarto": [card.code for card in deal.scarto],
        "play": [[card.code for card in trick.cards] for trick in played],
    }
