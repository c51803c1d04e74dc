"""The OpenAPI description the app serves, and schemathesis run against the app with it.

The description (scorekeeper/web/api/openapi.json) must be valid OpenAPI, name the rules core's card
codes, rulesets and options, and describe every route of the JSON API. Then schemathesis
generates requests from it, valid and invalid, for every operation (its examples, coverage and
fuzzing phases: 30 fuzzed examples an operation, 300 in `make fuzz`) and runs every check it has
on each answer (tests/web/openapi_schema.py; tests/web/test_openapi_workflow.py sends requests
in sequence). A normal run draws the same requests every time; a fuzz run draws them from its
seed. What they found is kept below as fixed requests.

The schema is loaded at import from the package (pytest collects one test per operation from
it); the requests go to a fresh app made once for this module, on a temporary database. A path
whose generated session id is not a multiple of 3 is sent to a session made beforehand, kept
with three deals, so that the session and deal paths reach a real session as well as missing
ones; its deal number is then 1 to 4 (deal 4 is missing).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from flask import Flask
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from schemathesis.core.parameters import ParameterLocation

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.options import OPTIONS
from scorekeeper.rules.ruleset import RULESET_IDS
from scorekeeper.storage import access
from scorekeeper.web.api import shape
from scorekeeper.web.api.openapi import SOURCE
from scorekeeper.web.api.openapi import description
from scorekeeper.web.db import get_db
from tests.passwords import quick_hash
from tests.web.openapi_schema import LOOPBACK
from tests.web.openapi_schema import schema

API = "/api/v1"
SCHEMAS = description()["components"]["schemas"]
SESSION = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]}
DEAL = {"points": [30, 20, 28]}
EVENT = {
    "name": "Club night",
    "ruleset": "scarto",
    "entrants": ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"],
    "rounds": 3,
    "deals_per_round": 3,
}


@dataclass
class Target:
    app: Flask
    session_id: int
    event_id: int = 0

    def ensure_deals(self, count: int = 3) -> None:
        client = self.app.test_client()
        path = f"{API}/sessions/{self.session_id}"
        while len(client.get(path).get_json()["deals"]) < count:
            response = client.post(f"{path}/deals", json=DEAL)
            assert response.status_code == 201, response.get_json()


@pytest.fixture(scope="module")
def target(tmp_path_factory) -> Target:
    database = tmp_path_factory.mktemp("openapi") / "openapi.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(database)})
    response = app.test_client().post(f"{API}/sessions", json=SESSION)
    assert response.status_code == 201
    made = Target(app, response.get_json()["id"])
    made.ensure_deals()
    response = app.test_client().post(f"{API}/events", json=EVENT)
    assert response.status_code == 201
    made.event_id = response.get_json()["id"]
    return made


# The description itself


def test_the_app_serves_the_description_and_it_is_valid_openapi(client):
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    served = response.get_json()
    assert served == json.loads(SOURCE.read_text(encoding="utf-8"))
    assert served["openapi"].startswith("3.1")
    validate(served)


def test_schemathesis_loads_the_description_the_app_serves(target):
    loaded = schemathesis.openapi.from_wsgi(
        f"{API}/openapi.json", target.app, environ_base=LOOPBACK
    )
    labels = {result.ok().label for result in loaded.get_all_operations()}
    assert len(labels) == 38
    assert "POST /imports" in labels
    assert "PUT /sessions/{session_id}/deals/{number}" in labels


def test_every_route_of_the_api_is_described_and_nothing_else(app):
    described = {
        (method.upper(), API + path.replace("{", "<").replace("}", ">"))
        for path, item in description()["paths"].items()
        for method in item
        if method != "parameters"
    }
    routes = {
        (method, rule.rule.replace("<int:", "<"))
        for rule in app.url_map.iter_rules()
        if rule.endpoint.startswith("api.") and rule.endpoint != "api.spec"  # the description
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert described == routes


def test_the_card_codes_rulesets_and_options_are_the_rules_cores():
    assert SCHEMAS["CardCode"]["enum"] == [card.code for card in full_deck()]
    assert SCHEMAS["RulesetId"]["enum"] == list(RULESET_IDS)
    for name in ("Options", "RulesOptions"):
        properties = SCHEMAS[name]["properties"]
        assert {key: value["enum"] for key, value in properties.items()} == {
            key: list(option.values) for key, option in OPTIONS.items()
        }


def test_the_four_input_forms_are_one_of_a_deal():
    forms = SCHEMAS["DealInput"]["oneOf"]
    assert [sorted(form["required"]) for form in forms] == [
        ["points"],
        ["counters", "tricks"],
        ["piles", "scarto"],
        ["play", "scarto"],
    ]


# Schemathesis against the app


# Marked as every Hypothesis test is, so that `make fuzz` (pytest -m hypothesis) runs it.
@pytest.mark.hypothesis
@schema.parametrize()
def test_the_api_never_fails_and_answers_as_described(case, target):
    params: dict[str, Any] = case.path_parameters or {}
    # A path made invalid on purpose stays as it is: sent elsewhere, it would be a valid one.
    invalid_path = case.meta is not None and case.meta.is_negative_at(ParameterLocation.PATH)
    if not invalid_path and isinstance(params.get("session_id"), int) and params["session_id"] % 3:
        target.ensure_deals()
        params["session_id"] = target.session_id
        if isinstance(params.get("number"), int):
            params["number"] = 1 + params["number"] % 4
    if not invalid_path and isinstance(params.get("event_id"), int) and params["event_id"] % 3:
        # The event made beforehand, its first rounds and tables: a path reaches it as well as
        # missing ones, whatever state the requests before left it in.
        params["event_id"] = target.event_id
        for name, most in (("round_no", 2), ("table", 3), ("adjustment_id", 3)):
            if isinstance(params.get(name), int):
                params[name] = 1 + params[name] % most
    case.call_and_validate(app=target.app, environ_base=LOOPBACK)


# Answers schemathesis found otherwise than described (and a few more of the same kinds found
# beside them), each now a fixed request. A request the description allows must be answered as
# described; one it forbids must be refused, and nothing stored.


def allowed(request: str, body: object) -> bool:
    """Whether the description allows ``body`` for ``request`` ("POST /audit")."""
    method, path = request.split()
    content = description()["paths"][path][method.lower()]["requestBody"]["content"]
    root = {**content["application/json"]["schema"], "components": {"schemas": SCHEMAS}}
    return Draft202012Validator(root).is_valid(body)


def start(client, body: dict[str, Any]) -> int:
    response = client.post(f"{API}/sessions", json=body)
    assert response.status_code == 201
    return int(response.get_json()["id"])


def ask(client, request: str, body: object = None, **params: Any):
    """The app's answer to ``request`` ("GET /sessions/{session_id}"), checked against the
    operation's description."""
    method, path = request.split()
    response = client.open(API + path.format(**params), method=method, json=body)
    schema[path][method].validate_response(response)
    return response


