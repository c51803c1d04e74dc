"""Export, import and backup: exact round trips, refusals that store nothing, consistent copies.

Sessions are built through the services, as the app builds them: deals by totals, quick count,
full piles and trick by trick (inputs from rules.generator.random_deal), a corrected deal, a
deleted one, a scarto checked before play and a play saved part-way.

``exchange.import_sessions`` checks a file's shape only; ``flask import`` goes through
services.importing, which checks what the fields mean too (the attacks it refuses are in
tests/web/test_cli.py, through the command).
"""

from __future__ import annotations

import copy
import sqlite3
import threading
import uuid
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from datetime import timezone
from importlib import metadata
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.rules import RULESET_IDS
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal
from scorekeeper.services.sessions import importing
from scorekeeper.services.sessions.exports import session_export
from scorekeeper.services.sessions.protocol import build_protocol
from scorekeeper.storage import backup
from scorekeeper.storage import exchange
from scorekeeper.storage import origins
from scorekeeper.storage.db import open_db
from scorekeeper.web.db import get_db
from tests.bodies import piles_body
from tests.bodies import play_body
from tests.bodies import quick_body
from tests.databases import fresh_database
from tests.fuzzing import examples

SCARTO = find_ruleset("scarto")
AT = datetime(2025, 1, 1, tzinfo=UTC)
"""The time of an export made twice to compare the two."""
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PIEDICAVALLO = find_ruleset("piedicavallo")
TOTALS = ([30, 27, 21], [20, 30, 28], [28, 28, 22])


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "main.sqlite")})


@pytest.fixture
def db(app):
    with app.app_context():
        yield get_db()


@pytest.fixture
def empty_db(tmp_path, app):
    """A second, empty database (the app context gives the services their language)."""
    with app.app_context():
        other = open_db(tmp_path / "empty.sqlite")
        yield other
        other.close()


def next_deal(db, session_id, seed):
    """A random played deal dealt by the session's next dealer."""
    session = services.load_session(db, session_id)
    dealer = (session.first_dealer + len(session.deals)) % session.ruleset.players
    return random_deal(session.ruleset, seed, dealer)


def scarto_session(db) -> int:
    """Totals, quick count, piles and play; deal 1 corrected, deal 2 deleted; a scarto checked
    before play and a play saved part-way, both waiting for the next deal."""
    session_id = services.start_session(
        db,
        {
            "ruleset": "scarto",
            "players": ["Anna", "Nicolò", "Carla"],
            "first_dealer": 1,
            "table_name": "Tavolo 2",
            "place": "Circolo di Ivrea",
        },
    )
    for points in TOTALS:
        services.record_deal(db, session_id, {"points": points})
    services.record_deal(db, session_id, quick_body(next_deal(db, session_id, 11)))
    services.record_deal(db, session_id, piles_body(next_deal(db, session_id, 12)))
    services.record_deal(db, session_id, play_body(next_deal(db, session_id, 13)))
    services.correct_deal(db, session_id, 1, {"points": [26, 26, 26]})
    services.delete_deal(db, session_id, 2)  # the later deals get new dealers: recounted
    upcoming = next_deal(db, session_id, 14)
    services.check_scarto_first(db, session_id, {"scarto": [c.code for c in upcoming.scarto]})
    services.save_play_draft(db, session_id, play_body(upcoming, tricks=3))
    return session_id


def team_session(db) -> int:
    """Piedicavallo with a house rule: totals per team, then full piles."""
    session_id = services.start_session(
        db,
        {
            "ruleset": "piedicavallo",
            "options": {"game_length": "3-deals"},
            "players": ["Anna", "Bruno", "Carla", "Dario"],
            "first_dealer": 3,
        },
    )
    services.record_deal(db, session_id, {"points": [60, 54]})
    services.record_deal(db, session_id, piles_body(next_deal(db, session_id, 21)))
    return session_id


def deleted_session(db) -> int:
    session_id = services.start_session(
        db, {"ruleset": "tarocchi-a-3", "players": ["Ugo", "Vera", "Zeno"]}
    )
    services.record_deal(db, session_id, {"points": [40, 20, 18]})
    services.delete_session(db, session_id)
    return session_id


@pytest.fixture
def sessions(db):
    return [scarto_session(db), team_session(db), deleted_session(db)]


def without_ids(data):
    """An export with the ids of sessions, deals and history entries taken out, and its origin
    (the database and the time it was written)."""
    out = copy.deepcopy(data)
    out.pop("origin", None)
    for session in out["sessions"]:
        session.pop("id")
        for deal in session["deals"]:
            deal.pop("id")
            for entry in deal["history"]:
                entry.pop("id")
    return out


def stored_counts(db):
    return {
        table: db.execute(f"select count(*) from {table}").fetchone()[0]
        for table in ("sessions", "deals", "deal_history")
    }


# Export


