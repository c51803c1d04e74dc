"""Languages: English by default, Italian from the browser or the switch, and a whole catalogue.

The app translates only with the compiled catalogue (``messages.mo``, not committed): ``make test``
builds it first, and the ``compiled_catalogues`` fixture below builds it too when it is missing or
older than its ``.po``, so that ``pytest`` alone works.
"""

from __future__ import annotations

import os
import re
import tempfile
import tokenize
from pathlib import Path
from urllib.parse import parse_qs
from urllib.parse import urlsplit

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper import create_app
from scorekeeper.services import start_session
from scorekeeper.storage.db import open_db
from scorekeeper.web.i18n import LANGUAGES
from tests.web import helpers

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
POT = TRANSLATIONS / "messages.pot"
ITALIAN = TRANSLATIONS / "it" / "LC_MESSAGES" / "messages.po"
# Every language the app speaks has a whole catalogue, English's too (its strings as they are).
CATALOGUES = {code: TRANSLATIONS / code / "LC_MESSAGES" / "messages.po" for code in LANGUAGES}
# The keywords `make translations` passes to `pybabel extract` (-k), beside Babel's defaults;
# problem() and translatable() mark the rules core's English (scorekeeper/rules/problem.py).
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "_l": None,
    "lazy_gettext": None,
    "lazy_ngettext": (1, 2),
    "problem": (2,),
    "translatable": None,
}
# forms.py gives SelectField choices as tuples, which WTForms 3.3 deprecates (an error under this
# project's pytest settings); that is not what these tests are about.
TUPLE_CHOICES = pytest.mark.filterwarnings(
    "ignore:Passing SelectField choices as tuples:DeprecationWarning"
)
PLACEHOLDER = re.compile(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]")


def _compile(po: Path) -> None:
    """Write po's .mo beside it, atomically, so that a concurrent reader never sees half a file."""
    with po.open("rb") as source:
        catalog = read_po(source, locale=po.parts[-3])
    handle, temporary = tempfile.mkstemp(dir=po.parent, suffix=".tmp.mo")
    with os.fdopen(handle, "wb") as target:
        write_mo(target, catalog)
    os.replace(temporary, po.with_suffix(".mo"))


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues():
    for po in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            _compile(po)


