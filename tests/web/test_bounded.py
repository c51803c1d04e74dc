"""Bounded work: the largest body the size limit allows, of the worst shape, is refused at once.

A body just under MAX_CONTENT_LENGTH holds some 87,000 card codes, 30,000 tricks or 20,000 keys.
Each JSON endpoint and each form that reads one answers with a 4xx naming the problem, and stores
nothing. Before the bounds, a pile of 24,000 codes kept the count busy for over 20 s
(``cards.count(card)`` for each card), past gunicorn's 30 s timeout at full size; the forms of
cards took 0.5 to 2.5 s, read, audited and showed back card by card, and kept a scarto check or
a draft of 87,000 cards.

"At once" is counted, not timed, so that a busy machine never turns the suite red: the calls the
app's own code makes (to Python functions and built-ins alike) are counted as the request runs,
and a request that goes past CALLS is stopped there and fails its test. Walking a body of
thousands of units one by one costs a call or more per unit; a refusal that looks at its sizes
first costs what a small request costs, whatever the body holds.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlencode

import pytest

import scorekeeper
from scorekeeper.rules.cards import full_deck
from scorekeeper.web import warm_up
from tests.web.helpers import all_sessions
from tests.web.helpers import field_errors
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import session_form
from tests.web.helpers import text

API = "/api/v1"
OURS = str(Path(scorekeeper.__file__).parent)
"""The calls counted are those the app's own code makes: the body's decoding by Werkzeug (a
dictionary look-up for each escaped character) is bounded by the size limit alone."""
CALLS = 5_000
"""The calls the app's code may make for one request: the refusals make 100 to 2,000 (a form
shown back with its errors), the bodies hold 20,000 to 87,000 units."""
MARGIN = 64
"""Bytes under the size limit the bodies are built to."""
PACK = r"\d{5} cards, more than the 78-card pack"
RECORD = "ruleset: scarto\nplayers: Anna | Bruno | Carla\ndealer: Anna\n"

Make = Callable[[int], Any]
"""The body holding ``n`` of its repeated unit."""


@pytest.fixture
def sessions(app, client) -> dict[str, int]:
    """A session of three with a deal entered as totals, to correct; the ids for the paths.

    The templates are compiled first, as the server does at start (warm_up): compiling a page
    costs some 400,000 calls, once, and would hide what the request itself does."""
    warm_up(app)
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    created = client.post(f"{API}/sessions", json=body)
    assert created.status_code == 201, created.get_json()
    session = created.get_json()["id"]
    recorded = client.post(f"{API}/sessions/{session}/deals", json={"points": [30, 27, 21]})
    assert recorded.status_code == 201, recorded.get_json()
    return {"session": session, "number": 1}


def stored(app, session_id: int) -> tuple[Any, ...]:
    """Everything a refused request must leave as it was: sessions, deals, pending checks."""
    session = load(app, session_id)
    deals = [(deal.number, deal.version, deal.form, deal.input) for deal in session.deals]
    return len(all_sessions(app)), deals, session.pending_play, session.pending_scarto


class TooMuchWorkError(Exception):
    """A request went past CALLS: it walks the body rather than refusing it."""


@contextmanager
def bounded(calls: int) -> Iterator[None]:
    """Count the calls the app's code makes inside, and stop the work at the first past
    ``calls``: the test fails there, with TooMuchWorkError."""
    made = [0]

    def count(frame: FrameType, event: str, _arg: object) -> None:
        if event in ("call", "c_call") and frame.f_code.co_filename.startswith(OURS):
            made[0] += 1
            if made[0] > calls:
                sys.setprofile(None)
                raise TooMuchWorkError(f"more than {calls} calls")

    sys.setprofile(count)
    try:
        yield
    finally:
        sys.setprofile(None)


def encode(kind: str, body: Any) -> bytes:
    if kind == "json":
        return json.dumps(body, separators=(",", ":")).encode()
    return urlencode(body).encode()


def largest(kind: str, make: Make, limit: int) -> bytes:
    """The body of ``make(n)`` with the largest ``n`` that stays just under ``limit`` bytes."""
    target = limit - MARGIN
    one, two = len(encode(kind, make(1))), len(encode(kind, make(2)))
    n = 1 + (target - one) // (two - one)
    while len(encoded := encode(kind, make(n))) > target:
        n -= 1
    assert len(encoded) > target - 2 * (two - one), "the unit does not grow evenly"
    return encoded


def send(client, method: str, path: str, kind: str, data: bytes):
    """Send the body as a client would; a request making more than CALLS calls fails the test."""
    content_type = "application/json" if kind == "json" else "application/x-www-form-urlencoded"
    with bounded(CALLS):
        return client.open(path, method=method, data=data, content_type=content_type)


def codes(n: int, code: str = "KS") -> str:
    return " ".join([code] * n)


def _tricks(n: int) -> Iterator[str]:
    """Trick lines numbered with leading zeros, so that each is as long as the others."""
    return (f"{number:06}: KS 2S 3S\n" for number in range(1, n + 1))


# Each JSON case: method, path, the body of n units, and the refusal's words.
JSON_CASES = {
    "count: a string of codes": (
        "POST",
        "/count",
        lambda n: {"ruleset": "scarto", "cards": codes(n)},
        f"cards: {PACK}",
    ),
    "count: a list of codes": (
        "POST",
        "/count",
        lambda n: {"ruleset": "scarto", "cards": ["KS"] * n},
        r"cards may have at most 78 items, not \d+",
    ),
    "count: one group as a string": (
        "POST",
        "/count",
        lambda n: {"ruleset": "scarto", "groups": [codes(n)], "claimed": [1]},
        f"groups: {PACK}",
    ),
    "count: groups of a string each": (
        "POST",
        "/count",
        lambda n: {"ruleset": "scarto", "groups": [codes(n)] * 78, "claimed": [1] * 78},
        f"groups: {PACK}",
    ),
    "count: thousands of groups": (
        "POST",
        "/count",
        lambda n: {"ruleset": "scarto", "groups": [["KS"]] * n, "claimed": [1] * n},
        "groups may have at most 78 items",
    ),
    "count: thousands of claims": (
        "POST",
        "/count",
        lambda n: {"ruleset": "scarto", "groups": [["KS"]], "claimed": [1] * n},
        "claimed may have at most 78 items",
    ),
    "audit: a pile": (
        "POST",
        "/audit",
        lambda n: {"ruleset": "scarto", "piles": [["KS"] * n, [], []], "scarto": []},
        r"piles\[0\] may have at most 78 items",
    ),
    "audit: thousands of piles": (
        "POST",
        "/audit",
        lambda n: {"ruleset": "scarto", "piles": [[]] * n, "scarto": []},
        "piles may have at most 4 items",
    ),
    "audit: thousands of tricks": (
        "POST",
        "/audit",
        lambda n: {"ruleset": "scarto", "play": [["KS"]] * n, "scarto": []},
        "play may have at most 25 items",
    ),
    "audit: thousands of counters": (
        "POST",
        "/audit",
        lambda n: {
            "ruleset": "scarto",
            "counters": {f"K{i:06}": 0 for i in range(n)},
            "tricks": [1, 1, 1],
        },
        "counters may have at most 78 items",
    ),
    "audit: thousands of house rules": (
        "POST",
        "/audit",
        lambda n: {
            "ruleset": "scarto",
            "points": [30, 27, 21],
            "options": {f"o{i:06}": 1 for i in range(n)},
        },
        r"options: \d+ house rules, but there are only \d+",
    ),
    "audit: thousands of players": (
        "POST",
        "/audit",
        lambda n: {"ruleset": "scarto", "points": [30, 27, 21], "players": ["A"] * n},
        "players may have at most 4 items",
    ),
    "audit: thousands of unexpected keys": (
        "POST",
        "/audit",
        lambda n: {"ruleset": "scarto", "points": [30, 27, 21]} | {f"k{i:06}": 0 for i in range(n)},
        r"unexpected key k000000, k000001, k000002, k000003, k000004 and \d+ more",
    ),
    "sessions: thousands of players": (
        "POST",
        "/sessions",
        lambda n: {"ruleset": "scarto", "players": ["A"] * n},
        "players may have at most 4 items",
    ),
    "sessions: a long name": (
        "POST",
        "/sessions",
        lambda n: {"ruleset": "scarto", "players": ["A" * n, "B", "C"]},
        r"players\[0\] may have at most 40 characters",
    ),
    "deals: thousands of tricks": (
        "POST",
        "/sessions/{session}/deals",
        lambda n: {"play": [["KS"]] * n, "scarto": []},
        "play may have at most 25 items",
    ),
    "deals: a scarto": (
        "POST",
        "/sessions/{session}/deals",
        lambda n: {"piles": [[], [], []], "scarto": ["KS"] * n},
        "scarto may have at most 78 items",
    ),
    "deals: thousands of points": (
        "POST",
        "/sessions/{session}/deals",
        lambda n: {"points": [1] * n},
        "points may have at most 4 items",
    ),
    "deal correction: thousands of tricks": (
        "PUT",
        "/sessions/{session}/deals/{number}",
        lambda n: {"play": [["KS"]] * n, "scarto": []},
        "play may have at most 25 items",
    ),
    "deal correction: a pile": (
        "PUT",
        "/sessions/{session}/deals/{number}",
        lambda n: {"piles": [["KS"] * n, [], []], "scarto": []},
        r"piles\[0\] may have at most 78 items",
    ),
    "replay: thousands of tricks": (
        "POST",
        "/sessions/{session}/replay",
        lambda n: {"play": [["KS"]] * n, "scarto": []},
        "play may have at most 25 items",
    ),
    "replay: a trick of thousands of cards": (
        "POST",
        "/sessions/{session}/replay",
        lambda n: {"play": [["KS"] * n], "scarto": []},
        "trick 1 may have at most 4 items",
    ),
}


@pytest.mark.parametrize(("method", "path", "make", "says"), JSON_CASES.values(), ids=JSON_CASES)
def test_the_largest_json_body_of_the_worst_shape_is_refused_at_once(
    app, client, sessions, method, path, make, says
):
    limit = app.config["MAX_CONTENT_LENGTH"]
    data = largest("json", make, limit)
    before = stored(app, sessions["session"])
    response = send(client, method, API + path.format(**sessions), "json", data)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert re.search(says, error), error
    assert stored(app, sessions["session"]) == before


@pytest.mark.parametrize("path", ["/count", "/audit", "/sessions/{session}/replay"])
def test_json_nested_as_deep_as_the_size_limit_allows_is_refused_at_once(
    app, client, sessions, path
):
    limit = app.config["MAX_CONTENT_LENGTH"]
    data = ('{"cards":' + "[" * (limit - MARGIN)).encode()[: limit - MARGIN]
    response = send(client, "POST", API + path.format(**sessions), "json", data)
    assert response.status_code == 400
    assert "must be a JSON object" in response.get_json()["error"]


# Each form case: the page, the form data of n units, the field showing the error, its words.
FORM_CASES = {
    "count: a pile": (
        "/count",
        lambda n: {"ruleset": "scarto", "cards": codes(n)},
        "cards",
        PACK,
    ),
    "count: thousands of groups": (
        "/count",
        lambda n: {"ruleset": "scarto", "groups": "KS = 1\n" * n},
        "groups",
        r"\d{5} groups, more than the 78 cards of the pack",
    ),
    "count: thousands of empty groups": (
        "/count",
        lambda n: {"ruleset": "scarto", "groups": "=0\n" * n},
        "groups",
        r"\d{5} groups, more than the 78 cards of the pack",
    ),
    "count: one group of thousands of cards": (
        "/count",
        lambda n: {"ruleset": "scarto", "groups": codes(n) + " = 1"},
        "groups",
        PACK,
    ),
    "totals: a number of thousands of digits": (
        "/sessions/{session}/deals/new/totals",
        lambda n: {"points_0": "9" * n, "check": "y"},
        "points_0",
        "Not a valid integer value",
    ),
    "totals, correcting: a number of thousands of digits": (
        "/sessions/{session}/deals/{number}/edit",
        lambda n: {"points_0": "9" * n, "points_1": "27", "points_2": "21", "save": "y"},
        "points_0",
        "Not a valid integer value",
    ),
    "quick count: a scarto": (
        "/sessions/{session}/deals/new/quick",
        lambda n: {"scarto": codes(n), "check": "y"},
        "scarto",
        PACK,
    ),
    "piles: a pile": (
        "/sessions/{session}/deals/new/piles",
        lambda n: {"pile_0": codes(n), "save": "y"},
        "pile_0",
        PACK,
    ),
    "piles: a scarto": (
        "/sessions/{session}/deals/new/piles",
        lambda n: {"pile_1": "KS", "scarto": codes(n), "check": "y"},
        "scarto",
        PACK,
    ),
    "play: a trick of thousands of cards": (
        "/sessions/{session}/deals/new/play",
        lambda n: {"scarto": "KS", "tricks": codes(n), "check": "y"},
        "tricks",
        PACK,
    ),
    "play: thousands of tricks": (
        "/sessions/{session}/deals/new/play",
        lambda n: {"scarto": "KS", "tricks": "KS\n" * n, "check": "y"},
        "tricks",
        PACK,
    ),
    "play: a draft of thousands of cards": (
        "/sessions/{session}/deals/new/play",
        lambda n: {"scarto": "KS", "tricks": codes(n), "draft": "y"},
        "tricks",
        PACK,
    ),
    "play: a scarto": (
        "/sessions/{session}/deals/new/play",
        lambda n: {"scarto": codes(n), "tricks": "", "save": "y"},
        "scarto",
        PACK,
    ),
    "scarto check: the scarto": (
        "/sessions/{session}/scarto",
        lambda n: {"scarto": codes(n), "check": "y"},
        "scarto",
        PACK,
    ),
    "scarto check: the kept cards": (
        "/sessions/{session}/scarto",
        lambda n: {"scarto": "2S 3S 4S", "kept": codes(n), "check": "y"},
        "kept",
        PACK,
    ),
    "import: a trick of thousands of cards": (
        "/sessions/{session}/deals/import",
        lambda n: {"record": RECORD + "scarto: 2S 3S 4S\n1: " + codes(n)},
        "record",
        f"line 5: {PACK}",
    ),
    "import: a scarto of thousands of cards": (
        "/sessions/{session}/deals/import",
        lambda n: {"record": RECORD + "scarto: " + codes(n)},
        "record",
        f"line 4: {PACK}",
    ),
    "import: thousands of tricks": (
        "/sessions/{session}/deals/import",
        lambda n: {"record": RECORD + "scarto: 2S 3S 4S\n" + "".join(_tricks(n))},
        "record",
        "line 30: trick 26 is one too many: a deal has 25 tricks",
    ),
    "import: thousands of players": (
        "/sessions/{session}/deals/import",
        lambda n: {"record": "ruleset: scarto\nplayers: " + "A|" * n + "\ndealer: A\nscarto: KS"},
        "record",
        r"line 2: players: \d{5} players, but ruleset 'scarto' is played by 3",
    ),
    "new session: a long name": (
        "/sessions/new",
        lambda n: session_form(("A" * n, "Bruno", "Carla")),
        "player_0",
        "Field cannot be longer than 40 characters",
    ),
}


@pytest.mark.parametrize(("path", "make", "field", "says"), FORM_CASES.values(), ids=FORM_CASES)
def test_the_largest_form_of_the_worst_shape_is_refused_at_once_at_its_field(
    app, client, sessions, path, make, field, says
):
    limit = app.config["MAX_CONTENT_LENGTH"]
    data = largest("form", make, limit)
    before = stored(app, sessions["session"])
    response = send(client, "POST", path.format(**sessions), "form", data)
    assert response.status_code == 400, text(page(response))[:300]
    errors = " ".join(field_errors(page(response), field))
    assert re.search(says, errors), errors
    assert stored(app, sessions["session"]) == before


# The bounds are the pack: a whole pack is counted, one card more is refused, per ruleset.

DECK = [card.code for card in full_deck()]


@pytest.mark.parametrize(
    ("ruleset", "cards", "status", "says"),
    [
        ("scarto", DECK, 200, None),
        ("scarto", " ".join(DECK), 200, None),
        ("scarto", [*DECK, "KS"], 400, "cards may have at most 78 items, not 79"),
        ("scarto", " ".join([*DECK, "KS"]), 400, "cards: 79 cards, more than the 78-card pack"),
        ("piedicavallo", ["KS"] * 63, 400, "cards: 63 cards, more than the 62-card pack"),
    ],
)
def test_the_api_counts_a_whole_pack_and_refuses_one_card_more(
    client, ruleset, cards, status, says
):
    response = client.post(f"{API}/count", json={"ruleset": ruleset, "cards": cards})
    assert response.status_code == status, response.get_json()
    if says:
        assert response.get_json()["error"] == says
    else:
        assert response.get_json()["cards"] == len(DECK)


def test_the_api_checks_groups_of_a_whole_pack_and_refuses_one_card_more(client):
    groups = [DECK[i : i + 3] for i in range(0, len(DECK), 3)]
    body = {"ruleset": "scarto", "groups": groups, "claimed": [0] * len(groups)}
    assert client.post(f"{API}/count", json=body).status_code == 200
    body["groups"][0] = [*groups[0], "KS"]
    response = client.post(f"{API}/count", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"] == "groups: 79 cards, more than the 78-card pack"


@pytest.mark.parametrize(
    ("ruleset", "extra", "status", "says"),
    [
        ("scarto", [], 200, None),
        ("scarto", ["KS"], 400, "79 cards, more than the 78-card pack"),
        ("piedicavallo", [], 400, "78 cards, more than the 62-card pack"),
    ],
)
def test_the_count_page_counts_a_whole_pack_and_refuses_one_card_more(
    client, ruleset, extra, status, says
):
    cards = " ".join([*DECK, *extra])
    groups = [DECK[i : i + 3] for i in range(0, len(DECK), 3)] + ([extra] if extra else [])
    lines = "\n".join(" ".join(group) + " = 0" for group in groups)
    for field, value in (("cards", cards), ("groups", lines)):
        response = client.post("/count", data={"ruleset": ruleset, field: value})
        assert response.status_code == status, field
        if says:
            assert field_errors(page(response), field) == [says]
