"""Correcting and deleting earlier deals: prefilled forms, history, recomputed totals."""

import pytest

from scorekeeper.rules.audit import audit_piles
from tests.web.helpers import SCARTO
from tests.web.helpers import alerts
from tests.web.helpers import deal_count
from tests.web.helpers import deal_rows
from tests.web.helpers import field_value
from tests.web.helpers import form_data
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import piles_form
from tests.web.helpers import played_deal
from tests.web.helpers import protocol_numbers
from tests.web.helpers import quick_form
from tests.web.helpers import record_totals
from tests.web.helpers import row_cells
from tests.web.helpers import row_marks
from tests.web.helpers import saved_to_protocol
from tests.web.helpers import session_with_totals
from tests.web.helpers import start_session
from tests.web.helpers import stored_points
from tests.web.helpers import text
from tests.web.helpers import totals_form

DEALS = ([30, 27, 21], [20, 30, 28], [28, 28, 22])
# Scores (points - 26): +4/+1/-5, -6/+4/+2, +2/+2/-4; totals after three deals 0, 7, -7.


@pytest.fixture
def session_id(client):
    """Anna, Bruno and Carla at Scarto, Anna dealing first, one game of three deals by totals."""
    return session_with_totals(client, DEALS)


def edit(client, session_id, number, data):
    return client.post(f"/sessions/{session_id}/deals/{number}/edit", data=data)


def delete(client, session_id, number, data):
    return client.post(f"/sessions/{session_id}/deals/{number}/delete", data=data)


def versions(app, session_id):
    return [(deal.version, len(deal.history)) for deal in load(app, session_id).deals]


# Correcting


def test_the_correction_form_of_an_earlier_deal_is_prefilled(client, session_id):
    response = client.get(f"/sessions/{session_id}/deals/1/edit")
    assert response.status_code == 200
    soup = page(response)
    assert "Correct deal 1" in text(soup.find("h1"))
    assert "Dealer: Anna" in text(soup)
    assert [field_value(soup, f"points_{side}") for side in range(3)] == ["30", "27", "21"]
    assert [field_value(page(client.get(f"/sessions/{session_id}/deals/3/edit")), "points_2")] == [
        "22"
    ]


def test_correcting_an_earlier_deal_recomputes_the_totals_and_the_settlement(
    client, app, session_id
):
    response = edit(client, session_id, 1, totals_form([26, 26, 26]))
    assert response.status_code == 303
    assert saved_to_protocol(response, session_id)
    assert stored_points(app, session_id) == [[26, 26, 26], *DEALS[1:]]
    soup = page(client.get(f"/sessions/{session_id}"))
    # Deal 1 now scores 0/0/0: totals -6/+4/+2 after deal 2, then -4/+6/-2 after deal 3.
    assert protocol_numbers(soup, 1) == {
        "points": [26, 26, 26],
        "scores": [0, 0, 0],
        "totals": [0, 0, 0],
    }
    assert protocol_numbers(soup, 2)["totals"] == [-6, 4, 2]
    assert protocol_numbers(soup, 3)["totals"] == [-4, 6, -2]
    # Anna is lowest now and pays the others a drink.
    assert "Anna pays a drink to Bruno and Carla" in text(soup)
    assert "Carla pays a drink" not in text(soup)
    # Only deal 1 is tagged corrected; the dealers stay.
    assert "corrected" in row_marks(soup, 1)
    assert "corrected" not in row_cells(soup, 2)[-1] + row_cells(soup, 3)[-1]
    assert [row_cells(soup, n)[1] for n in (1, 2, 3)] == ["Anna", "Bruno", "Carla"]


def test_the_deal_page_shows_the_correction_in_its_history(client, session_id):
    edit(client, session_id, 1, totals_form([26, 26, 26]))
    soup = page(client.get(f"/sessions/{session_id}/deals/1"))
    history = [text(li) for li in soup.select("ol.history li")]
    assert len(history) == 2
    assert "recorded" in history[0]
    assert "corrected" in history[1]
    assert "4 / 1 / -5 → 0 / 0 / 0" in history[1]
    assert "26 26 26" in text(soup.select_one(".breakdown"))


def test_checking_a_correction_shows_it_and_changes_nothing(client, app, session_id):
    before = versions(app, session_id)
    response = edit(client, session_id, 1, totals_form([26, 26, 26], "check"))
    assert response.status_code == 200
    assert "Score 0 0 0" in text(page(response).select_one(".breakdown"))
    assert stored_points(app, session_id) == list(DEALS)
    assert versions(app, session_id) == before


