"""A session's sheet carries its session (issue "Sheets that carry their data", §1 and §3): a
PDF/A-3b whose one attachment is the session's export. No PDF/A validator installs here (README:
veraPDF before a release); the structure PDF/A-3b asks for is checked with pypdf."""

from __future__ import annotations

import datetime
import hashlib
import io
import json
import re

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from scorekeeper import create_app
from scorekeeper.services.sessions.sheet_data import DESCRIPTION
from tests.databases import add_session
from tests.databases import fresh_database
from tests.sheets.test_sheets import text_of

DEALS = [[30, 27, 21], [20, 30, 28], [28, 28, 22]]


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite")})


def sheet(app, session_id: int) -> bytes:
    response = app.test_client().get(f"/sessions/{session_id}/sheet.pdf")
    assert response.status_code == 200, response.data[:300]
    return response.data


def resolved(value):
    return value.get_object() if isinstance(value, IndirectObject) else value


def attachments(reader: PdfReader) -> list[tuple[str, dict]]:
    """The catalog's embedded files: (name, file specification)."""
    names = reader.trailer["/Root"]["/Names"]["/EmbeddedFiles"]["/Names"]
    return [(names[i], resolved(names[i + 1])) for i in range(0, len(names), 2)]


def test_the_sheet_is_a_pdf_a_3b_carrying_the_sessions_export_as_data(app):
    session_id = add_session(app.config["DATABASE"], ["Anna", "Bruno", "Nicolò"], DEALS)
    pdf = sheet(app, session_id)
    reader = PdfReader(io.BytesIO(pdf))
    root = reader.trailer["/Root"]
    xmp = resolved(root["/Metadata"]).get_data().decode()
    assert 'pdfaid:part="3"' in xmp
    assert 'pdfaid:conformance="B"' in xmp
    assert len(root["/OutputIntents"]) == 1
    carried = attachments(reader)
    assert [name for name, _spec in carried] == [f"scorekeeper-session-{session_id}.json"]
    name, spec = carried[0]
    # /AF names each attachment once (WeasyPrint 70.0 listed it twice: sheets/render.py).
    listed = [entry.idnum for entry in root["/AF"]]
    assert len(listed) == len(set(listed)) == 1
    assert resolved(root["/AF"][0]) == spec
    assert spec["/AFRelationship"] == "/Data"
    assert spec["/UF"] == name
    assert spec["/Desc"] == DESCRIPTION == "scorekeeper export"
    embedded = resolved(spec["/EF"]["/F"])
    assert embedded["/Subtype"] == "/application/json"
    export = json.loads(embedded.get_data())
    assert [s["id"] for s in export["sessions"]] == [session_id]
    assert [d["points"] for d in export["sessions"][0]["deals"]] == DEALS
    # Its dates: the session's last change, its last deal's (UTC).
    last = max(d["updated"] for d in export["sessions"][0]["deals"])
    stamp = datetime.datetime.fromisoformat(last).astimezone(datetime.UTC)
    assert embedded["/Params"]["/ModDate"] == stamp.strftime("D:%Y%m%d%H%M%SZ")
    assert embedded["/Params"]["/CreationDate"] == embedded["/Params"]["/ModDate"]
    assert export["origin"]["exported_at"].startswith(stamp.strftime("%Y-%m-%dT%H:%M:%S"))


def test_every_font_is_embedded(app):
    session_id = add_session(app.config["DATABASE"], ["Anna", "Bruno", "Nicolò"], DEALS)
    reader = PdfReader(io.BytesIO(sheet(app, session_id)))
    fonts = [
        resolved(font)
        for page in reader.pages
        for font in resolved(page["/Resources"]).get("/Font", {}).values()
    ]
    assert fonts
    for font in fonts:
        described = [resolved(f) for f in font.get("/DescendantFonts", [font])]
        for each in described:
            descriptor = resolved(each["/FontDescriptor"])
            assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.keys()), font


def test_an_unchanged_session_gives_the_same_bytes_and_a_change_another_file(tmp_path):
    database = fresh_database(tmp_path / "t.sqlite")
    session_id = add_session(database, ["Anna", "Bruno", "Nicolò"], DEALS)

    def fresh_sheet() -> bytes:  # a new app: no sheet kept from before
        return sheet(create_app({"TESTING": True, "DATABASE": database}), session_id)

    first = fresh_sheet()
    assert fresh_sheet() == first
    add_session(database, ["Dora", "Elio", "Franca"], DEALS)  # another session changes nothing
    assert fresh_sheet() == first


def test_the_footer_names_the_file_and_the_first_digits_of_its_sha_256(app):
    session_id = add_session(app.config["DATABASE"], ["Anna", "Bruno", "Nicolò"], DEALS)
    reader = PdfReader(io.BytesIO(sheet(app, session_id)))
    ((name, spec),) = attachments(reader)
    data = resolved(spec["/EF"]["/F"]).get_data()
    digest = hashlib.sha256(data).hexdigest()[:12]
    assert re.search(rf"{re.escape(name)} · SHA-256 {digest}", text_of(reader))
