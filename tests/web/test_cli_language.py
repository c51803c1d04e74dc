"""The command-line tools say why they refuse in the terminal's language, every word of it: the
storage's and the import's sentences too, not only the frame around them. The places in the
file (``sessions[0].deals[0].points``) are JSON paths and stay as they are."""

from __future__ import annotations

import json

import pytest

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.services.sessions import importing
from scorekeeper.storage import checks
from scorekeeper.storage import exchange
from scorekeeper.storage.backup import backup_database
from scorekeeper.translate import error_text
from scorekeeper.web.db import get_db
from tests.databases import fresh_database


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "main.sqlite")})
    app.instance_path = str(tmp_path / "instance")  # not the project's instance/ folder
    return app


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def italian(monkeypatch):
    """A terminal in Italian, as gettext reads it: LANG, with nothing set before it."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")


@pytest.fixture
def exported(app):
    """An export of one Scarto session at "Tavolo 2" with one deal, 30 27 21 by totals."""
    with app.app_context():
        db = get_db()
        session_id = services.start_session(
            db, {"ruleset": "scarto", "players": ["Anna", "Nicolò", "Carla"]}
        )
        services.record_deal(db, session_id, {"points": [30, 27, 21]})
        data = exchange.export_sessions(db)
    data["sessions"][0]["table_name"] = "Tavolo 2"
    return data


def test_backup_onto_an_existing_file_says_why_in_italian(runner, tmp_path, italian):
    dest = tmp_path / "precious.sqlite"
    dest.write_bytes(b"keep me")
    result = runner.invoke(args=["backup", str(dest)])
    assert result.exit_code == 1
    assert "nessuna copia di sicurezza fatta" in result.output
    assert "exists already" not in result.output
    assert "a backup does not overwrite a file" not in result.output
    assert f"{dest} esiste già" in result.output
    assert dest.read_bytes() == b"keep me"


BAD_DEALS = {
    "points that do not follow from the input": (
        ("points", [31, 26, 21]),
        ["the file has", "the audit gives", "deal 1", 'table "'],
        'sessions[0].deals[0].points (tavolo "Tavolo 2", mano 1): '
        "il file ha 31 26 21, la verifica dà 30 27 21",
    ),
    "a position that is no number": (
        ("position", "first"),
        ["must be a whole number", "text"],
        "sessions[0].deals[0].position: deve essere un numero intero, non un testo",
    ),
    "a dealer the rotation does not give": (
        ("dealer", 2),
        ["the rotation and the input give seat"],
        "sessions[0].deals[0].dealer (tavolo",
    ),
}


@pytest.mark.parametrize(("change", "english", "said"), BAD_DEALS.values(), ids=BAD_DEALS.keys())
def test_import_of_a_bad_deal_says_why_in_italian(
    runner, exported, tmp_path, italian, change, english, said
):
    name, value = change
    exported["sessions"][0]["deals"][0][name] = value
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1
    assert "Non è stato importato nulla." in result.output
    assert "Nothing was imported" not in result.output
    for sentence in english:
        assert sentence not in result.output
    assert said in result.output


def test_export_of_an_unknown_session_says_so_in_italian(runner, tmp_path, italian):
    out = tmp_path / "none.json"
    result = runner.invoke(args=["export", "--session", "99", "-o", str(out)])
    assert result.exit_code == 1
    assert "no session 99" not in result.output
    assert "la sessione 99 non esiste" in result.output
    assert not out.exists()


# The errors themselves: English as before, with the template and values kept for translation


def test_a_backup_refusal_is_the_same_english_as_before(tmp_path):
    source, dest = tmp_path / "main.sqlite", tmp_path / "precious.sqlite"
    source.write_bytes(b"")
    dest.write_bytes(b"keep me")
    with pytest.raises(exchange.ExchangeError) as refused:
        backup_database(source, dest)
    assert str(refused.value) == f"{dest} exists already: a backup does not overwrite a file"
    assert refused.value.template == "%(dest)s exists already: a backup does not overwrite a file"
    assert refused.value.params == (("dest", str(dest)),)


@pytest.mark.parametrize(
    ("value", "check", "english"),
    [
        (
            [30, 27],
            checks.side_numbers(find_ruleset("scarto")),
            "must be a list of 3 whole numbers",
        ),
        (30, checks.text, "must be text, not a number"),
        ("30", checks.integer, "must be a whole number, not text"),
        (7, checks.seat(find_ruleset("scarto")), "must be a seat from 0 to 2, not 7"),
    ],
    ids=["side numbers", "text", "whole number", "seat"],
)
def test_a_field_refused_says_where_and_what_in_the_same_english_as_before(value, check, english):
    with pytest.raises(checks.ExchangeError) as refused:
        checks.field({"points": value}, "sessions[0].deals[2]", "points", check)
    assert str(refused.value).startswith(f"sessions[0].deals[2].points: {english}")
    assert refused.value.template == "%(where)s: %(error)s"  # the check's own error inside


def test_error_text_in_english_is_what_str_says(app, exported):
    exported["sessions"][0]["deals"][0]["points"] = [31, 26, 21]
    with app.app_context(), pytest.raises(exchange.ExchangeError) as refused:
        importing.import_file(get_db(), exchange.dumps(exported).encode("utf-8"))
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert error_text(refused.value) == str(refused.value)
    assert str(refused.value) == (
        'sessions[0].deals[0].points (table "Tavolo 2", deal 1): '
        "the file has 31 26 21, the audit gives 30 27 21"
    )
