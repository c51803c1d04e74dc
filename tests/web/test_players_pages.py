"""The players page (/players): the migration's links on a database of the app before players
were persons, adding, renaming, archiving, merging and undoing, linking a seat typed for nobody;
and the session form's type-ahead, its confirmation of new names and the day played."""

from __future__ import annotations

import datetime
import json
import shutil
from pathlib import Path

import pytest

from scorekeeper.services.players import persons
from scorekeeper.storage import players as seats
from scorekeeper.storage.db import connect
from scorekeeper.storage.db import open_db
from scorekeeper.storage.repository import select
from scorekeeper.web.db import get_db
from tests.web import helpers
from tests.web.helpers import field_errors
from tests.web.helpers import load
from tests.web.helpers import make_app
from tests.web.helpers import page
from tests.web.helpers import session_form
from tests.web.helpers import start_session
from tests.web.helpers import text

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "before-players.sqlite"


@pytest.fixture
def before(tmp_path):
    """A copy of the database of the app before players were persons, session 2's Bruno typed
    with a space at the end as an older version kept it; not yet migrated."""
    path = tmp_path / "before.sqlite"
    shutil.copy(FIXTURE, path)
    db = connect(path)  # a plain connection: not migrated
    db.execute("update sessions set players = ? where id = 2", ['["anna", "Bruno ", "Nicolo"]'])
    db.conn.commit()
    db.conn.close()
    return path


def rows(db, sql, params=()):
    return list(select(db, sql, params))


def test_the_migration_links_the_same_names_to_one_player_and_keeps_what_was_written(before):
    db = open_db(before)
    by_name = {row["name"]: row["id"] for row in rows(db, "select * from players")}
    # One player a person: Anna/anna, Nicolò/Nicolo, Bruno/"Bruno " (the first spelling kept).
    assert sorted(by_name) == ["Anna", "Bruno", "Carla", "Dora", "Eva", "Franco", "Nicolò"]
    assert seats.seat_players(db, 1) == [by_name["Anna"], by_name["Bruno"], by_name["Nicolò"]]
    assert seats.seat_players(db, 2) == seats.seat_players(db, 1)
    # Piedicavallo, Anna & Bruno against Carla & Dora, in order of play.
    assert seats.seat_players(db, 3) == [by_name[n] for n in ("Anna", "Carla", "Bruno", "Dora")]
    # Placeholders name nobody; the deleted session is linked too.
    assert seats.seat_players(db, 4) == [None, by_name["Carla"], None]
    assert seats.seat_players(db, 5) == [by_name[n] for n in ("Dora", "Eva", "Franco")]
    # The sessions keep their names as written, and were played the day they were created.
    written = {row["id"]: json.loads(row["players"]) for row in rows(db, "select * from sessions")}
    assert written[2] == ["anna", "Bruno ", "Nicolo"]
    assert written[4] == ["Giocatore 1", "Carla", "Player 3"]
    for row in rows(db, "select created, played_on from sessions"):
        assert row["played_on"] == row["created"][:10]
    db.conn.close()


def test_the_placeholders_are_listed_on_the_players_page_and_the_keeper_links_one(before):
    app = make_app(before.parent, DATABASE=str(before))
    client = app.test_client()
    soup = page(client.get("/players"))
    listed = [text(li.find("strong")) for li in soup.select("ul.unlinked li")]
    assert listed == ["“Giocatore 1”", "“Player 3”"]  # session 4's seats 1 and 3
    names = [text(li.select_one(".who strong, .who a")) for li in soup.select("ul.players > li")]
    assert names == ["Anna", "Bruno", "Carla", "Dora", "Eva", "Franco", "Nicolò"]
    carla = player_id(app, "Carla")
    eva = player_id(app, "Eva")
    response = client.post(
        "/players/seats/link", data={"session_id": "4", "seat": "2", "player_id": str(eva)}
    )
    assert response.status_code == 303
    assert load(app, 4).player_ids == (None, carla, eva)
    soup = page(client.get("/players"))
    assert [text(li.find("strong")) for li in soup.select("ul.unlinked li")] == ["“Giocatore 1”"]


