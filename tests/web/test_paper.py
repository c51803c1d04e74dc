"""An old paper protocol entered on one page (/sessions/paper): every row checked like any deal,
all stored or none; points or scores, one value a row worked out; at most 200 rows."""

from __future__ import annotations

import pytest

from scorekeeper.services import InputError
from scorekeeper.services.sessions.paper import MAX_ROWS
from scorekeeper.services.sessions.paper import PaperError
from scorekeeper.services.sessions.paper import record_paper
from scorekeeper.storage import repository
from scorekeeper.storage.repository import select
from scorekeeper.web.db import get_db
from tests.web import helpers
from tests.web.helpers import alerts
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import text

PAPER = "/sessions/paper"


def paper_form(rows, players=("Anna", "Bruno", "Carla"), **more):
    """The page's fields: Scarto, the players confirmed as new, a row of fields per deal."""
    data = {
        "ruleset_id": "scarto",
        "played_on": "2011-05-14",
        "first_dealer": "1",
        "row_count": "20",
        "save": "Save the protocol",
        "add_players": "Yes, add them",
        "confirmed": "\n".join(players),
    }
    data |= {f"player_{seat}": name for seat, name in enumerate(players)}
    for row, values in enumerate(rows):
        for side, value in enumerate(values):
            data[f"deal_{row}_{side}"] = "" if value is None else str(value)
    return data | more


def stored(app, table: str) -> int:
    with app.app_context():
        return next(select(get_db(), f"select count(*) as n from {table}"))["n"]


def saved_session(response) -> int:
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def test_a_paper_protocol_is_saved_with_every_deal_its_day_and_its_players(app, client):
    rows = [
        [30, 27, 21],  # points: they add up to 78
        [4, -2, None],  # scores: the empty one is -2, so points 30, 24, 24
        [None, None, None],  # left empty: left out
        [40, None, 20],  # points: 18 worked out (4 or -8 as scores would add up to 60)
    ]
    session_id = saved_session(client.post(PAPER, data=paper_form(rows)))
    session = load(app, session_id)
    assert session.played_on == "2011-05-14"
    assert session.players == ("Anna", "Bruno", "Carla")
    assert all(player is not None for player in session.player_ids)
    assert [list(deal.result.points) for deal in session.deals] == [
        [30, 27, 21],
        [30, 24, 24],
        [40, 18, 20],
    ]
    assert [list(deal.result.scores) for deal in session.deals][1] == [4, -2, -2]
    # Bruno dealt first, then the deal passed on in order of play.
    assert [deal.dealer for deal in session.deals] == [1, 2, 0]
    assert [deal.history[0]["action"] for deal in session.deals] == ["recorded"] * 3


def test_scores_that_add_up_to_zero_are_read_as_scores(app, client):
    session_id = saved_session(client.post(PAPER, data=paper_form([[10, -4, -6]])))
    # Scarto scores are points - 26: 36, 22, 20 (78).
    assert [list(d.result.points) for d in load(app, session_id).deals] == [[36, 22, 20]]


def test_one_bad_row_stores_nothing_and_is_shown_with_its_reason(app, client):
    rows = [[30, 27, 21], [None, None, None], [30, 30, 30], [30, 27, 21], [30, None, None]]
    response = client.post(PAPER, data=paper_form(rows, ("Anna", "Bruno", "Dora")))
    assert response.status_code == 422
    assert (stored(app, "sessions"), stored(app, "deals"), stored(app, "players")) == (0, 0, 0)
    soup = page(response)
    assert soup.select("tr.bad") == [soup.select_one("#row-3"), soup.select_one("#row-5")]
    third = text(soup.select_one("#row-3-error"))
    assert third.startswith("Deal 3: this deal cannot be recorded")
    assert "Deal 5: Leave at most one empty" in text(soup.select_one("#row-5-error"))
    assert "2 deals cannot be recorded: nothing was stored." in alerts(soup)
    # What was typed is still there, to correct.
    assert soup.select_one("input[name=deal_2_1]")["value"] == "30"


def test_a_value_out_of_range_is_refused_beside_its_row(app, client):
    response = client.post(PAPER, data=paper_form([[30, 27, 21], [500, 0, 0]]))
    assert response.status_code == 400
    soup = page(response)
    assert text(soup.select_one("#row-2-error")) == "Deal 2: A number from -26 to 78."
    assert stored(app, "sessions") == 0


def test_a_row_read_either_way_asks_which_and_the_page_says(app, client):
    # 2 and 16 with one empty: points 2, 16, 60, or scores +2, +16, -18 (28, 42, 8 points).
    response = client.post(PAPER, data=paper_form([[2, 16, None]]))
    assert response.status_code == 422
    assert "Points or scores?" in text(page(response).select_one("#row-1-error"))
    response = client.post(PAPER, data=paper_form([[2, 16, None]], reading="scores"))
    session_id = saved_session(response)
    assert [list(d.result.points) for d in load(app, session_id).deals] == [[28, 42, 8]]


