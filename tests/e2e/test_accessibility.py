"""Accessibility: axe-core on every page, at a phone's size (360 px, touch) and a desktop's.

A "serious" or "critical" violation fails the test, listed with its rule, the element (a CSS
selector) and axe's advice; "moderate" and "minor" ones are left to review. axe-core's script
ships inside the axe-playwright-python package, so this runs offline. The pages hold what a real
evening gives them: a protocol with deals entered four ways, a deal's breakdown, a keeper's
tokens and logins in club mode; each deal's correction as it opens, after Check (its breakdown,
and for a deal entered trick by trick its tricks) and after an error at a field.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal
from scorekeeper.storage import access
from scorekeeper.storage.db import open_db
from tests.bodies import piles_body
from tests.bodies import play_body
from tests.bodies import quick_body
from tests.e2e.conftest import DESKTOP
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.conftest import kept_tabs
from tests.e2e.conftest import serve
from tests.passwords import quick_hash

PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
FAILING = ("serious", "critical")
PASSWORD = "evening-at-the-club"
# Every page a keeper or a player sees, by path; {id} is a session with deals.
PAGES = {
    "home": "/",
    "new session": "/sessions/new",
    "protocol": "/sessions/{id}",
    "deal": "/sessions/{id}/deals/3",
    "replay": "/sessions/{id}/deals/4/replay",
    "count checker": "/count",
    "totals form": "/sessions/{id}/deals/new/totals",
    "quick count form": "/sessions/{id}/deals/new/quick",
    "full piles form": "/sessions/{id}/deals/new/piles",
    "trick by trick form": "/sessions/{id}/deals/new/play",
    "import form": "/sessions/{id}/deals/import",
    "import sessions": "/keeper/import",
    "scarto check": "/sessions/{id}/scarto",
}
# The deals of the evening by the form they were entered with, and the field of each form that is
# given a value it refuses (a word where a number goes, a card code that is none).
CORRECTIONS = {"totals": (1, "#points_0"), "quick": (2, "#scarto"), "piles": (3, "#scarto")}
CORRECTIONS |= {"play": (4, "#scarto")}
STATES = ("opened", "after Check", "after an error")
# In club mode: the login, and what the logged-in keeper alone sees (the protocol's share section
# with its QR code, the tokens and logins).
CLUB_PAGES = {"login": "/login", "tokens": "/keeper/tokens", "shared protocol": "/sessions/{id}"}


def evening(database: Path) -> int:
    """A session of Scarto with four deals: as totals, a quick count, full piles, trick by trick."""
    db = open_db(str(database))
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Nicolò"], "first_dealer": 0}
    session_id = services.start_session(db, body | {"place": "Biella"})
    services.record_deal(db, session_id, {"points": [30, 27, 21]})
    scarto = find_ruleset("scarto")
    services.record_deal(db, session_id, quick_body(random_deal(scarto, 7, 1)))
    services.record_deal(db, session_id, piles_body(random_deal(scarto, 11, 2)))
    services.record_deal(db, session_id, play_body(random_deal(scarto, 13, 0)))
    db.conn.close()
    return session_id


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """Local mode, with an evening's session: (base URL, session id)."""
    database = tmp_path_factory.mktemp("a11y") / "local.sqlite"
    session_id = evening(database)
    for base_url in serve(database):
        yield base_url, session_id


@pytest.fixture(scope="module")
def club_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """Club mode: a keeper password, an API token and an evening's session."""
    database = tmp_path_factory.mktemp("a11y") / "club.sqlite"
    db = open_db(str(database))
    access.set_keeper_password_hash(db, quick_hash(PASSWORD))
    access.add_token(db, "scoreboard", "0" * 64, "read", None)
    db.conn.close()
    session_id = evening(database)
    for base_url in serve(database):
        yield base_url, session_id


def browse(browser: Any, base_url: str, size: str) -> Any:
    context = browser.new_context(base_url=base_url, locale="en-GB", **SIZES[size])
    context.set_default_timeout(TIMEOUT_MS)
    return context


@pytest.fixture(scope="module")
def tabs(chromium_browser: Any, site: Any) -> Iterator[Any]:
    """A tab of the local site for each size, kept for the module (conftest.kept_tabs)."""
    with kept_tabs(lambda size: browse(chromium_browser, site[0], size).new_page()) as tab:
        yield tab


def violations(axe: Any, page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page, one line per element."""
    results = axe.run(page).response
    found = []
    for violation in results["violations"]:
        if violation["impact"] not in FAILING:
            continue
        for node in violation["nodes"]:
            target = " ".join(str(part) for part in node["target"])
            found.append(
                f"{violation['id']} ({violation['impact']}) at {target}: {violation['help']}"
            )
    return found


def check(axe: Any, page: Any, path: str) -> None:
    response = page.goto(path)
    assert response is not None
    assert response.status == 200, f"{path} answered {response.status}"
    page.wait_for_load_state("load")
    found = violations(axe, page)
    assert not found, f"{path}: {len(found)} serious or critical:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_no_serious_accessibility_violation(tabs, axe, site, name, size):
    check(axe, tabs(size), PAGES[name].format(id=site[1]))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("form", CORRECTIONS)
def test_no_serious_accessibility_violation_on_a_correction(tabs, axe, site, form, state, size):
    number, field = CORRECTIONS[form]
    path = f"/sessions/{site[1]}/deals/{number}/edit"
    page = tabs(size)
    if state == "opened":
        check(axe, page, path)
    else:
        page.goto(path)
        if state == "after an error":
            page.fill(field, "ZZ")
        with page.expect_navigation():
            page.locator("[type=submit][name=check]").click()
        page.wait_for_load_state("load")
        shown = ".breakdown" if state == "after Check" else ".has-error .error"
        assert page.locator(shown).count(), f"{path} {state}: no {shown}"
        found = violations(axe, page)
        assert not found, f"{path} {state}: serious or critical:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", CLUB_PAGES)
def test_no_serious_accessibility_violation_in_club_mode(
    chromium_browser, axe, club_site, name, size
):
    base_url, session_id = club_site
    context = browse(chromium_browser, base_url, size)
    try:
        page = context.new_page()
        if name != "login":
            page.goto("/login")
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_label("Password").press("Enter")
            page.wait_for_url(lambda url: "/login" not in url)
        check(axe, page, CLUB_PAGES[name].format(id=session_id))
    finally:
        context.close()
