"""Every page, form and printed sheet in Italian, German and Swedish: no sentence of the catalogue
left in English where the catalogue translates it (issue "Every word in the players' own
language"), and the cards in the language's own letters.

The pages are those a keeper meets in an evening: the home page, a session's protocol with every
kind of deal (a finished game, house rules, a corrected deal, a marked one, a penalty, a scarto
checked before play), each entry form, a deal, its replay, the count checker, the scarto check,
the import form, the login and tokens pages of a club, an error page; and the three PDFs.
"""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from pypdf import PdfReader

from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_card
from scorekeeper.rules.names import card_label
from tests.web import helpers
from tests.web.test_i18n import compiled_catalogues  # noqa: F401 (builds the .mo if need be)

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("it", "de", "sv")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w+\}")
TAG = re.compile(r"<[^>]+>")
PIEDICAVALLO = find_ruleset("piedicavallo")


@functools.cache  # read once per language, not once per page
def english_sentences(language: str) -> list[tuple[str, str, re.Pattern[str]]]:
    """The catalogue's English sentences that the language says otherwise, each as a pattern
    that finds it shown as itself (placeholders stand for anything), and the pattern's longest
    fixed part: a page without it cannot show the sentence (a quick test before the pattern).
    Only sentences long enough to mean something alone: a word such as "Scarto" is the same in
    every language."""
    path = ROOT / "scorekeeper" / "translations" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as source:
        catalog = read_po(source)
    found = []
    for message in catalog:
        if not message.id or isinstance(message.id, tuple):
            continue
        english, translated = message.id, message.string
        if not translated or translated == english:
            continue
        literal = PLACEHOLDER.sub("", TAG.sub("", english))
        if len(literal.split()) < 3 or len(literal) < 16:
            continue
        parts = [" ".join(part.split()) for part in PLACEHOLDER.split(english)]
        pattern = re.compile(".{1,80}?".join(re.escape(part) for part in parts))
        found.append((english, max(parts, key=len), pattern))
    return found


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    """The app with one evening's sessions in each language, and a session of Piedicavallo."""
    app = helpers.make_app(tmp_path_factory.mktemp("every-language"))
    client = app.test_client()
    sessions = {language: _evening(client, app, language) for language in LANGUAGES}
    teams = helpers.start_session(
        client, ["Anna", "Bruno", "Carla", "Dora"], ruleset="piedicavallo"
    )
    return app, client, sessions, teams


def _evening(client, app, language: str) -> dict[str, int]:
    client.get(f"/lang/{language}")
    session = helpers.start_session(client, option_scarto_bagatto="never", language=language)
    for points in ([30, 27, 21], [26, 26, 26], [20, 28, 30]):  # a finished game
        helpers.record_totals(client, session, points)
    deal = helpers.played_deal(3, helpers.next_dealer(app, session))
    quick = helpers.quick_form(deal)
    assert client.post(f"/sessions/{session}/deals/new/quick", data=quick).status_code == 303
    played = helpers.played_deal(5, helpers.next_dealer(app, session))
    play = {
        "scarto": " ".join(card.code for card in played.scarto),
        "tricks": "\n".join(" ".join(c.code for c in t.cards) for t in played.tricks),
        "save": "y",
    }
    assert client.post(f"/sessions/{session}/deals/new/play", data=play).status_code == 303
    wrong = helpers.totals_form([30, 27, 22])  # does not add up: refused, nothing saved
    assert client.post(f"/sessions/{session}/deals/new/totals", data=wrong).status_code == 422
    scarto = {"scarto": "KS 2S 3S", "check": "y"}
    client.post(f"/sessions/{session}/scarto", data=scarto)  # illegal, kept for the next deal
    client.post(f"/sessions/{session}/deals/1/edit", data=helpers.totals_form([31, 26, 21]))
    player = client.get(f"/api/v1/sessions/{session}").get_json()["player_ids"][0]
    return {"id": session, "quick": 4, "played": 5, "player": player}