def test_an_export_holds_every_session_with_all_its_deals_and_their_history(db, sessions):
    data = exchange.export_sessions(db)
    assert (data["format"], data["version"]) == ("scorekeeper-export", 2)
    assert data["origin"]["database"] == origins.database_id(db)
    assert data["origin"]["app"] == f"scorekeeper {metadata.version('scorekeeper')}"
    assert [session["id"] for session in data["sessions"]] == sessions
    scarto = data["sessions"][0]
    assert scarto["players"] == ["Anna", "Nicolò", "Carla"]
    assert (scarto["table_name"], scarto["place"]) == ("Tavolo 2", "Circolo di Ivrea")
    assert [deal["form"] for deal in scarto["deals"]] == [
        "totals",
        "totals",
        "totals",
        "quick",
        "piles",
        "play",
    ]
    assert [deal["deleted"] for deal in scarto["deals"]] == [0, 1, 0, 0, 0, 0]
    first = scarto["deals"][0]
    assert first["points"] == [26, 26, 26]
    assert first["version"] > 1  # changed once at least (how versions count is the repository's)
    assert [entry["action"] for entry in first["history"]] == ["recorded", "corrected"]
    assert first["history"][1]["before"]["points"] == [30, 27, 21]
    assert any(e["action"] == "recounted" for d in scarto["deals"] for e in d["history"])
    assert scarto["pending_scarto"]["scarto"]
    assert len(scarto["pending_play"]["play"]) == 3
    team = data["sessions"][1]
    assert team["overrides"] == {"game_length": "3-deals"}
    assert [deal["scores"] for deal in team["deals"]][0] == [60, 54]
    assert data["sessions"][2]["deleted"] == 1


def test_an_export_carries_no_secret_of_a_session(db, sessions):
    text = exchange.dumps(exchange.export_sessions(db))
    for row in db.query("select read_token from sessions"):
        assert row["read_token"] not in text
    assert "read_token" not in text
    assert "pin_hash" not in text


def test_every_stored_column_is_exported_or_deliberately_left_out(db):
    fields = {
        "sessions": exchange.SESSION_FIELDS,
        "deals": exchange.DEAL_FIELDS,
        "deal_history": exchange.HISTORY_FIELDS,
    }
    for table, names in fields.items():
        columns = set(db.table(table).columns_dict)
        assert columns == set(names) | set(exchange.LEFT_OUT[table]), table


def test_an_export_of_chosen_sessions_keeps_their_order(db, sessions):
    data = exchange.export_sessions(db, [sessions[1], sessions[0]])
    assert [session["id"] for session in data["sessions"]] == [sessions[1], sessions[0]]


def test_exporting_an_unknown_session_is_refused(db, sessions):
    with pytest.raises(exchange.ExchangeError, match="no session 99"):
        exchange.export_sessions(db, [sessions[0], 99])


def test_an_export_is_utf8_text_with_names_as_written(db, sessions):
    data = exchange.export_sessions(db)
    text = exchange.dumps(data)
    assert '"Nicolò"' in text
    assert text.endswith("}\n")
    assert exchange.loads(text.encode("utf-8")) == data


# Import: round trips


def test_export_import_export_into_an_empty_database_gives_the_same_json_except_ids(
    db, empty_db, sessions
):
    exported = exchange.export_sessions(db)
    new_ids = exchange.import_sessions(empty_db, exchange.loads(exchange.dumps(exported)))
    assert new_ids == [1, 2, 3]
    again = exchange.export_sessions(empty_db)
    assert exchange.dumps(without_ids(again)) == exchange.dumps(without_ids(exported))


def test_an_imported_session_is_a_new_session_beside_the_old_one(db, sessions):
    before = stored_counts(db)
    exported = exchange.export_sessions(db, [sessions[0]])
    (new_id,) = exchange.import_sessions(db, exported)
    assert new_id not in sessions
    after = stored_counts(db)
    deals = len(exported["sessions"][0]["deals"])
    history = sum(len(deal["history"]) for deal in exported["sessions"][0]["deals"])
    assert after == {
        "sessions": before["sessions"] + 1,
        "deals": before["deals"] + deals,
        "deal_history": before["deal_history"] + history,
    }
    assert without_ids(exchange.export_sessions(db, [new_id])) == without_ids(exported)


def history(deal):
    return [
        {k: v for k, v in entry.items() if k not in ("id", "deal_id")} for entry in deal.history
    ]


def test_an_imported_session_shows_the_same_protocol(db, empty_db, sessions):
    exchange.import_sessions(empty_db, exchange.export_sessions(db))
    for old_id, new_id in zip(sessions, (1, 2, 3), strict=True):
        old = services.load_session(db, old_id)
        new = services.load_session(empty_db, new_id)
        assert new.ruleset == old.ruleset
        assert new.players == old.players
        assert [d.result for d in new.deals] == [d.result for d in old.deals]
        assert [(d.number, d.dealer, d.form, d.input) for d in new.deals] == [
            (d.number, d.dealer, d.form, d.input) for d in old.deals
        ]
        assert [history(d) for d in new.deals] == [history(d) for d in old.deals]
        assert (new.pending_scarto, new.pending_play) == (old.pending_scarto, old.pending_play)
        assert build_protocol(new).totals == build_protocol(old).totals
        assert new.deleted == old.deleted


def test_an_imported_session_gets_a_new_read_link_and_no_pin(db, empty_db):
    session_id = services.start_session(
        db, {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "pin": "4321"}
    )
    (new_id,) = exchange.import_sessions(empty_db, exchange.export_sessions(db))
    old = services.load_session(db, session_id)
    new = services.load_session(empty_db, new_id)
    assert old.has_pin
    assert not new.has_pin
    assert new.read_token
    assert new.read_token != old.read_token