def test_a_seat_linked_to_a_player_merged_away_is_refused_next_to_its_select(app, client):
    session_id = start_session(client, ["Anna", "Bruno", "Player 3"])
    dora = client.post("/api/v1/players", json={"name": "Dora"}).get_json()["id"]
    merge(client, dora, player_id(app, "Bruno"))
    response = client.post(
        "/players/seats/link",
        data={"session_id": str(session_id), "seat": "2", "player_id": str(dora)},
    )
    assert response.status_code == 400  # Dora is no longer a choice
    assert load(app, session_id).player_ids[2] is None
    soup = page(response)
    assert text(soup.select_one(f"#link-{session_id}-2-error")) == "Not a valid choice."
    # Nobody chosen: the select starts on "Choose a player", so that no slip links a seat.
    data = {"session_id": str(session_id), "seat": "2", "player_id": "0"}
    response = client.post("/players/seats/link", data=data)
    assert response.status_code == 400
    assert text(page(response).select_one(f"#link-{session_id}-2-error")) == "Choose a player."
    assert load(app, session_id).player_ids[2] is None


def player_id(app, name: str) -> int:
    with app.app_context():
        found = seats.find_by_key(get_db(), seats.name_key(name))
    assert found is not None, name
    return int(found["id"])


def player_row(app, player: int) -> dict:
    with app.app_context():
        return persons.get_player(get_db(), player)


def merge(client, merged: int, kept: int) -> None:
    data = {"player_id": str(merged), "into_id": str(kept)}
    asked = client.post("/players/merge", data=data | {"merge": "Merge…"})
    assert asked.status_code == 200
    assert "Yes, merge them" in asked.get_data(as_text=True)
    done = client.post("/players/merge", data=data | {"yes": "Yes, merge them"})
    assert done.status_code == 303, done.get_data(as_text=True)


# Add, rename, archive


def test_the_keeper_adds_a_player_and_a_taken_name_is_refused_beside_the_field(app, client):
    response = client.post("/players", data={"name": "Carla", "nickname": "la Rossa"})
    assert response.status_code == 303
    row = player_row(app, player_id(app, "Carla"))
    assert (row["name"], row["nickname"]) == ("Carla", "la Rossa")
    response = client.post("/players", data={"name": "CÀRLA"})
    assert response.status_code == 409
    assert field_errors(page(response), "name") == ["there is a player named Carla already"]
    response = client.post("/players", data={"name": "Player 2"})
    assert response.status_code == 400
    assert field_errors(page(response), "name") == [
        "Player 2 names nobody: give the player's own name"
    ]
    response = client.post("/players", data={"name": "  "})
    assert response.status_code == 400
    assert field_errors(page(response), "name") == ["A player needs a name."]


def test_a_look_alike_name_is_asked_about_beside_the_field_and_added_when_confirmed(app, client):
    cyrillic = "\u0410nna"  # "Аnna": a Cyrillic А, then Latin letters
    client.post("/players", data={"name": "Anna"})
    asked = client.post("/players", data={"name": cyrillic})
    assert asked.status_code == 409
    soup = page(asked)
    assert field_errors(soup, "name") == [
        f"“{cyrillic}” looks like Anna, a player already, but is written with other letters: "
        "confirm that it is another person to add it"
    ]
    box = soup.select_one(".add-player input[name=confirm_look_alikes][type=checkbox]")
    assert box is not None
    with app.app_context():
        assert seats.find_by_key(get_db(), seats.name_key(cyrillic)) is None
    confirmed = client.post("/players", data={"name": cyrillic, "confirm_look_alikes": "y"})
    assert confirmed.status_code == 303
    assert player_row(app, player_id(app, cyrillic))["name"] == cyrillic
    # The box is offered only after such a question.
    assert page(client.get("/players")).select_one("input[name=confirm_look_alikes]") is None


