"""The JSON API's reading and writing: check a request body's types, turn results into JSON.

Reading raises ``InputError`` (HTTP 400) with a sentence naming the field at fault, so that no
malformed body reaches the rules core; writing turns the rules' and services' dataclasses into
plain dicts and lists with cards as canonical codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from flask import request
from flask_babel import gettext as _

from ...rules import Card
from ...rules import InvalidNotationError
from ...rules import PileCount
from ...rules import Problem
from ...rules import Ruleset
from ...rules import ScartoVerdict
from ...rules import parse_card
from ...rules.audit import DealResult
from ...rules.cards import repeated
from ...rules.count_check import CountCheck
from ...rules.problem import error_problem
from ...rules.problem import problem
from ...services import InputError
from ...services.deals.inputs import AT_FIELD
from ...services.errors import field_error
from ...translate import error_text
from ...translate import problem_text
from ...translate import ruleset_name

MAX_NUMBER = 10_000
"""Larger than any score a session can reach; anything beyond is a mistake, not a score."""
PROBLEM_KEYS = ("code", "message", "trick")


# Reading


def body_object() -> dict[str, Any]:
    """The request's JSON body, which must be an object."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON reader goes
        body = None
    if not isinstance(body, dict):
        raise InputError(
            _("the request body must be a JSON object (Content-Type: application/json)")
        )
    return body


def cards_of(value: object, field: str, ruleset: Ruleset) -> list[Card]:
    """A list of card codes (or one string of them), each a card of the ruleset's deck; no
    more of them than the pack holds, counted before any is read."""
    codes = _codes_of(value, field)
    _within_pack(len(codes), field, ruleset)
    return _deck_cards(codes, field, ruleset)


def pile_of(value: object, ruleset: Ruleset) -> list[Card]:
    """A pile to count ("cards"): as ``cards_of`` reads them, each at most once."""
    cards = cards_of(value, "cards", ruleset)
    twice = sorted(card.code for card in repeated(cards))
    if twice:
        raise InputError(_("cards: %(cards)s given twice", cards=", ".join(twice)), "cards")
    return cards


def groups_of(value: object, ruleset: Ruleset) -> list[list[Card]]:
    """The groups of a count made at the table ("groups"): no more cards in all than the pack
    holds, counted before any is read (shape.py holds the groups to 78)."""
    if not isinstance(value, list):
        raise InputError(_("groups must be a list of lists of card codes"), "groups")
    codes = [_codes_of(group, f"groups[{i}]") for i, group in enumerate(value)]
    _within_pack(sum(map(len, codes)), "groups", ruleset)
    return [_deck_cards(group, f"groups[{i}]", ruleset) for i, group in enumerate(codes)]


def _codes_of(value: object, field: str) -> list[str]:
    """Card codes as given: a list of strings, or one string of codes split on spaces and commas."""
    if isinstance(value, str):  # strings all: split, not checked one by one
        return value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise InputError(_("%(field)s must be a list of card codes", field=field), field)
    return value


def _within_pack(count: int, field: str, ruleset: Ruleset) -> None:
    if count > ruleset.deck_size:
        more = _(
            "%(field)s: %(n)s cards, more than the %(deck)s-card pack",
            field=field,
            n=count,
            deck=ruleset.deck_size,
        )
        raise InputError(more, field)


def _deck_cards(codes: list[str], field: str, ruleset: Ruleset) -> list[Card]:
    try:
        cards = [parse_card(code) for code in codes]
    except InvalidNotationError as error:
        unknown = (error_problem("unknown-card", error),)
        raise field_error(AT_FIELD, field, unknown, error=error_text(error)) from None
    deck = set(ruleset.cards)
    for card in cards:
        if card not in deck:
            outside = problem(
                "card-not-in-deck",
                "%(card_code)s is not in the %(deck)s-card pack of %(ruleset_name)s",
                card_code=card.code,
                deck=ruleset.deck,
                ruleset_name=ruleset.name,
            )
            raise field_error(AT_FIELD, field, (outside,), error=problem_text(outside))
    return cards