def test_importing_the_same_sessions_again_is_refused_naming_what_they_became(
    db, empty_db, sessions
):
    exported = exchange.export_sessions(db, [sessions[1], sessions[0]])
    assert exchange.import_sessions(empty_db, exported) == [1, 2]
    before = stored_counts(empty_db)
    again = exchange.export_sessions(db, [sessions[2], sessions[0]])  # one new, one not
    with pytest.raises(origins.AlreadyImportedError) as refused:
        exchange.import_sessions(empty_db, again)
    assert refused.value.sessions == [(2, sessions[0])]
    assert refused.value.code == "already-imported"
    assert str(refused.value) == (
        f"session {sessions[0]} of this file was imported before: it is session 2 here"
    )
    assert stored_counts(empty_db) == before  # the new one is not stored either
    with pytest.raises(origins.AlreadyImportedError, match="2 sessions of this file"):
        exchange.import_sessions(empty_db, exported)
    assert stored_counts(empty_db) == before


def test_an_imported_session_keeps_the_database_and_the_session_it_came_from(
    db, empty_db, sessions
):
    (new_id,) = exchange.import_sessions(empty_db, exchange.export_sessions(db, [sessions[2]]))
    assert origins.origin_of(empty_db, new_id) == (origins.database_id(db), sessions[2])
    assert origins.imported_as(empty_db, origins.database_id(db), sessions[2]) == new_id
    assert origins.origin_of(db, sessions[2]) is None  # made there, not imported


def as_version_1(data):
    """An export as the app wrote it before origins (format version 1)."""
    older = copy.deepcopy(data)
    del older["origin"]
    older["version"] = 1
    return older


def test_a_version_1_file_imports_as_before_and_again_as_new_sessions(db, empty_db, sessions):
    older = as_version_1(exchange.export_sessions(db, [sessions[1]]))
    assert exchange.import_sessions(empty_db, older) == [1]
    assert exchange.import_sessions(empty_db, older) == [2]  # no origin to know it by
    assert origins.origin_of(empty_db, 1) is None
    older["sessions"][0].pop("id")  # optional there
    assert exchange.import_sessions(empty_db, older) == [3]


def test_an_export_at_a_given_time_is_the_same_bytes_until_the_session_changes(db, sessions):
    at = datetime(2025, 3, 1, 21, 30, 5, 123, tzinfo=timezone(timedelta(hours=1)))
    first = session_export(db, sessions[0], at)
    assert session_export(db, sessions[0], at) == first
    data = exchange.loads(first)
    assert data["origin"]["exported_at"] == "2025-03-01T20:30:05+00:00"  # UTC, in seconds
    assert [session["id"] for session in data["sessions"]] == [sessions[0]]
    assert session_export(db, sessions[0], datetime(2025, 3, 1, 20, 30, 5)) == first  # UTC
    services.record_deal(db, sessions[0], {"points": [30, 27, 21]})
    assert session_export(db, sessions[0], at) != first


def test_each_database_has_its_own_identity_kept_for_good(tmp_path):
    one = open_db(tmp_path / "one.sqlite")
    two = open_db(tmp_path / "two.sqlite")
    assert str(uuid.UUID(origins.database_id(one))) == origins.database_id(one)
    assert origins.database_id(one) != origins.database_id(two)
    kept = origins.database_id(one)
    one.close()
    assert origins.database_id(open_db(tmp_path / "one.sqlite")) == kept


def test_a_database_from_before_gets_its_identity_when_it_is_upgraded(tmp_path):
    old = tmp_path / "old.sqlite"
    old.write_bytes((FIXTURES / "before-players.sqlite").read_bytes())
    db = open_db(old)
    assert uuid.UUID(origins.database_id(db))
    assert exchange.export_sessions(db)["origin"]["database"] == origins.database_id(db)


def test_an_export_without_sessions_imports_nothing(empty_db):
    assert exchange.import_sessions(empty_db, exchange.export_sessions(empty_db)) == []
    assert stored_counts(empty_db) == {"sessions": 0, "deals": 0, "deal_history": 0}


# Import: any valid content round-trips exactly (hypothesis)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(codec="utf-8")),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(st.characters(codec="utf-8"), max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
json_objects = st.dictionaries(st.text(max_size=8), json_values, max_size=4)
stamps = st.datetimes().map(lambda moment: moment.isoformat())
texts = st.text(st.characters(codec="utf-8"), max_size=20)
ints = st.integers(-(2**63), 2**63 - 1)
problems = st.lists(
    st.fixed_dictionaries(
        {"code": texts, "message": texts},
        optional={
            "trick": st.none() | ints,
            "template": texts,
            "params": st.lists(st.tuples(texts, texts | ints).map(list), max_size=2),
        },
    ),
    max_size=2,
)


