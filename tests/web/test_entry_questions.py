"""The quick count asks only what can change the points: who won the Fool's trick where the
answer matters, the last trick's tricks worked out from the deal's, and per team where partners
pool their cards (web/deals/entry.py, web/deals/forms.py)."""

import pytest

from scorekeeper.rules import FOOL
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.audit import audit_quick_count
from tests.web.helpers import alerts
from tests.web.helpers import deal_count
from tests.web.helpers import field_errors
from tests.web.helpers import field_value
from tests.web.helpers import load
from tests.web.helpers import next_dealer
from tests.web.helpers import page
from tests.web.helpers import piles_form
from tests.web.helpers import played_deal
from tests.web.helpers import quick_form
from tests.web.helpers import start_session
from tests.web.helpers import stored_points

TAROCCHI = find_ruleset("tarocchi-a-3")
PIEDICAVALLO = find_ruleset("piedicavallo")
FOUR = ["Anna", "Bruno", "Carla", "Dora"]


def post(client, session_id, kind, data):
    return client.post(f"/sessions/{session_id}/deals/new/{kind}", data=data)


def full_points(deal):
    return list(audit_piles(deal.ruleset, deal.dealer, deal.piles, deal.scarto).points)


# Who won the Fool's trick: asked only where it changes the points


@pytest.mark.parametrize(("ruleset_id", "seed"), [("scarto", 1), ("scarto-sv", 2), ("scarto", 5)])
def test_the_fools_trick_is_not_asked_where_counting_in_threes_makes_it_no_matter(
    client, app, ruleset_id, seed
):
    # rules.md A4: "pile sizes are 3 × tricks, +1 for the Fool's owner (the Fool), −1 for the
    # winner of the Fool's trick", and "a last group of two gets a phantom blank (worth 1)":
    # the winner's 3k − 1 cards make k groups, as 3k cards would. Whoever won it, the same points.
    session_id = start_session(client, ruleset=ruleset_id)
    ruleset = find_ruleset(ruleset_id)
    soup = page(client.get(f"/sessions/{session_id}/deals/new/quick"))
    assert soup.find(attrs={"name": "fool_trick_winner"}) is None
    deal = played_deal(seed, next_dealer(app, session_id), ruleset)
    assert deal.fool_trick_winner is not None
    data = quick_form(deal, ruleset) | {"fool_trick_winner": ""}
    response = post(client, session_id, "quick", data)
    assert response.status_code == 303, alerts(page(response))
    assert stored_points(app, session_id) == [full_points(deal)]
    # Not asked, not recorded: the deal's stored input, as the API shows it, names no winner
    # of the Fool's trick (no stand-in seat for a fact nobody gave).
    shown = client.get(f"/api/v1/sessions/{session_id}")
    assert shown.status_code == 200
    stored = shown.get_json()["deals"][0]["input"]
    assert stored["counters"]["F"] == deal.fool_owner
    assert stored["fool_trick_winner"] is None  # the API's shape: null where not given
    assert load(app, session_id).deals[0].input["fool_trick_winner"] is None


def matto_without_trick(seed=3):
    """A Tarocchi a 3 quick count whose Matto's player (Carla) won no trick: her counters and
    tricks given to Bruno. Only the sizes matter to a quick count (rules.md A4)."""
    deal = played_deal(seed, 0, TAROCCHI)
    data = quick_form(deal, TAROCCHI)
    for key, value in list(data.items()):
        if key.startswith("card_") and value == "2":
            data[key] = "1"
    data["card_F"] = "2"
    won = deal.tricks_won
    data |= {"tricks_0": str(won[0]), "tricks_1": str(won[1] + won[2]), "tricks_2": "0"}
    data |= {"fool_trick_winner": "", "last_trick_winner": ""}
    return deal, data


def expected_quick(deal, data, fool_trick_winner, last_trick_winner=None):
    counters = {
        parse(code[5:]): (place if place == "scarto" else int(place))
        for code, place in data.items()
        if code.startswith("card_")
    }
    tricks = [int(data[f"tricks_{seat}"]) for seat in range(3)]
    result = audit_quick_count(
        TAROCCHI,
        deal.dealer,
        counters,
        tricks,
        fool_trick_winner,
        list(deal.scarto),
        last_trick_winner=last_trick_winner,
    )
    return list(result.points)


def parse(code):
    from scorekeeper.rules import parse_card

    return parse_card(code)


