"""What the entry pages say when something is wrong, and how they are built for a thumb, a
keyboard and a screen reader: sentences that name the player (or team) and the fix, no problem
codes (they stay in the JSON API), errors tied to their fields, the first field focused, Save
the form's default button."""

import re

import pytest

from tests.bodies import piles_body
from tests.web.helpers import field_errors
from tests.web.helpers import page
from tests.web.helpers import piles_form
from tests.web.helpers import played_deal
from tests.web.helpers import quick_form
from tests.web.helpers import start_session
from tests.web.helpers import text
from tests.web.helpers import totals_form

HOW = "Cards are written like KS, 10B, CC, T21, F."
FOUR = ["Anna", "Bruno", "Carla", "Dora"]
CODES = re.compile(r"\b(total-mismatch|scarto-illegal|card-missing|card-twice|pile-size)\b")


def post(client, session_id, kind, data):
    return client.post(f"/sessions/{session_id}/deals/new/{kind}", data=data)


# Sentences a keeper can act on


def test_a_card_that_is_no_card_is_named_with_its_pile_and_how_cards_are_written(client):
    session_id = start_session(client)
    deal = played_deal(6, 0)
    piles = [[card.code for card in pile] for pile in deal.piles]
    piles[2][3] = "KX"
    soup = page(post(client, session_id, "piles", piles_form(piles, deal.scarto)))
    assert field_errors(soup, "pile_2") == [f"Carla's pile: 'KX' is not a card. {HOW}"]
    assert field_errors(soup, "pile_0") == []


def test_a_teams_pile_is_named_by_the_team(client):
    session_id = start_session(client, FOUR, ruleset="piedicavallo")
    soup = page(post(client, session_id, "piles", piles_form([["KS", "Q"], []], [])))
    assert field_errors(soup, "pile_0") == [f"Anna & Carla's pile: 'Q' is not a card. {HOW}"]


@pytest.mark.parametrize(
    ("kind", "field", "value", "said"),
    [
        ("quick", "scarto", "QC 4X 10D", f"The scarto: '4X' is not a card. {HOW}"),
        ("play", "tricks", "5S 7S KS\n5D 8D T99", f"Trick 2: 'T99' is not a card. {HOW}"),
        ("play", "scarto", "QC 4S 1O", f"The scarto: '1O' is not a card. {HOW}"),
    ],
)
def test_the_other_forms_name_where_the_bad_card_is(client, kind, field, value, said):
    session_id = start_session(client)
    data = quick_form(played_deal(6, 0)) if kind == "quick" else {"scarto": "", "tricks": ""}
    response = post(client, session_id, kind, data | {field: value, "check": "y"})
    assert response.status_code == 400
    assert field_errors(page(response), field) == [said]


def test_the_scarto_check_names_the_bad_card_too(client):
    session_id = start_session(client)
    response = client.post(f"/sessions/{session_id}/scarto", data={"scarto": "KS ZZ 2S"})
    assert field_errors(page(response), "scarto") == [f"The scarto: 'ZZ' is not a card. {HOW}"]


def test_numbers_out_of_range_name_the_player_and_the_range(client):
    session_id = start_session(client)
    data = quick_form(played_deal(6, 0)) | {"tricks_1": "26"}
    soup = page(post(client, session_id, "quick", data))
    assert field_errors(soup, "tricks_1") == ["Bruno: tricks are 0 to 25"]
    soup = page(post(client, session_id, "totals", totals_form([30, 27, "-40"])))
    assert field_errors(soup, "points_2") == ["Carla: a number from -26 to 78"]


# No problem codes on a keeper's page