@st.composite
def exports(draw):
    sessions = []
    ids = draw(st.lists(st.integers(1, 2**63 - 1), min_size=2, max_size=2, unique=True))
    for _ in range(draw(st.integers(0, 2))):
        ruleset = find_ruleset(draw(st.sampled_from(RULESET_IDS)))
        seats = st.integers(0, ruleset.players - 1)
        sides = st.lists(ints, min_size=ruleset.sides, max_size=ruleset.sides)
        names = st.lists(
            texts.filter(bool),
            min_size=ruleset.players,
            max_size=ruleset.players,
            unique_by=str.casefold,
        )
        history = st.lists(
            st.fixed_dictionaries(
                {
                    "id": ints,
                    "at": stamps,
                    "action": texts,
                    "before": st.none() | json_objects,
                    "after": st.none() | json_objects,
                }
            ),
            max_size=2,
        )
        deal = st.fixed_dictionaries(
            {
                "id": ints,
                "position": ints,
                "form": st.sampled_from(exchange.FORMS),
                "input": json_objects,
                "dealer": seats,
                "points": sides,
                "scores": sides,
                "problems": st.none() | problems,
                "notes": st.none() | problems,
                "ok": st.sampled_from([0, 1]),
                "scarto_check": st.none() | json_objects,
                "deleted": st.sampled_from([0, 1]),
                "version": st.integers(1, 2**63 - 1),
                "created": stamps,
                "updated": stamps,
                "history": history,
            }
        )
        session = draw(
            st.fixed_dictionaries(
                {
                    "id": st.just(ids[len(sessions)]),
                    "ruleset": st.just(ruleset.id),
                    "overrides": st.none() | st.just({}) | st.just({"top_trump": 21}),
                    "players": names,
                    "first_dealer": seats,
                    "table_name": st.none() | texts,
                    "place": st.none() | texts,
                    "language": st.sampled_from(services.SESSION_LANGUAGES),
                    "played_on": st.dates().map(lambda day: day.isoformat()),
                    "created": stamps,
                    "pending_scarto": st.none() | json_objects,
                    "pending_play": st.none() | json_objects,
                    "deleted": st.sampled_from([0, 1]),
                    "deals": st.lists(deal, max_size=3),
                }
            )
        )
        # The database gives deals back in order of position: the file's order must be that.
        session["deals"].sort(key=lambda d: d["position"])
        for deal_row in session["deals"]:
            deal_row["history"].sort(key=lambda entry: entry["id"])
        # A session's versions are unique (an import numbers repeated ones anew, as tested
        # in test_an_import_gives_each_deal_of_a_session_its_own_version).
        versions = [deal_row["version"] for deal_row in session["deals"]]
        if len(set(versions)) < len(versions):
            for number, deal_row in enumerate(session["deals"], start=1):
                deal_row["version"] = number
        sessions.append(session)
    origin = {
        "database": str(draw(st.uuids())),
        "exported_at": draw(stamps),
        "app": draw(texts),
    }
    return {"format": "scorekeeper-export", "version": 2, "origin": origin, "sessions": sessions}


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=exports())
def test_any_valid_export_round_trips_exactly(data):
    db = open_db(":memory:")
    try:
        new_ids = exchange.import_sessions(db, exchange.loads(exchange.dumps(data)))
        assert len(new_ids) == len(data["sessions"])
        again = exchange.export_sessions(db)
        # The generated files name no seats' persons: the import linked them by the names
        # written (test_the_persons_at_the_seats_round_trip has files that do).
        for session in again["sessions"]:
            session.pop("seats")
        assert without_ids(again) == without_ids(data)
    finally:
        db.close()


# Import: broken files are refused and nothing is stored


def set_at(path, value):
    """A change to an export: the field at path (keys and indexes) set to value."""

    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return change


def drop(path):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        return data

    return change