def test_a_scarto_undecided_until_the_dealer_says_more_is_legal_null(app, client):
    # The audit answered "legal": null, which the rules core gives a scarto that depends on what
    # the dealer kept; the description had ScartoVerdict.legal (and ScartoCheck.legal) boolean.
    piles = [["KS"], [], [], []]
    body = {"ruleset": "piedicavallo", "dealer": 0, "piles": piles, "scarto": ["T15", "T18"]}
    verdict = ask(client, "POST /audit", body).get_json()["scarto"]
    assert verdict["legal"] is None
    assert {note["code"] for note in verdict["notes"]} == {"scarto-unverified"}
    players = ["Anna", "Bruno", "Carla", "Dario"]
    session_id = start(client, {"ruleset": "piedicavallo", "players": players})
    with app.test_request_context():
        services.check_scarto_first(get_db(), session_id, {"scarto": ["T15", "T18"]})
    shown = ask(client, "GET /sessions/{session_id}", session_id=session_id).get_json()
    assert shown["pending_scarto"]["legal"] is None


def test_a_method_an_address_does_not_take_is_405_with_the_methods_it_takes(client):
    # A 405 came without the Allow header that RFC 9110 requires of it.
    response = client.open(f"{API}/rulesets", method="TRACE")
    assert response.status_code == 405
    assert response.get_json() == {"error": response.get_json()["error"], "problems": []}
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}


def test_a_request_without_the_rights_it_needs_is_refused_as_described(app):
    # Found beside schemathesis, which runs as the keeper's own machine without a password:
    # another machine's 403 and, once a password is set, the 401 of a request without a token
    # were answered and not described.
    lan = app.test_client()
    lan.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    assert ask(lan, "GET /rulesets").status_code == 403
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash("secret123"))
    assert ask(lan, "GET /sessions").status_code == 401
    assert ask(lan, "POST /count", {"ruleset": "scarto", "cards": ["KS"]}).status_code == 200