def whole_numbers(value: object, field: str) -> list[int]:
    """A list of whole numbers of a sensible size."""
    if not isinstance(value, list) or not all(is_int(item) for item in value):
        raise InputError(_("%(field)s must be a list of whole numbers", field=field), field)
    if any(abs(item) > MAX_NUMBER for item in value):
        raise InputError(_("%(field)s: a number is far too large", field=field), field)
    return list(value)


def seat_of(value: object, ruleset: Ruleset, field: str) -> int:
    """A seat, 0-based in order of play."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < ruleset.players:
        raise InputError(
            _("%(field)s must be a seat from 0 to %(last)s", field=field, last=ruleset.players - 1),
            field,
        )
    return value


def names_of(value: object, ruleset: Ruleset) -> list[str] | None:
    """Optional player names for the audit's messages, one per seat."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise InputError(_("players must be a list of names"), "players")
    if len(value) != ruleset.players:
        needs = _(
            "%(ruleset)s needs %(n)s players, not %(given)s",
            ruleset=ruleset_name(ruleset),
            n=ruleset.players,
            given=len(value),
        )
        raise InputError(needs, "players")
    if any(len(name) > 80 for name in value):
        raise InputError(_("a name may have at most %(n)s characters", n=80), "players")
    return list(value)


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Writing


def ruleset_json(ruleset: Ruleset) -> dict[str, Any]:
    return {
        "id": ruleset.id,
        "name": ruleset.name,
        "source": ruleset.source,
        "players": ruleset.players,
        "teams": ruleset.teams,
        "sides": ruleset.sides,
        "deck_size": ruleset.deck_size,
        "deck_total": ruleset.deck_total,
        "scarto_size": ruleset.scarto_size,
        "options": ruleset.options,
    }


def problems_json(problems: Sequence[Problem | Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each problem as the API gives it: its stable code, English message and trick, and its
    text in the request's language (Accept-Language); problems stored as dicts (a scarto checked
    before play) too. The template and values kept for translation stay out."""
    return [
        {key: (p if isinstance(p, Mapping) else asdict(p)).get(key) for key in PROBLEM_KEYS}
        | {"text": problem_text(p)}
        for p in problems
    ]


def scarto_check_json(check: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A stored scarto check (before play), with its problems as the API gives them."""
    if check is None:
        return None
    return {
        **check,
        "problems": problems_json(check.get("problems") or []),
        "notes": problems_json(check.get("notes") or []),
    }


def codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def pile_json(count: PileCount) -> dict[str, Any]:
    return {
        "points": count.points,
        "cards": count.cards,
        "groups": [{"cards": codes(g.cards), "points": g.points} for g in count.groups],
        "fool": count.fool.code if count.fool else None,
        "fool_points": count.fool_points,
        "notes": problems_json(count.notes),
    }


def count_check_json(check: CountCheck) -> dict[str, Any]:
    return {
        "points": check.points,
        "claimed": check.claimed,
        "ok": check.ok,
        "groups": [
            {
                "cards": codes(g.cards),
                "points": g.points,
                "claimed": g.claimed,
                "correct": g.correct,
            }
            for g in check.groups
        ],
        "problems": problems_json(check.problems),
        "notes": problems_json(check.notes),
    }


def verdict_json(verdict: ScartoVerdict | None) -> dict[str, Any] | None:
    if verdict is None:
        return None
    return {
        "legal": verdict.legal,
        "problems": problems_json(verdict.problems),
        "notes": problems_json(verdict.notes),
    }


def result_json(result: DealResult) -> dict[str, Any]:
    return {
        "ok": result.ok,
        "recordable": result.recordable,
        "points": list(result.points),
        "scores": list(result.scores),
        "problems": problems_json(result.problems),
        "notes": problems_json(result.notes),
        "scarto": verdict_json(result.scarto),
        "piles": [pile_json(pile) for pile in result.piles] if result.piles else None,
    }
