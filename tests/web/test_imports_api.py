"""POST /api/v1/imports (issue #34): an export file, or a PDF that carries one, imported as new
sessions, all or nothing, on the real app and real SQLite files. The PDFs are the session sheet
itself (/sessions/<id>/sheet.pdf) or made by WeasyPrint with its own attachments."""

from __future__ import annotations

import io
import json

import pytest
import weasyprint

from scorekeeper import create_app
from scorekeeper.storage import access
from scorekeeper.storage.db import connect
from scorekeeper.web.db import get_db
from tests.databases import add_session
from tests.databases import fresh_database
from tests.passwords import quick_hash
from tests.storage.test_exchange_pdf import pdf_with_stream
from tests.storage.test_exchange_pdf import zeros_deflated

API = "/api/v1"
DEALS = [[30, 27, 21], [20, 30, 28], [28, 28, 22]]
IMPORTED_BEFORE = "session 1 of this file was imported before: it is session 2 here"


def new_app(path, **config):
    return create_app({"TESTING": True, "DATABASE": fresh_database(path), **config})


@pytest.fixture
def source(tmp_path):
    """The club's laptop: a session of three deals (id 1) and another (id 2)."""
    app = new_app(tmp_path / "source.sqlite")
    add_session(app.config["DATABASE"], ["Anna", "Bruno", "Nicolò"], DEALS)
    add_session(app.config["DATABASE"], ["Dora", "Elio", "Franca"], DEALS[:1])
    return app


@pytest.fixture
def target(tmp_path):
    """Another scorekeeper, with a session of its own (id 1)."""
    app = new_app(tmp_path / "target.sqlite")
    add_session(app.config["DATABASE"], ["Ugo", "Vera", "Zeno"], DEALS[1:])
    return app


def export_of(app, session_id: int) -> bytes:
    response = app.test_client().get(f"/sessions/{session_id}/export.json")
    assert response.status_code == 200
    return response.data


def sheet_of(app, session_id: int) -> bytes:
    response = app.test_client().get(f"/sessions/{session_id}/sheet.pdf")
    assert response.status_code == 200
    return response.data


def with_attachments(*files: tuple[str, bytes]) -> bytes:
    """A PDF made by WeasyPrint carrying these files as the sheet carries its export."""
    attached = [
        weasyprint.Attachment(
            string=data.decode(), name=name, relationship="Data", description="scorekeeper export"
        )
        for name, data in files
    ]
    return weasyprint.HTML(string="<p>Protocol</p>").write_pdf(attachments=attached)


def post(app, body: bytes, content_type: str, **headers):
    return app.test_client().post(
        f"{API}/imports", data=body, content_type=content_type, headers=headers
    )


def counts(app) -> tuple[int, int, int]:
    db = connect(app.config["DATABASE"])
    try:
        return tuple(
            db.execute(f"select count(*) from {table}").fetchone()[0]
            for table in ("sessions", "deals", "session_origins")
        )
    finally:
        db.conn.close()


def protocol(app, session_id: int) -> dict:
    response = app.test_client().get(f"{API}/sessions/{session_id}")
    assert response.status_code == 200
    shown = response.get_json()
    return {key: shown[key] for key in ("players", "totals", "next_dealer", "games")} | {
        "points": [deal["points"] for deal in shown["deals"]]
    }


def test_an_export_file_imports_as_a_new_session_201(source, target):
    response = post(target, export_of(source, 1), "application/json")
    assert response.status_code == 201, response.get_json()
    assert response.get_json() == {"sessions": [{"id": 2, "origin_session_id": 1}]}
    assert protocol(target, 2) == protocol(source, 1)


def test_the_export_a_session_sheet_carries_imports_from_the_pdf(source, target):
    response = post(target, sheet_of(source, 1), "application/pdf")
    assert response.status_code == 201, response.get_json()
    assert response.get_json() == {"sessions": [{"id": 2, "origin_session_id": 1}]}
    assert protocol(target, 2) == protocol(source, 1)


