"""The command-line tools through Flask's test runner: backup, export and import."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.services.sessions import importing
from scorekeeper.storage import exchange
from scorekeeper.web.db import get_db
from tests.storage.test_exchange import scarto_session
from tests.storage.test_exchange import team_session

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


AT = datetime(2025, 1, 1, tzinfo=UTC)
"""The time of the exports compared: two made at different times differ in their origin."""


def export_of(app, ids=None):
    with app.app_context():
        return exchange.export_sessions(get_db(), ids, AT)


def stored_counts(app):
    with app.app_context():
        db = get_db()
        return [
            db.execute(f"select count(*) from {table}").fetchone()[0]
            for table in ("sessions", "deals", "deal_history")
        ]


def without_origin(data):
    data.pop("origin")  # the database and the time it was written
    return data


def without_ids(data):
    data.pop("origin")  # the database and the time it was written
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


def test_the_commands_speak_the_terminals_language(runner, tmp_path, monkeypatch):
    # As gettext reads it: the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set.
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    dest = tmp_path / "precious.sqlite"
    dest.write_bytes(b"keep me")
    result = runner.invoke(args=["backup", str(dest)])
    assert result.exit_code == 1
    assert "no backup made" not in result.output
    assert "nessuna copia di sicurezza fatta" in result.output


# export


def test_export_writes_every_session_as_json_to_standard_output(runner, app, session_ids):
    before = datetime.now(UTC)
    result = runner.invoke(args=["export"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["version"] == 2
    origin = data.pop("origin")
    assert origin["database"] == export_of(app)["origin"]["database"]
    assert before.replace(microsecond=0) <= datetime.fromisoformat(origin["exported_at"])
    assert datetime.fromisoformat(origin["exported_at"]) <= datetime.now(UTC)
    assert data == without_origin(export_of(app))
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
    assert without_origin(data) == without_origin(export_of(app, [session_ids[1]]))


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


# import: as strict as the API (each of these was imported before, then gave 500s)


def set_at(path, value):
    """A change to an export: the field at path (keys and indexes) set to value."""

    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return change


def refused(runner, app, path, content):
    """Import a file the command must refuse: exit 1, one message, no traceback, nothing stored."""
    if isinstance(content, dict):
        content = json.dumps(content, ensure_ascii=False)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    before = stored_counts(app), export_of(app)
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception  # not a traceback
    assert result.output.startswith(f"Error: {path}: ")
    assert result.output.endswith("Nothing was imported.\n")
    assert (stored_counts(app), export_of(app)) == before
    return result.output


SCARTO = ("sessions", 0)
DEAL = (*SCARTO, "deals", 0)
DELETED = (*SCARTO, "deals", 1)
TEAMS = ("sessions", 1)
ATTACKS = {
    "points that do not follow from the input": (
        set_at((*DEAL, "points"), [31, 26, 21]),
        "sessions[0].deals[0].points (deal 1): the file has 31 26 21, the audit gives 30 27 21",
    ),
    "scores that do not follow from the points": (
        set_at((*DEAL, "scores"), [50, 0, -50]),
        "sessions[0].deals[0].scores (deal 1): the file has 50 0 -50, the audit gives",
    ),
    "a deleted deal's points edited": (
        set_at((*DELETED, "points"), [78, 0, 0]),
        "sessions[0].deals[1].points (a deleted deal): the file has 78 0 0, the audit gives",
    ),
    "an input of no known form": (
        set_at((*DEAL, "input"), {"guess": [30, 27, 21]}),
        "sessions[0].deals[0].input (deal 1): give exactly one input form",
    ),
    "an input with a key the app does not keep": (
        set_at((*DEAL, "input"), {"points": [30, 27, 21], "comment": "x" * 100_000}),
        "sessions[0].deals[0].input (deal 1): not as the app keeps it "
        "(keys the app does not keep: comment)",
    ),
    "a form the input is not in": (
        set_at((*DEAL, "form"), "play"),
        "sessions[0].deals[0].form (deal 1): the input is totals, not play",
    ),
    "a dealer the rotation does not give": (
        set_at((*DEAL, "dealer"), 2),
        "sessions[0].deals[0].dealer (deal 1): the rotation and the input give seat 0, not 2",
    ),
    "a problem whose template prints thirty million spaces": (
        set_at(
            (*DEAL, "problems"),
            [
                {
                    "code": "card-missing",
                    "message": "a card is missing",
                    "template": "%(a)30000000s",
                    "params": [["a", "x"]],
                }
            ],
        ),
        "sessions[0].deals[0].problems (deal 1): the file has card-missing, the audit gives none",
    ),
    "an odd scarto check before play": (
        set_at((*SCARTO, "pending_scarto"), {"scarto": "KS", "verdict": "fine"}),
        "sessions[0].pending_scarto: must have legal, notes, problems, scarto",
    ),
    "a King laid aside said to be legal": (
        set_at(
            (*SCARTO, "pending_scarto"),
            {"scarto": ["KS", "4C", "4D"], "legal": True, "problems": [], "notes": []},
        ),
        "sessions[0].pending_scarto: no verdict the scarto check gives for these cards",
    ),
    "an odd scarto check of a deal": (
        set_at((*DEAL, "scarto_check"), {"scarto": ["KS"] * 1000, "legal": None}),
        "sessions[0].deals[0].scarto_check (deal 1): must have legal, notes, problems, scarto",
    ),
    "an odd play saved part-way": (
        set_at((*SCARTO, "pending_play"), {"scarto": [], "play": "all of it"}),
        "sessions[0].pending_play: play must be a list of at most 25 tricks",
    ),
    "a play saved part-way with a field the app does not keep": (
        set_at((*SCARTO, "pending_play"), {"scarto": [], "play": [], "notes": "x"}),
        "sessions[0].pending_play: unknown field notes",
    ),
    "a table name of 2 MB": (
        set_at((*SCARTO, "table_name"), "Tavolo " * 300_000),
        "sessions[0].table_name: table_name may have at most 80 characters",
    ),
    "a player's name of 2 MB": (
        set_at((*SCARTO, "players"), ["Anna", "N" * 2_000_000, "Carla"]),
        "sessions[0].players: a name may have at most 40 characters",
    ),
    "a ruleset id of 1 MB": (
        set_at((*SCARTO, "ruleset"), "scarto" * 200_000),
        "sessions[0].ruleset: unknown ruleset 'scartoscarto",
    ),
    "a history entry of no known action": (
        set_at((*DEAL, "history", 0, "action"), "%(a)30000000s"),
        "sessions[0].deals[0].history[0].action (deal 1): must be one of recorded, corrected,",
    ),
    "deals out of order": (
        set_at((*DEAL, "position"), 99),
        "sessions[0].deals[1].position (a deleted deal): must be above the deal before's (99)",
    ),
    "a good session followed by a bad one": (
        set_at((*TEAMS, "deals", 0, "points"), [61, 53]),
        "sessions[1].deals[0].points (deal 1): the file has 61 53, the audit gives 60 54",
    ),
}


@pytest.mark.parametrize(("change", "message"), ATTACKS.values(), ids=ATTACKS.keys())
def test_import_refuses_a_file_the_app_would_not_have_written(
    runner, app, session_ids, tmp_path, change, message
):
    output = refused(runner, app, tmp_path / "edited.json", change(export_of(app)))
    assert message in output
    assert len(output) < 1000


def test_import_names_the_session_by_its_table_name_too(runner, app, session_ids, tmp_path):
    data = export_of(app)
    data["sessions"][0]["table_name"] = "Tavolo 2"
    data["sessions"][0]["deals"][2]["points"] = [29, 29, 20]
    output = refused(runner, app, tmp_path / "edited.json", data)
    assert 'sessions[0].deals[2].points (table "Tavolo 2", deal 2): the file has 29 29 20' in output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[" * 200_000 + b"]" * 200_000, "the file is nested too deeply to read"),
        (b'{"a":' * 200_000 + b"1" + b"}" * 200_000, "the file is nested too deeply to read"),
        (b"[" * 17 + b"]" * 17, "the file is nested more than 16 deep"),
    ],
    ids=["200,000 lists deep", "200,000 objects deep", "17 deep"],
)
def test_import_of_a_file_nested_too_deeply_is_one_line_and_no_traceback(
    runner, app, session_ids, tmp_path, content, message
):
    output = refused(runner, app, tmp_path / "deep.json", content)
    assert output == f"Error: {tmp_path / 'deep.json'}: {message}. Nothing was imported.\n"


def test_import_refuses_a_file_over_the_size_limit_unread(
    runner, app, session_ids, tmp_path, monkeypatch
):
    monkeypatch.setattr(importing, "MAX_FILE_BYTES", 2**20)
    text = exchange.dumps(export_of(app))
    content = text.encode("utf-8") + b" " * (2**20 + 1 - len(text))  # valid JSON, one byte over
    output = refused(runner, app, tmp_path / "large.json", content)
    assert "the file is larger than 1 MB" in output


def test_import_refuses_a_session_of_too_many_deals(
    runner, app, session_ids, tmp_path, monkeypatch
):
    monkeypatch.setattr(importing, "MAX_DEALS", 2)
    output = refused(runner, app, tmp_path / "long.json", export_of(app))
    assert "sessions[0].deals: at most 2, not 3" in output


def test_import_that_the_database_refuses_is_a_message_too(
    runner, app, session_ids, tmp_path, monkeypatch
):
    def locked(db, sessions):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(exchange, "store_sessions", locked)
    output = refused(runner, app, tmp_path / "all.json", export_of(app))
    assert "not stored: database is locked" in output


def test_import_cleans_names_and_labels_as_a_new_session_does(runner, app, session_ids, tmp_path):
    data = export_of(app, [session_ids[0]])
    data["sessions"][0]["table_name"] = "  Tavolo\t 2\u0007 "
    data["sessions"][0]["players"][1] = "Nicolo\u0300"  # o + combining grave: NFC makes it ò
    path = tmp_path / "untidy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    (session,) = export_of(app, [3])["sessions"]
    assert session["table_name"] == "Tavolo 2"
    assert session["players"] == ["Anna", "Nicolò", "Carla"]


def test_import_takes_notes_and_problem_wording_from_todays_audit(
    runner, app, session_ids, tmp_path
):
    """An earlier version wrote fewer notes and problems without templates: such a file is
    imported, with what today's audit says; a template from the file never gets in."""
    with app.app_context():
        check = services.check_scarto_first(
            get_db(), session_ids[0], {"scarto": ["KS", "4C", "4D"]}
        )
    data = export_of(app, [session_ids[0]])
    data["sessions"][0]["deals"][0]["notes"] = [{"code": "x", "message": "%(a)30000000s"}]
    (problem,) = data["sessions"][0]["pending_scarto"]["problems"]
    problem["template"], problem["params"] = "%(a)30000000s", [["a", "x"]]
    path = tmp_path / "older.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    assert "Notes and problem wording of 1 deal taken from today's audit" in result.output
    (session,) = export_of(app, [3])["sessions"]
    assert session["deals"][0]["notes"] == []
    assert session["pending_scarto"]["problems"][0]["template"] == check["problems"][0]["template"]


