"""An event's export (services/events/export.py): its table sessions in the export format with
the event beside them; the same file for an unchanged event; read back by the import, which
brings in the sessions and checks the event for shape and size only."""

from __future__ import annotations

import json

import pytest

from scorekeeper import services
from scorekeeper.services.events import event_view
from scorekeeper.services.events.export import event_sheet_data
from scorekeeper.services.sessions import importing
from scorekeeper.storage.checks import ExchangeError
from scorekeeper.storage.db import open_db
from scorekeeper.storage.exchange_format import MAX_EVENT_BYTES
from scorekeeper.storage.exchange_format import check_export
from tests.databases import fresh_database
from tests.sheets.evenings import make_evening


@pytest.fixture
def database(tmp_path):
    return fresh_database(tmp_path / "t.sqlite")


def exported(database, event_id) -> dict:
    return json.loads(event_sheet_data(open_db(database), event_id).data)


def test_the_export_carries_the_event_and_every_table_session(database):
    event_id = make_evening(database, draft=True)
    export = exported(database, event_id)
    view = event_view(open_db(database), event_id)
    event = export["event"]
    assert event["id"] == event_id
    assert (event["name"], event["ruleset"], event["seed"], event["rounds"]) == (
        "Club night",
        "scarto",
        7,
        4,
    )
    assert event["options"] == {}
    assert event["deals_per_round"] == 3
    assert event["ranking"]["placement_points"] == ["2", "1", "1/2"]
    assert [e["name"] for e in event["entrants"]] == [row["name"] for row in view.entrants]
    assert [r["state"] for r in event["drawn_rounds"]] == ["closed", "closed", "draft"]
    for drawn, shown in zip(event["drawn_rounds"], view.rounds, strict=True):
        assert drawn["attempt"] == shown.attempt
        assert drawn["cost"] == dict(shown.cost)
        assert drawn["sitting_out"] == list(shown.sitting_out)
        assert [t["entrants"] for t in drawn["tables"]] == [list(t.entrants) for t in shown.tables]
        assert [t["first_dealer"] for t in drawn["tables"]] == [
            t.first_dealer for t in shown.tables
        ]
        assert [t["session_id"] for t in drawn["tables"]] == [t.session_id for t in shown.tables]
    ended = [t for r in event["drawn_rounds"] for t in r["tables"] if t["ended_at"]]
    assert len(ended) == 1
    assert [(a["points"], a["reason"]) for a in event["adjustments"]] == [
        ("-1/2", "late"),
        ("1", "typo"),
    ]
    assert event["adjustments"][1]["removed_at"] is not None
    published = [t.session_id for r in view.rounds for t in r.tables if t.session_id]
    assert [s["id"] for s in export["sessions"]] == published
    assert export["format"] == "scorekeeper-export"
    assert export["version"] == 2


def test_an_unchanged_event_gives_the_same_file_and_a_deal_another(database):
    event_id = make_evening(database, played=1)
    first = event_sheet_data(open_db(database), event_id)
    assert event_sheet_data(open_db(database), event_id) == first
    assert first.name == f"scorekeeper-event-{event_id}.json"
    view = event_view(open_db(database), event_id)
    services.record_deal(
        open_db(database), view.rounds[0].tables[0].session_id, {"points": [30, 20, 28]}
    )
    assert event_sheet_data(open_db(database), event_id).data != first.data


def test_the_import_reads_the_export_and_brings_in_the_sessions(database, tmp_path):
    event_id = make_evening(database)
    data = event_sheet_data(open_db(database), event_id).data
    target = open_db(fresh_database(tmp_path / "target.sqlite"))
    imported = importing.import_file(target, data)
    view = event_view(open_db(database), event_id)
    tables = [t for r in view.rounds for t in r.tables]
    assert imported.origin_ids == [t.session_id for t in tables]
    for table, session_id in zip(tables, imported.session_ids, strict=True):
        assert len(services.load_session(target, session_id).deals) == table.deals


@pytest.mark.parametrize("event", [[], "an evening", None])
def test_an_event_that_is_no_object_is_refused(database, event):
    data = exported(database, make_evening(database, played=1))
    with pytest.raises(ExchangeError, match="event: must be an object"):
        check_export({**data, "event": event})


def test_an_event_larger_than_its_bound_is_refused(database):
    data = exported(database, make_evening(database, played=1))
    with pytest.raises(ExchangeError, match="event: at most"):
        check_export({**data, "event": {"name": "x" * MAX_EVENT_BYTES}})


def test_any_change_to_the_event_dates_its_file(database):
    # A change to the event alone (an entrant at the door, a redraw, a swap) moves its
    # ``updated``, and the export's date is the latest change of all.
    from scorekeeper.services.events import update_entrants
    from scorekeeper.storage import events as stored
    from scorekeeper.storage.event_exchange import last_change

    event_id = make_evening(database, played=1)
    update_entrants(open_db(database), event_id, {"add": ["Zoe"]})
    updated = stored.get_event(open_db(database), event_id)["updated"]
    assert updated is not None
    assert last_change(open_db(database), event_id) >= updated
    db = open_db(database)
    db.execute("update events set updated = '2999-01-01T00:00:00+00:00' where id = ?", [event_id])
    db.conn.commit()
    assert event_sheet_data(open_db(database), event_id).when.year == 2999
