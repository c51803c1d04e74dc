"""The players page of a club of thousands (issue "The club's history, trusted"): searched and
paged, so that its size and work stay those of one page whatever the club's size."""

from __future__ import annotations

from scorekeeper.services.players import persons
from scorekeeper.storage import players
from scorekeeper.storage import repository
from scorekeeper.web.db import get_db
from tests.web.helpers import page
from tests.web.helpers import text

CLUB = 3000


def many(app) -> None:
    with app.app_context():
        db = get_db()
        with repository.write(db):
            for number in range(CLUB):
                players.insert(db, f"Giocatore {number:04d} Rossi")
            players.insert(db, "Nicolò Bianchi")


def test_three_thousand_players_are_paged_and_searched(app, client):
    many(app)
    first = client.get("/players")
    assert first.status_code == 200
    soup = page(first)
    listed = soup.select("ul.players > li")
    assert len(listed) == persons.PAGE_SIZE
    # One page: its selects offer the players listed, not the club's thousands (was 9.2 MB).
    assert len(first.data) < 400_000
    assert "Page 1 of 61" in text(soup)  # 3,001 players, 50 a page
    second = page(client.get(soup.select_one("nav.pages a[rel=next]")["href"]))
    assert text(second.select_one("ul.players > li a")) == "Giocatore 0050 Rossi"
    found = page(client.get("/players?q=NICOLO"))  # case and accents ignored
    assert [text(a) for a in found.select("ul.players > li .who a")] == ["Nicolò Bianchi"]
    assert "1 player named like “NICOLO”" in text(found)
    none = page(client.get("/players?q=%25_"))  # LIKE's own signs are taken as they are
    assert "No player has such a name." in text(none)
    last = page(client.get("/players?page=999"))  # past the end: the last page
    assert "Page 61 of 61" in text(last)