def test_import_of_a_session_in_every_form_round_trips_exactly(runner, app, tmp_path):
    """Totals, quick count, full piles and a play; a corrected deal, a deleted one and the deals
    counted again after it; a scarto checked before play and a play saved part-way."""
    with app.app_context():
        scarto_session(get_db())
        team_session(get_db())
    out = tmp_path / "played.json"
    assert runner.invoke(args=["export", "-o", str(out)]).exit_code == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert {deal["form"] for deal in exported["sessions"][0]["deals"]} == set(exchange.FORMS)
    other = make_app(tmp_path / "other.sqlite")
    result = other.test_cli_runner().invoke(args=["import", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == "Imported 2 sessions: 1, 2\n"
    assert without_ids(export_of(other)) == without_ids(exported)


def test_import_reads_a_session_sheet_and_refuses_it_again(runner, app, session_ids, tmp_path):
    sheet = tmp_path / "sheet.pdf"
    response = app.test_client().get(f"/sessions/{session_ids[0]}/sheet.pdf")
    sheet.write_bytes(response.data)
    result = runner.invoke(args=["import", str(sheet)])
    assert result.exit_code == 0, result.output
    assert result.output == "Imported 1 session: 3\n"
    assert without_ids(export_of(app, [3])) == without_ids(export_of(app, [session_ids[0]]))
    before = stored_counts(app)
    again = runner.invoke(args=["import", str(sheet)])
    assert again.exit_code == 1
    assert again.output == (
        f"Error: {sheet}: session {session_ids[0]} of this file was imported before: it is "
        "session 3 here. Nothing was imported.\n"
    )
    assert stored_counts(app) == before


def test_import_of_a_pdf_that_carries_no_export_says_so(runner, app, tmp_path):
    scan = tmp_path / "scan.pdf"
    scan.write_bytes(app.test_client().get("/print/blank.pdf?ruleset=scarto").data)
    result = runner.invoke(args=["import", str(scan)])
    assert result.exit_code == 1
    assert "no attachment of this PDF is a scorekeeper export" in result.output
    assert stored_counts(app) == [0, 0, 0]


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
        before = exchange.export_sessions(db, None, AT)
    result = runner.invoke(args=["audit-all"])
    assert result.exit_code == 1
    assert f"session {scarto}, deal 1: 31 26 21 -> 30 27 21" in result.output
    assert f"session {teams}" not in result.output  # its one deal counts as stored
    assert "1 deal would now count differently" in result.output
    with app.app_context():
        assert exchange.export_sessions(get_db(), None, AT) == before  # nothing was changed


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