FIRST = ("sessions", 0)
DEAL = (*FIRST, "deals", 0)
ENTRY = (*DEAL, "history", 0)
TEAM_DEAL = ("sessions", 1, "deals", 0)
BROKEN = {
    "a list, not an object": (lambda data: [data], "the file: must be an object, not a list"),
    "another format": (set_at(("format",), "tarot"), "format: must be 'scorekeeper-export'"),
    "a newer version": (set_at(("version",), 3), "version: 3 is not a version this"),
    "version 1 with an origin": (set_at(("version",), 1), "the file: unknown field origin"),
    "version 2 without an origin": (drop(("origin",)), "the file: missing origin"),
    "an origin without its database": (
        drop(("origin", "database")),
        "origin: missing database",
    ),
    "a database that is no UUID": (
        set_at(("origin", "database"), "my laptop"),
        'origin.database: must be a UUID, not "my laptop"',
    ),
    "an export time that is no time": (
        set_at(("origin", "exported_at"), "today"),
        "origin.exported_at: must be a date and time (ISO 8601), not 'today'",
    ),
    "an unknown origin field": (set_at(("origin", "host"), "x"), "origin: unknown field host"),
    "a session without its id": (drop((*FIRST, "id")), "sessions[0]: missing id"),
    "a session's id of 0": (
        set_at((*FIRST, "id"), 0),
        "sessions[0].id: must be a whole number from 1, not 0",
    ),
    "one session twice": (
        set_at(("sessions", 1, "id"), 1),
        "sessions[1].id: session 1 is in the file twice",
    ),
    "the version as text": (set_at(("version",), "1"), 'version: "1" is not a version'),
    "the version as true": (set_at(("version",), True), "version: true is not a version"),
    "no sessions": (drop(("sessions",)), "the file: missing sessions"),
    "sessions as an object": (set_at(("sessions",), {}), "sessions: must be a list, not an"),
    "a session as text": (set_at(FIRST, "Anna"), "sessions[0]: must be an object, not text"),
    "an unknown field": (set_at(("comment",), "hi"), "the file: unknown field comment"),
    "a session without players": (drop((*FIRST, "players")), "sessions[0]: missing players"),
    "a session without deals": (drop((*FIRST, "deals")), "sessions[0]: missing deals"),
    "a deal without scores": (
        drop(("sessions", 0, "deals", 1, "scores")),
        "sessions[0].deals[1]: missing scores",
    ),
    "a history entry without action": (
        drop((*ENTRY, "action")),
        "sessions[0].deals[0].history[0]: missing action",
    ),
    "an unknown session field": (set_at((*FIRST, "colour"), "red"), "unknown field colour"),
    "an unknown ruleset": (
        set_at((*FIRST, "ruleset"), "tarock"),
        "sessions[0].ruleset: unknown ruleset 'tarock'",
    ),
    "a ruleset as a number": (set_at((*FIRST, "ruleset"), 1), "sessions[0].ruleset: must be text"),
    "an impossible house rule": (
        set_at((*FIRST, "overrides"), {"top_trump": 99}),
        "sessions[0].overrides: option 'top_trump' cannot be 99",
    ),
    "house rules as a list": (
        set_at((*FIRST, "overrides"), ["top_trump"]),
        "sessions[0].overrides: must be an object, not a list",
    ),
    "players as text": (
        set_at((*FIRST, "players"), "Anna, Bruno, Carla"),
        "sessions[0].players: must be a list of names",
    ),
    "two players at Scarto": (
        set_at((*FIRST, "players"), ["Anna", "Bruno"]),
        "sessions[0].players: scarto needs 3 players, not 2",
    ),
    "the same name twice": (
        set_at((*FIRST, "players"), ["Anna", "ANNA", "Carla"]),
        "sessions[0].players: every player needs a name, and no two the same",
    ),
    "the first dealer as text": (
        set_at((*FIRST, "first_dealer"), "0"),
        'sessions[0].first_dealer: must be a seat from 0 to 2, not "0"',
    ),
    "the first dealer off the table": (
        set_at((*FIRST, "first_dealer"), 3),
        "sessions[0].first_dealer: must be a seat from 0 to 2, not 3",
    ),
    "a creation time that is no date": (
        set_at((*FIRST, "created"), "yesterday"),
        "sessions[0].created: must be a date and time (ISO 8601), not 'yesterday'",
    ),
    "a pending scarto as a list": (
        set_at((*FIRST, "pending_scarto"), ["KS"]),
        "sessions[0].pending_scarto: must be an object, not a list",
    ),
    "a session deleted as true": (
        set_at((*FIRST, "deleted"), True),
        "sessions[0].deleted: must be 0 or 1, not true",
    ),
    "deals as null": (set_at((*FIRST, "deals"), None), "sessions[0].deals: must be a list, not"),
    "points with text": (
        set_at((*DEAL, "points"), [30, "27", 21]),
        "sessions[0].deals[0].points: must be a list of 3 whole numbers, one per side",
    ),
    "scores per seat in a team game": (
        set_at((*TEAM_DEAL, "scores"), [30, 30, 27, 27]),
        "sessions[1].deals[0].scores: must be a list of 2 whole numbers, one per side",
    ),
    "a position too large for SQLite": (
        set_at((*DEAL, "position"), 2**64),
        "sessions[0].deals[0].position: must be a whole number, not a number",
    ),
    "a position with a fraction": (
        set_at((*DEAL, "position"), 1.5),
        "sessions[0].deals[0].position: must be a whole number",
    ),
    "an unknown input form": (
        set_at((*DEAL, "form"), "guess"),
        'sessions[0].deals[0].form: must be one of totals, quick, piles, play, not "guess"',
    ),
    "an input as a list": (
        set_at((*DEAL, "input"), [30, 27, 21]),
        "sessions[0].deals[0].input: must be an object, not a list",
    ),
    "a dealer off the table": (
        set_at((*DEAL, "dealer"), 5),
        "sessions[0].deals[0].dealer: must be a seat from 0 to 2, not 5",
    ),
    "ok as true": (set_at((*DEAL, "ok"), True), "sessions[0].deals[0].ok: must be 0 or 1"),
    "a deal deleted twice": (
        set_at((*DEAL, "deleted"), 2),
        "sessions[0].deals[0].deleted: must be 0 or 1, not 2",
    ),
    "version 0 of a deal": (
        set_at((*DEAL, "version"), 0),
        "sessions[0].deals[0].version: must be a whole number from 1, not 0",
    ),
    "a problem without message": (
        set_at((*DEAL, "problems"), [{"code": "card-missing"}]),
        "sessions[0].deals[0].problems: problem 0 must be an object of code and message",
    ),
    "notes as text": (
        set_at((*DEAL, "notes"), "fine"),
        "sessions[0].deals[0].notes: must be a list of problems, not text",
    ),
    "no time of change": (
        set_at((*DEAL, "updated"), None),
        "sessions[0].deals[0].updated: must be text, not null",
    ),
    "history as an object": (
        set_at((*DEAL, "history"), {}),
        "sessions[0].deals[0].history: must be a list, not an object",
    ),
    "a history entry before as a list": (
        set_at((*ENTRY, "before"), []),
        "sessions[0].deals[0].history[0].before: must be an object, not a list",
    ),
    "a history entry at no time": (
        set_at((*ENTRY, "at"), 20240101),
        "sessions[0].deals[0].history[0].at: must be text, not a number",
    ),
    "an unknown history field": (
        set_at((*ENTRY, "who"), "Anna"),
        "sessions[0].deals[0].history[0]: unknown field who",
    ),
    "the last session broken, the others sound": (
        set_at(("sessions", 2, "players"), []),
        "sessions[2].players: tarocchi-a-3 needs 3 players, not 0",
    ),
}


