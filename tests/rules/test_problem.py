"""Problems keep their English template and values beside the message, for the app to translate."""

import json
from dataclasses import asdict

from scorekeeper.rules import PRESETS
from scorekeeper.rules import Problem
from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_card
from scorekeeper.rules import parse_cards
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.layout import check_cards
from scorekeeper.rules.problem import problem
from scorekeeper.rules.problem import translatable
from scorekeeper.rules.ruleset import HOUSE_RULES
from tests.rules.test_audit import NAMES
from tests.rules.test_audit import e5_piles


def test_a_problem_fills_its_template_in_english():
    made = problem("x", "a %(n)s b", n=3)
    assert made.message == "a 3 b"
    assert str(made) == "a 3 b"
    assert made.template == "a %(n)s b"
    assert made.params == (("n", 3),)
    assert made.trick is None
    assert problem("y", "in trick %(t)s", trick=4, t=4).trick == 4


def test_a_problem_round_trips_through_its_stored_json():
    made = problem(
        "card-twice", "%(card)s appears %(n)s times (%(places)s)", card="K♠", n=2, places="A, C"
    )
    stored = json.loads(json.dumps(asdict(made)))
    assert stored["params"] == [["card", "K♠"], ["n", 2], ["places", "A, C"]]
    assert Problem(**stored) == made
    assert hash(Problem(**stored)) == hash(made)


def test_a_problem_stored_before_templates_still_loads():
    old = Problem(**{"code": "total-mismatch", "message": "the points add up to 77, not 78"})
    assert (old.template, old.params) == ("", ())
    assert Problem("a", "b", 2) == Problem(code="a", message="b", trick=2)


def test_translatable_only_marks_its_text():
    assert translatable("Points of the Fool") == "Points of the Fool"
    assert all(translatable(r.name) == r.name for r in PRESETS.values())


def test_a_ruleset_with_house_rules_is_named_from_a_template():
    assert HOUSE_RULES == "%(name)s, house rules"
    assert find_ruleset("scarto", {"fool_value": 5}).name == "Scarto (Wikipedia), house rules"


def test_every_problem_of_an_audit_is_its_template_filled_in():
    piles, scarto = e5_piles()
    piles[2].pop()
    piles[2].append(parse_card("KS"))
    result = audit_piles(find_ruleset("scarto"), 0, piles, [*scarto, parse_card("KB")], names=NAMES)
    assert result.problems
    for found in result.problems:
        assert found.template, found
        assert found.template % dict(found.params) == found.message


def test_a_card_twice_names_the_piles_then_the_scarto():
    ruleset = find_ruleset("scarto")
    rest = [c for c in ruleset.cards if c not in parse_cards("KS QS")]
    names = ["Anna", "Bruno", "Carla"]

    def twice(piles, scarto, names=names):
        found = [p for p in check_cards(ruleset, piles, names, scarto) if p.code == "card-twice"]
        return [p.message for p in found]

    assert twice([[*rest, *parse_cards("KS QS")], parse_cards("KS"), []], []) == [
        "K♠ appears 2 times (Anna, Bruno)"
    ]
    assert twice([[*rest, *parse_cards("KS QS")], [], []], parse_cards("KS")) == [
        "K♠ appears 2 times (Anna, the scarto)"
    ]
    assert twice([[*rest, *parse_cards("QS")], [], []], parse_cards("KS KS")) == [
        "K♠ appears 2 times in the scarto"
    ]
    assert twice([[*rest, *parse_cards("KS QS")], [], []], parse_cards("KS KS")) == [
        "K♠ appears 3 times (Anna, and 2 times in the scarto)"
    ]
    assert twice([[*rest, *parse_cards("KS KS QS")]], (), None) == [
        "K♠ appears 2 times in the deal"
    ]
