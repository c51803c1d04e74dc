"""A session's language (migrations.add_session_language): the sessions stored before it are
English ones."""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.storage.db import connect
from scorekeeper.storage.db import open_db
from scorekeeper.storage.migrations import migrations


def test_the_sessions_from_before_the_migration_become_english(tmp_path):
    path = tmp_path / "old.sqlite"
    db = connect(path)
    migrations.apply(db, stop_before="add_session_language")
    assert "language" not in db.table("sessions").columns_dict
    db.table("sessions").insert(
        {"id": 1, "ruleset": "scarto", "players": '["Anna", "Bruno", "Carla"]'}
        | {"first_dealer": 0, "created": "2024-01-01T20:00:00+00:00", "deleted": 0}
    )
    db.conn.commit()
    db.close()

    db = open_db(path)
    assert db.execute("select language from sessions").fetchall() == [("en",)]
    assert services.load_session(db, 1).language == "en"
    column = next(c for c in db.table("sessions").columns if c.name == "language")
    assert (column.notnull, column.default_value) == (1, "'en'")
