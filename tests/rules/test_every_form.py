"""One deal, one result: every way of entering a deal gives the points, problems and penalties the
trick-by-trick play gives (rules.md A4, A5; the issue "Every form, the same score").

Random deals of every preset, with and without house rules, many of them steered to the edges
random play rarely reaches (rules.generator.Steer): a player or team that wins no trick, the
Fool kept to the last trick (and led there when its player won the trick before), the Fool
played too early or led against the rules, trumps in the scarto. The keeper (tests/keeper.py)
enters each deal as a play, as full piles, as a quick count and as totals, and answers each
question the audit asks honestly. Here through the rules core; tests/web/test_every_form.py
does the same through the JSON API.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import event
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS
from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_card
from scorekeeper.rules import parse_cards
from scorekeeper.rules.audit import DealerDeclaration
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.audit import audit_quick_count
from scorekeeper.rules.audit import audit_totals
from scorekeeper.rules.fool_play import LED
from scorekeeper.rules.fool_play import LED_LAST
from scorekeeper.rules.fool_play import NO_TRICK
from scorekeeper.rules.fool_play import OPPONENTS
from scorekeeper.rules.fool_play import TOO_EARLY
from scorekeeper.rules.generator import AFTER_FOOL_SIDE
from scorekeeper.rules.generator import FOOL_SIDE
from scorekeeper.rules.generator import FOOL_TIMES
from scorekeeper.rules.generator import PlayedDeal
from scorekeeper.rules.generator import Steer
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.options import OPTIONS
from scorekeeper.rules.play import fool_penalty
from scorekeeper.rules.replay import audit_play
from tests.fuzzing import examples
from tests.keeper import entered
from tests.keeper import keep

NAMES = {3: ["Anna", "Bruno", "Carla"], 4: ["Anna", "Bruno", "Carla", "Dario"]}


def make_deal(ruleset_id, options, seed, dealer, steer) -> PlayedDeal:
    ruleset = find_ruleset(ruleset_id, options)
    if steer is not None and steer.loser is not None and steer.loser >= 0:
        steer = replace(steer, loser=steer.loser % ruleset.sides)
    return random_deal(ruleset, seed, dealer % ruleset.players, steer)


def house_rules(picks: dict[str, int]) -> dict[str, object]:
    return {
        name: OPTIONS[name].values[pick % len(OPTIONS[name].values)] for name, pick in picks.items()
    }


EDGES = [
    *(Steer(loser=FOOL_SIDE, fool=when, weak=True) for when in FOOL_TIMES),  # its player wins none
    Steer(loser=AFTER_FOOL_SIDE, fool="last"),  # kept to the last trick, often led there
    Steer(fool="early"),  # played before its player won a trick
    Steer(loser=AFTER_FOOL_SIDE, fool="lead"),  # led against the rules
    Steer(loser=0, weak=True),  # a player, or a team, with no trick
    Steer(loser=1),
    Steer(scarto_trumps=True),  # trumps in the scarto, the Bagatto first
    Steer(loser=FOOL_SIDE, fool="last", scarto_trumps=True),
]
steers = st.none() | st.sampled_from(EDGES)
deals = st.builds(
    make_deal,
    st.sampled_from(list(PRESETS)),
    st.dictionaries(st.sampled_from(sorted(OPTIONS)), st.integers(0, 4), max_size=3).map(
        house_rules
    ),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=3),
    steers,
)


def core_audit(deal: PlayedDeal):
    """The rules core's audit of a body, as the API's JSON gives a result."""
    ruleset, names = deal.ruleset, NAMES[deal.ruleset.players]

    def audit(body: dict[str, Any]) -> dict[str, Any]:
        said = DealerDeclaration(**body.get("declaration", {}))
        scarto = parse_cards(" ".join(body["scarto"]))
        answers = {
            "last_trick_winner": body.get("last_trick_winner"),
            "fool_too_early": body.get("fool_too_early"),
            "fool_led": body.get("fool_led"),
        }
        if "play" in body:
            play = [parse_cards(" ".join(trick)) for trick in body["play"]]
            result = audit_play(ruleset, deal.dealer, scarto, play, declaration=said, names=names)[
                1
            ]
        elif "piles" in body:
            piles = [parse_cards(" ".join(pile)) for pile in body["piles"]]
            result = audit_piles(
                ruleset, deal.dealer, piles, scarto, declaration=said, names=names, **answers
            )
        else:
            counters = {parse_card(code): place for code, place in body["counters"].items()}
            result = audit_quick_count(
                ruleset,
                deal.dealer,
                counters,
                body["tricks"],
                body.get("fool_trick_winner"),
                scarto,
                declaration=said,
                names=names,
                **answers,
            )
        return {
            "points": list(result.points),
            "scores": list(result.scores),
            "recordable": result.recordable,
            "problems": [{"code": p.code, "message": p.message} for p in result.problems],
            "notes": [{"code": n.code, "message": n.message} for n in result.notes],
        }

    return audit


def assert_same_result(got: dict[str, Any], play: dict[str, Any], form: str) -> None:
    assert got["points"] == play["points"], form
    assert got["scores"] == play["scores"], form
    # The play's judge names the trick of each problem: the other forms cannot, so the codes.
    assert sorted(p["code"] for p in got["problems"]) == sorted(
        p["code"] for p in play["problems"]
    ), form
    # The penalties applied, each note saying what happened, word for word.
    assert sorted(n["message"] for n in got["notes"]) == sorted(
        n["message"] for n in play["notes"]
    ), form


def assert_every_form_agrees(deal: PlayedDeal) -> dict[str, Any]:
    """Enter the deal every way, answering honestly; the play's result, for the caller."""
    audit = core_audit(deal)
    _, play = keep(deal, entered(deal, "play"), audit)
    assert play["recordable"], play["problems"]
    for form in ("piles", "quick"):
        for explicit_no in (False, True):
            _, got = keep(deal, entered(deal, form, explicit_no=explicit_no), audit)
            assert got["recordable"], (form, got["problems"])
            assert_same_result(got, play, form)
    totals = audit_totals(deal.ruleset, play["points"])
    assert list(totals.scores) == play["scores"]
    return play