@pytest.mark.parametrize(("change", "message"), BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_file_is_refused_saying_where_and_nothing_is_stored(db, sessions, change, message):
    broken = change(exchange.export_sessions(db))
    before = stored_counts(db)
    with pytest.raises(exchange.ExchangeError) as refused:
        exchange.import_sessions(db, broken)
    assert message in str(refused.value)
    assert stored_counts(db) == before


def test_a_failure_while_storing_undoes_the_sessions_stored_before_it(db, sessions, monkeypatch):
    exported = exchange.export_sessions(db)
    before = stored_counts(db)
    tokens = iter(["first-token", "second-token"])

    def token(_size):
        try:
            return next(tokens)
        except StopIteration:
            raise sqlite3.OperationalError("disk I/O error") from None

    monkeypatch.setattr(exchange.secrets, "token_urlsafe", token)
    with pytest.raises(sqlite3.OperationalError):
        exchange.import_sessions(db, exported)  # the third session fails
    assert stored_counts(db) == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"{", "not a JSON file"),
        (b"", "not a JSON file"),
        (b'{"version": NaN}', "NaN is not a number JSON allows"),
        (b"\xff\xfe{}", "not a JSON file"),
    ],
    ids=["cut short", "empty", "NaN", "not UTF-8"],
)
def test_a_file_that_is_not_json_is_refused(text, message):
    with pytest.raises(exchange.ExchangeError, match=message):
        exchange.loads(text)


# Import as the app takes it (services.importing): sound files round-trip, no other error


def test_an_export_of_sessions_in_every_form_imports_as_the_app_takes_it_unchanged(
    db, empty_db, sessions
):
    exported = exchange.export_sessions(db)
    imported = importing.import_file(empty_db, exchange.dumps(exported).encode("utf-8"))
    assert imported == importing.Imported([1, 2, 3], reworded=0, origin_ids=sessions)
    assert without_ids(exchange.export_sessions(empty_db)) == without_ids(exported)


def test_a_scarto_check_without_templates_takes_todays_wording(db, empty_db):
    """Problems written before they had templates (an earlier version) read as today's."""
    session_id = services.start_session(
        db, {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]}
    )
    services.check_scarto_first(db, session_id, {"scarto": ["KS", "4C", "4D"]})
    services.record_deal(db, session_id, {"points": [30, 27, 21]})  # keeps the check
    exported = exchange.export_sessions(db)
    (problem,) = exported["sessions"][0]["deals"][0]["scarto_check"]["problems"]
    assert problem["code"] == "scarto-illegal"
    as_written = importing.import_file(empty_db, exchange.dumps(exported).encode("utf-8"))
    assert as_written.reworded == 0
    older = as_version_1(exported)  # written by an earlier version
    for key in ("template", "params"):
        del older["sessions"][0]["deals"][0]["scarto_check"]["problems"][0][key]
    imported = importing.import_file(empty_db, exchange.dumps(older).encode("utf-8"))
    assert imported.reworded == 1
    again = exchange.export_sessions(empty_db, imported.session_ids)
    assert without_ids(again) == without_ids(exported)  # the template and its values again
    assert imported.origin_ids == [None]


def test_a_refused_file_leaves_the_database_as_it_was(db, sessions):
    data = exchange.export_sessions(db)
    data["sessions"][2]["deals"][0]["points"] = [41, 20, 17]  # the last session's one deal
    before = exchange.export_sessions(db, at=AT)
    with pytest.raises(exchange.ExchangeError, match=r"sessions\[2\]\.deals\[0\]\.points"):
        importing.import_file(db, exchange.dumps(data).encode("utf-8"))
    assert exchange.export_sessions(db, at=AT) == before


