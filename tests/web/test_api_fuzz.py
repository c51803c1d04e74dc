"""Fuzzing the JSON API: whatever the body, the answer is never a 500, and a refusal stores nothing.

Hypothesis sends arbitrary JSON (huge and negative numbers, floats, odd Unicode, lone surrogates,
nesting) and valid deal bodies with one part replaced, to every endpoint that reads a body. The
properties: the status is below 500; a 4xx answer is ``{"error": sentence, "problems": [...]}``;
and after a 4xx the session (its deals and the session list) is as it was. The app and its
sessions are made once for the module: Hypothesis runs many examples against the same database.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.ruleset import RULESET_IDS
from tests.bodies import piles_body
from tests.fuzzing import examples

API = "/api/v1"
FUZZ = settings(
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PLAYERS = {
    "scarto": ["Anna", "Bruno", "Carla"],
    "piedicavallo": ["Anna", "Bruno", "Carla", "Dario"],
}
CODES = [card.code for card in full_deck()]
DEAL_KEYS = (
    "points",
    "counters",
    "tricks",
    "fool_trick_winner",
    "piles",
    "play",
    "scarto",
    "last_trick_winner",
    "declaration",
    "version",
)
OTHER_KEYS = (
    "ruleset",
    "options",
    "dealer",
    "players",
    "first_dealer",
    "table_name",
    "place",
    "cards",
    "groups",
    "claimed",
)


# Strategies

odd_text = st.text(
    st.characters(exclude_categories=()),  # lone surrogates, controls, private use: everything
    max_size=30,
)
tricky_text = st.sampled_from(
    [
        "",
        " ",
        "T22",
        "T0",
        "0S",
        "11S",
        "KS KS",
        "k♠",
        "K♠\ufe0f",
        "Ｋ♠",
        "\ud800",
        "\x00",
        "\u202e",
        "e\u0301",
        "🂡",
        "x" * 300,
        "a\u0000b",
        "scarto",
        "piedicavallo",
        "Matto",
    ]
)
huge_ints = st.sampled_from([-1, 2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**30])
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | huge_ints
    | st.floats()  # NaN and infinities too: Python's JSON reader takes them
    | odd_text
    | tricky_text
    | st.sampled_from(CODES)
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(
            odd_text | st.sampled_from(DEAL_KEYS + OTHER_KEYS + tuple(CODES)), children, max_size=6
        )
    ),
    max_leaves=30,
)
# Objects with the keys the API reads, each holding anything: they get past "must be an object";
# with a real ruleset they get past that too.
known_keys = st.fixed_dictionaries({}, optional=dict.fromkeys(DEAL_KEYS + OTHER_KEYS, json_values))
with_ruleset = st.fixed_dictionaries(
    {"ruleset": st.sampled_from(RULESET_IDS)},
    optional=dict.fromkeys(DEAL_KEYS + OTHER_KEYS[1:], json_values),
)
bodies = (
    json_values | known_keys | with_ruleset | st.dictionaries(odd_text, json_values, max_size=4)
)


# The app, made once for the module


class Api:
    """The app with a three-player session (deals recorded) and a Piedicavallo one."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.client = app.test_client()
        self.sessions = {name: self.start(name) for name in PLAYERS}

    def start(self, ruleset: str) -> int:
        body = {"ruleset": ruleset, "players": PLAYERS[ruleset], "first_dealer": 0}
        response = self.client.post(f"{API}/sessions", json=body)
        assert response.status_code == 201, response.get_json()
        return int(response.get_json()["id"])

    def session(self, session_id: int) -> dict[str, Any]:
        response = self.client.get(f"{API}/sessions/{session_id}")
        assert response.status_code == 200
        return dict(response.get_json())

    def deals(self, session_id: int) -> list[dict[str, Any]]:
        return list(self.session(session_id)["deals"])

    def ensure_deals(self, session_id: int, count: int = 2) -> None:
        """At least ``count`` deals, so that deal 1 can be corrected."""
        ruleset = find_ruleset(self.session(session_id)["ruleset"])
        while len(self.deals(session_id)) < count:
            dealer = self.session(session_id)["next_dealer"]
            body = piles_body(random_deal(ruleset, len(self.deals(session_id)), dealer))
            response = self.client.post(f"{API}/sessions/{session_id}/deals", json=body)
            assert response.status_code == 201, response.get_json()

    def state(self) -> tuple[Any, ...]:
        """Everything a refused request must leave as it was."""
        listing = self.client.get(f"{API}/sessions").get_json()
        return (listing, *(self.session(s) for s in self.sessions.values()))


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    database = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    api = Api(create_app({"TESTING": True, "DATABASE": str(database)}))
    for session_id in api.sessions.values():
        api.ensure_deals(session_id)
    return api


