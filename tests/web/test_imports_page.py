"""The keeper's import page, /keeper/import (issue #34): a session sheet or an export file
uploaded as a browser sends it (multipart, with the form's token), imported all or nothing, a
refusal shown beside the form with its status."""

from __future__ import annotations

import json

import pytest

from scorekeeper.storage import access
from scorekeeper.web.db import get_db
from tests.databases import add_session
from tests.passwords import quick_hash
from tests.web.helpers import field_errors
from tests.web.helpers import page
from tests.web.helpers import text
from tests.web.test_imports_api import counts
from tests.web.test_imports_api import export_of
from tests.web.test_imports_api import new_app
from tests.web.test_imports_api import sheet_of
from tests.web.test_imports_api import with_attachments

URL = "/keeper/import"
DEALS = [[30, 27, 21], [20, 30, 28], [28, 28, 22]]


@pytest.fixture
def source(tmp_path):
    app = new_app(tmp_path / "source.sqlite")
    add_session(app.config["DATABASE"], ["Anna", "Bruno", "Nicolò"], DEALS)
    return app


@pytest.fixture
def target(tmp_path):
    app = new_app(tmp_path / "target.sqlite")
    add_session(app.config["DATABASE"], ["Ugo", "Vera", "Zeno"], DEALS[1:])
    return app


BOUNDARY = "----scorekeeper-test-boundary"


def multipart(fields: dict[str, str], name: str, data: bytes) -> bytes:
    """A form's body as a browser sends it, the file last. (Made here, in memory: the test
    client would spool a large one to a file of its own, left open when the app refuses it
    unread.)"""
    parts = [
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields.items()
    ]
    head = (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="upload"; filename="{name}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    )
    return b"".join(parts) + head.encode() + data + f"\r\n--{BOUNDARY}--\r\n".encode()


def upload(client, data: bytes, name: str, token: str | None = "from the page"):
    """Send a file through the page's form, with the token the page gave (or none)."""
    if token == "from the page":
        token = page(client.get(URL)).find(attrs={"name": "csrf_token"})["value"]
    fields = {"submit": "Import"} | ({} if token is None else {"csrf_token": token})
    body = multipart(fields, name, data)
    return client.post(URL, data=body, content_type=f"multipart/form-data; boundary={BOUNDARY}")


def test_the_page_offers_a_file_field_and_its_form_token(target):
    shown = page(target.test_client().get(URL))
    field = shown.find("input", attrs={"name": "upload"})
    assert field["type"] == "file"
    assert ".pdf" in field["accept"]
    assert shown.find(attrs={"name": "csrf_token"})["value"]
    assert shown.find("form")["enctype"] == "multipart/form-data"


def test_a_session_sheet_uploaded_becomes_a_new_session_listed_after(source, target):
    client = target.test_client()
    response = upload(client, sheet_of(source, 1), "sheet.pdf")
    assert response.status_code == 303
    assert response.headers["Location"] == f"{URL}?imported=2"
    shown = page(client.get(response.headers["Location"]))
    link = shown.select_one(".ok a")
    assert (text(link), link["href"]) == ("Session 2", "/sessions/2")
    assert client.get("/sessions/2").status_code == 200


def test_an_export_file_uploaded_is_imported_too(source, target):
    response = upload(target.test_client(), export_of(source, 1), "session-1.json")
    assert response.status_code == 303
    assert counts(target)[0] == 2


def test_the_same_sheet_again_is_409_beside_the_form_with_a_link_to_what_it_became(source, target):
    client = target.test_client()
    assert upload(client, sheet_of(source, 1), "sheet.pdf").status_code == 303
    before = counts(target)
    response = upload(client, sheet_of(source, 1), "sheet.pdf")
    assert response.status_code == 409
    shown = page(response)
    assert field_errors(shown, "upload") == [
        "session 1 of this file was imported before: it is session 2 here"
    ]
    assert [a["href"] for a in shown.select("form .sessions a")] == ["/sessions/2"]
    assert counts(target) == before


def test_a_pdf_that_carries_no_export_is_400_beside_the_form(target):
    before = counts(target)
    response = upload(target.test_client(), with_attachments(), "scan.pdf")
    assert response.status_code == 400
    (said,) = field_errors(page(response), "upload")
    assert said.startswith("no attachment of this PDF is a scorekeeper export")
    assert counts(target) == before


def test_a_broken_export_is_400_naming_where_and_stores_nothing(source, target):
    broken = json.loads(export_of(source, 1))
    broken["sessions"][0]["deals"][0]["points"] = [41, 20, 17]
    before = counts(target)
    response = upload(target.test_client(), json.dumps(broken).encode(), "session-1.json")
    assert response.status_code == 400
    (said,) = field_errors(page(response), "upload")
    assert "sessions[0].deals[0].points" in said
    assert counts(target) == before


def test_no_file_chosen_is_400_asking_for_one(target):
    client = target.test_client()
    token = page(client.get(URL)).find(attrs={"name": "csrf_token"})["value"]
    response = client.post(URL, data={"csrf_token": token, "submit": "Import"})
    assert response.status_code == 400
    assert field_errors(page(response), "upload") == ["Choose a file to import."]


def test_a_file_over_the_limit_is_413_beside_the_form(tmp_path, source):
    app = new_app(tmp_path / "small.sqlite", IMPORT_MAX_BYTES=2**18)  # 256 KB, as others
    client = app.test_client()
    assert upload(client, export_of(source, 1) + b" " * (200 * 1024), "a.json").status_code == 303
    before = counts(app)
    slightly_over = export_of(source, 1) + b" " * 2**18
    response = upload(client, slightly_over, "b.json")  # within the form's framing: read
    assert response.status_code == 413
    too_large = "the file is larger than an import may be: 0.25 MB (IMPORT_MAX_BYTES)"
    assert field_errors(page(response), "upload") == [too_large]
    far_over = export_of(source, 1) + b" " * (600 * 1024)
    response = upload(client, far_over, "c.json")  # the whole request over: never read
    assert response.status_code == 413
    assert field_errors(page(response), "upload") == [too_large]
    assert counts(app) == before


def test_a_post_without_the_form_token_is_refused_and_stores_nothing(source, target):
    client = target.test_client()
    before = counts(target)
    response = upload(client, sheet_of(source, 1), "sheet.pdf", token=None)
    assert response.status_code == 400
    assert "The form has expired" in text(page(response))
    response = upload(client, sheet_of(source, 1), "sheet.pdf", token="forged")
    assert response.status_code == 400
    assert counts(target) == before


def test_in_club_mode_only_the_keeper_opens_it_and_his_header_links_it(target):
    with target.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash("secret123"))
    visitor = target.test_client()
    response = visitor.get(URL)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login")
    keeper = target.test_client()
    token = page(keeper.get("/login")).find(attrs={"name": "csrf_token"})["value"]
    form = {"password": "secret123", "submit": "Log in", "csrf_token": token}
    assert keeper.post("/login", data=form).status_code == 303
    shown = page(keeper.get("/"))
    assert URL in [a["href"] for a in shown.select("header nav a")]
    assert keeper.get(URL).status_code == 200


def test_the_home_page_offers_the_import_to_the_keeper(target):
    shown = page(target.test_client().get("/"))
    assert URL in [a["href"] for a in shown.select(".actions a")]