@pytest.fixture(scope="module")
def sound(tmp_path_factory):
    """An app and the export of its sessions in every form."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("sound") / "db")})
    with app.app_context():
        db = get_db()
        scarto_session(db)
        team_session(db)
        deleted_session(db)
        return app, exchange.export_sessions(db)


def places(value, path=()):
    """Every place in a JSON value, as the path of keys and indexes to it."""
    yield path
    if isinstance(value, dict | list):
        for key, child in value.items() if isinstance(value, dict) else enumerate(value):
            yield from places(child, (*path, key))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_edited_export_is_imported_or_refused_and_never_fails_otherwise(sound, data):
    """Whatever a keeper changes in a sound file, the import refuses it with an ExchangeError
    or stores what the app can show: never another error."""
    app, exported = sound
    edited = copy.deepcopy(exported)
    path = data.draw(st.sampled_from(list(places(edited))[1:]))
    target = edited
    for key in path[:-1]:
        target = target[key]
    if isinstance(target, dict) and data.draw(st.booleans()):
        del target[path[-1]]
    else:
        target[path[-1]] = data.draw(json_values)
    with app.app_context():
        other = open_db(":memory:")
        try:
            imported = importing.import_file(other, exchange.dumps(edited).encode("utf-8"))
        except exchange.ExchangeError:
            pass  # refused, saying where and why: nothing to show
        else:
            for new_id in imported.session_ids:
                build_protocol(services.load_session(other, new_id))
        finally:
            other.close()


# Backup


def test_a_backup_is_a_sound_single_file_copy_of_the_database(app, db, sessions, tmp_path):
    dest = tmp_path / "copies" / "copy.sqlite"
    assert backup.backup_database(app.config["DATABASE"], dest) == dest
    assert backup.integrity_check(dest) == ["ok"]
    header = dest.read_bytes()[:20]
    assert header[18:20] == bytes([1, 1]), "the copy is in rollback-journal mode, not WAL"
    assert sorted(path.name for path in dest.parent.iterdir()) == ["copy.sqlite"]
    copy_db = open_db(dest)
    try:
        assert exchange.export_sessions(copy_db, at=AT) == exchange.export_sessions(db, at=AT)
    finally:
        copy_db.close()


def test_a_backup_never_overwrites_a_file(app, db, tmp_path):
    dest = tmp_path / "precious.sqlite"
    dest.write_text("keep me")
    with pytest.raises(exchange.ExchangeError, match="exists already"):
        backup.backup_database(app.config["DATABASE"], dest)
    assert dest.read_text() == "keep me"
    assert [path.name for path in tmp_path.iterdir() if "precious" in path.name] == [dest.name]


def test_a_backup_of_a_missing_database_is_refused(tmp_path):
    with pytest.raises(exchange.ExchangeError, match="there is no database"):
        backup.backup_database(tmp_path / "none.sqlite", tmp_path / "copy.sqlite")
    assert not (tmp_path / "none.sqlite").exists()
    assert not (tmp_path / "copy.sqlite").exists()


def test_the_integrity_check_finds_a_damaged_database(app, db, sessions, tmp_path):
    dest = backup.backup_database(app.config["DATABASE"], tmp_path / "copy.sqlite")
    data = bytearray(dest.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    for page in range(1, len(data) // page_size):  # every page but the first: headers garbled
        data[page * page_size : page * page_size + 12] = b"\x0d" + b"\xff" * 11
    dest.write_bytes(bytes(data))
    assert backup.integrity_check(dest) != ["ok"]


def count_rows(path, sql):
    connection = sqlite3.connect(path)
    try:
        return connection.execute(sql).fetchone()[0]
    finally:
        connection.close()


def test_backups_while_another_thread_keeps_writing_deals_are_consistent(app, tmp_path):
    """Another connection records deal after deal; every copy is sound and holds at least the
    deals committed before it started, each with its history (a deal and its history entry are
    one transaction: a copy never has one without the other)."""
    database = app.config["DATABASE"]
    with app.app_context():
        session_id = services.start_session(
            get_db(), {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]}
        )
    stop = threading.Event()
    written = [0]
    failures = []

    def keep_writing():
        with app.app_context():
            writer = open_db(database)
            try:
                while not stop.is_set():
                    services.record_deal(writer, session_id, {"points": TOTALS[written[0] % 3]})
                    written[0] += 1
            except Exception as error:  # reported by the test below
                failures.append(error)
            finally:
                writer.close()

    thread = threading.Thread(target=keep_writing)
    thread.start()
    copies = []
    try:
        for number in range(8):
            while written[0] < 5 * (number + 1) and thread.is_alive():
                stop.wait(0.001)
            committed = count_rows(database, "select count(*) from deals")
            dest = backup.backup_database(database, tmp_path / f"copy-{number}.sqlite")
            copies.append((dest, committed))
    finally:
        stop.set()
        thread.join()
    assert not failures
    assert written[0] >= 40
    for dest, committed in copies:
        assert backup.integrity_check(dest) == ["ok"]
        deals = count_rows(dest, "select count(*) from deals")
        recorded = count_rows(dest, "select count(*) from deal_history where action = 'recorded'")
        assert deals >= committed
        assert deals == recorded
    assert count_rows(database, "select count(*) from deals") == written[0]


def test_an_import_gives_each_deal_of_a_session_its_own_version(tmp_path):
    """An export made before versions were unique within a session had every deal at version 1;
    the imported session's deals get versions 1, 2, 3... so that a version names one deal
    (versions already unique are kept: the round trips above)."""
    db = open_db(str(tmp_path / "old.sqlite"))
    session_id = services.start_session(db, {"ruleset": "scarto", "players": ["A", "B", "C"]})
    for points in ([30, 27, 21], [20, 30, 28], [26, 26, 26]):
        services.record_deal(db, session_id, {"points": points})
    data = exchange.export_sessions(db)
    for deal in data["sessions"][0]["deals"]:
        deal["version"] = 1
    (new_id,) = exchange.import_sessions(db, data)
    versions = [
        row["version"]
        for row in db.query("select version from deals where session_id = ? order by id", [new_id])
    ]
    assert versions == [1, 2, 3]


def test_the_persons_at_the_seats_round_trip(tmp_path):
    """A seat linked to a player of another name (merged, or linked by hand), a nickname and
    an archived player come back as they were, not relinked by the names written."""
    from scorekeeper.services.players import persons
    from scorekeeper.services.sessions.lifecycle import start_session

    db = open_db(str(tmp_path / "club.sqlite"))
    first = start_session(db, {"ruleset": "scarto", "players": ["Ana", "Bruno", "Player 3"]})
    anna = persons.create_player(db, {"name": "Anna Rossi", "nickname": "la Rossa"})
    ana = persons.get_player(db, persons.list_players(db)[0]["id"])
    persons.merge_players(db, ana["id"], anna)  # "Ana" was Anna Rossi
    bruno = next(p["id"] for p in persons.list_players(db) if p["name"] == "Bruno")
    persons.update_player(db, bruno, {"archived": True})
    data = exchange.export_sessions(db, [first])
    assert data["sessions"][0]["seats"] == [
        {"name": "Anna Rossi", "nickname": "la Rossa", "archived": 0, "merged": ["Ana"]},
        {"name": "Bruno", "nickname": "", "archived": 1},
        None,
    ]
    other = open_db(str(tmp_path / "other.sqlite"))
    (new,) = exchange.import_sessions(other, exchange.loads(exchange.dumps(data)))
    again = exchange.export_sessions(other, [new])
    assert again["sessions"][0]["seats"] == data["sessions"][0]["seats"]
    assert again["sessions"][0]["players"] == ["Ana", "Bruno", "Player 3"]  # as written
    # Imported twice (from a file that does not say where it came from): the same persons.
    exchange.import_sessions(other, as_version_1(data))
    assert sorted(p["name"] for p in persons.list_players(other)) == ["Anna Rossi", "Bruno"]


def test_merges_come_with_the_persons_and_an_undo_there_moves_the_seats_back(tmp_path):
    """Issue "The club's history, trusted" §3: "Export and import keep players: seat links,
    merges, archived state". "Nico" and then "Nicolo B." were merged into Nicolò: the import
    knows both names as his (a new session typed "Nico" seats him), and undoing the merge of
    "Nico" in the new database gives the seat written "Nico" back to a player "Nico"."""
    from scorekeeper.services.players import persons
    from scorekeeper.services.sessions.lifecycle import start_session

    db = open_db(str(tmp_path / "club.sqlite"))
    first = start_session(db, {"ruleset": "scarto", "players": ["Nico", "Bruno", "Carla"]})
    start_session(db, {"ruleset": "scarto", "players": ["Nicolò", "Bruno", "Carla"]})
    start_session(db, {"ruleset": "scarto", "players": ["Nicolo B.", "Bruno", "Carla"]})
    ids = {p["name"]: p["id"] for p in persons.list_players(db)}
    persons.merge_players(db, ids["Nico"], ids["Nicolo B."])
    persons.merge_players(db, ids["Nicolo B."], ids["Nicolò"])  # onward: Nico -> B. -> Nicolò
    data = exchange.export_sessions(db, [first])
    assert data["sessions"][0]["seats"][0]["merged"] == ["Nico", "Nicolo B."]
    other = open_db(str(tmp_path / "other.sqlite"))
    (new,) = exchange.import_sessions(other, exchange.loads(exchange.dumps(data)))
    assert sorted(p["name"] for p in persons.list_players(other)) == ["Bruno", "Carla", "Nicolò"]
    nicolo = next(p["id"] for p in persons.list_players(other) if p["name"] == "Nicolò")
    again = start_session(other, {"ruleset": "scarto", "players": ["nico", "Bruno", "Carla"]})
    seated = "select player_id from session_players where session_id = ? and seat = 0"
    assert other.execute(seated, [again]).fetchone()[0] == nicolo
    assert other.execute(seated, [new]).fetchone()[0] == nicolo
    nico_merge = next(m for m in persons.merge_history(other) if m["player_name"] == "Nico")
    assert nico_merge["seats"] == [[new, 0]]  # the seat written "Nico" of the import
    persons.undo_merge(other, nico_merge["id"])
    nico = next(p["id"] for p in persons.list_players(other) if p["name"] == "Nico")
    assert other.execute(seated, [new]).fetchone()[0] == nico
    assert exchange.export_sessions(other, [new])["sessions"][0]["seats"][0]["name"] == "Nico"


def seated_session(seats):
    """An exported Scarto session of no deals, its seats' persons as given."""
    return {
        "id": 1, "ruleset": "scarto", "overrides": None, "players": ["A", "B", "C"],
        "first_dealer": 0,
        "table_name": None, "place": None, "language": "en", "played_on": "2024-01-01",
        "created": "2024-01-01T10:00:00+00:00", "pending_scarto": None, "pending_play": None,
        "deleted": 0, "deals": [], "seats": seats,
    }  # fmt: skip


