"""A keeper who enters one real deal in every form and answers the app's questions honestly.

The deal is a played one (rules.generator.random_deal, steered or not). The keeper enters what
the table sees after it: the play trick by trick; the full piles, the Fool with the player who
played it (the rules move it); the quick count, the counting cards where they went; the totals.
He ticks "played too early" when it was, and answers each question the audit puts (who won the
last trick, or the Fool's trick; whether the Fool was led; what the dealer kept), as the pages
ask him, until it has nothing more to ask. Bodies are the JSON API's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper.rules.fool_exchange import give_blank_in_piles
from scorekeeper.rules.generator import PlayedDeal
from scorekeeper.rules.play import fool_penalty
from scorekeeper.rules.play import fool_play
from scorekeeper.rules.play import fool_player
from scorekeeper.rules.play import gather_piles

FORMS = ("play", "piles", "quick", "totals")
QUESTIONS = {
    "last-trick-winner-needed": "last_trick_winner",
    "fool-led-needed": "fool_led",
    "fool-trick-winner": "fool_trick_winner",
    "scarto-unverified": "declaration",
}
"""What the audit asks (a problem, or the note of a scarto it cannot judge) and the answer's key."""


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def entered(deal: PlayedDeal, form: str, *, explicit_no: bool = False) -> dict[str, Any]:
    """What the keeper types for ``form``, before any question: the API's body.

    Where the ruleset forbids leading the Fool, the page asks whether it was led and he says
    (the page shows "no" until he changes it). ``explicit_no``: he also says "not too early"
    where it was not (an API client may), instead of leaving the box unticked as a page does.
    """
    if form == "play":
        return {"scarto": codes(deal.scarto), "play": [codes(t.cards) for t in deal.tricks]}
    body = _card_form(deal, form)
    how = fool_play(deal.tricks, deal.ruleset)
    if how.too_early or (explicit_no and how.too_early is False):
        body["fool_too_early"] = how.too_early
    if not deal.ruleset.fool_may_lead and how.led is not None:
        body["fool_led"] = how.led
    return body


def _card_form(deal: PlayedDeal, form: str) -> dict[str, Any]:
    ruleset = deal.ruleset
    piles = table_piles(deal)
    if form == "piles":
        return {"piles": [codes(pile) for pile in piles], "scarto": codes(deal.scarto)}
    if form == "totals":
        raise ValueError("the totals are the points another form counted")
    counters: dict[str, Any] = {
        card.code: seat
        for seat, pile in enumerate(piles)
        for card in pile
        if ruleset.is_counter(card)
    }
    counters |= {card.code: "scarto" for card in deal.scarto if ruleset.is_counter(card)}
    return {"counters": counters, "tricks": list(deal.tricks_won), "scarto": codes(deal.scarto)}


def table_piles(deal: PlayedDeal) -> list[list[Any]]:
    """Each seat's won cards as the table has them: the Fool with the player who played it, and,
    where the Fool is counted in a group and stays with him, the blank he gave for it."""
    ruleset, tricks = deal.ruleset, deal.tricks
    piles = [list(pile) for pile in gather_piles(tricks, ruleset, as_played=True)]
    player = fool_player(tricks)
    if player is not None and fool_penalty(tricks, ruleset) is None:
        piles = give_blank_in_piles(piles, ruleset, player, deal.fool_trick_winner)
    return piles


def answers(deal: PlayedDeal) -> dict[str, Any]:
    """The honest answer to every question the audit may put about this deal."""
    ruleset = deal.ruleset
    kept = [card for card in deal.hands[deal.dealer] if card not in deal.scarto]
    return {
        "last_trick_winner": deal.last_trick_winner,
        "fool_trick_winner": deal.fool_trick_winner,
        "fool_led": fool_play(deal.tricks, ruleset).led,
        "declaration": {
            "keeps_trump": any(card.is_trump for card in kept),
            "keeps_fool": any(card.is_fool for card in kept),
            "had_other_choice": any(
                not c.is_trump and not c.is_fool and ruleset.value(c) < 5 for c in kept
            ),
            "trumps_announced": sum(1 for card in deal.scarto if card.is_trump),
        },
    }


def asked(result: dict[str, Any]) -> list[str]:
    """The keys of the answers a result (as the API gives it) asks for."""
    found = [p["code"] for p in (*result["problems"], *result.get("notes", []))]
    return [QUESTIONS[code] for code in found if code in QUESTIONS]


def keep(
    deal: PlayedDeal, body: dict[str, Any], audit: Callable[[dict[str, Any]], dict[str, Any]]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Audit ``body``, answering each question asked, until none is left that has an answer:
    the final body and its result. ``audit`` gives a result as the API's JSON has it."""
    honest = answers(deal)
    result = audit(body)
    for _ in range(len(QUESTIONS)):
        new = {key: honest[key] for key in asked(result) if key not in body}
        new = {key: value for key, value in new.items() if value is not None}
        if not new or body.get("play") is not None and set(new) - {"declaration"}:
            break
        body = {**body, **new}
        result = audit(body)
    return body, result