def assert_answer(response, before=None, api=None):
    """Never a 5xx; a 4xx is the JSON refusal; after a 4xx nothing has changed."""
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400:
        body = response.get_json()
        assert isinstance(body, dict), response.get_data(as_text=True)[:200]
        assert isinstance(body["error"], str)
        assert body["error"].strip()
        assert isinstance(body["problems"], list)
        for problem in body["problems"]:
            assert isinstance(problem["code"], str)
            assert isinstance(problem["message"], str)
        if before is not None:
            assert api.state() == before, "a refused request changed what is stored"


def post_raw(client, path: str, body: Any, method: str = "POST"):
    """Send any JSON value as the body, NaN and lone surrogates included."""
    data = json.dumps(body)  # ensure_ascii: a lone surrogate travels as \ud800
    return client.open(path, method=method, data=data, content_type="application/json")


# Valid bodies, to mutate


def valid_bodies(ruleset_id: str, seed: int, dealer: int) -> dict[str, dict[str, Any]]:
    """The same played deal in each of the four input forms."""
    ruleset = find_ruleset(ruleset_id)
    deal = random_deal(ruleset, seed, dealer)
    counters: dict[str, Any] = {
        card.code: seat
        for seat, pile in enumerate(deal.piles)
        for card in pile
        if ruleset.is_counter(card)
    }
    counters |= {card.code: "scarto" for card in deal.scarto if ruleset.is_counter(card)}
    scarto = [card.code for card in deal.scarto]
    audit = {"ruleset": ruleset_id, "dealer": dealer}
    return {
        "piles": {**piles_body(deal), "last_trick_winner": deal.last_trick_winner},
        "quick": {
            "counters": counters,
            "tricks": list(deal.tricks_won),
            "fool_trick_winner": deal.fool_trick_winner,
            "scarto": scarto,
            "declaration": {"keeps_trump": True, "trumps_announced": 0},
        },
        "play": {
            "play": [[c.code for c in trick.cards] for trick in deal.tricks],
            "scarto": scarto,
        },
        "totals": {"points": [26] * ruleset.players if ruleset.players == 3 else [57, 57]},
        "audit": audit,
    }


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: dict keys and list indexes, nested."""
    places = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            places += paths_of(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            places += paths_of(item, (*prefix, index))
    return places


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: replaced(value[head], rest, new)}
    return [replaced(item, rest, new) if i == head else item for i, item in enumerate(value)]


mutations = st.one_of(
    json_values,
    huge_ints,
    tricky_text,
    st.sampled_from(CODES),  # a real card in the wrong place: a duplicate, a lost one
    st.sampled_from([None, True, 0, -1, 3, 4, 26.0, 1e308, [], {}, ["KS", "KS"], "scarto"]),
)


@st.composite
def mutated(draw, ruleset_id: str, dealer: int, audit: bool = False) -> dict[str, Any]:
    """A valid body of one input form with one part replaced, removed, or a key added."""
    forms = valid_bodies(ruleset_id, draw(st.integers(0, 2**32)), dealer)
    body = forms[draw(st.sampled_from(["piles", "quick", "play", "totals"]))]
    if audit:
        body = {**forms["audit"], **body}
    how = draw(st.sampled_from(["replace", "replace", "replace", "remove", "add"]))
    if how == "add":
        return {**body, draw(st.sampled_from(DEAL_KEYS + OTHER_KEYS)): draw(mutations)}
    path = draw(st.sampled_from(paths_of(body)))
    if how == "remove":
        copy = json.loads(json.dumps(body))
        target = copy
        for step in path[:-1]:
            target = target[step]
        del target[path[-1]]
        return dict(copy)
    return dict(replaced(body, path, draw(mutations)))


# Arbitrary JSON


@FUZZ
@given(body=bodies)
def test_count_never_fails_on_any_body(api, body):
    assert_answer(post_raw(api.client, f"{API}/count", body))


@FUZZ
@given(body=bodies)
def test_audit_never_fails_on_any_body(api, body):
    assert_answer(post_raw(api.client, f"{API}/audit", body))


@FUZZ
@given(body=bodies)
def test_starting_a_session_from_any_body_fails_cleanly_and_stores_nothing_refused(api, body):
    before = api.state()
    response = post_raw(api.client, f"{API}/sessions", body)
    assert_answer(response, before, api)


names = st.lists(odd_text | tricky_text | st.text(min_size=35, max_size=90), min_size=2, max_size=5)


@FUZZ
@given(
    ruleset=st.sampled_from(RULESET_IDS),
    players=names,
    first_dealer=st.integers(-2, 5) | huge_ints,
    table_name=st.none() | odd_text | tricky_text,
    place=st.none() | odd_text | tricky_text,
)
def test_a_session_with_odd_names_is_started_clean_or_refused(
    api, ruleset, players, first_dealer, table_name, place
):
    body = {
        "ruleset": ruleset,
        "players": players,
        "first_dealer": first_dealer,
        "table_name": table_name,
        "place": place,
    }
    before = api.state()
    response = post_raw(api.client, f"{API}/sessions", body)
    assert_answer(response, before, api)
    if response.status_code == 201:
        started = response.get_json()
        for name in [*started["players"], started["table_name"], started["place"]]:
            assert name == unicodedata.normalize("NFC", name)
            assert not any(unicodedata.category(ch).startswith("C") for ch in name)
            assert name == " ".join(name.split())
        assert all(0 < len(name) <= 40 for name in started["players"])
        assert api.session(started["id"]) == started


card_text = st.sampled_from(CODES) | tricky_text | odd_text
card_lists = st.lists(card_text, max_size=12) | card_text


@FUZZ
@given(
    ruleset=st.sampled_from(RULESET_IDS),
    cards=card_lists,
    groups=st.none() | st.lists(card_lists, max_size=5),
    claimed=st.lists(st.integers() | huge_ints | st.floats(), max_size=6),
)
def test_counting_odd_cards_and_claims_is_answered_or_refused_cleanly(
    api, ruleset, cards, groups, claimed
):
    body = {"ruleset": ruleset, "cards": cards, "groups": groups, "claimed": claimed}
    response = post_raw(api.client, f"{API}/count", body)
    assert_answer(response)


@FUZZ
@given(body=bodies, ruleset=st.sampled_from(sorted(PLAYERS)))
def test_recording_any_body_fails_cleanly_and_stores_nothing_refused(api, body, ruleset):
    session_id = api.sessions[ruleset]
    before = api.state()
    response = post_raw(api.client, f"{API}/sessions/{session_id}/deals", body)
    assert_answer(response, before, api)


@FUZZ
@given(body=bodies, ruleset=st.sampled_from(sorted(PLAYERS)))
def test_correcting_with_any_body_fails_cleanly_and_changes_nothing_refused(api, body, ruleset):
    session_id = api.sessions[ruleset]
    api.ensure_deals(session_id)
    before = api.state()
    response = post_raw(api.client, f"{API}/sessions/{session_id}/deals/1", body, method="PUT")
    assert_answer(response, before, api)


@FUZZ
@given(body=bodies, ruleset=st.sampled_from(sorted(PLAYERS)))
def test_replaying_any_body_never_fails(api, body, ruleset):
    session_id = api.sessions[ruleset]
    before = api.state()
    response = post_raw(api.client, f"{API}/sessions/{session_id}/replay", body)
    assert_answer(response, before, api)
    if response.status_code < 400:
        assert api.state() == before  # a replay never stores


@FUZZ
@given(body=bodies, version=st.none() | st.text(max_size=30) | huge_ints.map(str))
def test_deleting_with_any_body_or_version_fails_cleanly(api, body, version):
    session_id = api.sessions["scarto"]
    api.ensure_deals(session_id)
    before = api.state()
    response = api.client.delete(
        f"{API}/sessions/{session_id}/deals/1",
        data=json.dumps(body),
        content_type="application/json",
        query_string={} if version is None else {"version": version},
    )
    assert_answer(response, before, api)
    if response.status_code == 204:  # deal 1 is gone, as asked: the others move up
        assert len(api.deals(session_id)) == len(before[1]["deals"]) - 1


# Valid bodies with one part changed


@FUZZ
@given(data=st.data(), ruleset=st.sampled_from(sorted(PLAYERS)))
def test_a_mutated_deal_is_recorded_or_refused_cleanly(api, data, ruleset):
    session_id = api.sessions[ruleset]
    dealer = api.session(session_id)["next_dealer"]
    body = data.draw(mutated(ruleset, dealer))
    before = api.state()
    response = post_raw(api.client, f"{API}/sessions/{session_id}/deals", body)
    assert_answer(response, before, api)
    if response.status_code == 201:  # still a valid deal: take it back out
        number = response.get_json()["number"]
        assert api.client.delete(f"{API}/sessions/{session_id}/deals/{number}").status_code == 204


@FUZZ
@given(data=st.data(), ruleset=st.sampled_from(sorted(PLAYERS)))
def test_a_mutated_correction_is_made_or_refused_cleanly(api, data, ruleset):
    session_id = api.sessions[ruleset]
    api.ensure_deals(session_id)
    dealer = api.deals(session_id)[0]["dealer"]
    body = data.draw(mutated(ruleset, dealer))
    before = api.state()
    response = post_raw(api.client, f"{API}/sessions/{session_id}/deals/1", body, method="PUT")
    assert_answer(response, before, api)


@FUZZ
@given(data=st.data(), ruleset=st.sampled_from(sorted(PLAYERS)))
def test_a_mutated_audit_or_replay_is_answered_or_refused_cleanly(api, data, ruleset):
    session_id = api.sessions[ruleset]
    dealer = api.session(session_id)["next_dealer"]
    body = data.draw(mutated(ruleset, dealer, audit=True))
    assert_answer(post_raw(api.client, f"{API}/audit", body))
    assert_answer(post_raw(api.client, f"{API}/sessions/{session_id}/replay", body))


# Bodies that are not JSON objects at all


@pytest.mark.parametrize(
    "path",
    ["/count", "/audit", "/sessions", "/sessions/1/deals", "/sessions/1/replay"],
)
def test_a_body_over_256_kib_is_refused_with_a_json_413(api, path):
    before = api.state()
    body = json.dumps({"ruleset": "scarto", "cards": ["KS"] * 60_000})
    assert len(body) > 256 * 1024
    response = api.client.post(API + path, data=body, content_type="application/json")
    assert response.status_code == 413
    assert_answer(response, before, api)


def test_an_oversized_correction_or_deletion_is_refused_with_413(api):
    api.ensure_deals(api.sessions["scarto"])
    before = api.state()
    body = "[" + "0," * 140_000 + "0]"
    for method in ("PUT", "DELETE"):
        response = api.client.open(
            f"{API}/sessions/{api.sessions['scarto']}/deals/1",
            method=method,
            data=body,
            content_type="application/json",
        )
        assert response.status_code == 413
        assert_answer(response, before, api)


BAD_TEXT = [
    b"",
    b"{",
    b'{"ruleset": "scarto",}',
    b"{'ruleset': 'scarto'}",
    b"\xff\xfe{}",
    b'{"ruleset": "sc\xe0rto"}',
    b"null",
    b"[]",
    b'"scarto"',
    b"1" * 5000,  # longer than Python reads as an int
    b"[" * 100_000 + b"]" * 100_000,  # deeper than the JSON reader goes
]


@pytest.mark.parametrize("data", BAD_TEXT, ids=range(len(BAD_TEXT)))
@pytest.mark.parametrize(
    "path", ["/count", "/audit", "/sessions", "/sessions/1/deals", "/sessions/1/replay"]
)
def test_a_body_that_is_no_json_object_is_refused_with_a_json_400(api, path, data):
    before = api.state()
    response = api.client.post(API + path, data=data, content_type="application/json")
    assert response.status_code == 400
    assert_answer(response, before, api)


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None],
)
def test_a_json_body_with_the_wrong_content_type_is_refused_with_a_json_400(api, content_type):
    before = api.state()
    body = json.dumps({"points": [26, 26, 26]})
    path = f"{API}/sessions/{api.sessions['scarto']}/deals"
    response = api.client.post(path, data=body, content_type=content_type)
    assert response.status_code == 400
    assert_answer(response, before, api)


# Bugs the fuzzing found: each is a focused regression test


@pytest.mark.parametrize("version", ["¹", "²³", "⑦"])
def test_a_version_of_superscript_digits_is_refused_with_400_not_a_500(api, version):
    # api/values.py version_of reads a string version with str.isdigit(), which is true for "¹",
    # and then int("¹") raises ValueError: a 500 for PUT (body) and DELETE (query or body).
    session_id = api.sessions["scarto"]
    api.ensure_deals(session_id)
    before = api.state()
    deal = f"{API}/sessions/{session_id}/deals/1"
    answers = [
        api.client.put(deal, json={"points": [26, 26, 26], "version": version}),
        api.client.delete(deal, query_string={"version": version}),
        api.client.delete(deal, json={"version": version}),
    ]
    for response in answers:
        assert response.status_code == 400
        assert_answer(response, before, api)
