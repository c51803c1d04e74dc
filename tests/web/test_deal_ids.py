"""No lost update: a deal has a stable id and an ETag, and a write changes only the deal read.

A deal's number is its place and moves when an earlier deal is deleted, so a client that read
deal 3 must not overwrite another deal that took number 3 meanwhile: an If-Match with the ETag
it read (412), or the version it read (409; a version is unique in its session), refuses it.
"""

from __future__ import annotations

import pytest

from scorekeeper.storage.db import connect
from scorekeeper.storage.db import open_db
from scorekeeper.storage.migrations import migrations
from tests.web.helpers import form_data
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import record_totals
from tests.web.helpers import session_with_totals
from tests.web.helpers import stored_points
from tests.web.helpers import text

API = "/api/v1"
DEALS = ([30, 27, 21], [20, 30, 28], [28, 28, 22])
NEW = [24, 30, 24]  # the deal recorded meanwhile
MINE = [26, 26, 26]  # the correction of the client that read the deal before
PLAYERS = ["Anna", "Bruno", "Carla"]


@pytest.fixture
def session_id(client):
    """Anna, Bruno and Carla at Scarto, three deals recorded."""
    response = client.post(f"{API}/sessions", json={"ruleset": "scarto", "players": PLAYERS})
    assert response.status_code == 201
    session_id = response.get_json()["id"]
    for points in DEALS:
        record(client, session_id, points)
    return session_id


def record(client, session_id, points):
    response = client.post(f"{API}/sessions/{session_id}/deals", json={"points": points})
    assert response.status_code == 201, response.get_json()
    return response


def read(client, path):
    response = client.get(f"{API}{path}")
    assert response.status_code == 200, response.get_json()
    return response


def deals(client, session_id):
    return read(client, f"/sessions/{session_id}").get_json()["deals"]


def etag(deal):
    return f'"deal-{deal["id"]}-v{deal["version"]}"'


def assert_refused(response, status):
    assert response.status_code == status
    body = response.get_json()
    assert set(body) == {"error", "problems"}
    assert body["error"]
    return body


# The lost update of the issue


def test_a_deal_read_then_deleted_and_replaced_is_not_overwritten(client, session_id):
    at = f"{API}/sessions/{session_id}/deals/3"
    seen = read(client, f"/sessions/{session_id}/deals/3")  # A reads deal 3
    tag, version = seen.headers["ETag"], seen.get_json()["version"]
    assert client.delete(at).status_code == 204  # B deletes it
    theirs = record(client, session_id, NEW)  # C records a new deal: now number 3
    assert theirs.get_json()["number"] == 3
    before = deals(client, session_id)

    mine = {"points": MINE}
    refused = assert_refused(client.put(at, json=mine, headers={"If-Match": tag}), 412)
    assert refused["problems"] == []
    assert_refused(client.put(at, json=mine | {"version": version}), 409)
    assert_refused(client.delete(at, headers={"If-Match": tag}), 412)
    assert_refused(client.delete(at, query_string={"version": version}), 409)

    assert deals(client, session_id) == before
    now = read(client, f"/sessions/{session_id}/deals/3")
    assert now.get_json() == theirs.get_json()
    assert now.headers["ETag"] == theirs.headers["ETag"]
    assert now.get_json()["points"] == NEW


# ETags and ids


def test_every_answer_about_one_deal_carries_its_etag_and_each_deal_its_id(client, session_id):
    rows = deals(client, session_id)
    assert len({row["id"] for row in rows}) == 3
    for row in rows:
        by_number = read(client, f"/sessions/{session_id}/deals/{row['number']}")
        by_id = read(client, f"/sessions/{session_id}/deals/by-id/{row['id']}")
        assert by_number.get_json() == by_id.get_json() == row
        assert by_number.headers["ETag"] == by_id.headers["ETag"] == etag(row)
    recorded = record(client, session_id, NEW)
    assert recorded.headers["ETag"] == etag(recorded.get_json())
    address = f"{API}/sessions/{session_id}/deals/by-id/{recorded.get_json()['id']}"
    assert recorded.headers["Location"] == address
    assert client.get(address).get_json() == recorded.get_json()