def test_errors_are_in_the_pages_language(app, client):
    start_session(client, ["Anna", "Bruno", "Player 3"])
    data = {"session_id": "1", "seat": "2", "player_id": "99"}
    response = client.post("/players/seats/link", data=data, headers={"Accept-Language": "it"})
    assert response.status_code == 400
    assert text(page(response).select_one("#link-1-2-error")) == "Non è una opzione valida"


def test_renaming_keeps_the_names_the_sessions_wrote(app, client):
    session_id = start_session(client)
    anna = player_id(app, "Anna")
    response = client.post(
        f"/players/{anna}/rename", data={f"p{anna}-name": "Anna Maria", f"p{anna}-nickname": "A"}
    )
    assert response.status_code == 303
    assert player_row(app, anna)["name"] == "Anna Maria"
    assert load(app, session_id).players[0] == "Anna"
    # Bruno's name is taken: the form comes back open, the error beside its field.
    response = client.post(f"/players/{anna}/rename", data={f"p{anna}-name": "bruno"})
    assert response.status_code == 409
    soup = page(response)
    assert field_errors(soup, f"p{anna}-name") == ["there is a player named Bruno already"]
    assert soup.select_one(f"#player-{anna} details").has_attr("open")
    assert client.post("/players/999/rename", data={"p999-name": "X"}).status_code == 404


def test_an_archived_player_is_listed_apart_and_not_offered_when_a_session_starts(app, client):
    start_session(client)
    carla = player_id(app, "Carla")
    assert client.post(f"/players/{carla}/archive", data={"archive": "Archive"}).status_code == 303
    soup = page(client.get("/players"))
    active = soup.select_one("main > ul.players")
    assert [text(li.select_one(".who > *")) for li in active.select("li")] == ["Anna", "Bruno"]
    archived = soup.select("details.archived li")
    assert [text(li.select_one(".who > *")) for li in archived] == ["Carla"]
    offered = [o["value"] for o in page(client.get("/sessions/new")).select("#player-names option")]
    assert offered == ["Anna", "Bruno"]
    response = client.post(f"/players/{carla}/archive", data={"restore": "Bring back"})
    assert response.status_code == 303
    assert not player_row(app, carla)["archived"]


# Merge and undo


def test_merging_moves_every_session_and_undo_puts_back_exactly_the_seats_moved(app, client):
    first = start_session(client, ["Anna", "Bruno", "Carla"])
    second = start_session(client, ["Ana", "Bruno", "Dora"])
    third = start_session(client, ["Dora", "Ana", "Carla"])
    anna, ana = player_id(app, "Anna"), player_id(app, "Ana")
    merge(client, ana, anna)
    assert load(app, second).player_ids[0] == anna
    assert load(app, third).player_ids[1] == anna
    assert load(app, second).players[0] == "Ana"  # as written
    # "Ana" typed again is Anna now.
    fourth = start_session(client, ["Ana", "Bruno", "Carla"])
    assert load(app, fourth).player_ids[0] == anna
    soup = page(client.get("/players"))
    history = soup.select("ul.merges li")
    assert [text(li.span).split(" ")[0:3] for li in history] == [["Ana", "into", "Anna"]]
    assert "2 seats moved" in text(history[0])
    merge_id = int(history[0].form["action"].split("/")[-2])
    assert client.post(f"/players/merges/{merge_id}/undo", data={}).status_code == 303
    assert load(app, second).player_ids[0] == ana
    assert load(app, third).player_ids[1] == ana
    assert load(app, fourth).player_ids[0] == anna  # not moved by the merge: stays
    assert load(app, first).player_ids[0] == anna
    history = page(client.get("/players")).select("ul.merges li")
    assert "undone" in text(history[0])
    assert history[0].form is None  # no Undo twice