@pytest.mark.parametrize(
    ("entered", "status"),
    [([26, 26, 25], 422), ([26, "x", 26], 400), ([None, None, 26], 400)],
)
def test_a_refused_correction_changes_nothing(client, app, session_id, entered, status):
    before = versions(app, session_id)
    response = edit(client, session_id, 1, totals_form(entered))
    assert response.status_code == status
    assert "Location" not in response.headers
    assert alerts(page(response))
    assert stored_points(app, session_id) == list(DEALS)
    assert versions(app, session_id) == before
    soup = page(client.get(f"/sessions/{session_id}"))
    assert "corrected" not in row_marks(soup, 1)


def test_a_quick_count_is_corrected_in_its_own_prefilled_form(client, app):
    session_id = start_session(client)
    first = played_deal(21, 0)
    response = client.post(f"/sessions/{session_id}/deals/new/quick", data=quick_form(first))
    assert response.status_code == 303
    for points in DEALS[1:]:
        record_totals(client, session_id, points)
    soup = page(client.get(f"/sessions/{session_id}/deals/1/edit"))
    shown = form_data(soup)
    entered = quick_form(first)
    # Scarto asks neither who won the Fool's trick nor the last trick (the answers never change
    # its points): the form shows every other answer.
    for key in ("save", "fool_trick_winner", "last_trick_winner"):
        del entered[key]
    assert {key: shown.get(key) for key in entered} == entered
    # The table finds it was another deal altogether (same dealer, Anna).
    second = played_deal(22, 0)
    expected = list(audit_piles(SCARTO, 0, second.piles, second.scarto).points)
    assert edit(client, session_id, 1, quick_form(second)).status_code == 303
    assert stored_points(app, session_id) == [expected, *DEALS[1:]]
    deal = load(app, session_id).deals[0]
    assert (deal.form, deal.dealer, deal.corrected) == ("quick", 0, True)
    scores = [p - 26 for p in expected]
    totals = [a + b + c for a, b, c in zip(scores, [-6, 4, 2], [2, 2, -4], strict=True)]
    soup = page(client.get(f"/sessions/{session_id}"))
    assert protocol_numbers(soup, 3)["totals"] == totals


def test_full_piles_are_corrected_in_their_own_prefilled_form(client, app):
    session_id = start_session(client)
    record_totals(client, session_id, DEALS[0])
    deal = played_deal(31, 1)
    data = piles_form(deal.piles, deal.scarto, deal.last_trick_winner)
    assert client.post(f"/sessions/{session_id}/deals/new/piles", data=data).status_code == 303
    record_totals(client, session_id, DEALS[2])
    soup = page(client.get(f"/sessions/{session_id}/deals/2/edit"))
    for seat, pile in enumerate(deal.piles):
        assert field_value(soup, f"pile_{seat}").split() == [card.code for card in pile]
    assert field_value(soup, "scarto").split() == [card.code for card in deal.scarto]
    # Scarto does not ask who won the last trick: no penalty of its goes to him.
    assert soup.find(attrs={"name": "last_trick_winner"}) is None
    # Saved again as it stands, the deal keeps its points and is marked corrected.
    before = stored_points(app, session_id)
    assert edit(client, session_id, 2, form_data(soup) | {"save": "y"}).status_code == 303
    assert stored_points(app, session_id) == before
    assert load(app, session_id).deals[1].corrected


def test_a_piedicavallo_deal_entered_per_seat_is_prefilled_with_its_team_totals(client, app):
    # The API takes Piedicavallo totals per seat (4 numbers) or per team (2); the web form asks
    # per team. Correcting a deal entered per seat must show the teams' points, 70 and 44, not
    # seat 0's and seat 1's (30 and 20), which would not even add up to 114.
    session_id = start_session(client, ["Anna", "Bruno", "Carla", "Dora"], ruleset="piedicavallo")
    response = client.post(
        f"/api/v1/sessions/{session_id}/deals", json={"points": [30, 20, 40, 24]}
    )
    assert response.status_code == 201
    assert stored_points(app, session_id) == [[70, 44]]
    soup = page(client.get(f"/sessions/{session_id}/deals/1/edit"))
    assert [field_value(soup, "points_0"), field_value(soup, "points_1")] == ["70", "44"]
    # And saving the prefilled form unchanged is accepted.
    assert edit(client, session_id, 1, form_data(soup) | {"save": "y"}).status_code == 303
    assert stored_points(app, session_id) == [[70, 44]]


