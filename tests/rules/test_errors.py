"""The rules core's errors keep their English template and values beside the sentence, as
problems do, so that the app can say them in the reader's language (translate.error_text)."""

import ast
from pathlib import Path

import pytest

from scorekeeper.rules import IllegalDealError
from scorekeeper.rules import InvalidNotationError
from scorekeeper.rules import InvalidRulesetError
from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_card
from scorekeeper.rules.audit import audit_totals
from scorekeeper.rules.errors import ScorekeeperError
from scorekeeper.rules.game import complete_points
from scorekeeper.rules.game import progress
from scorekeeper.rules.notation import parse_record
from scorekeeper.rules.problem import error_problem

RULES = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"
ERRORS = {"ScorekeeperError", "InvalidNotationError", "InvalidRulesetError", "IllegalDealError"}
RECORD = "ruleset: scarto\nplayers: Anna | Bruno | Carla\ndealer: Anna\nscarto: {scarto}\n"


def test_an_error_fills_its_template_in_english():
    made = IllegalDealError("%(n)s piles given for %(players)s players", n=2, players=3)
    assert str(made) == "2 piles given for 3 players"
    assert made.template == "%(n)s piles given for %(players)s players"
    assert made.params == (("n", 2), ("players", 3))
    assert isinstance(made, ValueError)


def test_an_error_without_values_is_its_template():
    made = IllegalDealError("tricks must be whole numbers, 0 or more")
    assert str(made) == made.template == "tricks must be whole numbers, 0 or more"
    assert made.params == ()


def test_an_error_given_as_a_value_is_filled_in_by_its_sentence():
    inner = InvalidNotationError("unknown card %(token)s", token="'KX'")
    outer = InvalidNotationError("line %(line)s: %(problem)s", line=4, problem=inner)
    assert str(outer) == "line 4: unknown card 'KX'"
    assert dict(outer.params)["problem"] is inner


def test_an_unknown_card_keeps_its_token_apart():
    with pytest.raises(InvalidNotationError) as caught:
        parse_card("KX")
    assert str(caught.value) == "unknown card 'KX'"
    assert caught.value.template == "unknown card %(token)s"
    assert caught.value.params == (("token", "'KX'"),)


def test_a_record_error_names_its_line_and_keeps_the_problem_apart():
    with pytest.raises(InvalidNotationError) as caught:
        parse_record(RECORD.format(scarto="KS").replace("scarto\n", "bridge\n", 1))
    error = caught.value
    assert str(error).startswith("line 1: ruleset: unknown ruleset 'bridge' (known: scarto, ")
    assert error.template == "line %(line)s: %(problem)s"
    ruleset_error = dict(dict(error.params)["problem"].params)["problem"]
    assert isinstance(ruleset_error, InvalidRulesetError)
    assert ruleset_error.template == "unknown ruleset %(ruleset_id)s (known: %(known)s)"


@pytest.mark.parametrize(
    ("call", "english"),
    [
        (lambda: find_ruleset("scarto", {"players": 4}), "'players' is fixed by the preset"),
        (lambda: find_ruleset("scarto", {"top_trump": 22}), "option 'top_trump' cannot be 22"),
        (lambda: audit_totals(find_ruleset("scarto"), [1, 2]), "2 totals given for 3 sides"),
        (lambda: complete_points([50, 40, None], find_ruleset("scarto")), "more than the deck"),
        (lambda: complete_points([1], find_ruleset("scarto")), "1 points given; this ruleset"),
        (lambda: progress(find_ruleset("scarto"), 0, [[4, 1, -5], [4, -4]]), "deal 2: 2 scores"),
        (lambda: progress(find_ruleset("scarto"), 3, []), "the first dealer must be a seat"),
    ],
)
def test_every_error_keeps_a_template_the_sentence_comes_from(call, english):
    with pytest.raises(ScorekeeperError, match=english) as caught:
        call()
    error = caught.value
    english_values = {k: str(v) if isinstance(v, Exception) else v for k, v in error.params}
    assert error.template % english_values == str(error)


def test_an_error_becomes_a_problem_with_its_template():
    with pytest.raises(InvalidNotationError) as caught:
        parse_card("Q")
    made = error_problem("unknown-card", caught.value)
    assert (made.code, made.message) == ("unknown-card", "unknown card 'Q'")
    assert made.template == "unknown card %(token)s"
    assert made.params == (("token", "'Q'"),)


def _raised_errors():
    """Every ``SomeError(...)`` call in the rules core, with where it is."""
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ERRORS:
                yield f"{path.name}:{node.lineno}", node


def test_no_error_of_the_rules_core_is_built_from_an_f_string():
    # An f-string, or a string added to, cannot be looked up in the catalogue: every error
    # takes a template marked with translatable() (or a name bound to one) and its values.
    built = [
        where
        for where, call in _raised_errors()
        if call.args and isinstance(call.args[0], ast.JoinedStr | ast.BinOp)
    ]
    assert list(_raised_errors())
    assert not built, built


def test_every_literal_template_is_marked_for_the_translators():
    bare = [
        where
        for where, call in _raised_errors()
        if call.args and isinstance(call.args[0], ast.Constant)
    ]
    assert not bare, f"wrap these in translatable(): {bare}"
