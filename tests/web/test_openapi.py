"""The OpenAPI description the app serves, and schemathesis run against the app with it.

The description (scorekeeper/web/openapi.json) must be valid OpenAPI, name the rules core's card
codes, rulesets and options, and describe every route of the JSON API. Then schemathesis
generates requests from it, valid and invalid, for every operation (its examples, coverage and
fuzzing phases, at most 30 fuzzed examples an operation) and checks that no answer is a 5xx and
that every answer matches the description.

The schema is loaded at import from the package (pytest collects one test per operation from
it); the requests go to a fresh app made once for this module, on a temporary database. A path
whose generated session id is not a multiple of 3 is sent to a session made beforehand, kept
with three deals, so that the session and deal paths reach a real session as well as missing
ones; its deal number is then 1 to 4 (deal 4 is missing). The test client must come from the
loopback address: the app refuses other machines unless a keeper password is set.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from flask import Flask
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from scorekeeper import create_app
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.options import OPTIONS
from scorekeeper.rules.ruleset import RULESET_IDS
from scorekeeper.web.openapi import SOURCE
from scorekeeper.web.openapi import description

API = "/api/v1"
LOOPBACK = {"REMOTE_ADDR": "127.0.0.1"}
SCHEMAS = description()["components"]["schemas"]


@dataclass
class Target:
    app: Flask
    session_id: int

    def ensure_deals(self, count: int = 3) -> None:
        client = self.app.test_client()
        path = f"{API}/sessions/{self.session_id}"
        while len(client.get(path).get_json()["deals"]) < count:
            response = client.post(f"{path}/deals", json={"points": [30, 20, 28]})
            assert response.status_code == 201, response.get_json()


@pytest.fixture(scope="module")
def target(tmp_path_factory) -> Target:
    database = tmp_path_factory.mktemp("openapi") / "openapi.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(database)})
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]}
    response = app.test_client().post(f"{API}/sessions", json=body)
    assert response.status_code == 201
    made = Target(app, response.get_json()["id"])
    made.ensure_deals()
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
    assert len(labels) == 10
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
        if rule.endpoint.startswith("api.")
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

schema = schemathesis.openapi.from_dict(description())
schema.config.generation.update(max_examples=30)
schema.config.phases.update(phases=["examples", "coverage", "fuzzing"])


@schema.parametrize()
def test_the_api_never_fails_and_answers_as_described(case, target):
    params: dict[str, Any] = case.path_parameters or {}
    if isinstance(params.get("session_id"), int) and params["session_id"] % 3:
        target.ensure_deals()
        params["session_id"] = target.session_id
        if isinstance(params.get("number"), int):
            params["number"] = 1 + params["number"] % 4
    case.call_and_validate(
        checks=[not_a_server_error, response_schema_conformance],
        app=target.app,
        environ_base=LOOPBACK,
    )