def _pages(ids: dict[str, int], teams: int) -> dict[str, str]:
    session = ids["id"]
    return {
        "home": "/",
        "new session": "/sessions/new",
        "protocol": f"/sessions/{session}",
        "deal": f"/sessions/{session}/deals/1",
        "quick deal": f"/sessions/{session}/deals/{ids['quick']}",
        "played deal": f"/sessions/{session}/deals/{ids['played']}",
        "replay": f"/sessions/{session}/deals/{ids['played']}/replay?trick=2",
        "totals": f"/sessions/{session}/deals/new/totals",
        "quick count": f"/sessions/{session}/deals/new/quick",
        "full piles": f"/sessions/{session}/deals/new/piles",
        "trick by trick": f"/sessions/{session}/deals/new/play",
        "correction": f"/sessions/{session}/deals/1/edit",
        "import": f"/sessions/{session}/deals/import",
        "scarto check": f"/sessions/{session}/scarto",
        "teams quick count": f"/sessions/{teams}/deals/new/quick",
        "teams full piles": f"/sessions/{teams}/deals/new/piles",
        "count checker": "/count",
        "players": "/players",
        "player": f"/players/{ids['player']}",
        "rankings": "/rankings?min_deals=1",
        "paper protocol": "/sessions/paper",
        "chart": f"/sessions/{session}/chart.svg",
        "tokens": "/keeper/tokens",
        "no such page": "/no-such-page",
    }


def _english_left(text: str, language: str) -> list[str]:
    text = " ".join(text.split())
    return [
        english
        for english, fixed, pattern in english_sentences(language)
        if fixed in text and pattern.search(text)
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_shows_a_sentence_left_in_english(evening, language):
    app, client, sessions, teams = evening
    client.get(f"/lang/{language}")
    left = {}
    for name, path in _pages(sessions[language], teams).items():
        response = client.get(path)
        assert response.status_code in (200, 404), (name, response.status_code)
        soup = helpers.page(response)
        for hidden in soup.select("script, style"):
            hidden.decompose()
        shown = (
            helpers.text(soup)
            + " "
            + " ".join(
                str(el.get(attr, ""))
                for el in soup.find_all(True)
                for attr in ("aria-label", "title")
            )
        )
        if response.mimetype == "text/html":
            assert f'lang="{language}"' in response.get_data(as_text=True)
        if english := _english_left(shown, language):
            left[name] = english
    assert not left, left


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_sheet_shows_a_sentence_left_in_english(evening, language):
    app, client, sessions, teams = evening
    session = sessions[language]["id"]
    client.get("/lang/en")  # a session's sheets print in its language, whoever asks
    sheets = {
        "session sheet": f"/sessions/{session}/sheet.pdf",
        "audit report": f"/sessions/{session}/deals/{sessions[language]['quick']}/audit.pdf",
    }
    left = {}
    for name, path in sheets.items():
        text = _pdf_text(client, path)
        if english := _english_left(text, language):
            left[name] = english
    client.get(f"/lang/{language}")
    blank = _pdf_text(client, "/print/blank.pdf?ruleset=scarto&players=Anna,Bruno,Carla")
    if english := _english_left(blank, language):
        left["blank sheet"] = english
    assert not left, left


@pytest.mark.parametrize(("language", "king"), [("it", "R♠"), ("de", "K♠"), ("sv", "K♠")])
def test_cards_are_shown_in_the_languages_letters(evening, language, king):
    app, client, sessions, teams = evening
    client.get(f"/lang/{language}")
    session = sessions[language]["id"]
    protocol = helpers.text(helpers.page(client.get(f"/sessions/{session}")))
    assert f"{king} 2♠ 3♠" in protocol  # the scarto checked before play
    fool = card_label(parse_card("F"), language)
    grid = helpers.page(client.get(f"/sessions/{session}/deals/new/piles"))
    assert grid.select_one('button.pick[data-code="F"]').get_text() == fool
    if language == "it":
        assert fool == "Matto"  # never a bare F, the Fante's letter


def _pdf_text(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    reader = PdfReader(io.BytesIO(response.data))
    return " ".join(page.extract_text() or "" for page in reader.pages)