def test_new_names_are_asked_about_before_anything_is_stored(app, client):
    helpers.start_session(client, ["Anna", "Bruno", "Carla"])
    data = paper_form([[30, 27, 21]], ("anna", "Bruno", "Zeno"))
    del data["add_players"], data["confirmed"]
    response = client.post(PAPER, data=data)
    assert response.status_code == 400
    assert text(page(response).select_one(".confirm-new p")) == "Zeno is new: add Zeno as a player?"
    assert stored(app, "sessions") == 1
    data |= {"add_players": "Yes, add them", "confirmed": "Zeno"}
    session = load(app, saved_session(client.post(PAPER, data=data)))
    assert session.players == ("anna", "Bruno", "Zeno")
    assert session.player_ids[0] == load(app, 1).player_ids[0]


def test_more_rows_keeps_what_was_typed_and_the_page_holds_at_most_200(app, client):
    data = paper_form([[30, 27, 21]], more="More rows")
    del data["save"]
    soup = page(client.post(PAPER, data=data))
    assert len(soup.select("table.paper-deals tbody tr")) == 30
    assert soup.select_one("input[name=deal_0_0]")["value"] == "30"
    assert stored(app, "sessions") == 0
    data["row_count"] = "195"
    soup = page(client.post(PAPER, data=data))
    assert len(soup.select("table.paper-deals tbody tr")) == MAX_ROWS
    assert soup.select_one("button[name=more], input[name=more]") is None
    response = client.post(PAPER, data=paper_form([[30, 27, 21]], row_count="201"))
    assert response.status_code == 400
    assert "At most 200 deals on one page." in alerts(page(response))
    assert stored(app, "sessions") == 0


def test_the_service_refuses_more_than_200_deals(app):
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]}
    with app.app_context():
        with pytest.raises(InputError, match="at most 200 deals"):
            record_paper(get_db(), body | {"deals": [[30, 27, 21]] * (MAX_ROWS + 1)})
        assert len(repository.list_sessions(get_db())) == 0
        session_id = record_paper(get_db(), body | {"deals": [[30, 27, 21]] * MAX_ROWS})
    assert len(load(app, session_id).deals) == MAX_ROWS


def test_a_failure_while_storing_leaves_nothing(app, monkeypatch):
    calls = []

    def insert_then_fail(db, row):
        calls.append(row)
        if len(calls) == 3:
            raise RuntimeError("the disk is full")
        return real(db, row)

    real = repository.insert_deal
    monkeypatch.setattr(repository, "insert_deal", insert_then_fail)
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "deals": [[30, 27, 21]] * 4}
    with app.app_context(), pytest.raises(RuntimeError, match="disk is full"):
        record_paper(get_db(), body)
    assert (stored(app, "sessions"), stored(app, "deals"), stored(app, "players")) == (0, 0, 0)


def test_the_service_names_every_bad_row_by_its_index(app):
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]}
    rows = [[30, 27, 21], [1, 1, 1], [True, 1, 1], [30, 27, 21], [80, 0, 0]]
    with app.app_context():
        with pytest.raises(InputError, match="whole numbers"):
            record_paper(get_db(), body | {"deals": rows})
        with pytest.raises(PaperError) as refused:
            record_paper(get_db(), body | {"deals": [rows[i] for i in (0, 1, 3, 4)]})
    assert sorted(refused.value.rows) == [1, 3]


def test_piedicavallo_has_a_column_a_team(client):
    soup = page(client.get(PAPER, query_string={"ruleset": "piedicavallo"}))
    heads = [text(th) for th in soup.select("table.paper-deals thead th")]
    assert heads == ["#", "Player 1 & Player 3", "Player 2 & Player 4", "Dealt by"]
    assert len(soup.select("#row-1 input")) == 2
    assert soup.select_one("#ruleset option[selected]")["value"] == "piedicavallo"
    assert soup.select_one("input[name=ruleset_id]")["value"] == "piedicavallo"


def test_a_piedicavallo_protocol_is_saved_a_team_a_column(app, client):
    names = ("Anna", "Bruno", "Carla", "Dora")
    rows = [[60, 54], [None, 44]]  # raw points of 114: the first worked out, 70
    data = paper_form(rows, names, ruleset_id="piedicavallo")
    session = load(app, saved_session(client.post(PAPER, data=data)))
    assert session.players == names
    assert [list(d.result.points) for d in session.deals] == [[60, 54], [70, 44]]


def test_an_unknown_ruleset_is_refused(client):
    response = client.get(PAPER, query_string={"ruleset": "tresette"})
    assert response.status_code == 400
    assert "There is no ruleset tresette." in text(page(response))
    response = client.post(PAPER, data=paper_form([[30, 27, 21]], ruleset_id="tresette"))
    assert response.status_code == 400