def test_a_matto_without_a_trick_asks_who_won_the_last_trick_not_its_own_trick(client, app):
    # The Italian page: "Il Matto può essere giocato solo se chi lo gioca ha effettuato almeno
    # una presa, altrimenti verrà assegnato a chi fa l'ultima presa". Carla won no trick, so her
    # Matto goes to whoever won the last trick. Was: the page asked who won the Matto's trick,
    # "so the Fool was played to the last trick", a guess (it may have been played too early).
    session_id = start_session(client, ruleset="tarocchi-a-3")
    deal, data = matto_without_trick()
    to_anna, to_bruno = expected_quick(deal, data, 0, 0), expected_quick(deal, data, 0, 1)
    assert to_anna != to_bruno  # the answer moves the Matto's 4 points
    for button in ("check", "save"):
        response = post(client, session_id, "quick", data | {button: "y"})
        assert response.status_code == 422
        asked = " ".join(field_errors(page(response), "last_trick_winner"))
        assert asked == (
            "Carla won no trick, so the Fool goes to whoever won the last trick: say who won it"
        )
        assert field_errors(page(response), "fool_trick_winner") == []
    assert deal_count(app, session_id) == 0
    assert post(client, session_id, "quick", data | {"last_trick_winner": "1"}).status_code == 303
    assert stored_points(app, session_id) == [to_bruno]


def test_a_matto_led_at_the_last_trick_asks_who_won_that_trick(client, app):
    # The Italian page: "se lo si conserva fino all'ultima mano e si deve uscire, andrà al
    # giocatore che si aggiudicherà l'ultima mano". Carla (with tricks) led it there.
    session_id = start_session(client, ruleset="tarocchi-a-3")
    deal = played_deal(3, 0, TAROCCHI)
    owner = deal.fool_owner
    assert deal.tricks_won[owner] > 0
    data = quick_form(deal, TAROCCHI) | {"fool_trick_winner": "", "last_trick_winner": ""}
    data["fool_led"] = "last-trick"
    response = post(client, session_id, "quick", data)
    assert response.status_code == 400
    asked = " ".join(field_errors(page(response), "fool_trick_winner"))
    name = ["Anna", "Bruno", "Carla"][owner]
    assert asked == (
        f"Who won the Matto's trick? {name} led it at the last trick, so it goes to whoever "
        "won that trick."
    )
    winner = (owner + 1) % 3
    response = post(client, session_id, "quick", data | {"fool_trick_winner": str(winner)})
    assert response.status_code == 303, alerts(page(response))
    moved = audit_quick_count(
        TAROCCHI,
        deal.dealer,
        {
            parse(c[5:]): (p if p == "scarto" else int(p))
            for c, p in data.items()
            if c[:5] == "card_"
        },
        list(deal.tricks_won),
        winner,
        list(deal.scarto),
        fool_led="last-trick",
    )
    assert stored_points(app, session_id) == [list(moved.points)]
    assert load(app, session_id).deals[0].input["fool_led"] == "last-trick"


def test_in_tarocchi_a_matto_whose_player_won_tricks_is_not_asked_about(client, app):
    session_id = start_session(client, ruleset="tarocchi-a-3")
    deal = played_deal(3, 0, TAROCCHI)
    assert deal.tricks_won[deal.fool_owner] > 0
    data = quick_form(deal, TAROCCHI) | {"fool_trick_winner": ""}
    assert post(client, session_id, "quick", data).status_code == 303
    assert stored_points(app, session_id) == [full_points(deal)]


def team_quick_form(deal, button="save"):
    """A Piedicavallo quick count per team: each counter to its team, the tricks per team
    (the second left empty to be worked out), the team that won the Fool's trick."""
    data = {
        f"card_{card.code}": str(seat % 2)
        for seat, pile in enumerate(deal.piles)
        for card in pile
        if PIEDICAVALLO.is_counter(card)
    }
    data |= {f"card_{c.code}": "scarto" for c in deal.scarto if PIEDICAVALLO.is_counter(c)}
    won = deal.tricks_won
    data |= {"tricks_0": str(won[0] + won[2]), "tricks_1": ""}
    winner = deal.fool_trick_winner
    data["fool_trick_winner"] = "" if winner is None else str(winner % 2)
    data["scarto"] = " ".join(card.code for card in deal.scarto)
    return data | {button: "y"}


@pytest.mark.parametrize("seed", [2, 5, 9])
def test_piedicavallo_asks_which_team_won_the_fools_trick_as_every_card_counts(client, app, seed):
    # rules.md 1.5: "Players count the points in their score piles" (raw counting, 114 in all):
    # the Fool's trick's three other cards count for the team that won it.
    session_id = start_session(client, FOUR, ruleset="piedicavallo")
    deal = played_deal(seed, 0, PIEDICAVALLO)
    assert deal.fool_trick_winner is not None
    data = team_quick_form(deal)
    response = post(client, session_id, "quick", data | {"fool_trick_winner": ""})
    assert response.status_code == 400
    asked = " ".join(field_errors(page(response), "fool_trick_winner"))
    assert asked.startswith("Which team won the Fool's trick? Every card counts here")
    assert post(client, session_id, "quick", data).status_code == 303
    assert stored_points(app, session_id) == [full_points(deal)]


