"""The totals form reads what the keeper copies from paper: the points each pile counted, or the
scores as the protocol records them, and says which it understood (services/deals/totals.py).

rules.md A3, "recorded score": "points − 26 (zero-sum)" in Scarto and the Swedish rules, "raw
points" in Tarocchi a 3, "raw team points" in Piedicavallo. E2 (from SV): "Deal totals 30, 27,
21 ... Recorded: 30−26 = +4; 27−26 = +1; 21−26 = −5. Sum 0".
"""

import pytest

from tests.web.helpers import deal_count
from tests.web.helpers import field_errors
from tests.web.helpers import page
from tests.web.helpers import start_session
from tests.web.helpers import stored_points
from tests.web.helpers import text
from tests.web.helpers import totals_form

FOUR = ["Anna", "Bruno", "Carla", "Dora"]


def post(client, session_id, data):
    return client.post(f"/sessions/{session_id}/deals/new/totals", data=data)


def session(client, ruleset="scarto", **more):
    players = FOUR if ruleset == "piedicavallo" else ["Anna", "Bruno", "Carla"]
    return start_session(client, players, ruleset=ruleset, **more)


def summary(response):
    return text(page(response).select_one(".summary"))


# Points or scores: a full set tells by its sum


@pytest.mark.parametrize("ruleset", ["scarto", "scarto-sv"])
@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ([30, 27, 21], "Read as points."),
        ([4, 1, -5], "Read as scores (points − 26)."),  # E2: the protocol's own numbers
        (["+4", "+1", "−5"], "Read as scores (points − 26)."),  # as printed, a typographic minus
        ([" 4 ", "1", "–5"], "Read as scores (points − 26)."),  # an en dash, spaces
    ],
)
def test_scores_or_points_typed_in_full_record_the_same_deal(client, app, ruleset, typed, said):
    session_id = session(client, ruleset)
    checked = post(client, session_id, totals_form(typed, "check"))
    assert checked.status_code == 200
    assert said in summary(checked)
    breakdown = text(page(checked).select_one(".breakdown"))
    assert "30 27 21 78 / 78" in breakdown
    assert "+4 +1 -5" in breakdown
    assert post(client, session_id, totals_form(typed)).status_code == 303
    assert stored_points(app, session_id) == [[30, 27, 21]]


def test_a_negative_score_tells_the_empty_one_is_a_score(client, app):
    session_id = session(client)
    checked = post(client, session_id, totals_form([-5, 4, None], "check"))
    assert "Read as scores (points − 26). Carla: +1, worked out from the others." in summary(
        checked
    )
    assert post(client, session_id, totals_form([-5, 4, None])).status_code == 303
    assert stored_points(app, session_id) == [[21, 30, 27]]


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ([30, 27, None], [30, 27, 21]),  # as scores Carla would have -57: below -26
        ([60, None, 10], [60, 8, 10]),  # 60 cannot be a score (at most +52)
        ([None, 50, 10], [18, 50, 10]),  # as scores Bruno and Carla have 112 points
    ],
)
def test_points_with_one_left_empty_are_read_as_points_when_scores_cannot_be(
    client, app, typed, stored
):
    session_id = session(client)
    checked = post(client, session_id, totals_form(typed, "check"))
    assert "Read as points." in summary(checked)
    assert post(client, session_id, totals_form(typed)).status_code == 303
    assert stored_points(app, session_id) == [stored]


# The one case a set can be both: ask, never guess


@pytest.mark.parametrize(
    ("typed", "as_points", "as_scores"),
    [
        # The keeper's typo of the issue: "2" for "21". As points Carla counted 60; as scores
        # she scored -18 (8 points). Both are deals a table can have.
        ([2, 16, None], [2, 16, 60], [28, 42, 8]),
        ([4, 1, None], [4, 1, 73], [30, 27, 21]),
        # 0 and 0: two piles that counted nothing, or three players on 26 each.
        ([0, 0, None], [0, 0, 78], [26, 26, 26]),
    ],
)
def test_numbers_that_fit_as_points_and_as_scores_are_asked_about(
    client, app, typed, as_points, as_scores
):
    session_id = session(client)
    for button in ("check", "save"):
        response = post(client, session_id, totals_form(typed, button))
        assert response.status_code == 400
        asked = " ".join(field_errors(page(response), "reading"))
        assert asked.startswith("Points or scores?")
        assert f"As points, Carla counted {as_points[2]}" in asked
        assert f"({as_scores[2]} points)" in asked
        assert page(response).select_one("fieldset.reading").get("hidden") is None
    assert deal_count(app, session_id) == 0
    answered = totals_form(typed) | {"reading": "points"}
    assert post(client, session_id, answered).status_code == 303
    answered = totals_form(typed) | {"reading": "scores"}
    assert post(client, session_id, answered).status_code == 303
    assert stored_points(app, session_id) == [as_points, as_scores]