def test_merging_a_player_into_himself_or_a_merged_one_is_refused(app, client):
    start_session(client)
    start_session(client, ["Ana", "Dario", "Elena"])
    anna, bruno, carla = (player_id(app, n) for n in ("Anna", "Bruno", "Carla"))
    ana = player_id(app, "Ana")
    data = {"player_id": str(anna), "into_id": str(anna), "merge": "Merge…"}
    response = client.post("/players/merge", data=data)
    assert response.status_code == 400
    assert field_errors(page(response), "into_id") == ["Choose two different players."]
    response = client.post("/players/merge", data=data | {"yes": "y"})
    assert response.status_code == 400
    merge(client, ana, anna)
    # Ana is merged: no longer a choice on the page, and refused by the API.
    data = {"player_id": str(ana), "into_id": str(carla), "yes": "y"}
    assert client.post("/players/merge", data=data).status_code == 400
    assert player_row(app, ana)["merged_into"] == anna
    api = client.post(f"/api/v1/players/{carla}/merge", json={"into": ana})
    assert api.status_code == 409
    # Two players of one session are two people: merging them is refused, saying where.
    data = {"player_id": str(bruno), "into_id": str(anna), "yes": "y"}
    refused = client.post("/players/merge", data=data)
    assert refused.status_code in (400, 409)
    assert "Bruno and Anna both sit in the session of" in text(page(refused))
    api = client.post(f"/api/v1/players/{carla}/merge", json={"into": carla})
    assert api.status_code == 400


def test_merge_and_undo_through_the_api(app, client):
    first = start_session(client, ["Anna", "Bruno", "Carla"])
    second = start_session(client, ["Anna B", "Bruno", "Dora"])
    anna, anna_b = player_id(app, "Anna"), player_id(app, "Anna B")
    response = client.post(f"/api/v1/players/{anna_b}/merge", json={"into": anna})
    assert response.status_code == 200
    merge_id = response.get_json()["merge"]
    assert load(app, second).player_ids[0] == anna
    assert [p["name"] for p in client.get("/api/v1/players").get_json()] == [
        "Anna",
        "Bruno",
        "Carla",
        "Dora",
    ]
    assert client.post(f"/api/v1/merges/{merge_id}/undo").status_code == 200
    assert load(app, second).player_ids[0] == anna_b
    assert load(app, first).player_ids[0] == anna
    assert client.post(f"/api/v1/merges/{merge_id}/undo").status_code == 404  # once
    # The history keeps it, on the page, marked undone.
    history = page(client.get("/players")).select("ul.merges li")
    assert len(history) == 1
    assert "undone" in text(history[0])


# Starting a session picks players from the list


def test_a_new_name_is_asked_about_first_then_the_session_starts_with_it(app, client):
    start_session(client, ["Anna", "Bruno", "Dora"])
    data = session_form(["anna", "Bruno", "Carla"])
    del data["add_players"], data["confirmed"]
    response = client.post("/sessions/new", data=data)
    assert response.status_code == 400
    soup = page(response)
    assert text(soup.select_one(".confirm-new p")) == "Carla is new: add Carla as a player?"
    assert soup.select_one("input[name=confirmed]")["value"] == "Carla"
    assert len(helpers.all_sessions(app)) == 1  # nothing started yet
    confirmed = data | {"confirmed": "Carla", "add_players": "Yes, add them"}
    response = client.post("/sessions/new", data=confirmed)
    assert response.status_code == 303
    session = load(app, helpers.all_sessions(app)[0]["id"])
    # "anna" is Anna without asking; the session keeps the names as typed.
    assert session.players == ("anna", "Bruno", "Carla")
    assert session.player_ids == (player_id(app, "Anna"), player_id(app, "Bruno"), 4)
    assert player_row(app, 4)["name"] == "Carla"