@settings(max_examples=examples(300), deadline=None)
@given(deals)
def test_every_form_gives_the_plays_result_with_house_rules(deal):
    play = assert_every_form_agrees(deal)
    for found in (*play["problems"], *play["notes"]):
        event(found["code"])


EDGE_SEEDS = range(max(12, examples(12)))  # never fewer: the edges must all be reached


def edge_deals(ruleset_id: str, steer: Steer) -> list[PlayedDeal]:
    ruleset = find_ruleset(ruleset_id)
    return [random_deal(ruleset, seed, seed % ruleset.players, steer) for seed in EDGE_SEEDS]


@pytest.mark.parametrize("steer", EDGES, ids=str)
@pytest.mark.parametrize("ruleset_id", list(PRESETS))
def test_every_form_gives_the_plays_result_at_the_edges(ruleset_id, steer):
    for deal in edge_deals(ruleset_id, steer):
        assert_every_form_agrees(deal)


def test_the_steered_deals_reach_every_edge():
    # Else the test above would pass without trying what it is for. Each reason the Fool leaves
    # its player (fool_play.py), and each penalty's note.
    reasons, codes = set(), set()
    for ruleset_id in PRESETS:
        for steer in EDGES:
            for deal in edge_deals(ruleset_id, steer):
                reasons.add(fool_penalty(deal.tricks, deal.ruleset))
                _, play = keep(deal, entered(deal, "play"), core_audit(deal))
                codes |= {found["code"] for found in (*play["problems"], *play["notes"])}
    assert reasons >= {NO_TRICK, TOO_EARLY, LED_LAST, LED, OPPONENTS}
    assert codes >= {
        "scarto-illegal",
        "scarto-to-last-trick-winner",
        "scarto-to-other-team",
        "fool-to-last-trick-winner",
        "fool-to-other-team",
        "fool-lead",
        "fool-too-early",
    }