def test_a_reading_chosen_that_does_not_fit_is_refused_at_the_number(client, app):
    session_id = session(client)
    response = post(client, session_id, totals_form([60, 10, None]) | {"reading": "scores"})
    assert response.status_code == 400
    assert "60 cannot be a score" in " ".join(field_errors(page(response), "points_0"))
    assert deal_count(app, session_id) == 0


def test_scores_that_do_not_add_up_are_refused_and_the_page_says_it_read_scores(client, app):
    session_id = session(client)
    response = post(client, session_id, totals_form([4, 1, -4]))
    assert response.status_code == 422
    assert "Read as scores" in summary(response)
    assert deal_count(app, session_id) == 0


def test_the_page_says_how_it_reads_totals_and_keeps_the_question_hidden_until_asked(client):
    soup = page(client.get(f"/sessions/{session(client)}/deals/new/totals"))
    assert "or the scores as the protocol writes them (points − 26" in text(soup)
    assert soup.select_one("fieldset.reading").get("hidden") is not None
    live = soup.select_one(".totals")["data-live"]
    assert '"base": 26' in live
    assert '"total": 78' in live


# Bounds: scores may be negative, never beyond what a deal can give


@pytest.mark.parametrize(
    ("ruleset", "lowest", "highest"),
    [
        ("scarto", -26, 78),  # a score of -26 (no points) up to 78 points
        ("scarto-sv", -26, 78),
        ("tarocchi-a-3", 0, 78),  # raw points: a score is the points
        ("piedicavallo", 0, 114),  # raw team points
    ],
)
def test_each_ruleset_bounds_its_totals(client, app, ruleset, lowest, highest):
    session_id = session(client, ruleset)
    sides = 2 if ruleset == "piedicavallo" else 3
    for value in (lowest - 1, highest + 1):
        typed = [value] + [None] * (sides - 1)
        response = post(client, session_id, totals_form(typed))
        assert response.status_code == 400
        said = " ".join(field_errors(page(response), "points_0"))
        assert (
            said == f"Anna{' & Carla' if sides == 2 else ''}: a number from {lowest} to {highest}"
        )
    assert deal_count(app, session_id) == 0


@pytest.mark.parametrize(
    ("ruleset", "typed", "stored"),
    [
        ("tarocchi-a-3", [30, 27, None], [30, 27, 21]),
        ("tarocchi-a-3", [4, 1, None], [4, 1, 73]),  # raw: no scores to mistake them for
        ("piedicavallo", [60, None], [60, 54]),
        ("piedicavallo", [None, 0], [114, 0]),
    ],
)
def test_raw_rulesets_read_points_only_and_ask_nothing(client, app, ruleset, typed, stored):
    session_id = session(client, ruleset)
    soup = page(client.get(f"/sessions/{session_id}/deals/new/totals"))
    assert soup.select_one("fieldset.reading") is None
    checked = post(client, session_id, totals_form(typed, "check"))
    assert "Read as points." in summary(checked)
    assert post(client, session_id, totals_form(typed)).status_code == 303
    assert stored_points(app, session_id) == [stored]


def test_the_fool_counted_in_a_group_reads_scores_that_add_up_to_minus_one(client, app):
    # rules.md C15, C18 (E5 variant): "The total becomes 77 and the differences (0, +4, −5)
    # sum to −1"; a deal whose Fool's owner had no blank to give still totals 78.
    session_id = session(client, option_fool_counting="in-group")
    for typed, stored in (([0, 4, -5], [26, 30, 21]), ([0, 4, -4], [26, 30, 22])):
        response = post(client, session_id, totals_form(typed, "check"))
        assert "Read as scores (points − 26)." in summary(response), summary(response)
        assert post(client, session_id, totals_form(typed)).status_code == 303
        assert stored_points(app, session_id)[-1] == stored
    assert post(client, session_id, totals_form([0, 4, None])).status_code == 400  # 73 or -5


@pytest.mark.parametrize(
    ("typed", "field", "said"),
    [
        ([50, 40, None], "points_2", "The points typed add up to 90, more than the deck total 78"),
        ([30, None, None], "points_1", "Leave at most one empty"),
        ([None, None, None], "points_0", "Leave at most one empty"),
        (["-4", 60, 22], "points_0", "Anna: -4 cannot be points; a pile counts 0 to 78."),
    ],
)
def test_totals_that_cannot_be_read_are_refused_at_the_field_to_fix(
    client, app, typed, field, said
):
    session_id = session(client)
    response = post(client, session_id, totals_form(typed))
    assert response.status_code == 400
    assert said in " ".join(field_errors(page(response), field))
    assert deal_count(app, session_id) == 0
