"""Error sentences in the reader's language: every refusal a keeper's page shows is a whole
sentence in the page's language, naming fields as the keeper knows them (never ``piles[1]`` or
``dealer``) and showing no problem code; the JSON API's ``error`` and each problem's ``text``
follow Accept-Language, while the codes (and each problem's English ``message``) stay the same.

The Italian expected here is the catalogue's (scorekeeper/translations/it).
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import InvalidNotationError
from scorekeeper.rules import parse_card
from scorekeeper.rules.notation import parse_record
from scorekeeper.translate import error_text
from tests.bodies import piles_body
from tests.web import helpers
from tests.web.helpers import alerts
from tests.web.helpers import field_errors
from tests.web.helpers import page
from tests.web.helpers import piles_form
from tests.web.helpers import played_deal
from tests.web.helpers import quick_form
from tests.web.helpers import start_session
from tests.web.helpers import text
from tests.web.test_i18n import compiled_catalogues  # noqa: F401 (builds the .mo if need be)

CODES = re.compile(r"\b(unknown-card|card-not-in-deck|card-missing|card-twice|pile-size)\b")
RECORD = "ruleset: scarto\nplayers: Anna | Bruno | Carla\ndealer: Anna\nscarto: {scarto}\n"


@pytest.fixture
def app(tmp_path):
    # The language switch keeps the language in the session cookie, which needs a secret key.
    return helpers.make_app(tmp_path, SECRET_KEY="error-language-tests")


@pytest.fixture
def session_id(client):
    return start_session(client)


def _in(client, language: str) -> None:
    assert client.get(f"/lang/{language}").status_code == 302


def _both(client, ask, english: str, italian: str, *, english_words: str | None = None) -> None:
    """The page says ``english`` in English and ``italian`` in Italian, with none of the
    English sentence (or of ``english_words``) left in the Italian page."""
    _in(client, "en")
    assert english in ask()
    _in(client, "it")
    said = ask()
    assert italian in said
    assert english not in said
    if english_words:
        assert english_words not in said
    assert not CODES.search(said)


# The pages: a deal record to import


def _import(client, session_id: int, record: str):
    response = client.post(f"/sessions/{session_id}/deals/import", data={"record": record})
    assert response.status_code == 400
    return response


@pytest.mark.parametrize(
    ("record", "english", "italian"),
    [
        (RECORD.format(scarto="KX"), "line 4: unknown card 'KX'", "riga 4: carta sconosciuta 'KX'"),
        ("ruleset: scarto\n", "after line 1: missing 'players'", "dopo la riga 1: manca 'players'"),
        (
            RECORD.format(scarto="KS").replace("scarto\n", "bridge\n", 1),
            "line 1: ruleset: unknown ruleset 'bridge' (known: ",
            "riga 1: ruleset: regolamento sconosciuto 'bridge' (noti: ",
        ),
        (
            RECORD.format(scarto="KS").replace("\n", "\noptions: top_trump=22\n", 1),
            "line 2: options: option 'top_trump' cannot be 22 (allowed: ",
            "riga 2: options: la variante 'top_trump' non può valere 22 (ammessi: ",
        ),
        (
            RECORD.replace("Anna | Bruno | Carla", "Anna | Bruno"),
            "line 2: players: 2 players, but ruleset 'scarto' is played by 3",
            "riga 2: players: 2 giocatori, ma il regolamento 'scarto' si gioca in 3",
        ),
        (
            RECORD.format(scarto="QB 2S 9C") + "1: 3C 4C\n2: KS QS JS\n",
            "line 5: trick 1 has only 2 of 3 cards; only the last may be unfinished",
            "riga 5: la presa 1 ha solo 2 carte su 3; solo l'ultima può essere incompleta",
        ),
    ],
)
def test_a_record_that_cannot_be_read_is_refused_in_the_pages_language(
    client, session_id, record, english, italian
):
    def ask() -> str:
        return " ".join(field_errors(page(_import(client, session_id, record)), "record"))

    _both(client, ask, english, italian)


# The pages: the count checker, the scarto checked before play, the entry forms


def test_the_count_checker_names_a_card_that_is_no_card_in_italian(client):
    def ask() -> str:
        data = {"ruleset": "scarto", "cards": "KS KX", "show": "y"}
        return " ".join(field_errors(page(client.post("/count", data=data)), "cards"))

    _both(client, ask, "unknown card 'KX'", "carta sconosciuta 'KX'")


def test_trumps_announced_out_of_range_are_refused_at_their_field(client, session_id):
    def ask() -> str:
        data = {"scarto": "KS 2S 3S", "trumps_announced": "25", "check": "y"}
        response = client.post(f"/sessions/{session_id}/scarto", data=data)
        assert response.status_code == 400
        soup = page(response)
        assert field_errors(soup, "scarto") == []
        return " ".join(field_errors(soup, "trumps_announced"))

    _both(
        client,
        ask,
        "The dealer can announce 0 to 21 trumps.",
        "Il mazziere può dichiarare da 0 a 21 trionfi.",
        english_words="declaration",
    )


def test_more_tricks_than_a_deal_has_are_refused_at_the_tricks(client, session_id):
    def ask() -> str:
        data = {"scarto": "", "tricks": "\n".join(["KS"] * 26), "check": "y"}
        response = client.post(f"/sessions/{session_id}/deals/new/play", data=data)
        assert response.status_code == 400
        return " ".join(field_errors(page(response), "tricks"))

    _both(
        client,
        ask,
        "A deal has 25 tricks, not 26: one trick a line.",
        "Una mano ha 25 prese, non 26: una presa per riga.",
        english_words="play must",
    )


def test_a_seat_out_of_range_names_the_field_by_its_label(client, session_id):
    # Only a hand-made request gets here (the form offers the players), but its sentence is
    # still the keeper's: the field's label, never the API's "dealer".
    def ask() -> str:
        data = helpers.totals_form([30, 27, 21], button="check") | {"dealer": "7"}
        response = client.post(f"/sessions/{session_id}/deals/new/totals", data=data)
        assert response.status_code == 400
        return " ".join(field_errors(page(response), "dealer"))

    _both(
        client,
        ask,
        "Dealer must be a seat from 0 to 2",
        "Mazziere deve essere un posto da 0 a 2",
        english_words="dealer must",
    )


def test_a_rule_the_ruleset_lacks_is_refused_in_italian(client, session_id):
    # fool_too_early belongs to Tarocchi a 3; the Scarto form does not offer it.
    def ask() -> str:
        data = quick_form(played_deal(6, 0), button="check") | {"fool_too_early": "y"}
        response = client.post(f"/sessions/{session_id}/deals/new/quick", data=data)
        assert response.status_code == 400
        return " ".join(alerts(page(response)))

    _both(
        client,
        ask,
        "fool_too_early is not part of the ruleset Scarto (Wikipedia)",
        "fool_too_early non fa parte del regolamento Scarto (Wikipedia)",
        english_words="may be played before",
    )


def test_a_card_that_is_no_card_is_named_with_its_pile_in_italian(client, session_id):
    deal = played_deal(6, 0)
    piles = [[card.code for card in pile] for pile in deal.piles]
    piles[1][3] = "KX"

    def ask() -> str:
        response = client.post(
            f"/sessions/{session_id}/deals/new/piles", data=piles_form(piles, deal.scarto)
        )
        return " ".join(field_errors(page(response), "pile_1"))

    _both(
        client,
        ask,
        "Bruno's pile: 'KX' is not a card.",
        "Prese di Bruno: 'KX' non è una carta.",
        english_words="piles[1]",
    )


def test_an_unrecordable_deal_shows_its_problems_without_codes(client, session_id):
    deal = played_deal(6, 0)
    piles = [[card.code for card in pile] for pile in deal.piles]
    piles[1] = piles[1][1:]  # a card short

    def ask() -> str:
        form = piles_form(piles, deal.scarto)
        response = client.post(f"/sessions/{session_id}/deals/new/piles", data=form)
        assert response.status_code == 422
        return text(page(response))

    _both(client, ask, "this deal cannot be recorded: ", "questa mano non si può registrare: ")


def test_the_error_page_is_in_italian(client):
    def ask() -> str:
        response = client.get("/sessions/999")
        assert response.status_code == 404
        return text(page(response))

    _both(client, ask, "no session 999", "la sessione 999 non esiste")


def test_a_first_dealer_the_table_lacks_is_named_by_its_label(client):
    def ask() -> str:
        data = helpers.session_form(helpers.PLAYERS, first_dealer=3)
        response = client.post("/sessions/new", data=data)
        assert response.status_code == 400
        return " ".join(field_errors(page(response), "first_dealer"))

    _both(
        client,
        ask,
        "First dealer must be a seat from 0 to 2",
        "Primo mazziere deve essere un posto da 0 a 2",
        english_words="first_dealer",
    )


# The JSON API: the sentences follow Accept-Language, the codes stay


def _session_api(client) -> int:
    created = client.post(
        "/api/v1/sessions", json={"ruleset": "scarto", "players": list(helpers.PLAYERS)}
    )
    assert created.status_code == 201
    return created.get_json()["id"]


def _short_piles() -> dict:
    body = piles_body(played_deal(6, 0))
    body["piles"][1] = body["piles"][1][1:]
    return body


API_REFUSALS = {
    "unknown card": ("/api/v1/count", {"ruleset": "scarto", "cards": ["KS", "KX"]}, 400),
    "card outside the pack": ("/api/v1/count", {"ruleset": "piedicavallo", "cards": ["1S"]}, 400),
    "rule the ruleset lacks": (
        "/api/v1/audit",
        {"ruleset": "scarto", "dealer": 0, **piles_body(played_deal(6, 0)), "fool_too_early": True},
        400,
    ),
    "unknown ruleset": ("/api/v1/sessions", {"ruleset": "bridge", "players": ["A", "B"]}, 400),
    "house rule value": (
        "/api/v1/sessions",
        {"ruleset": "scarto", "players": ["A", "B", "C"], "options": {"top_trump": 22}},
        400,
    ),
    "wrong number of points": ("{session}/deals", {"points": [1]}, 400),
    "unexpected key": ("{session}/deals", {"points": [30, 27, 21], "pionts": 1}, 400),
    "unrecordable deal": ("{session}/deals", _short_piles(), 422),
    "body not an object": ("/api/v1/count", [1, 2], 400),
    "no such session": ("/api/v1/sessions/999/deals", {"points": [30, 27, 21]}, 404),
}


def _ask_api(client, case: str, language: str):
    address, body, status = API_REFUSALS[case]
    address = address.format(session=f"/api/v1/sessions/{_session_api(client)}")
    response = client.post(address, json=body, headers={"Accept-Language": language})
    assert response.status_code == status, response.get_json()
    return response.get_json()


@pytest.mark.parametrize("language", ["it", "de"])
@pytest.mark.parametrize("case", list(API_REFUSALS))
def test_the_api_says_why_in_the_request_language_with_the_same_codes(client, case, language):
    english = _ask_api(client, case, "en")
    other = _ask_api(client, case, language)
    assert other["error"] != english["error"]
    assert [p["code"] for p in other["problems"]] == [p["code"] for p in english["problems"]]
    assert [p["message"] for p in other["problems"]] == [p["message"] for p in english["problems"]]
    for said in other["problems"]:
        assert said["text"] != said["message"], said


def test_the_api_answers_in_english_without_accept_language(client):
    answer = client.post("/api/v1/count", json={"ruleset": "scarto", "cards": ["KX"]}).get_json()
    assert answer == {
        "error": "cards: unknown card 'KX'",
        "problems": [
            {
                "code": "unknown-card",
                "message": "unknown card 'KX'",
                "text": "unknown card 'KX'",
                "trick": None,
            }
        ],
    }


def test_the_api_gives_a_problem_in_italian_as_its_text(client):
    answer = _ask_api(client, "unknown card", "it")
    assert answer["error"] == "cards: carta sconosciuta 'KX'"
    assert answer["problems"][0]["text"] == "carta sconosciuta 'KX'"
    assert answer["problems"][0]["message"] == "unknown card 'KX'"


# translate.error_text: the rules core's errors in the reader's language


def test_error_text_says_a_rules_core_error_in_the_readers_language(app):
    with pytest.raises(InvalidNotationError) as caught:
        parse_card("KX")
    with app.test_request_context(headers={"Accept-Language": "it"}):
        assert error_text(caught.value) == "carta sconosciuta 'KX'"
    with app.test_request_context():
        assert error_text(caught.value) == str(caught.value) == "unknown card 'KX'"


def test_error_text_fills_in_an_error_given_as_a_value(app):
    with pytest.raises(InvalidNotationError) as caught:
        parse_record(RECORD.format(scarto="KS").replace("scarto\n", "bridge\n", 1))
    with app.test_request_context(headers={"Accept-Language": "it"}):
        said = error_text(caught.value)
    assert said.startswith("riga 1: ruleset: regolamento sconosciuto 'bridge' (noti: scarto, ")


def test_error_text_leaves_other_errors_as_they_are(app):
    with app.test_request_context(headers={"Accept-Language": "it"}):
        assert error_text(KeyError("x")) == "'x'"