def test_no_problem_code_shows_on_the_entry_the_deal_or_the_protocol(client):
    session_id = start_session(client)
    refused = post(client, session_id, "totals", totals_form([30, 27, 20]))
    assert refused.status_code == 422
    assert "the points add up to 77, not 78" in text(page(refused))
    assert not CODES.search(refused.get_data(as_text=True))
    # A King laid aside: an illegal scarto, recorded and marked.
    body = piles_body(played_deal(6, 0))
    seat, king = next(
        (seat, card) for seat, pile in enumerate(body["piles"]) for card in pile if card[0] == "K"
    )
    pile = body["piles"][seat]
    pile[pile.index(king)], body["scarto"][0] = body["scarto"][0], king
    response = client.post(f"/api/v1/sessions/{session_id}/deals", json=body)
    assert "scarto-illegal" in [p["code"] for p in response.get_json()["problems"]]  # the API
    for path in (f"/sessions/{session_id}", f"/sessions/{session_id}/deals/1"):
        shown = client.get(path).get_data(as_text=True)
        assert "Kings may not be laid aside" in shown
        assert not CODES.search(shown), path
        assert page(client.get(path)).select(".problems .code") == []


# Tied to their fields, focus, the default button


def test_an_error_is_tied_to_its_field_for_a_screen_reader(client):
    session_id = start_session(client)
    soup = page(post(client, session_id, "totals", totals_form([30, "x", 21])))
    field = soup.find(attrs={"name": "points_1"})
    assert field["aria-invalid"] == "true"
    described = soup.find(id=field["aria-describedby"])
    assert described is not None
    assert "Not a valid integer value" in text(described)
    assert soup.find(attrs={"name": "points_0"}).get("aria-invalid") is None
    # And the cursor waits in it.
    assert field.has_attr("autofocus")
    assert not soup.find(attrs={"name": "points_0"}).has_attr("autofocus")


def test_a_counter_left_out_is_tied_to_its_group_of_chips(client):
    session_id = start_session(client)
    data = quick_form(played_deal(6, 0)) | {"card_KS": "Bruno"}
    soup = page(post(client, session_id, "quick", data))
    group = soup.find(attrs={"name": "card_KS"}).find_parent(attrs={"role": "radiogroup"})
    assert group["aria-label"] == "King of Swords"
    assert group["aria-invalid"] == "true"
    assert text(soup.find(id=group["aria-describedby"])) == "Choose a player or the scarto."


@pytest.mark.parametrize(
    ("path", "first"),
    [
        ("deals/new/totals", "points_0"),
        ("deals/new/quick", "card_JS"),  # the first counter of the pack, the Jack of Swords
        ("deals/new/piles", "scarto"),  # so do the full piles: the scarto is filled first
        ("deals/new/play", "scarto"),  # the play starts with the scarto
        ("deals/import", "record"),
        ("scarto", "scarto"),
    ],
)
def test_every_form_opens_with_its_first_field_focused_and_save_its_default(client, path, first):
    session_id = start_session(client)
    soup = page(client.get(f"/sessions/{session_id}/{path}"))
    focused = soup.select("[autofocus]")
    assert [field["name"] for field in focused] == [first]
    # The default button, the one Enter presses, is the first submit button of the form.
    form = focused[0].find_parent("form")
    buttons = form.select("input[type=submit], button:not([type=button])")
    assert buttons[0]["name"] in ("save", "submit", "check")
    if path.startswith("deals/new/"):
        assert buttons[0]["name"] == "save"
    assert all(
        field.find_parent("label") or soup.select_one(f'label[for="{field.get("id")}"]')
        for field in form.select("input:not([type=hidden]):not([type=submit]), select, textarea")
    ), "every field has a label"


def test_the_quick_count_chips_shorten_long_names_and_say_them_in_full(client):
    names = ["Massimiliano", "Margherita", "Giovanni"]
    session_id = start_session(client, names)
    soup = page(client.get(f"/sessions/{session_id}/deals/new/quick"))
    chips = soup.select('input[name="card_KS"]')
    assert [chip["aria-label"] for chip in chips] == [*names, "scarto"]
    shown = [text(chip.find_next_sibling("span")) for chip in chips]
    assert shown == ["Mass.", "Marg.", "Giov.", "scarto"]
    assert "Mass. = Massimiliano" in text(soup.select_one(".legend"))