def test_the_same_session_again_is_409_already_imported_naming_what_it_became(source, target):
    assert post(target, sheet_of(source, 1), "application/pdf").status_code == 201
    before = counts(target)
    for body, kind in (
        (sheet_of(source, 1), "application/pdf"),
        (export_of(source, 1), "application/json"),
    ):
        response = post(target, body, kind)
        assert response.status_code == 409
        refused = response.get_json()
        assert refused["sessions"] == [{"id": 2, "origin_session_id": 1}]
        assert [problem["code"] for problem in refused["problems"]] == ["already-imported"]
        assert refused["error"] == IMPORTED_BEFORE
    assert counts(target) == before


def test_a_refusal_is_said_in_the_requests_language(source, target):
    post(target, export_of(source, 1), "application/json")
    response = post(target, export_of(source, 1), "application/json", **{"Accept-Language": "it"})
    assert response.status_code == 409
    (problem,) = response.get_json()["problems"]
    assert problem["message"] == IMPORTED_BEFORE
    assert problem["text"] == response.get_json()["error"]


def test_a_file_of_two_sessions_one_imported_before_stores_neither(source, target):
    post(target, export_of(source, 1), "application/json")
    both = json.loads(export_of(source, 1))
    both["sessions"] += json.loads(export_of(source, 2))["sessions"]
    before = counts(target)
    response = post(target, json.dumps(both).encode(), "application/json")
    assert response.status_code == 409
    assert response.get_json()["sessions"] == [{"id": 2, "origin_session_id": 1}]
    assert counts(target) == before


def test_a_pdf_without_an_export_is_400_no_export_in_pdf(target):
    before = counts(target)
    response = post(target, with_attachments(("notes.txt", b"a note")), "application/pdf")
    assert response.status_code == 400
    refused = response.get_json()
    assert [problem["code"] for problem in refused["problems"]] == ["no-export-in-pdf"]
    assert "no attachment of this PDF is a scorekeeper export" in refused["error"]
    assert counts(target) == before


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b'{"format": "scorekeeper-export"}', "not-a-pdf"),
        (b"%PDF-1.7\n" + b"garbage " * 50, "pdf-damaged"),
    ],
    ids=["JSON sent as a PDF", "damaged"],
)
def test_what_is_no_pdf_or_a_damaged_one_is_400_with_its_code(target, body, code):
    response = post(target, body, "application/pdf")
    assert response.status_code == 400
    assert [problem["code"] for problem in response.get_json()["problems"]] == [code]


def test_a_decompression_bomb_is_400_and_stores_nothing(target):
    before = counts(target)
    bomb = pdf_with_stream(zeros_deflated(1024), ["/FlateDecode"])  # 1 GB of zeros
    response = post(target, bomb, "application/pdf")
    assert response.status_code == 400
    assert [p["code"] for p in response.get_json()["problems"]] == ["attachment-too-large"]
    assert counts(target) == before


def test_an_export_the_app_would_not_have_written_is_400_naming_where_all_or_nothing(
    source, target
):
    both = json.loads(export_of(source, 1))
    both["sessions"] += json.loads(export_of(source, 2))["sessions"]
    both["sessions"][1]["deals"][0]["points"] = [41, 20, 17]  # the second session's one deal
    before = counts(target)
    response = post(target, json.dumps(both).encode(), "application/json")
    assert response.status_code == 400
    refused = response.get_json()
    assert "sessions[1].deals[0].points" in refused["error"]
    assert refused["problems"] == []
    assert counts(target) == before  # the sound first session is not stored either


def test_a_version_1_file_imports_with_no_origin(source, target):
    older = json.loads(export_of(source, 1))
    del older["origin"]
    older["version"] = 1
    for _ in range(2):  # it does not say where it came from: twice is two sessions
        response = post(target, json.dumps(older).encode(), "application/json")
        assert response.status_code == 201
        assert response.get_json()["sessions"][0]["origin_session_id"] is None