# Deleting


def test_deleting_a_middle_deal_moves_the_later_one_up_with_its_new_dealer(client, app, session_id):
    response = delete(client, session_id, 2, {"confirm": "y"})
    assert response.status_code == 303
    deleted_id = load(app, session_id).deals[0].id + 1  # ids in the order they were recorded
    assert response.headers["Location"].endswith(
        f"/sessions/{session_id}?deleted={deleted_id}&n=2"  # the page says what went (Undo)
    )
    assert stored_points(app, session_id) == [DEALS[0], DEALS[2]]
    soup = page(client.get(f"/sessions/{session_id}"))
    assert [row["id"] for row in deal_rows(soup)] == ["deal-1", "deal-2"]
    # The old deal 3 (28, 28, 22) is deal 2 now, dealt by Bruno, the second seat.
    assert row_cells(soup, 2)[1] == "Bruno"
    assert load(app, session_id).deals[1].dealer == 1
    # Totals: +4/+1/-5, then +2/+2/-4 -> 6, 3, -9. The game is not over: Carla deals next.
    assert protocol_numbers(soup, 2) == {
        "points": [28, 28, 22],
        "scores": [2, 2, -4],
        "totals": [6, 3, -9],
    }
    assert "Next dealer: Carla" in text(soup)
    assert "pays a drink" not in text(soup)
    assert client.get(f"/sessions/{session_id}/deals/3").status_code == 404
    history = [
        text(li)
        for li in page(client.get(f"/sessions/{session_id}/deals/2")).select("ol.history li")
    ]
    assert "recorded" in history[0]
    assert len(history) == 2  # counted again with its new dealer


def test_deleting_a_deal_recounts_a_later_full_pile_deal_for_its_new_dealer(client, app):
    # Full piles depend on the dealer: the scarto joins his pile.
    session_id = start_session(client)
    record_totals(client, session_id, DEALS[0])
    record_totals(client, session_id, DEALS[1])
    deal = played_deal(41, 2)
    data = piles_form(deal.piles, deal.scarto, deal.last_trick_winner)
    assert client.post(f"/sessions/{session_id}/deals/new/piles", data=data).status_code == 303
    as_dealt = list(audit_piles(SCARTO, 2, deal.piles, deal.scarto).points)
    assert stored_points(app, session_id)[2] == as_dealt
    assert delete(client, session_id, 2, {"confirm": "y"}).status_code == 303
    recounted = list(audit_piles(SCARTO, 1, deal.piles, deal.scarto).points)
    assert stored_points(app, session_id) == [DEALS[0], recounted]
    soup = page(client.get(f"/sessions/{session_id}"))
    assert protocol_numbers(soup, 2)["points"] == recounted
    assert row_cells(soup, 2)[1] == "Bruno"


def test_the_deal_pages_own_delete_form_deletes_the_deal(client, app, session_id):
    soup = page(client.get(f"/sessions/{session_id}/deals/3"))
    form = soup.find("form", action=lambda a: a and a.endswith("/delete"))
    assert form is not None
    assert form.find(attrs={"name": "confirm"}) is not None
    response = client.post(form["action"], data={"confirm": "y", "submit": "Delete"})
    assert response.status_code == 303
    assert stored_points(app, session_id) == list(DEALS[:2])


@pytest.mark.parametrize("data", [{}, {"confirm": ""}, {"submit": "Delete"}])
def test_deleting_without_confirming_is_refused_and_deletes_nothing(client, app, session_id, data):
    before = versions(app, session_id)
    response = delete(client, session_id, 2, data)
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert stored_points(app, session_id) == list(DEALS)
    assert versions(app, session_id) == before


def test_deleting_with_a_get_is_not_possible(client, app, session_id):
    assert client.get(f"/sessions/{session_id}/deals/2/delete").status_code == 405
    assert deal_count(app, session_id) == 3


def test_deleting_every_deal_leaves_an_empty_protocol(client, app, session_id):
    for _ in DEALS:
        assert delete(client, session_id, 1, {"confirm": "y"}).status_code == 303
    assert deal_count(app, session_id) == 0
    soup = page(client.get(f"/sessions/{session_id}"))
    assert deal_rows(soup) == []
    assert "No deal recorded yet" in text(soup)
    assert "Next dealer: Anna" in text(soup)