def test_the_paper_page_saves_once_whatever_the_taps(app, client):
    key = page(client.get(PAPER)).select_one("input[name=request_key]")["value"]
    form = paper_form([[30, 27, 21], [20, 30, 28]], request_key=key)
    first = saved_session(client.post(PAPER, data=form))
    again = saved_session(client.post(PAPER, data=form))  # a second tap, or Back and Save
    assert again == first
    assert stored(app, "sessions") == 1


def test_a_protocol_typed_in_twice_is_confirmed_before_it_is_stored(app, client):
    rows = [[30, 27, 21], [20, 30, 28]]
    first = saved_session(client.post(PAPER, data=paper_form(rows, request_key="one")))
    asked = client.post(PAPER, data=paper_form(rows, request_key="two"))
    assert asked.status_code == 409
    assert (
        f"This protocol is stored already, the same day, players and deals: session {first}"
        in text(page(asked))
    )
    assert stored(app, "sessions") == 1
    other = client.post(PAPER, data=paper_form([[30, 27, 21], [20, 29, 29]], request_key="three"))
    assert saved_session(other) != first  # another deal: another evening, stored at once
    yes = paper_form(rows, request_key="two", store_again="Yes, save it again")
    assert saved_session(client.post(PAPER, data=yes)) not in (first,)
    assert stored(app, "sessions") == 3


def test_the_paper_page_has_no_day_until_the_keeper_types_it(app, client):
    soup = page(client.get(PAPER))
    assert soup.select_one("#played_on").get("value", "") == ""
    refused = client.post(PAPER, data=paper_form([[30, 27, 21]], played_on=""))
    assert refused.status_code == 400
    assert "Type the day it was played." in text(page(refused))
    assert stored(app, "sessions") == 0


def test_a_slip_in_a_row_of_scores_is_said_in_scores(app, client):
    # Scores +4, -2, -3 add up to -1, not 0: said so, not as points adding up to 77.
    form = paper_form([[4, -2, -2], [4, -2, -3]], reading="scores", request_key="k")
    answer = client.post(PAPER, data=form)
    assert answer.status_code == 422
    said = text(page(answer))
    assert "the scores add up to -1, not 0" in said
    assert "the points add up to 77" not in said
    assert stored(app, "sessions") == 0


def test_the_paper_page_takes_house_rules(app, client):
    # scarto_trumps "forbidden": a house rule the stored session keeps, and its deals audited by.
    form = paper_form([[30, 27, 21]], request_key="rules", option_scarto_trumps="forbidden")
    session_id = saved_session(client.post(PAPER, data=form))
    assert dict(load(app, session_id).ruleset.overrides) == {"scarto_trumps": "forbidden"}
    assert page(client.get(PAPER)).select_one("select[name=option_scarto_trumps]") is not None


def test_a_row_dealt_out_of_turn_names_its_dealer_and_the_deal_passes_on_from_him(app, client):
    # Bruno (1) deals first; the second deal should be Carla's (2), but Anna (0) dealt it out
    # of turn: the third then passes on from Anna to Bruno (rules.md A1, "The deal passes to the
    # next player in order of play", from whoever really dealt).
    rows = [[30, 27, 21], [30, 24, 24], [40, 18, 20]]
    data = paper_form(rows) | {"deal_1_dealer": "0"}
    session = load(app, saved_session(client.post(PAPER, data=data)))
    assert [deal.dealer for deal in session.deals] == [1, 0, 1]
    soup = page(client.get(f"/sessions/{session.id}"))
    assert "out of turn" in text(soup.select("table.protocol tbody tr")[1])


def test_the_dealer_select_names_the_players_typed_and_starts_in_turn(client):
    data = paper_form([[30, 27, 21]], ("Anna", "", "Carla"), more="More rows")
    soup = page(client.post(PAPER, data=data))
    select = soup.select_one("select[name=deal_0_dealer]")
    assert [text(option) for option in select.select("option")] == [
        "in turn",
        "Anna",
        "Player 2",
        "Carla",
    ]
    # Nothing chosen: the browser shows the first option, "in turn".
    assert [option["value"] for option in select.select("option[selected]")] in ([], [""])


def test_a_dealer_that_is_no_seat_is_refused_and_nothing_stored(app, client):
    refused = client.post(PAPER, data=paper_form([[30, 27, 21]]) | {"deal_0_dealer": "3"})
    assert refused.status_code == 400
    assert "a dealer is a seat from 0 to 2, or null" in text(page(refused))
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "deals": [[30, 27, 21]]}
    with app.app_context():
        for dealers in ([0, 1], [True], "0", [-1]):
            with pytest.raises(InputError):
                record_paper(get_db(), body | {"dealers": dealers})
    assert stored(app, "sessions") == 0
