"""The command-line tools through Flask's test runner: backup, export and import."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.storage import exchange
from scorekeeper.web import get_db

TOTALS = ([30, 27, 21], [20, 30, 28], [28, 28, 22])


def make_app(path):
    return create_app({"TESTING": True, "DATABASE": str(path)})


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path / "main.sqlite")
    app.instance_path = str(tmp_path / "instance")  # not the project's instance/ folder
    return app


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def session_ids(app):
    """Two sessions: Scarto with three deals by totals (one deleted), Piedicavallo with one."""
    with app.app_context():
        db = get_db()
        scarto = services.start_session(
            db, {"ruleset": "scarto", "players": ["Anna", "Nicolò", "Carla"]}
        )
        for points in TOTALS:
            services.record_deal(db, scarto, {"points": points})
        services.delete_deal(db, scarto, 2)
        teams = services.start_session(
            db, {"ruleset": "piedicavallo", "players": ["Anna", "Bruno", "Carla", "Dario"]}
        )
        services.record_deal(db, teams, {"points": [60, 54]})
    return [scarto, teams]


def export_of(app, ids=None):
    with app.app_context():
        return exchange.export_sessions(get_db(), ids)


def stored_counts(app):
    with app.app_context():
        db = get_db()
        return [
            db.execute(f"select count(*) from {table}").fetchone()[0]
            for table in ("sessions", "deals", "deal_history")
        ]


def without_ids(data):
    for session in data["sessions"]:
        session.pop("id")
        for deal in session["deals"]:
            deal.pop("id")
            for entry in deal["history"]:
                entry.pop("id")
    return data


# backup


def test_backup_copies_the_database_to_the_path_given_and_checks_the_copy(
    runner, app, session_ids, tmp_path
):
    dest = tmp_path / "copies" / "monday.sqlite"
    result = runner.invoke(args=["backup", str(dest)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"Backed up to {dest}",
        "Integrity check of the copy: ok",
    ]
    assert export_of(make_app(dest)) == export_of(app)


def test_backup_without_a_path_writes_a_dated_file_under_instance_backups(runner, app, session_ids):
    result = runner.invoke(args=["backup"])
    assert result.exit_code == 0, result.output
    (made,) = Path(app.instance_path, "backups").iterdir()
    assert re.fullmatch(r"scorekeeper-\d{8}-\d{6}\.sqlite", made.name)
    assert result.output.splitlines() == [
        f"Backed up to {made}",
        "Integrity check of the copy: ok",
    ]
    assert export_of(make_app(made)) == export_of(app)


def test_backup_refuses_to_overwrite_a_file(runner, tmp_path):
    dest = tmp_path / "precious.sqlite"
    dest.write_bytes(b"keep me")
    result = runner.invoke(args=["backup", str(dest)])
    assert result.exit_code == 1
    assert "no backup made" in result.output
    assert "exists already" in result.output
    assert dest.read_bytes() == b"keep me"


# export


def test_export_writes_every_session_as_json_to_standard_output(runner, app, session_ids):
    result = runner.invoke(args=["export"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data == export_of(app)
    assert [session["id"] for session in data["sessions"]] == session_ids
    assert "Nicolò" in result.stdout  # not \u00f2
    assert [deal["deleted"] for deal in data["sessions"][0]["deals"]] == [0, 1, 0]


def test_export_of_one_session_to_a_file(runner, app, session_ids, tmp_path):
    out = tmp_path / "teams.json"
    result = runner.invoke(args=["export", "--session", str(session_ids[1]), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == f"Exported 1 session (1 deal) to {out}\n"
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [session["id"] for session in data["sessions"]] == [session_ids[1]]
    assert data == export_of(app, [session_ids[1]])


def test_export_of_an_unknown_session_fails_and_writes_nothing(runner, session_ids, tmp_path):
    out = tmp_path / "none.json"
    result = runner.invoke(args=["export", "--session", "99", "-o", str(out)])
    assert result.exit_code == 1
    assert "no session 99" in result.output
    assert not out.exists()


# import


def test_export_then_import_into_an_empty_database_round_trips_exactly(
    runner, app, session_ids, tmp_path
):
    out = tmp_path / "all.json"
    assert runner.invoke(args=["export", "-o", str(out)]).exit_code == 0
    other = make_app(tmp_path / "other.sqlite")
    result = other.test_cli_runner().invoke(args=["import", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == "Imported 2 sessions: 1, 2\n"
    again = other.test_cli_runner().invoke(args=["export"])
    assert without_ids(json.loads(again.stdout)) == without_ids(json.loads(out.read_text()))


def test_import_adds_new_sessions_beside_the_old_ones(runner, app, session_ids, tmp_path):
    out = tmp_path / "scarto.json"
    runner.invoke(args=["export", "--session", str(session_ids[0]), "-o", str(out)])
    result = runner.invoke(args=["import", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == "Imported 1 session: 3\n"
    assert without_ids(export_of(app, [3])) == without_ids(export_of(app, [session_ids[0]]))


def test_import_reads_standard_input(runner, app, session_ids):
    text = exchange.dumps(export_of(app, [session_ids[1]]))
    result = runner.invoke(args=["import", "-"], input=text)
    assert result.exit_code == 0, result.output
    assert result.output == "Imported 1 session: 3\n"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not a JSON file"),
        ('{"format": "other", "version": 1, "sessions": []}', "format: must be"),
        ('{"format": "scorekeeper-export", "version": 9, "sessions": []}', "version: 9"),
        ("BROKEN_PLAYERS", "sessions[1].players: piedicavallo needs 4 players, not 3"),
        ("UNKNOWN_RULESET", "sessions[0].ruleset: unknown ruleset 'tarock'"),
    ],
    ids=["not JSON", "wrong format", "wrong version", "wrong players", "unknown ruleset"],
)
def test_import_of_a_broken_file_fails_with_exit_code_1_and_stores_nothing(
    runner, app, session_ids, tmp_path, content, message
):
    data = export_of(app)
    if content == "BROKEN_PLAYERS":
        data["sessions"][1]["players"] = ["Anna", "Bruno", "Carla"]
        content = json.dumps(data)
    elif content == "UNKNOWN_RULESET":
        data["sessions"][0]["ruleset"] = "tarock"
        content = json.dumps(data)
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    before = stored_counts(app)
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {path}: ")
    assert message in result.output
    assert "Nothing was imported." in result.output
    assert stored_counts(app) == before


def test_import_of_a_missing_file_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(args=["import", str(tmp_path / "none.json")])
    assert result.exit_code == 2
    assert "No such file" in result.output


# audit-all


def test_audit_all_says_so_when_every_deal_counts_as_stored(runner, session_ids):
    result = runner.invoke(args=["audit-all"])
    assert result.exit_code == 0, result.output
    assert "Every deal counts as it was stored." in result.output


def test_audit_all_names_a_deal_whose_points_now_differ_and_changes_nothing(
    app, runner, session_ids
):
    scarto, teams = session_ids
    with app.app_context():
        db = get_db()
        # As if an older version had recorded deal 1 (entered as 30 27 21) as 31 26 21.
        deal = services.load_session(db, scarto).deals[0]
        with db.conn:
            db.execute(
                "update deals set points = ?, scores = ? where id = ?",
                ["[31, 26, 21]", "[5, 0, -5]", deal.id],
            )
        before = exchange.export_sessions(db, None)
    result = runner.invoke(args=["audit-all"])
    assert result.exit_code == 1
    assert f"session {scarto}, deal 1: 31 26 21 -> 30 27 21" in result.output
    assert f"session {teams}" not in result.output  # its one deal counts as stored
    assert "1 deal would now count differently" in result.output
    with app.app_context():
        assert exchange.export_sessions(get_db(), None) == before  # nothing was changed


def test_audit_all_names_a_deal_that_could_not_be_recorded_now(app, runner, session_ids):
    scarto, _ = session_ids
    with app.app_context():
        db = get_db()
        deal = services.load_session(db, scarto).deals[0]
        with db.conn:  # an input today's audit refuses: the points add up to 79
            db.execute(
                "update deals set input = ? where id = ?", ['{"points": [31, 27, 21]}', deal.id]
            )
    result = runner.invoke(args=["audit-all"])
    assert result.exit_code == 1
    assert f"session {scarto}, deal 1: 30 27 21 -> not recordable: " in result.output
    assert "the points add up to 79, not 78" in result.output