@pytest.fixture
def app(tmp_path):
    # The switch keeps the language in the session cookie, which needs a secret key; a test
    # config given to create_app gets none unless it says so.
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite"), "SECRET_KEY": "i18n-tests"}
    )


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def session_id(app):
    db = open_db(app.config["DATABASE"])
    try:
        return start_session(
            db, {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
        )
    finally:
        db.close()


def _page(response) -> str:
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _read(path: Path):
    with path.open("rb") as source:
        return read_po(source)


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


# Choosing the language


def test_the_home_page_is_in_english_by_default(client):
    page = _page(client.get("/"))
    assert '<html lang="en">' in page
    assert "<h1>Sessions</h1>" in page
    assert "Sessioni" not in page


@pytest.mark.parametrize("header", ["it", "it-IT,it;q=0.9,en;q=0.8"])
def test_an_italian_browser_gets_italian(client, header):
    page = _page(client.get("/", headers={"Accept-Language": header}))
    assert '<html lang="it">' in page
    assert "<h1>Sessioni</h1>" in page
    assert "Nuova sessione" in page
    assert "<h1>Sessions</h1>" not in page


def test_a_language_the_app_lacks_falls_back_to_english(client):
    page = _page(client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"}))
    assert '<html lang="en">' in page
    assert "<h1>Sessions</h1>" in page


@TUPLE_CHOICES
def test_the_switch_changes_the_language_and_back(client):
    response = client.get("/lang/it", query_string={"next": "/count"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/count"
    assert "<h1>Sessioni</h1>" in _page(client.get("/"))
    assert "<h1>Controllo del conteggio</h1>" in _page(client.get("/count"))

    client.get("/lang/en")
    page = _page(client.get("/"))
    assert '<html lang="en">' in page
    assert "<h1>Sessions</h1>" in page


def test_the_switch_outranks_the_browser(client):
    client.get("/lang/en")
    page = _page(client.get("/", headers={"Accept-Language": "it"}))
    assert "<h1>Sessions</h1>" in page


def test_an_unknown_language_changes_nothing(client):
    response = client.get("/lang/xx")
    assert response.status_code == 302
    assert "<h1>Sessions</h1>" in _page(client.get("/"))


def test_the_switch_goes_back_with_the_query_string(client):
    response = client.get("/lang/it", query_string={"next": "/sessions/new?ruleset=scarto"})
    assert response.headers["Location"] == "/sessions/new?ruleset=scarto"


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example",
        "///evil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        "evil.example",
        "",
        "/\\evil.example",
        "/\t/evil.example",
        "/\n/evil.example",
    ],
)
def test_the_switch_redirects_only_to_local_paths(client, target):
    response = client.get("/lang/it", query_string={"next": target})
    assert response.status_code == 302
    location = response.headers["Location"]
    parts = urlsplit(location)
    assert not parts.scheme
    assert not parts.netloc
    assert location.startswith("/")
    assert not location.startswith("//")
    if target in ("//evil.example", "///evil.example", "https://evil.example/", ""):
        assert location == "/"


# Italian on the pages, from templates and from Python


@TUPLE_CHOICES
def test_form_labels_and_plurals_are_translated(client, session_id):
    client.get("/lang/it")
    home = _page(client.get("/"))
    assert "0 mani" in home  # ngettext: Italian takes the plural for 0

    new = _page(client.get("/sessions/new"))
    assert "Giocatore 1" in new  # lazy_gettext in forms.py, with a placeholder
    assert "Inizia la sessione" in new
    assert "come da regolamento" in new

    protocol = _page(client.get(f"/sessions/{session_id}"))
    assert "<h1>Foglio dei punti</h1>" in protocol
    assert "Prossimo mazziere: Anna" in protocol
    assert "Conteggio rapido" in protocol
    assert "Prese complete" in protocol
    assert "Totali" in protocol


def test_error_pages_are_translated(client):
    response = client.get("/no-such-page", headers={"Accept-Language": "it"})
    assert response.status_code == 404
    assert "Questa pagina non esiste." in response.get_data(as_text=True)


# The catalogue


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_has_a_translation_in_each_language(language):
    catalog = _read(CATALOGUES[language])
    assert str(catalog.locale) == language
    assert catalog.num_plurals == 2
    assert not catalog.fuzzy, "the catalogue's header is marked fuzzy: it would not compile"
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if len(strings) != (catalog.num_plurals if len(ids) > 1 else 1):
            problems.append(f"wrong number of forms: {ids[0]!r}")
        for index, string in enumerate(strings):
            if not string.strip():
                problems.append(f"untranslated: {ids[0]!r}")
                continue
            source = ids[min(index, len(ids) - 1)]
            if _placeholders(string) != _placeholders(source):
                problems.append(f"placeholders differ: {source!r} -> {string!r}")
    problems += [f"{m.id!r}: {errors}" for m, errors in catalog.check()]
    assert not problems, "\n".join(problems)


def test_the_catalogues_hold_every_string_in_the_sources():
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    extracted = {
        (context, message)
        for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS
        )
    }
    assert extracted, "nothing extracted: is babel.cfg right?"
    for path in (POT, *CATALOGUES.values()):
        catalog = _read(path)
        known = {(message.context, message.id) for message in catalog if message.id}
        missing = sorted(str(message) for _context, message in extracted - known)
        assert not missing, f"run `make translations`, then translate {path}: {missing}"


TRANSLATED_CALL = re.compile(r"\b(?:_|_l|gettext|ngettext|lazy_gettext|lazy_ngettext)\(")


def test_no_string_to_translate_hides_in_an_f_string():
    # pybabel extract reads an f-string as one string token: a _() inside it is never extracted,
    # so its text drops out of the catalogue at the next `make translations`.
    hidden = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        with tokenize.open(path) as source:
            for token in tokenize.generate_tokens(source.readline):
                prefix = token.string.split("'")[0].split('"')[0].lower()
                is_f_string = token.type == tokenize.STRING and "f" in prefix
                if is_f_string and TRANSLATED_CALL.search(token.string):
                    hidden.append(f"{path.relative_to(ROOT)}:{token.start[0]}")
    assert not hidden, f"take the _() out of these f-strings: {hidden}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_is_current(language):
    mo = CATALOGUES[language].with_suffix(".mo")
    assert mo.exists()
    assert mo.stat().st_mtime >= CATALOGUES[language].stat().st_mtime


def test_the_english_catalogue_says_each_string_as_it_is():
    # make translations fills it (scripts/english-catalogue): nothing to translate, but a
    # missing entry there means the catalogues were not brought up to date.
    for message in _read(CATALOGUES["en"]):
        if message.id:
            assert message.string == message.id, message.id


def test_the_switch_comes_back_to_the_page_without_its_saved_announcement(tmp_path):
    # After a save the protocol is /sessions/<id>?saved=<deal id>: switching language there
    # comes back to the protocol, not to "Deal 1 saved" announced a second time.
    client = helpers.make_app(tmp_path).test_client()
    session_id = helpers.start_session(client)
    helpers.record_totals(client, session_id, [30, 27, 21])
    deal_id = client.get(f"/api/v1/sessions/{session_id}").get_json()["deals"][0]["id"]
    shown = client.get(f"/sessions/{session_id}", query_string={"saved": deal_id, "x": "1"})
    soup = helpers.page(shown)
    assert "Deal 1 saved" in helpers.text(soup)
    switch = soup.find("a", attrs={"lang": "it"})["href"]
    assert parse_qs(urlsplit(switch).query)["next"] == [f"/sessions/{session_id}?x=1"]
