"""The JSON API's reading and writing: check a request body's types, turn results into JSON.

Reading raises ``InputError`` (HTTP 400) with a sentence naming the field at fault, so that no
malformed body reaches the rules core; writing turns the rules' and services' dataclasses into
plain dicts and lists with cards as canonical codes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from flask import request

from ...rules import Card
from ...rules import InvalidNotationError
from ...rules import InvalidRulesetError
from ...rules import PileCount
from ...rules import Problem
from ...rules import Ruleset
from ...rules import ScartoVerdict
from ...rules import find_ruleset
from ...rules import parse_card
from ...rules.audit import DealResult
from ...rules.cards import repeated
from ...rules.count_check import CountCheck
from ...services import InputError

MAX_NUMBER = 10_000
"""Larger than any score a session can reach; anything beyond is a mistake, not a score."""
MAX_ID = 2**63 - 1
"""SQLite's largest integer: a larger id in a URL names no session."""
PROBLEM_KEYS = ("code", "message", "trick")


# Reading


def body_object() -> dict[str, Any]:
    """The request's JSON body, which must be an object."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON reader goes
        body = None
    if not isinstance(body, dict):
        raise InputError("the request body must be a JSON object (Content-Type: application/json)")
    return body


def ruleset_of(body: Mapping[str, Any]) -> Ruleset:
    """The body's "ruleset" id with its "options" (house rules) applied."""
    ruleset_id, options = body.get("ruleset"), body.get("options")
    if not isinstance(ruleset_id, str):
        raise InputError("ruleset must be one of the ruleset ids", "ruleset")
    if options is not None and not isinstance(options, Mapping):
        raise InputError("options must be an object of house rules", "options")
    try:
        return find_ruleset(ruleset_id, options or None)
    except InvalidRulesetError as error:
        raise InputError(str(error), "options" if options else "ruleset") from None


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
        raise InputError(f"cards: {', '.join(twice)} given twice", "cards")
    return cards


def groups_of(value: object, ruleset: Ruleset) -> list[list[Card]]:
    """The groups of a count made at the table ("groups"): no more cards in all than the pack
    holds, counted before any is read (shape.py holds the groups to 78)."""
    if not isinstance(value, list):
        raise InputError("groups must be a list of lists of card codes", "groups")
    codes = [_codes_of(group, f"groups[{i}]") for i, group in enumerate(value)]
    _within_pack(sum(map(len, codes)), "groups", ruleset)
    return [_deck_cards(group, f"groups[{i}]", ruleset) for i, group in enumerate(codes)]


def _codes_of(value: object, field: str) -> list[str]:
    """Card codes as given: a list of strings, or one string of codes split on spaces and commas."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise InputError(f"{field} must be a list of card codes", field)
    return value


def _within_pack(count: int, field: str, ruleset: Ruleset) -> None:
    if count > ruleset.deck_size:
        pack = f"the {ruleset.deck_size}-card pack"
        raise InputError(f"{field}: {count} cards, more than {pack}", field)


def _deck_cards(codes: list[str], field: str, ruleset: Ruleset) -> list[Card]:
    try:
        cards = [parse_card(code) for code in codes]
    except InvalidNotationError as error:
        problem = Problem("unknown-card", str(error))
        raise InputError(f"{field}: {error}", field, (problem,)) from None
    deck = set(ruleset.cards)
    for card in cards:
        if card not in deck:
            message = f"{card.code} is not in the {ruleset.deck}-card pack of {ruleset.name}"
            raise InputError(f"{field}: {message}", field, (Problem("card-not-in-deck", message),))
    return cards


def whole_numbers(value: object, field: str) -> list[int]:
    """A list of whole numbers of a sensible size."""
    if not isinstance(value, list) or not all(is_int(item) for item in value):
        raise InputError(f"{field} must be a list of whole numbers", field)
    if any(abs(item) > MAX_NUMBER for item in value):
        raise InputError(f"{field}: a number is far too large", field)
    return list(value)


def seat_of(value: object, ruleset: Ruleset, field: str) -> int:
    """A seat, 0-based in order of play."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < ruleset.players:
        raise InputError(f"{field} must be a seat from 0 to {ruleset.players - 1}", field)
    return value


def names_of(value: object, ruleset: Ruleset) -> list[str] | None:
    """Optional player names for the audit's messages, one per seat."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise InputError("players must be a list of names", "players")
    if len(value) != ruleset.players:
        raise InputError(
            f"{ruleset.name} needs {ruleset.players} players, not {len(value)}", "players"
        )
    if any(len(name) > 80 for name in value):
        raise InputError("a name may have at most 80 characters", "players")
    return list(value)


def version_of(value: object) -> int | None:
    """The optional version a client last saw of a deal, for optimistic locking."""
    if value is None:
        return None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 10:
        value = int(value)  # from a query string
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_ID:
        raise InputError("version must be a whole number", "version")
    return value


def if_match() -> frozenset[tuple[int, int]] | None:
    """The deal states the request's If-Match names (``if_match_of``)."""
    given = request.headers.getlist("If-Match")
    return if_match_of(", ".join(given)) if given else None


def if_match_of(value: str | None) -> frozenset[tuple[int, int]] | None:
    """The deal states, (id, version), an If-Match value names with ``deal_etag``'s tags; None
    for no condition: no header, or "*" (any deal there: a missing one is a 404 anyway). A value
    that cannot be read names none, so that the write is refused (412), not made on a guess:
    the condition holds only if a tag listed matches (RFC 9110 13.1.1), and weak tags never do."""
    if value is None or value.strip(" \t") == "*":
        return None
    seen: set[tuple[int, int]] = set()
    position = 0
    while position < len(value):  # every match but the last takes a comma
        item = _ENTITY_TAGS.match(value, position)
        if item is None:
            return frozenset()
        weak, tag = item.groups()
        ours = _DEAL_TAG.fullmatch(tag or "")
        if ours and not weak:
            seen.add((int(ours[1]), int(ours[2])))
        position = item.end()
    return frozenset(seen)


_ENTITY_TAGS = re.compile(r'[ \t]*(?:(W/)?"([^"]*)")?[ \t]*(?:,|\Z)')
"""One element of an entity-tag list, and the comma after it: ``W/"x"``, ``"deal-17-v3"``."""
_DEAL_TAG = re.compile(r"deal-([0-9]{1,19})-v([0-9]{1,19})")


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Writing


def deal_etag(deal_id: int, version: int) -> str:
    """A deal's strong entity tag, ``"deal-17-v3"``: its id and its version, which changes
    with every change to it, so the tag names one state of one deal."""
    return f'"deal-{deal_id}-v{version}"'


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
    """Each problem as the API gives it: code, English message, trick; problems stored as dicts
    (a scarto checked before play) too. The template and values kept for translation stay out."""
    return [
        {key: (p if isinstance(p, Mapping) else asdict(p)).get(key) for key in PROBLEM_KEYS}
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