FORBIDDEN = [
    # Keys the description does not name were passed over, and the session was made.
    ("POST /sessions", {**SESSION, "x-schemathesis-unknown-property": 42}),
    ("POST /count", {"ruleset": "scarto", "claimed": [], "groups": [], "x": 1}),
    # A key of another input form was passed over (the tricks, with the totals).
    ("POST /audit", {"ruleset": "scarto", **DEAL, "tricks": [1]}),
    # Text for a number, as a page's form or a query string sends it, was read: "0" as false,
    # "1" as version 1.
    ("POST /sessions", {**SESSION, "options": {"fool_may_lead": "0"}}),
    ("PUT /sessions/{session_id}/deals/{number}", {**DEAL, "version": "1"}),
    # A place of 84 characters was stored: the app measured it without its control characters.
    ("POST /sessions", {**SESSION, "place": "Bar\u0007" * 21}),
    # A pile of 79 cards (of a 78-card deck) was audited.
    (
        "POST /audit",
        {"ruleset": "scarto", "dealer": 0, "piles": [["KS"] * 79, [], []], "scarto": []},
    ),
    # A trick of five cards was replayed, as a problem (trick-size) in a 200.
    ("POST /sessions/{session_id}/replay", {"play": [["F"] * 5], "scarto": []}),
    # 24 tricks in Piedicavallo (15 a deal) were described as allowed, up to 25, and refused.
    ("POST /audit", {"ruleset": "piedicavallo", "dealer": 0, "play": [[]] * 24, "scarto": []}),
]


@pytest.mark.parametrize(("operation", "body"), FORBIDDEN)
def test_a_request_the_description_forbids_is_refused(client, operation, body):
    session_id = start(client, SESSION)
    assert client.post(f"{API}/sessions/{session_id}/deals", json=DEAL).status_code == 201
    assert not allowed(operation, body)
    assert ask(client, operation, body, session_id=session_id, number=1).status_code == 400
    assert len(client.get(f"{API}/sessions").get_json()) == 1
    shown = ask(client, "GET /sessions/{session_id}", session_id=session_id).get_json()
    assert shown["totals"] == [4, -6, 2]


ALLOWED = [
    # The quick count's scarto as null (not known) was read, and described as a list only.
    (
        "POST /audit",
        {"ruleset": "scarto", "dealer": 0, "counters": {}, "tricks": [0, 0, 0], "scarto": None},
    ),
    # Another form's key as null counts as absent, as the description said in words only.
    ("POST /audit", {"ruleset": "scarto", **DEAL, "counters": None}),
    # An edit PIN was read, and not described.
    ("POST /sessions", {**SESSION, "pin": "2468"}),
    # Codes in any case, the Fool as 0, one string of codes: read, and described in words only.
    ("POST /count", {"ruleset": "scarto", "cards": ["ks", "0", "10♠"]}),
    ("POST /count", {"ruleset": "scarto", "cards": "KS, qs T21"}),
]


@pytest.mark.parametrize(("operation", "body"), ALLOWED)
def test_a_request_the_description_allows_is_answered_as_described(client, operation, body):
    assert allowed(operation, body)
    assert ask(client, operation, body).status_code in (200, 201)


def test_the_bodies_are_held_to_the_keys_and_sizes_the_description_gives(app):
    # The description is the one place a body's shape is written (web/api/shape.py reads it):
    # a play as long as its maxItems passes, one trick more is refused with that number, and a
    # key it does not name is refused with the keys it does.
    branch = next(o for o in SCHEMAS["DealInput"]["oneOf"] if "play" in o.get("required", []))
    most = branch["properties"]["play"]["maxItems"]
    takes = sorted(k for k, v in branch["properties"].items() if "Absent" not in str(v))
    with app.test_request_context():
        shape.deal_body({"play": [["KS"]] * most, "scarto": []})
        with pytest.raises(
            services.InputError, match=f"play may have at most {most} items, not {most + 1}"
        ):
            shape.deal_body({"play": [["KS"]] * (most + 1), "scarto": []})
        with pytest.raises(services.InputError) as refused:
            shape.deal_body({"play": [], "scarto": [], "pley": 1})
    assert str(refused.value) == f"unexpected key pley: this body takes {', '.join(takes)}"
