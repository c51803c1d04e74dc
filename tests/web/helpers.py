"""Shared helpers for the page tests: an app for form posts, form data, and reading pages.

The page tests post forms as a browser would. CSRF is switched off in their app (one test in
test_pages.py proves it is on by default); everything else is the real app on a fresh SQLite file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from bs4 import BeautifulSoup
from bs4 import Tag

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal
from scorekeeper.web.db import get_db
from tests.databases import fresh_database

SCARTO = find_ruleset("scarto")
PLAYERS = ("Anna", "Bruno", "Carla")


def make_app(tmp_path, **config: Any):
    """The app on a fresh database, with CSRF off so that tests can post forms directly."""
    return create_app(
        {
            "TESTING": True,
            "DATABASE": fresh_database(tmp_path / "t.sqlite"),
            "WTF_CSRF_ENABLED": False,
            **config,
        }
    )


# Reading the database through the services, as the app does


def load(app, session_id: int) -> services.Session:
    with app.app_context():
        return services.load_session(get_db(), session_id)


def all_sessions(app) -> list[dict[str, Any]]:
    with app.app_context():
        return services.list_sessions(get_db())


def deal_count(app, session_id: int) -> int:
    return len(load(app, session_id).deals)


def stored_points(app, session_id: int) -> list[list[int]]:
    return [list(deal.result.points) for deal in load(app, session_id).deals]


def next_dealer(app, session_id: int) -> int:
    """The seat dealing the next deal: the first dealer, then each seat in turn."""
    session = load(app, session_id)
    return (session.first_dealer + len(session.deals)) % session.ruleset.players


# Starting sessions and recording deals through the pages


def session_form(
    players: Iterable[str] = PLAYERS, ruleset: str = "scarto", first_dealer: int = 0, **more: str
) -> dict[str, str]:
    """The new-session form's fields: ruleset, player_0.., first dealer, then anything else.
    New names are added as players, as the keeper confirms them on the page ("Yes, add them")."""
    players = list(players)
    data = {"ruleset": ruleset, "first_dealer": str(first_dealer), "start": "Start the session"}
    data |= {f"player_{seat}": name for seat, name in enumerate(players)}
    data |= {"add_players": "Yes, add them", "confirmed": "\n".join(players)}
    return data | more


def start_session(client, players: Iterable[str] = PLAYERS, **more: Any) -> int:
    """Start a session through the form; return its id from the redirect."""
    response = client.post("/sessions/new", data=session_form(players, **more))
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.fullmatch(r"(?:http://localhost)?/sessions/(\d+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return int(match.group(1))


def totals_form(points: Iterable[int | str | None], button: str = "save") -> dict[str, str]:
    data = {f"points_{side}": "" if p is None else str(p) for side, p in enumerate(points)}
    return data | {button: "y"}


def record_totals(client, session_id: int, points: Iterable[int | str | None]) -> None:
    response = client.post(f"/sessions/{session_id}/deals/new/totals", data=totals_form(points))
    assert response.status_code == 303, response.get_data(as_text=True)
    assert saved_to_protocol(response, session_id)


def saved_to_protocol(response, session_id: int) -> bool:
    """Whether a save's redirect leads to the session's protocol (with the saved deal's id)."""
    parts = urlsplit(response.headers["Location"])
    return parts.path == f"/sessions/{session_id}" and parts.query.startswith("saved=")


def session_with_totals(client, deals: Iterable[Iterable[int]]) -> int:
    """Anna, Bruno and Carla at Scarto, Anna dealing first, these deals entered as totals."""
    session_id = start_session(client)
    for points in deals:
        record_totals(client, session_id, points)
    return session_id


def played_deal(seed: int, dealer: int, ruleset=SCARTO):
    return random_deal(ruleset, seed, dealer)


def quick_form(deal, ruleset=SCARTO, button: str = "save") -> dict[str, str]:
    """The quick count of a played deal: each counter's place, tricks, the Fool's trick, scarto."""
    counters = {
        card.code: str(seat)
        for seat, pile in enumerate(deal.piles)
        for card in pile
        if ruleset.is_counter(card)
    }
    counters |= {card.code: "scarto" for card in deal.scarto if ruleset.is_counter(card)}
    data = {f"card_{code}": place for code, place in counters.items()}
    data |= {f"tricks_{seat}": str(won) for seat, won in enumerate(deal.tricks_won)}
    fool = deal.fool_trick_winner
    data["fool_trick_winner"] = "" if fool is None else str(fool)
    data["scarto"] = " ".join(card.code for card in deal.scarto)
    data["last_trick_winner"] = str(deal.last_trick_winner)
    return data | {button: "y"}


def piles_form(
    piles: Iterable[Iterable[Any]],
    scarto: Iterable[Any],
    last_trick_winner: int | None = None,
    button: str = "save",
) -> dict[str, str]:
    """Each seat's pile and the scarto as codes separated by spaces (cards or plain codes)."""
    data = {f"pile_{seat}": " ".join(_code(c) for c in pile) for seat, pile in enumerate(piles)}
    data["scarto"] = " ".join(_code(c) for c in scarto)
    data["last_trick_winner"] = "" if last_trick_winner is None else str(last_trick_winner)
    return data | {button: "y"}


def _code(card: Any) -> str:
    return card if isinstance(card, str) else card.code


# Reading pages


def page(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def text(node: Tag | BeautifulSoup | None) -> str:
    """Visible text with whitespace collapsed."""
    assert node is not None
    return " ".join(node.get_text(" ").split())


def field_errors(soup: BeautifulSoup, name: str) -> list[str]:
    """The error messages shown next to the field (or radio group) called ``name``.

    The field's box is its smallest ancestor that holds no other named field; the errors are the
    alerts and ``.error`` paragraphs inside it.
    """
    control = soup.find(attrs={"name": name})
    assert control is not None, f"no field {name!r} on the page"
    box: Tag = control
    for parent in control.parents:
        if parent.name in ("form", "body", "[document]"):
            break
        names = {el["name"] for el in parent.find_all(attrs={"name": True})}
        if names - {name}:
            break
        box = parent
    return [text(p) for p in box.select(".error, [role=alert]")]


def field_value(soup: BeautifulSoup, name: str) -> str:
    """The value a field shows: an input's value, a textarea's text, a select's chosen option."""
    control = soup.find(attrs={"name": name})
    assert control is not None, f"no field {name!r} on the page"
    if control.name == "textarea":
        return control.get_text()
    if control.name == "select":
        chosen = control.find("option", selected=True)
        return str(chosen["value"]) if chosen else ""
    if control.get("type") == "radio":
        checked = soup.find(attrs={"name": name, "checked": True})
        return str(checked["value"]) if checked else ""
    return str(control.get("value", ""))


def alerts(soup: BeautifulSoup) -> list[str]:
    return [text(p) for p in soup.select(".error, [role=alert]")]


def deal_row(soup: BeautifulSoup, number: int) -> Tag:
    row = soup.select_one(f"tr#deal-{number}")
    assert row is not None, f"no row for deal {number}"
    return row


def deal_rows(soup: BeautifulSoup) -> list[Tag]:
    return soup.select("tr[id^=deal-]")


def row_marks(soup: BeautifulSoup, number: int) -> str:
    """Everything the protocol says about a deal: its row (text and titles) and the rows under it
    up to the next deal's row."""
    row = deal_row(soup, number)
    parts = [text(row)] + [str(el.get("title", "")) for el in row.find_all(title=True)]
    for sibling in row.find_next_siblings("tr"):
        if str(sibling.get("id", "")).startswith("deal-"):
            break
        parts.append(text(sibling))
    return " ".join(parts)


def row_cells(soup: BeautifulSoup, number: int) -> list[str]:
    """A deal's row: its number (the row's header), its dealer's name, then each side's cells."""
    row = deal_row(soup, number)
    dealer = text(row.select_one("td.dealer .name"))
    return [text(row.th), dealer, *(text(cell) for cell in side_cells(row))]


def side_cells(row: Tag) -> list[Tag]:
    """A deal's row's cells after the dealer's: each side's score, then its running total."""
    return row.find_all("td", recursive=False)[1:]


def protocol_numbers(soup: BeautifulSoup, number: int) -> dict[str, list[int]]:
    """A deal's row read as numbers: points, recorded scores and running totals.

    Per side the row holds a cell "points (score)", or one number where the ruleset records raw
    points (they are the score), then a cell with the side's running total.
    """
    out: dict[str, list[int]] = {"points": [], "scores": [], "totals": []}
    cells = side_cells(deal_row(soup, number))
    for cell, total in zip(cells[::2], cells[1::2], strict=True):
        shown = text(cell)
        match = re.fullmatch(r"(-?\d+) \(([+-]?\d+)\)", shown)
        points, score = match.groups() if match else (shown, shown)
        out["points"].append(int(points))
        out["scores"].append(int(score))
        out["totals"].append(int(text(total)))
    return out


def form_data(soup: BeautifulSoup) -> dict[str, str]:
    """What the page's entry form would send as it stands (no button)."""
    form = soup.find("form", attrs={"class": re.compile("entry")}) or soup.find("form")
    assert form is not None
    data: dict[str, str] = {}
    for control in form.find_all(["input", "select", "textarea"]):
        name = control.get("name")
        if not name or control.get("type") == "submit":
            continue
        if control.get("type") in ("radio", "checkbox"):
            if control.has_attr("checked"):
                data[name] = str(control.get("value", "y"))
            continue
        data[name] = (
            field_value(soup, name) if control.name != "input" else control.get("value", "")
        )
    return data