def test_a_write_whose_if_match_matches_is_made_and_answers_the_new_etag(client, session_id):
    at = f"{API}/sessions/{session_id}/deals/2"
    tag = read(client, f"/sessions/{session_id}/deals/2").headers["ETag"]
    corrected = client.put(at, json={"points": MINE}, headers={"If-Match": tag})
    assert corrected.status_code == 200
    assert corrected.get_json()["points"] == MINE
    assert corrected.headers["ETag"] == etag(corrected.get_json()) != tag
    assert (
        read(client, f"/sessions/{session_id}/deals/2").headers["ETag"] == corrected.headers["ETag"]
    )
    assert_refused(client.put(at, json={"points": NEW}, headers={"If-Match": tag}), 412)

    several = f'W/"x", "deal-0-v0", {corrected.headers["ETag"]}'
    again = client.put(at, json={"points": NEW}, headers={"If-Match": several})
    assert again.status_code == 200
    assert client.put(at, json={"points": MINE}, headers={"If-Match": "*"}).status_code == 200
    assert client.delete(at, headers={"If-Match": "*"}).status_code == 204
    assert [deal["points"] for deal in deals(client, session_id)] == [DEALS[0], DEALS[2]]


def test_a_delete_with_a_stale_if_match_is_refused_and_changes_nothing(client, session_id):
    first = read(client, f"/sessions/{session_id}/deals/1")
    stale = first.headers["ETag"]
    by_id = f"{API}/sessions/{session_id}/deals/by-id/{first.get_json()['id']}"
    assert client.put(by_id, json={"points": MINE}).status_code == 200  # another device
    before = deals(client, session_id)
    assert_refused(
        client.delete(f"{API}/sessions/{session_id}/deals/1", headers={"If-Match": stale}), 412
    )
    assert_refused(client.delete(by_id, headers={"If-Match": stale}), 412)
    assert deals(client, session_id) == before


def test_a_deal_held_by_its_id_survives_deletes_of_earlier_deals(client, session_id):
    third = read(client, f"/sessions/{session_id}/deals/3")
    held = f"{API}/sessions/{session_id}/deals/by-id/{third.get_json()['id']}"
    assert client.delete(f"{API}/sessions/{session_id}/deals/1").status_code == 204
    now = client.get(held)
    assert (now.get_json()["number"], now.get_json()["points"]) == (2, DEALS[2])
    # Dealt by the rotation, it was counted again with its new dealer: a new version.
    assert now.headers["ETag"] != third.headers["ETag"]
    assert_refused(
        client.put(held, json={"points": MINE}, headers={"If-Match": third.headers["ETag"]}), 412
    )

    corrected = client.put(held, json={"points": MINE}, headers={"If-Match": now.headers["ETag"]})
    assert corrected.status_code == 200
    assert [deal["points"] for deal in deals(client, session_id)] == [DEALS[1], MINE]
    tag = corrected.headers["ETag"]
    assert client.delete(held, headers={"If-Match": tag}).status_code == 204
    assert [deal["points"] for deal in deals(client, session_id)] == [DEALS[1]]
    assert_refused(client.get(held), 404)
    assert_refused(client.put(held, json={"points": MINE}), 404)
    assert_refused(client.delete(held), 404)


def test_a_deal_of_another_session_is_not_found_by_its_id(client, session_id):
    other = client.post(f"{API}/sessions", json={"ruleset": "scarto", "players": PLAYERS})
    other_id = other.get_json()["id"]
    deal_id = deals(client, session_id)[0]["id"]
    assert_refused(client.get(f"{API}/sessions/{other_id}/deals/by-id/{deal_id}"), 404)
    assert_refused(client.delete(f"{API}/sessions/{other_id}/deals/by-id/{deal_id}"), 404)
    assert len(deals(client, session_id)) == 3


@pytest.mark.parametrize(
    "if_match",
    [
        "W/{tag}",  # a weak tag never matches for a write
        "{bare}",  # without its quotes
        "{tag} {tag}",  # no comma between
        "{tag}, *",
        "",
        "deal",
    ],
)
def test_an_if_match_that_cannot_be_read_or_is_weak_matches_no_deal(client, session_id, if_match):
    tag = read(client, f"/sessions/{session_id}/deals/1").headers["ETag"]
    header = if_match.format(tag=tag, bare=tag.strip('"'))
    before = deals(client, session_id)
    at = f"{API}/sessions/{session_id}/deals/1"
    assert_refused(client.put(at, json={"points": MINE}, headers={"If-Match": header}), 412)
    assert_refused(client.delete(at, headers={"If-Match": header}), 412)
    assert deals(client, session_id) == before