def test_piedicavallo_does_not_ask_when_one_team_won_every_trick(client, app):
    session_id = start_session(client, FOUR, ruleset="piedicavallo")
    deal = played_deal(2, 0, PIEDICAVALLO)
    data = team_quick_form(deal)
    for key, value in data.items():
        if key.startswith("card_") and value == "1":
            data[key] = "0"
    data |= {"tricks_0": "15", "tricks_1": "", "fool_trick_winner": ""}
    response = post(client, session_id, "quick", data)
    assert response.status_code == 303, alerts(page(response))
    assert stored_points(app, session_id) == [[114, 0]]


# The tricks: the one left empty worked out


@pytest.mark.parametrize("empty", [0, 1, 2])
def test_the_one_tricks_field_left_empty_is_worked_out_from_25(client, app, empty):
    session_id = start_session(client)
    deal = played_deal(7, next_dealer(app, session_id))
    data = quick_form(deal) | {f"tricks_{empty}": ""}
    assert post(client, session_id, "quick", data).status_code == 303
    assert load(app, session_id).deals[0].input["tricks"] == list(deal.tricks_won)
    assert stored_points(app, session_id) == [full_points(deal)]


def test_tricks_that_leave_the_empty_one_below_zero_are_refused_there(client, app):
    session_id = start_session(client)
    deal = played_deal(7, next_dealer(app, session_id))
    data = quick_form(deal) | {"tricks_0": "20", "tricks_1": "10", "tricks_2": ""}
    response = post(client, session_id, "quick", data)
    assert response.status_code == 400
    said = field_errors(page(response), "tricks_2")
    assert said == ["These add up to 30, more than the 25 of a deal."]
    assert deal_count(app, session_id) == 0


# Teams: the quick count and full piles per team


def test_a_team_ruleset_asks_its_quick_count_per_team(client):
    session_id = start_session(client, FOUR, ruleset="piedicavallo")
    soup = page(client.get(f"/sessions/{session_id}/deals/new/quick"))
    assert [field.get("name") for field in soup.select("fieldset.tricks input")] == [
        "tricks_0",
        "tricks_1",
    ]
    assert [label.get_text() for label in soup.select("fieldset.tricks label")] == [
        "Anna & Carla",
        "Bruno & Dora",
    ]
    chips = soup.select('input[name="card_KS"]')
    assert [(chip["value"], chip["aria-label"]) for chip in chips] == [
        ("0", "Anna & Carla"),
        ("1", "Bruno & Dora"),
        ("scarto", "scarto"),
    ]
    choices = soup.select('select[name="fool_trick_winner"] option')
    assert [option.get_text() for option in choices] == ["—", "Anna & Carla", "Bruno & Dora"]


@pytest.mark.parametrize("seed", [4, 8])
def test_full_piles_per_team_record_the_points_of_the_teams_piles(client, app, seed):
    session_id = start_session(client, FOUR, ruleset="piedicavallo")
    soup = page(client.get(f"/sessions/{session_id}/deals/new/piles"))
    assert [area["name"] for area in soup.select(".piles-entry textarea")] == [
        "scarto",
        "pile_0",
        "pile_1",
    ]
    deal = played_deal(seed, 0, PIEDICAVALLO)
    teams = [deal.piles[0] + deal.piles[2], deal.piles[1] + deal.piles[3]]
    assert post(client, session_id, "piles", piles_form(teams, deal.scarto)).status_code == 303
    assert stored_points(app, session_id) == [full_points(deal)]


def test_a_deal_given_per_seat_is_corrected_in_the_form_per_team(client, app):
    session_id = start_session(client, FOUR, ruleset="piedicavallo")
    deal = played_deal(4, 0, PIEDICAVALLO)
    body = {
        "piles": [[card.code for card in pile] for pile in deal.piles],
        "scarto": [card.code for card in deal.scarto],
    }
    assert client.post(f"/api/v1/sessions/{session_id}/deals", json=body).status_code == 201
    soup = page(client.get(f"/sessions/{session_id}/deals/1/edit"))
    for team in range(2):
        shown = field_value(soup, f"pile_{team}").split()
        assert shown == body["piles"][team] + body["piles"][team + 2]
    quick = {
        "counters": {
            card.code: seat
            for seat, pile in enumerate(deal.piles)
            for card in pile
            if PIEDICAVALLO.is_counter(card)
        }
        | {card.code: "scarto" for card in deal.scarto if PIEDICAVALLO.is_counter(card)},
        "tricks": list(deal.tricks_won),
        "fool_trick_winner": deal.fool_trick_winner,
    }
    response = client.put(f"/api/v1/sessions/{session_id}/deals/1", json=quick)
    assert response.status_code == 200, response.get_json()
    soup = page(client.get(f"/sessions/{session_id}/deals/1/edit"))
    won = deal.tricks_won
    assert [field_value(soup, "tricks_0"), field_value(soup, "tricks_1")] == [
        str(won[0] + won[2]),
        str(won[1] + won[3]),
    ]
    assert field_value(soup, "card_F") == str(
        next(seat % 2 for seat, pile in enumerate(deal.piles) if FOOL in pile)
    )