def test_a_merged_name_of_two_persons_or_too_many_is_refused(tmp_path):
    db = open_db(str(tmp_path / "club.sqlite"))
    data = exchange.export_sessions(db, [])
    session = seated_session([{"name": "Anna", "merged": ["Bea"]}, {"name": "Bea"}, None])
    data["sessions"] = [session]
    with pytest.raises(exchange.ExchangeError, match="one person sits at two seats"):
        exchange.import_sessions(db, data)
    session["seats"] = [{"name": "Anna", "merged": [f"N{n}" for n in range(101)]}, None, None]
    with pytest.raises(exchange.ExchangeError, match="at most 100 names"):
        exchange.import_sessions(db, data)
    session["seats"] = [{"name": "Anna", "merged": [""]}, None, None]
    with pytest.raises(exchange.ExchangeError, match=r"merged\[0\]"):
        exchange.import_sessions(db, data)
    assert db.execute("select count(*) from players").fetchone()[0] == 0


def test_a_file_with_one_person_at_two_seats_is_refused(tmp_path):
    db = open_db(str(tmp_path / "club.sqlite"))
    data = exchange.export_sessions(db, [])
    data["sessions"] = [seated_session([{"name": "Anna"}, {"name": "ANNA"}, None])]
    with pytest.raises(exchange.ExchangeError, match="one person sits at two seats"):
        exchange.import_sessions(db, data)
