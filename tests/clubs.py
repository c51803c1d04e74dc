"""A club's years built quickly, for the tests and benchmarks that need thousands of sessions.

Each session is stored whole as a paper protocol (services/sessions/paper.py: every row read
and audited as the totals form reads it, all in one write), on a day of the ``years`` before
yesterday, oldest first: a table of three drawn from ``players`` names (Scarto, one in twenty
Tarocchi a 3) or, one in ten, a Piedicavallo table of four; ``deals`` deals each (a few whole
games). The points of a deal are drawn at random around an even share: 78 counted among three
players, 114 between two teams (rules.md's totals).
"""

from __future__ import annotations

import datetime
import random
from pathlib import Path

from scorekeeper.services.sessions.paper import record_paper
from scorekeeper.storage.db import open_db

FIRST = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Luca", "Marta", "Nicolò"]
FIRST += [
    "Paola",
    "Renzo",
    "Silvia",
    "Tommaso",
    "Ugo",
    "Vera",
    "Walter",
    "Zita",
    "Bianca",
    "Cesare",
]
LAST = ("Rossi", "Ferrero", "Bianchi")
TOTALS = {3: 78, 2: 114}
"""The points of a deal, by the number of sides counting them."""


def split(rng: random.Random, sides: int) -> list[int]:
    """A deal's points, each side within 12 of an even share, adding up to the deck's."""
    total = TOTALS[sides]
    share = total // sides
    points = [share + rng.randint(-12, 12) for _ in range(sides - 1)]
    return [*points, total - sum(points)]


def build_club(
    path: Path, sessions: int, *, seed: int = 1, deals: int = 6, years: int = 3
) -> list[int]:
    """The club in a new database at ``path``; the sessions' ids, oldest first."""
    rng = random.Random(seed)
    names = [f"{first} {last}" for last in LAST for first in FIRST]
    end = datetime.date.today() - datetime.timedelta(days=1)
    start = end - datetime.timedelta(days=365 * years)
    span = (end - start).days
    days = sorted(start + datetime.timedelta(days=rng.randrange(span)) for _ in range(sessions))
    db = open_db(path)
    made = []
    for day in days:
        kind = rng.random()
        ruleset = "piedicavallo" if kind < 0.1 else "tarocchi-a-3" if kind < 0.15 else "scarto"
        seats, sides = (4, 2) if ruleset == "piedicavallo" else (3, 3)
        body = {
            "ruleset": ruleset,
            "players": rng.sample(names, seats),
            "played_on": day.isoformat(),
            "reading": "points",
            "deals": [split(rng, sides) for _ in range(deals)],
        }
        made.append(record_paper(db, body))
    db.conn.close()
    return made