def test_a_missing_deal_is_404_whatever_the_if_match(client, session_id):
    at = f"{API}/sessions/{session_id}/deals/4"
    assert_refused(client.put(at, json={"points": MINE}, headers={"If-Match": "*"}), 404)
    assert_refused(client.delete(at, headers={"If-Match": '"deal-1-v1"'}), 404)


# Versions


def test_a_version_is_unique_in_its_session_and_above_every_earlier_one(client, session_id):
    def versions():
        return [deal["version"] for deal in deals(client, session_id)]

    assert versions() == [1, 2, 3]
    assert (
        client.put(f"{API}/sessions/{session_id}/deals/1", json={"points": MINE}).status_code == 200
    )
    assert versions() == [4, 2, 3]
    assert client.delete(f"{API}/sessions/{session_id}/deals/3").status_code == 204  # version 5
    record(client, session_id, NEW)
    assert versions() == [4, 2, 6]


# The keeper's pages


def test_a_page_correction_of_a_deal_deleted_and_replaced_meanwhile_is_refused(client, app):
    session_id = session_with_totals(client, DEALS)
    opened = form_data(page(client.get(f"/sessions/{session_id}/deals/3/edit")))
    delete = client.post(f"/sessions/{session_id}/deals/3/delete", data={"confirm": "y"})
    assert delete.status_code == 303  # another device deletes deal 3 ...
    record_totals(client, session_id, NEW)  # ... and records a new one, now number 3
    mine = {f"points_{side}": str(points) for side, points in enumerate(MINE)} | {"save": "y"}

    # The form as it is, and as a page opened before the forms carried the deal's id.
    for sent in (opened | mine, {k: v for k, v in opened.items() if k != "deal_id"} | mine):
        response = client.post(f"/sessions/{session_id}/deals/3/edit", data=sent)
        assert response.status_code == 409
        conflict = page(response).select_one("section.conflict")
        assert conflict is not None
        assert "Changed meanwhile" in text(conflict)
        assert stored_points(app, session_id) == [*DEALS[:2], NEW]
    assert load(app, session_id).deals[2].version == 5


def test_a_page_delete_of_a_deal_deleted_and_replaced_meanwhile_is_refused(client, app):
    """The deal page's Delete button names the deal and the version it showed."""
    session_id = session_with_totals(client, DEALS)
    shown = page(client.get(f"/sessions/{session_id}/deals/3"))
    hidden = shown.select('form.danger input[type="hidden"]')
    delete_form = {field["name"]: field["value"] for field in hidden} | {"confirm": "y"}
    assert {"deal_id", "version"} <= delete_form.keys()
    response = client.post(f"/sessions/{session_id}/deals/3/delete", data={"confirm": "y"})
    assert response.status_code == 303
    record_totals(client, session_id, NEW)  # another device deleted deal 3 and recorded a new one
    response = client.post(f"/sessions/{session_id}/deals/3/delete", data=delete_form)
    assert response.status_code == 409
    assert stored_points(app, session_id) == [*DEALS[:2], NEW]


# Databases from before unique versions


def test_the_migration_gives_every_deal_a_version_above_all_its_session_had(tmp_path):
    path = tmp_path / "old.sqlite"
    db = connect(path)
    migrations.apply(db, stop_before="make_versions_unique_per_session")
    for session_id in (1, 2):
        db.table("sessions").insert(
            {"id": session_id, "ruleset": "scarto", "players": '["A", "B", "C"]'}
            | {"first_dealer": 0, "created": "2024-01-01"}
        )
    old = [(1, 1, 0), (1, 3, 1), (1, 1, 0), (2, 1, 0), (2, 1, 0)]  # session, version, deleted
    for position, (session_id, version, deleted) in enumerate(old, start=1):
        db.table("deals").insert(
            {"session_id": session_id, "position": position, "form": "totals", "input": "{}"}
            | {"dealer": 0, "points": "[]", "scores": "[]", "version": version, "deleted": deleted}
        )
    db.close()

    db = open_db(path)
    rows = db.execute("select session_id, version from deals order by id").fetchall()
    assert rows == [(1, 4), (1, 5), (1, 6), (2, 2), (2, 3)]
