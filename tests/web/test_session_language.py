"""A session has a language (issue "Every word in the players' own language", section 3).

It is chosen when the session starts, the page's language by default (the API's default is
English); the session's JSON and page report it, its export carries it, and its sheets print in
it whoever asks. The migration that added it is tested in tests/storage/test_language_migration.py.
"""

from __future__ import annotations

import copy
import io

import pytest
from pypdf import PdfReader

from scorekeeper import services
from scorekeeper.services.sessions import importing
from scorekeeper.storage import exchange
from scorekeeper.web.db import get_db
from tests.web.helpers import all_sessions
from tests.web.helpers import load
from tests.web.helpers import make_app
from tests.web.helpers import page
from tests.web.helpers import record_totals
from tests.web.helpers import start_session
from tests.web.helpers import text

API = "/api/v1"
BODY = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]}
DEALS = ([30, 27, 21], [20, 30, 28])


@pytest.fixture
def app(tmp_path):
    # The language switch keeps its choice in the session cookie, which needs a secret key.
    return make_app(tmp_path, SECRET_KEY="session-language-tests")


def api_session(client, **more) -> dict:
    response = client.post(f"{API}/sessions", json=BODY | more)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


# The JSON API


def test_a_session_started_in_german_says_so_in_its_json(client):
    started = api_session(client, language="de")
    assert started["language"] == "de"
    assert client.get(f"{API}/sessions/{started['id']}").get_json()["language"] == "de"
    assert client.get(f"{API}/sessions").get_json()[0]["language"] == "de"


def test_a_session_started_without_a_language_is_english_whatever_the_request_says(client):
    response = client.post(f"{API}/sessions", json=BODY, headers={"Accept-Language": "it"})
    assert response.status_code == 201
    assert response.get_json()["language"] == "en"


@pytest.mark.parametrize("language", ["xx", 7, None, "", "EN", ["it"]])
def test_a_language_that_is_not_one_of_the_four_is_refused_and_nothing_stored(
    app, client, language
):
    response = client.post(f"{API}/sessions", json=BODY | {"language": language})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert "language" in error
    assert "en, it, de, sv" in error
    assert all_sessions(app) == []


def test_the_service_takes_each_of_the_four_languages(app):
    with app.app_context():
        db = get_db()
        for language in services.SESSION_LANGUAGES:
            session_id = services.start_session(db, BODY | {"language": language})
            assert services.load_session(db, session_id).language == language
    assert services.SESSION_LANGUAGES == ("en", "it", "de", "sv")


# The form and the session's page


def test_a_session_started_in_swedish_on_the_form_is_stored_in_swedish(app, client):
    session_id = start_session(client, language="sv")
    assert load(app, session_id).language == "sv"
    soup = page(client.get(f"/sessions/{session_id}"))
    assert "Sheets in: Svenska" in text(soup.select_one("p.meta"))


def test_the_form_offers_the_four_languages_by_their_own_names_after_the_ruleset(client):
    soup = page(client.get("/sessions/new"))
    select = soup.select_one("select[name=language]")
    options = [(o["value"], text(o)) for o in select.select("option")]
    assert options == [("en", "English"), ("it", "Italiano"), ("de", "Deutsch"), ("sv", "Svenska")]
    assert select.select_one("option[selected]")["value"] == "en"
    fields = [f["name"] for f in soup.select("form select, form input") if f.get("name")]
    assert fields.index("language") == fields.index("ruleset") + 1


def test_the_forms_language_is_the_pages_by_default(app, client):
    client.get("/lang/it")
    soup = page(client.get("/sessions/new"))
    assert soup.select_one("select[name=language] option[selected]")["value"] == "it"
    session_id = start_session(client)  # the language left as the form offers it
    assert load(app, session_id).language == "it"


def test_an_unknown_language_on_the_form_is_refused_beside_the_field(app, client):
    response = client.post(
        "/sessions/new",
        data={"ruleset": "scarto", "language": "xx", "first_dealer": "0"}
        | {f"player_{seat}": name for seat, name in enumerate(BODY["players"])},
    )
    assert response.status_code == 400
    assert page(response).select_one("select[name=language]").find_parent(class_="has-error")
    assert all_sessions(app) == []


# The sheets


