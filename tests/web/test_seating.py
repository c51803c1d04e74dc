"""Which way play runs, said on the session form and the reference card, with the table drawn.

The seeds: Wikipedia (Scarto) "Play is counter-clockwise; the player to the right of the dealer
leads the first trick"; the Italian page "Inizia il gioco il giocatore alla destra del mazziere,
quindi si gioca in senso contrario alla distribuzione"; Piedicavallo "the player on the right
side of the dealer takes the lead on the first trick"; the Swedish page "Förhand (spelaren till
vänster om given) spelar ut till första sticket": there the dealer's left leads.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from scorekeeper.rules import find_ruleset
from scorekeeper.sheets.content import reference_card
from scorekeeper.web.sessions.seating import seat_positions

RIGHT = "Play runs to the dealer's right (counter-clockwise): the player on his right leads."
LEFT = "Play runs to the dealer's left (clockwise): the player on his left leads."


@pytest.mark.parametrize(
    ("ruleset_id", "direction"),
    [
        ("scarto", "counter-clockwise"),
        ("tarocchi-a-3", "counter-clockwise"),
        ("piedicavallo", "counter-clockwise"),
        ("scarto-sv", "clockwise"),
    ],
)
def test_each_ruleset_knows_which_way_play_runs(ruleset_id, direction):
    assert find_ruleset(ruleset_id).play_direction == direction
    # A house rule keeps the preset's direction: it is the source's, not an option.
    assert find_ruleset(ruleset_id, {"must_trump": False}).play_direction == direction


def test_counter_clockwise_puts_the_next_player_on_the_right_of_the_drawing():
    # Seen from above, the player at the bottom faces up: his right hand is the drawing's right.
    # Seat 0 at the bottom (x 50, y 50 + 34); counter-clockwise seat 1 is to its right.
    (x0, y0), (x1, _), (x2, _) = seat_positions(3, "counter-clockwise")
    assert (x0, y0) == (50.0, 84.0)
    assert x1 > 50 > x2
    (_, _), (x1, _), (x2, _) = seat_positions(3, "clockwise")
    assert x1 < 50 < x2


def test_four_seats_put_partners_opposite():
    # Piedicavallo: seats 0 and 2 are partners, across the table (bottom and top).
    bottom, right, top, left = seat_positions(4, "counter-clockwise")
    assert bottom == (50.0, 84.0)
    assert top == (50.0, 16.0)
    assert right[0] > 50 > left[0]


def test_the_reference_card_says_which_way_play_runs(app):
    with app.test_request_context():
        cards = {r: reference_card(find_ruleset(r)) for r in ("scarto", "scarto-sv")}
    play = {r: next(s for s in card if s.title == "Play").lines for r, card in cards.items()}
    assert RIGHT in play["scarto"]
    assert LEFT in play["scarto-sv"]


def test_the_session_form_draws_the_players_in_the_order_typed(client):
    body = {
        "ruleset": "scarto-sv",
        "player_0": "Anna",
        "player_1": "Bruno",
        "player_2": "Carla",
        "first_dealer": "2",
        "pin": "1",  # too short: the form comes back, drawn with what was typed
    }
    page = BeautifulSoup(client.post("/sessions/new", data=body).data, "html.parser")
    figure = page.select_one("figure.seating")
    assert LEFT in figure.get_text()
    seats = figure.select("text[data-seat]")
    names = [seat.select_one("[data-name]").get_text() for seat in seats[:3]]
    assert names == ["Anna", "Bruno", "Carla"]
    assert seats[3].get("display") == "none"  # three players in this ruleset
    assert not figure.select("[style]")  # no inline style: the CSP refuses it
    assert "dealer" in seats[2]["class"]
    # Clockwise: Bruno, after Anna in order of play, sits on the drawing's left.
    assert float(seats[1]["x"]) < 50 < float(seats[2]["x"])


def test_the_new_session_form_says_it_for_the_first_ruleset(client):
    page = BeautifulSoup(client.get("/sessions/new").data, "html.parser")
    assert RIGHT in page.select_one("figure.seating figcaption").get_text()
