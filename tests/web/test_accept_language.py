"""Accept-Language is read within bounds (issue #32, "Bounded everywhere"): the header's first
2 KB and 32 entries, cut before Werkzeug parses it, so that a 60 KB header costs a request no
more than a browser's; the CPU it saved is measured in bench/bounded_headers.py, not here."""

from __future__ import annotations

import pytest
from flask import request

from scorekeeper.web.i18n import ACCEPT_LANGUAGE_CHARACTERS
from scorekeeper.web.i18n import ACCEPT_LANGUAGE_ENTRIES
from scorekeeper.web.i18n import bounded_accept_language
from tests.web.helpers import page

FILLER = ",".join(f"x{n % 1000:03d}-yy;q=0.5" for n in range(5000))  # 69 KB of entries
assert len(FILLER) > 60_000


def language_of(client, header: str) -> str:
    return page(client.get("/", headers={"Accept-Language": header})).html["lang"]


def test_a_preferred_language_past_the_bound_is_not_read(client):
    assert language_of(client, "it") == "it"
    assert language_of(client, f"{FILLER},it;q=1") == "en"
    assert language_of(client, f"it;q=1,{FILLER}") == "it"  # within the bound: read


def test_the_entries_a_request_parses_are_at_most_the_bound(app):
    with app.test_client() as client:
        client.get("/", headers={"Accept-Language": FILLER})
        entries = list(request.accept_languages)
        assert len(entries) == ACCEPT_LANGUAGE_ENTRIES
        assert entries[0] == ("x000-yy", 0.5)


def test_the_api_is_bounded_too(client):
    body = {"ruleset": "tresette", "cards": []}
    for header, word in (("de", "Regelwerk"), (f"{FILLER},de", "ruleset")):
        answer = client.post("/api/v1/count", json=body, headers={"Accept-Language": header})
        assert answer.status_code == 400
        assert word in answer.get_json()["error"], answer.get_json()


@pytest.mark.parametrize(
    ("header", "kept"),
    [
        ("it-IT,it;q=0.9,en;q=0.8", "it-IT,it;q=0.9,en;q=0.8"),  # a browser's: as sent
        (",".join(["de"] * 40), ",".join(["de"] * ACCEPT_LANGUAGE_ENTRIES)),
        ("sv;q=0.9," + "a" * 3000, "sv;q=0.9"),  # the entry the cut splits goes
        ("a" * 3000, ""),
    ],
)
def test_the_header_is_cut_at_an_entry(header, kept):
    assert bounded_accept_language(header) == kept
    assert len(bounded_accept_language(header)) <= ACCEPT_LANGUAGE_CHARACTERS