def pdf(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.data[:300]
    reader = PdfReader(io.BytesIO(response.data))
    words = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    return response, words


def session_in(client, language: str) -> int:
    session_id = api_session(client, language=language)["id"]
    for points in DEALS:
        record_totals(client, session_id, points)
    return session_id


def test_an_italian_sessions_sheet_is_italian_when_printed_from_an_english_page(client):
    session_id = session_in(client, "it")
    _, words = pdf(client, f"/sessions/{session_id}/sheet.pdf")
    assert "Totali dopo 2 mani" in words
    assert "Giocatori in ordine di gioco" in words
    assert "Nessun codice QR" in words  # why there is none, said in the sheet's language too
    assert "Totals after" not in words
    assert "Players in order of play" not in words
    assert "No QR code" not in words


def test_an_english_sessions_sheet_is_english_when_printed_from_an_italian_page(client):
    session_id = session_in(client, "en")
    client.get("/lang/it")
    assert page(client.get("/")).html["lang"] == "it"
    _, words = pdf(client, f"/sessions/{session_id}/sheet.pdf")
    assert "Totals after 2 deals" in words
    assert "Players in order of play" in words
    assert "Totali dopo" not in words


def test_an_italian_sessions_audit_report_is_italian_from_an_english_page(client):
    session_id = session_in(client, "it")
    _, words = pdf(client, f"/sessions/{session_id}/deals/1/audit.pdf")
    assert "Verifica della mano 1" in words
    assert "Punteggi registrati" in words
    assert "Audit of deal" not in words


def test_a_sessions_sheet_is_kept_once_whatever_the_language_of_the_page(client):
    session_id = session_in(client, "it")
    url = f"/sessions/{session_id}/sheet.pdf"
    first, _ = pdf(client, url)
    client.get("/lang/it")
    again, words = pdf(client, url)
    assert (first.headers["X-Sheet-Cache"], again.headers["X-Sheet-Cache"]) == ("miss", "hit")
    assert again.data == first.data
    assert "Totali dopo 2 mani" in words


def test_a_blank_sheet_keeps_the_pages_language(client):
    _, english = pdf(client, "/print/blank.pdf?ruleset=scarto")
    client.get("/lang/it")
    response, italian = pdf(client, "/print/blank.pdf?ruleset=scarto")
    assert response.headers["X-Sheet-Cache"] == "miss"
    assert "Foglio dei punti" in italian
    assert "Foglio dei punti" not in english


# Export and import


@pytest.fixture
def exported(app, client):
    session_in(client, "sv")
    session_in(client, "it")
    with app.app_context():
        return exchange.export_sessions(get_db())


@pytest.fixture
def other(tmp_path):
    """A second app, on an empty database, to import into."""
    (tmp_path / "other").mkdir()
    return make_app(tmp_path / "other")


def import_into(other, data) -> list[str]:
    """Import data as `flask import` does; each stored session's language, oldest first."""
    with other.app_context():
        db = get_db()
        importing.import_file(db, exchange.dumps(data).encode("utf-8"))
        return [row["language"] for row in reversed(services.list_sessions(db))]


def test_an_export_carries_each_sessions_language_and_an_import_keeps_it(exported, other):
    assert [session["language"] for session in exported["sessions"]] == ["sv", "it"]
    assert import_into(other, exported) == ["sv", "it"]
    assert [load(other, session_id).language for session_id in (1, 2)] == ["sv", "it"]


def test_an_export_from_before_languages_imports_as_english(exported, other):
    older = copy.deepcopy(exported)
    for session in older["sessions"]:
        del session["language"]
    assert import_into(other, older) == ["en", "en"]


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("xx", "sessions[1].language: language must be one of en, it, de, sv"),
        ("", "sessions[1].language: language must be one of en, it, de, sv"),
        (None, "sessions[1].language: must be text, not null"),
        (7, "sessions[1].language: must be text, not a number"),
    ],
)
def test_an_import_with_another_language_is_refused_and_stores_nothing(
    exported, other, language, message
):
    exported["sessions"][1]["language"] = language
    with pytest.raises(exchange.ExchangeError) as refused:
        import_into(other, exported)
    assert message in str(refused.value)
    assert all_sessions(other) == []
