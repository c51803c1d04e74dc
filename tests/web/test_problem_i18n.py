"""The rules core's sentences in the reader's language: problems, ruleset names, option texts.

The rules core keeps each problem's English template and values (rules/problem.py); the pages look
the template up in the catalogue. The JSON API's sentences follow Accept-Language: each problem
keeps its stable code and English message, and gains its text in the request's language.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from scorekeeper import services
from scorekeeper.rules import PRESETS
from scorekeeper.rules import Problem
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.cards import KING
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.names import card_label
from scorekeeper.rules.problem import problem
from scorekeeper.storage import repository
from scorekeeper.translate import problem_text
from scorekeeper.translate import ruleset_name
from scorekeeper.web.db import get_db
from tests.web import helpers
from tests.web.helpers import page
from tests.web.helpers import text
from tests.web.test_i18n import ITALIAN
from tests.web.test_i18n import KEYWORDS
from tests.web.test_i18n import compiled_catalogues  # noqa: F401 (builds the .mo if need be)

RULES = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"
ITALIAN_KING = "i Re non si possono scartare ({card})"
ENGLISH_KING = "Kings may not be laid aside ({card})"


@pytest.fixture
def app(tmp_path):
    return helpers.make_app(tmp_path, SECRET_KEY="problem-i18n-tests")


@pytest.fixture
def session_id(client):
    return helpers.start_session(client)


def _king_laid_aside(seed: int = 6):
    """A played deal of Anna, Bruno and Carla (Anna dealing) with a King swapped into the scarto."""
    deal = random_deal(find_ruleset("scarto"), seed, 0)
    piles = [list(pile) for pile in deal.piles]
    seat, king = next(
        (seat, card) for seat, pile in enumerate(piles) for card in pile if card.rank == KING
    )
    scarto = list(deal.scarto)
    piles[seat][piles[seat].index(king)] = scarto[0]
    scarto[0] = king
    body = {"piles": [[c.code for c in pile] for pile in piles], "scarto": [c.code for c in scarto]}
    return body, king


def _record(app, session_id, body):
    with app.app_context():
        return services.record_deal(get_db(), session_id, body)


# The catalogue holds the rules core's English


def test_a_problem_stored_before_templates_shows_its_message():
    old = Problem(**{"code": "total-mismatch", "message": "the points add up to 77, not 78"})
    assert problem_text(old) == "the points add up to 77, not 78"
    assert problem_text(asdict(old)) == "the points add up to 77, not 78"
    made = problem("scarto-illegal", "Kings may not be laid aside (%(card)s)", card="K♠")
    assert problem_text(json.loads(json.dumps(asdict(made)))) == made.message  # English here


def test_every_template_of_the_rules_core_is_in_the_italian_catalogue():
    extracted = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(RULES), {"**.py": "python"}.items(), keywords=KEYWORDS
        )
    }
    # problem() templates, translatable() strings: every one of the scarto's rules among them
    assert "Kings may not be laid aside (%(card)s)" in extracted
    assert "the scarto must have %(size)s cards, not %(given)s" in extracted
    assert {r.name for r in PRESETS.values()} <= extracted
    with ITALIAN.open("rb") as source:
        catalog = read_po(source)
    translated = {m.id for m in catalog if m.id and m.string and not m.fuzzy}
    assert not sorted(extracted - translated)


def test_a_muddled_deal_has_problems_and_notes_whose_templates_the_catalogue_holds():
    with ITALIAN.open("rb") as source:
        known = {m.id for m in read_po(source) if m.id}
    deal = random_deal(find_ruleset("piedicavallo"), 3, 1)
    piles = [list(pile) for pile in deal.piles]
    piles[0] += piles[1]  # the dealer's team (seats 1 and 3) wins nothing
    piles[2] += piles[3]
    piles[1] = piles[3] = []
    result = audit_piles(deal.ruleset, deal.dealer, piles, [*deal.scarto, deal.scarto[0]])
    found = {p.code: p for p in (*result.problems, *result.notes)}
    assert {"card-twice", "scarto-size", "scarto-to-other-team"} <= set(found)
    for made in found.values():
        assert made.template in known, made
        assert made.template % dict(made.params) == made.message


# The pages


def test_an_illegal_scarto_shows_in_italian_on_the_protocol_and_in_english_by_default(
    client, app, session_id
):
    body, king = _king_laid_aside()
    _record(app, session_id, body)

    english = text(page(client.get(f"/sessions/{session_id}")))
    assert ENGLISH_KING.format(card=king.label) in english

    # The card as Italians write it too: R for the Re (rules/names.py).
    italian = text(page(client.get(f"/sessions/{session_id}", headers={"Accept-Language": "it"})))
    assert ITALIAN_KING.format(card=card_label(king, "it")) in italian
    assert "Kings may not be laid aside" not in italian

    client.get("/lang/it")
    deal_page = text(page(client.get(f"/sessions/{session_id}/deals/1")))
    assert ITALIAN_KING.format(card=card_label(king, "it")) in deal_page


def test_the_stored_problem_keeps_its_english_message_and_its_template(app, session_id):
    body, king = _king_laid_aside()
    deal = _record(app, session_id, body)
    (illegal,) = [p for p in deal.result.problems if p.code == "scarto-illegal"]
    assert illegal.message == ENGLISH_KING.format(card=king.label)
    assert illegal.template == "Kings may not be laid aside (%(card)s)"
    assert illegal.params == (("card", king.label),)


def test_an_older_row_without_template_shows_its_message(client, app, session_id):
    body, king = _king_laid_aside()
    deal = _record(app, session_id, body)
    old = [{"code": "scarto-illegal", "message": "an old sentence", "trick": None}]
    with app.app_context():
        repository.update_deal(get_db(), deal.id, {"problems": old})
    italian = text(page(client.get(f"/sessions/{session_id}", headers={"Accept-Language": "it"})))
    assert "an old sentence" in italian


def test_the_scarto_checked_before_play_is_in_italian(client, app, session_id):
    client.get("/lang/it")
    response = client.post(
        f"/sessions/{session_id}/scarto", data={"scarto": "KS 2S 3S", "check": "y"}
    )
    verdict = text(page(response).select_one(".verdict"))
    assert verdict.startswith("Irregolare: R♠ 2♠ 3♠")
    assert ITALIAN_KING.format(card="R♠") in verdict

    body, _king = _king_laid_aside()
    _record(app, session_id, body)
    deal_page = text(page(client.get(f"/sessions/{session_id}/deals/1")))
    assert "Scarto controllato prima del gioco" in deal_page
    assert ITALIAN_KING.format(card="R♠") in deal_page


def test_a_refused_deal_names_its_problems_in_italian(client, app, session_id):
    body, _king = _king_laid_aside()
    body["piles"][1] = body["piles"][1][1:]  # a card short
    italian = app.test_request_context(headers={"Accept-Language": "it"})
    with italian, pytest.raises(services.UnrecordableDealError) as refused:
        services.record_deal(get_db(), session_id, body)
    assert str(refused.value).startswith("questa mano non si può registrare: ")
    assert "manca 1 carta: " in str(refused.value)


@pytest.mark.filterwarnings("ignore:Passing SelectField choices as tuples:DeprecationWarning")
def test_ruleset_names_sources_and_option_texts_are_in_italian(client):
    home = text(page(client.get("/", headers={"Accept-Language": "it"})))
    assert "Piedicavallo (4 giocatori, a coppie)" in home
    assert "Scarto (regole svedesi)" in home
    assert "Regole svedesi dello Scarto di Elsa Snakenborg" in home

    new = page(client.get("/sessions/new", headers={"Accept-Language": "it"}))
    labels = [text(label) for label in new.find_all("label")]
    assert "Punti del Matto" in labels
    assert "Quando si può scartare il Bagatto (T1)" in labels
    options = [text(option) for option in new.select("select[name=ruleset] option")]
    assert "Scarto (regole svedesi)" in options

    english = page(client.get("/sessions/new"))
    assert "Points of the Fool" in [text(label) for label in english.find_all("label")]


def test_a_session_with_house_rules_is_named_in_italian(client, app):
    session_id = helpers.start_session(client, option_fool_value="5")
    protocol = text(page(client.get(f"/sessions/{session_id}", headers={"Accept-Language": "it"})))
    assert "Scarto (Wikipedia), varianti locali" in protocol
    with app.test_request_context():
        assert ruleset_name(find_ruleset("scarto", {"fool_value": 5})) == (
            "Scarto (Wikipedia), house rules"
        )


# The JSON API: sentences in the request's language, codes and English messages as they were


def test_the_api_gives_each_problem_its_code_english_message_and_text_in_the_request_language(
    client,
):
    created = client.post(
        "/api/v1/sessions",
        json={"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]},
        headers={"Accept-Language": "it"},
    )
    assert created.status_code == 201, created.get_json()
    session_id = created.get_json()["id"]
    body, king = _king_laid_aside()
    response = client.post(
        f"/api/v1/sessions/{session_id}/deals", json=body, headers={"Accept-Language": "it"}
    )
    assert response.status_code == 201, response.get_json()
    problems = response.get_json()["problems"]
    italian = ITALIAN_KING.format(card=card_label(king, "it"))
    assert {"code": "scarto-illegal", "message": ENGLISH_KING.format(card=king.label),
            "text": italian, "trick": None} in problems  # fmt: skip
    assert all(set(p) == {"code", "message", "text", "trick"} for p in problems)

    refused = client.post(
        f"/api/v1/sessions/{session_id}/deals", json={"points": [1]},
        headers={"Accept-Language": "it"},
    )  # fmt: skip
    assert refused.status_code == 400
    assert refused.get_json()["error"] == "points deve avere 3 numeri, non 1"
    english = client.post(f"/api/v1/sessions/{session_id}/deals", json={"points": [1]})
    assert english.get_json()["error"] == "points must have 3 numbers, not 1"