@pytest.mark.parametrize("content_type", ["text/plain", "application/octet-stream", ""])
def test_a_body_of_another_type_is_415(source, target, content_type):
    response = post(target, export_of(source, 1), content_type)
    assert response.status_code == 415
    refused = response.get_json()
    assert refused["problems"] == []
    assert "application/json" in refused["error"]
    assert "application/pdf" in refused["error"]


def test_an_import_takes_more_than_other_requests_and_413_past_its_own_limit(tmp_path, source):
    app = new_app(tmp_path / "small.sqlite", IMPORT_MAX_BYTES=600 * 1024)
    padded = export_of(source, 1) + b" " * (400 * 1024)  # JSON all the same, 400 KB
    assert len(padded) > app.config["MAX_CONTENT_LENGTH"]
    assert post(app, padded, "application/json").status_code == 201
    too_large = export_of(source, 2) + b" " * (600 * 1024)
    response = post(app, too_large, "application/json")
    assert response.status_code == 413
    assert response.get_json()["problems"] == []
    # Every other request keeps its 256 KB.
    big = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "place": " " * 300_000}
    assert app.test_client().post(f"{API}/sessions", json=big).status_code == 413


def test_an_import_sent_in_chunks_is_read_to_its_own_limit(tmp_path, source):
    app = new_app(tmp_path / "chunks.sqlite", IMPORT_MAX_BYTES=600 * 1024)
    padded = export_of(source, 1) + b" " * (400 * 1024)

    def chunked(body):
        return app.test_client().post(
            f"{API}/imports",
            input_stream=io.BytesIO(body),
            content_type="application/json",
            environ_overrides={"wsgi.input_terminated": True},
        )

    assert chunked(padded).status_code == 201
    assert chunked(padded + b" " * (300 * 1024)).status_code == 413


def test_the_default_limit_is_8_mb():
    app = create_app({"TESTING": True, "DATABASE": ":memory:"})
    assert app.config["IMPORT_MAX_BYTES"] == 8 * 2**20


@pytest.mark.parametrize("value", [0, -1, "8MB", True, 1.5])
def test_a_limit_that_is_no_number_of_bytes_is_refused_at_start(tmp_path, value):
    with pytest.raises(ValueError, match="IMPORT_MAX_BYTES"):
        new_app(tmp_path / "bad.sqlite", IMPORT_MAX_BYTES=value)


def test_in_club_mode_an_import_needs_a_token_that_may_write(source, target):
    with target.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash("secret123"))
    runner = target.test_cli_runner()
    writer = runner.invoke(args=["create-token", "importer"]).output.strip()
    reader = runner.invoke(args=["create-token", "viewer", "--read-only"]).output.strip()
    body = export_of(source, 1)
    assert post(target, body, "application/json").status_code == 401
    bearer = "Bearer {}".format
    assert post(target, body, "application/json", Authorization=bearer(reader)).status_code == 403
    response = post(target, body, "application/json", Authorization=bearer(writer))
    assert response.status_code == 201


def test_an_upload_of_more_sessions_than_an_upload_takes_is_refused_before_any_is_read(target):
    """UPLOAD_MAX_SESSIONS (100) is counted first: the 101 entries here are no sessions at all,
    and the refusal names their number, not their shape."""
    from scorekeeper.services.sessions.uploads import UPLOAD_MAX_SESSIONS

    before = counts(target)
    body = {
        "format": "scorekeeper-export",
        "version": 2,
        "sessions": [0] * (UPLOAD_MAX_SESSIONS + 1),
    }
    answer = post(target, json.dumps(body).encode(), "application/json")
    assert answer.status_code == 400
    assert (
        f"at most {UPLOAD_MAX_SESSIONS}, not {UPLOAD_MAX_SESSIONS + 1}"
        in answer.get_json()["error"]
    )
    assert counts(target) == before
