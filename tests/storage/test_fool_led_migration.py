"""Deals stored before "was the Matto led?" (migrations_deals.answer_fool_led_as_counted): each
Tarocchi a 3 quick count or full piles says "no", as it was counted, and reads back as it was."""

from __future__ import annotations

import json

from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal
from scorekeeper.storage.db import connect
from scorekeeper.storage.db import open_db
from scorekeeper.storage.migrations import migrations
from tests.bodies import quick_body


def old_deal(db, deal_id, session_id, form, body, points):
    db.table("deals").insert(
        {"id": deal_id, "session_id": session_id, "position": deal_id, "form": form}
        | {"input": json.dumps(body), "dealer": 0, "points": json.dumps(points)}
        | {"scores": json.dumps(points), "created": "2025-01-01", "updated": "2025-01-01"}
    )


def test_stored_tarocchi_deals_say_the_matto_was_not_led_and_read_back_as_counted(tmp_path):
    path = tmp_path / "old.sqlite"
    db = connect(path)
    migrations.apply(db, stop_before="answer_fool_led_as_counted")
    players = '["Anna", "Bruno", "Carla"]'
    for session_id, ruleset, overrides in [
        (1, "tarocchi-a-3", "{}"),
        (2, "scarto", "{}"),
        (3, "tarocchi-a-3", '{"fool_may_lead": true}'),  # a led Matto goes nowhere there
    ]:
        db.table("sessions").insert(
            {"id": session_id, "ruleset": ruleset, "overrides": overrides, "players": players}
            | {"first_dealer": 0, "created": "2025-01-01T20:00:00+00:00", "deleted": 0}
        )
    deal = random_deal(find_ruleset("tarocchi-a-3"), 3, 0)
    assert deal.tricks_won[deal.fool_owner] > 0
    body = quick_body(deal)
    old_deal(db, 1, 1, "quick", body, [30, 28, 20])
    old_deal(db, 2, 1, "quick", body | {"fool_too_early": True}, [30, 28, 20])
    old_deal(db, 3, 1, "totals", {"points": [30, 28, 20]}, [30, 28, 20])
    old_deal(db, 4, 2, "quick", body, [30, 28, 20])
    old_deal(db, 5, 3, "quick", body, [30, 28, 20])
    db.conn.commit()
    db.close()

    db = open_db(path)
    inputs = {row["id"]: json.loads(row["input"]) for row in db.query("select * from deals")}
    assert inputs[1]["fool_led"] == "no"
    assert "fool_led" not in inputs[2]  # played too early: it went for that, led or not
    assert "fool_led" not in inputs[3]
    assert "fool_led" not in inputs[4]
    assert "fool_led" not in inputs[5]
    # The Matto's player won tricks: without the answer, the audit of today refuses it; with it,
    # the deal counts as it was counted.
    session = services.load_session(db, 1)
    _, unanswered = services.preview_deal(session, body, 1)
    assert [p.code for p in unanswered.problems] == ["fool-led-needed"]
    _, answered = services.preview_deal(session, session.deals[0].input, 1)
    assert answered.recordable
