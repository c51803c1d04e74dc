"""Club evenings through their pages: an event made with the new-event form, its rounds drawn,
redrawn, swapped, published and closed with the director's buttons, tables ended, entrants added
and withdrawn, adjustments entered and removed; bad input refused with its sentence and nothing
stored; and in club mode the board read through the event's read link, and nothing else."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.services import events
from scorekeeper.storage import events as stored_events
from tests.web.club import add_session
from tests.web.club import call
from tests.web.helpers import page
from tests.web.helpers import record_totals
from tests.web.helpers import text
from tests.web.test_access import LAN
from tests.web.test_access import assert_to_login
from tests.web.test_access import keeper
from tests.web.test_access import new_client
from tests.web.test_access import set_password

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina"]
CYRILLIC_ANNA = "\u0410nna"


def event_form(entrants=NAMES, **more: str) -> dict[str, str]:
    data = {
        "name": "Spring evening",
        "played_on": "2025-03-01",
        "place": "Biella",
        "ruleset": "scarto",
        "language": "en",
        "rounds": "2",
        "deals_per_round": "3",
        "ranking": "",
        "entrants": "\n".join(entrants),
        "create": "Create the event",
    }
    return data | more


def create(client, **more: str) -> int:
    response = client.post("/events", data=event_form(**more))
    assert response.status_code == 303, text(page(response))
    return int(response.headers["Location"].rsplit("/", 1)[1])


def view(app, event_id: int) -> events.EventView:
    return call(app, events.event_view, event_id)


def redirected_to_event(response, event_id: int) -> bool:
    return response.status_code == 303 and response.headers["Location"].startswith(
        f"/events/{event_id}"
    )


def test_an_event_made_with_the_form_is_listed_and_has_its_entrants(app, client):
    event_id = create(client)
    listing = text(page(client.get("/events")))
    assert "Spring evening" in listing
    assert "7 entrants" in listing
    shown = view(app, event_id)
    assert [row["name"] for row in shown.entrants] == NAMES
    assert shown.event["rounds"] == 2
    assert shown.event["ranking"]["order"] == "table-points"
    soup = page(client.get(f"/events/{event_id}"))
    assert soup.h1.get_text() == "Spring evening"
    assert [li.get_text(" ", strip=True) for li in soup.select("ol.entrants li")] == NAMES


def test_the_new_event_form_offers_the_players_as_they_are_typed(app, client):
    add_session(app, "scarto", ["Ugo", "Vera", "Zita"], "2025-01-01")
    soup = page(client.get("/events"))
    assert [o["value"] for o in soup.select("datalist#player-names option")] == [
        "Ugo",
        "Vera",
        "Zita",
    ]
    assert soup.select_one("#entrant-pick")["list"] == "player-names"
    assert soup.select_one("header nav a[href='/events']").get_text() == "Evenings"


@pytest.mark.parametrize(
    ("change", "field", "said"),
    [
        ({"deals_per_round": "4"}, "deals_per_round", "multiple of 3"),
        ({"entrants": ["Anna", "Bruno"]}, "entrants", "at least 3 entrants"),
        ({"entrants": ["Anna", "Bruno", "anna"]}, "entrants", "same name"),
        ({"name": ""}, "name", "needs a name"),
        ({"rounds": "0"}, "rounds", "from 1 to 30"),
        ({"ranking": "match-points"}, "ranking", "couples"),
    ],
)
def test_bad_input_is_refused_with_its_sentence_and_nothing_is_stored(
    app, client, change, field, said
):
    response = client.post("/events", data=event_form(**change))
    assert response.status_code == 400
    soup = page(response)
    errors = " ".join(p.get_text() for p in soup.select(f"#{field}-error p, .error"))
    assert said in errors
    assert soup.select_one("details.new-event").has_attr("open")
    assert call(app, events.list_events) == []


def test_couples_are_typed_a_line_each_with_or_without_their_name(app, client):
    lines = ["Anna & Bruno", "The Owls: Carla & Dario", "Elena + Franco", "Gina / Ugo"]
    event_id = create(client, ruleset="piedicavallo", entrants=lines, deals_per_round="4")
    shown = view(app, event_id)
    assert [row["name"] for row in shown.entrants] == [
        "Anna & Bruno",
        "The Owls",
        "Elena & Franco",
        "Gina & Ugo",
    ]
    assert shown.entrants[1]["player_names"] == ["Carla", "Dario"]
    assert shown.event["ranking"]["order"] == "match-points"


def test_a_look_alike_name_is_asked_back_and_added_once_confirmed(app, client):
    add_session(app, "scarto", ["Anna", "Ugo", "Vera"], "2025-01-01")
    entrants = [CYRILLIC_ANNA, "Bruno", "Carla"]
    response = client.post("/events", data=event_form(entrants=entrants))
    assert response.status_code == 409
    soup = page(response)
    assert "looks like Anna" in text(soup.select_one("#entrants-error"))
    assert soup.select_one("input[name=confirm_look_alikes][type=checkbox]") is not None
    assert call(app, events.list_events) == []
    event_id = create(client, entrants=entrants, confirm_look_alikes="y")
    assert view(app, event_id).entrants[0]["name"] == CYRILLIC_ANNA


def test_a_round_is_drawn_redrawn_swapped_published_and_closed_by_the_buttons(app, client):
    event_id = create(client)
    assert redirected_to_event(client.post(f"/events/{event_id}/rounds"), event_id)
    draft = view(app, event_id).draft
    assert draft is not None
    assert draft.attempt == 1
    soup = page(client.get(f"/events/{event_id}"))
    assert len(soup.select("ol.tables > li")) == 2
    assert "Sitting out" in text(soup.select_one("#round"))
    assert redirected_to_event(client.post(f"/events/{event_id}/rounds/1/redraw"), event_id)
    draft = view(app, event_id).draft
    assert draft.attempt == 2
    seated, out = draft.tables[0].entrants[0], draft.sitting_out[0]
    swap = {"first": str(seated), "second": str(out)}
    swapped = client.post(f"/events/{event_id}/rounds/1/swap", data=swap)
    assert redirected_to_event(swapped, event_id)
    assert view(app, event_id).draft.sitting_out == (seated,)
    assert redirected_to_event(client.post(f"/events/{event_id}/rounds/1/publish"), event_id)
    shown = view(app, event_id)
    assert shown.draft is None
    assert shown.current.state == "published"
    soup = page(client.get(f"/events/{event_id}"))
    sessions = [t.session_id for t in shown.current.tables]
    links = {a["href"] for a in soup.select(".progress a")}
    assert {f"/sessions/{s}" for s in sessions} <= links
    assert len(soup.select("form.end-table")) == 2
    for session_id in sessions:
        for points in ([30, 27, 21], [26, 26, 26], [20, 28, 30]):
            record_totals(client, session_id, points)
    assert redirected_to_event(client.post(f"/events/{event_id}/rounds/1/close"), event_id)
    assert view(app, event_id).rounds[0].state == "closed"
    soup = page(client.get(f"/events/{event_id}"))
    assert "Draw round 2" in text(soup.select_one("#round"))


def test_a_close_refused_lists_the_unfinished_tables_and_close_anyway_ends_them(app, client):
    event_id = create(client)
    client.post(f"/events/{event_id}/rounds")
    client.post(f"/events/{event_id}/rounds/1/publish")
    first, second = view(app, event_id).current.tables
    record_totals(client, first.session_id, [30, 27, 21])
    response = client.post(f"/events/{event_id}/rounds/1/close")
    assert response.status_code == 409
    refusal = page(response).select_one("section.refusal")
    said = text(refusal)
    assert "Round 1 has 2 tables not finished" in said
    assert "Table 1: 1 of 3 deals played" in said
    assert "Table 2: 0 of 3 deals played" in said
    assert refusal.select_one("input[name=force]")["value"] == "1"
    assert view(app, event_id).current.state == "published"
    # The director ends one table, then closes the round anyway: the other is ended too.
    ended = client.post(f"/events/{event_id}/rounds/1/tables/2/end")
    assert redirected_to_event(ended, event_id)
    assert view(app, event_id).current.tables[1].ended
    closed = client.post(f"/events/{event_id}/rounds/1/close", data={"force": "1"})
    assert redirected_to_event(closed, event_id)
    shown = view(app, event_id)
    assert shown.rounds[0].state == "closed"
    assert all(table.ended for table in shown.rounds[0].tables)


def test_adjustments_are_added_and_removed_and_the_ledger_keeps_them(app, client):
    event_id = create(client)
    body = {"entrant": "2", "round": "", "points": "−1½", "reason": "Late"}
    assert redirected_to_event(client.post(f"/events/{event_id}/adjustments", data=body), event_id)
    (row,) = view(app, event_id).adjustments
    assert row["points"] == "-3/2"
    assert row["round"] is None
    bruno = next(s for s in view(app, event_id).standings if s.name == "Bruno")
    assert str(bruno.standing.adjustments) == "-3/2"
    ledger = text(page(client.get(f"/events/{event_id}")).select_one("ul.ledger"))
    assert "-1½ Bruno · Late" in ledger
    removed = client.post(f"/events/{event_id}/adjustments/{row['id']}/remove")
    assert redirected_to_event(removed, event_id)
    soup = page(client.get(f"/events/{event_id}"))
    struck = soup.select_one("ul.ledger li.removed")
    assert struck is not None
    assert struck.s is not None
    assert "removed" in text(struck)
    # Nothing in force any more: a second removal is refused.
    assert client.post(f"/events/{event_id}/adjustments/{row['id']}/remove").status_code == 404


def test_an_adjustment_without_points_or_reason_is_refused_at_its_field(app, client):
    event_id = create(client)
    for body, field in (
        ({"entrant": "1", "points": "a lot", "reason": "Late"}, "points"),
        ({"entrant": "1", "points": "1", "reason": " "}, "reason"),
        ({"entrant": "99", "points": "1", "reason": "Late"}, "entrant"),
    ):
        response = client.post(f"/events/{event_id}/adjustments", data=body)
        assert response.status_code == 400
        assert page(response).select_one(f"#{field}-error") is not None, field
    assert view(app, event_id).adjustments == ()


def test_entrants_are_added_at_the_door_and_withdrawn_between_rounds(app, client):
    event_id = create(client)
    client.post(f"/events/{event_id}/rounds")
    added = client.post(f"/events/{event_id}/entrants", data={"add": "Ugo"})
    assert redirected_to_event(added, event_id)
    shown = view(app, event_id)
    assert shown.entrants[-1]["name"] == "Ugo"
    assert shown.draft.attempt == 2
    withdrawn = client.post(f"/events/{event_id}/entrants/withdraw", data={"withdraw": "3"})
    assert redirected_to_event(withdrawn, event_id)
    assert view(app, event_id).entrants[2]["withdrawn_from"] == 1
    soup = page(client.get(f"/events/{event_id}"))
    assert "withdrawn from round 1" in text(soup.select_one("ol.entrants li.withdrawn"))
    # Twice the same person, or nobody to withdraw: refused at the form, nothing changed.
    twice = client.post(f"/events/{event_id}/entrants", data={"add": "anna"})
    assert twice.status_code == 400
    assert "has entered already" in text(page(twice).select_one("#add-error"))
    nobody = client.post(f"/events/{event_id}/entrants/withdraw", data={"withdraw": "3"})
    assert nobody.status_code == 400
    assert len(view(app, event_id).entrants) == 8


def test_the_standings_can_be_hidden_on_the_board_until_the_end(app, client):
    event_id = create(client)
    board = page(client.get(f"/events/{event_id}/board"))
    assert "The standings begin with the first round" in text(board)
    client.post(f"/events/{event_id}/rounds")
    client.post(f"/events/{event_id}/rounds/1/publish")
    board = page(client.get(f"/events/{event_id}/board"))
    assert board.select_one("table.standings") is not None
    hidden = client.post(f"/events/{event_id}/standings", data={"hide": "1"})
    assert redirected_to_event(hidden, event_id)
    board = page(client.get(f"/events/{event_id}/board"))
    assert board.select_one("table.standings") is None
    assert "Standings are hidden until the end" in text(board)
    assert page(client.get(f"/events/{event_id}")).select_one("table.standings") is not None


def test_the_board_gives_each_entrant_the_seat_of_the_round(app, client):
    event_id = create(client)
    client.post(f"/events/{event_id}/rounds")
    assert "not drawn yet" in text(page(client.get(f"/events/{event_id}/board")))
    client.post(f"/events/{event_id}/rounds/1/publish")
    board = page(client.get(f"/events/{event_id}/board"))
    assert board.select_one("[data-refresh]")["data-refresh"] == "60"
    lines = [text(li) for li in board.select("ul.board-lines li")]
    assert [line.split()[0] for line in lines] == sorted(NAMES)
    assert sum("sits out" in line for line in lines) == 1
    table = view(app, event_id).current.tables[0]
    name = table.seats[1]
    assert f"{name} Round 1: table 1, seat B, {table.first_dealer_name} deals first" in lines


def board_token(app, event_id: int) -> str:
    return view(app, event_id).event["read_token"]


def test_in_club_mode_the_board_is_read_by_its_link_and_nothing_else(app, client):
    event_id = create(client)
    other = create(client, name="Another evening")
    set_password(app, "secret123")
    phone = new_client(app, LAN)
    assert_to_login(phone.get(f"/events/{event_id}/board"))
    assert phone.get("/events/board/no-such-token").status_code == 404
    joined = phone.get(f"/events/board/{board_token(app, event_id)}")
    assert joined.status_code == 302
    assert joined.headers["Location"] == f"/events/{event_id}/board"
    board = phone.get(f"/events/{event_id}/board")
    assert board.status_code == 200
    assert "Spring evening" in text(page(board))
    for url in (f"/events/{event_id}", "/events", f"/events/{other}/board"):
        assert_to_login(phone.get(url))
    assert_to_login(phone.post(f"/events/{event_id}/rounds"))
    assert view(app, event_id).rounds == ()
    director = keeper(app)
    assert director.get(f"/events/{event_id}").status_code == 200
    assert director.get(f"/events/{event_id}/board").status_code == 200
    assert "Evenings" in text(page(director.get("/events")).select_one("header nav"))


def test_the_form_takes_the_pairs_kept_apart_by_name_and_the_seed(app, client):
    event_id = create(client, keep_apart="anna, Carla\nDario,Gina", seed="4242")
    shown = view(app, event_id)
    assert shown.event["seed"] == 4242
    assert call(app, stored_events.keep_apart, event_id) == [(1, 3), (4, 7)]
    refused = client.post("/events", data=event_form(keep_apart="Anna, Nobody"))
    assert refused.status_code == 400
    assert "each line is two entrants of the list" in text(page(refused))
    assert len(call(app, events.list_events)) == 1  # nothing stored


def test_the_form_takes_house_rules_and_every_table_plays_them(app, client):
    event_id = create(client, option_must_trump="false")
    assert view(app, event_id).event["overrides"] == {"must_trump": False}
    call(app, events.draw_next_round, event_id)
    call(app, events.publish, event_id, 1)
    table = view(app, event_id).rounds[0].tables[0]
    session = call(app, services.load_session, table.session_id)
    assert session.ruleset.must_trump is False