def test_a_name_changed_after_the_question_is_asked_about_again(app, client):
    data = session_form(["Anna", "Bruno", "Carla"]) | {"confirmed": "Anna\nBruno\nCarlo"}
    response = client.post("/sessions/new", data=data)
    assert response.status_code == 400
    assert text(page(response).select_one(".confirm-new p")) == (
        "Anna, Bruno, Carla are new: add them as players?"
    )
    assert helpers.all_sessions(app) == []


def test_a_wrong_field_is_said_before_any_question_about_new_names(client):
    data = session_form(first_dealer=3)
    del data["add_players"], data["confirmed"]
    soup = page(client.post("/sessions/new", data=data))
    assert field_errors(soup, "first_dealer")
    assert soup.select_one(".confirm-new") is None


def test_placeholders_are_not_asked_about_and_stay_unlinked(app, client):
    data = session_form(["Anna", "Player 2", "Giocatore 3"])
    session_id = start_session(client, ["Anna", "Player 2", "Giocatore 3"])
    assert load(app, session_id).player_ids[1:] == (None, None)
    del data["add_players"], data["confirmed"]
    assert client.post("/sessions/new", data=data).status_code == 303  # Anna is a player now


def test_the_session_form_offers_the_players_names_and_stores_the_day_played(app, client):
    start_session(client, ["Anna", "Bruno", "Nicolò"])
    client.post("/players", data={"name": "Zeno", "nickname": "Z"})
    soup = page(client.get("/sessions/new"))
    options = soup.select("datalist#player-names option")
    assert [o["value"] for o in options] == ["Anna", "Bruno", "Nicolò", "Zeno"]
    assert options[3]["label"] == "Z"
    for seat in range(4):
        assert soup.select_one(f"#player_{seat}")["list"] == "player-names"
    day = soup.select_one("#played_on")
    assert day["type"] == "date"
    assert day["value"] == datetime.date.today().isoformat()
    assert "other capitals or accents" in text(soup.select_one("#names-help"))
    session_id = start_session(client, ["Anna", "Bruno", "nicolo"], played_on="2019-03-02")
    session = load(app, session_id)
    assert session.played_on == "2019-03-02"
    assert session.player_ids[2] == player_id(app, "Nicolò")


@pytest.mark.parametrize("value", ["2019-13-02", "yesterday", "1899-12-31", "2999-01-01"])
def test_a_day_played_that_is_no_date_or_in_the_future_is_refused_beside_its_field(
    app, client, value
):
    response = client.post("/sessions/new", data=session_form(played_on=value))
    assert response.status_code == 400
    assert field_errors(page(response), "played_on") == ["A date like 2024-11-24, not after today."]
    assert helpers.all_sessions(app) == []


def test_the_header_links_the_players_page(client):
    soup = page(client.get("/"))
    assert soup.select_one("header nav a[href='/players']") is not None
    assert soup.select_one("main a[href='/sessions/paper']") is not None


def test_a_new_name_that_looks_like_a_players_is_asked_about(app, client):
    start_session(client, ["Anna", "Bruno", "Carla"])
    cyrillic = "\u0410nna"  # "Аnna": a Cyrillic А, then Latin letters
    data = session_form([cyrillic, "Bruno", "Carla"])
    data.pop("add_players")
    data.pop("confirmed")
    asked = client.post("/sessions/new", data=data)
    assert asked.status_code == 400
    said = text(page(asked))
    assert (
        f"“{cyrillic}” looks like Anna, a player already, but is written with other letters" in said
    )
    with app.app_context():
        assert seats.find_by_key(get_db(), seats.name_key(cyrillic)) is None  # nothing added
    # An ordinary new name is asked about without that warning.
    plain = session_form(["Dora", "Bruno", "Carla"])
    plain.pop("add_players")
    plain.pop("confirmed")
    assert "looks like" not in text(page(client.post("/sessions/new", data=plain)))
