"""A club evening for the sheet tests, built through the services as the app builds it."""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.services import events
from scorekeeper.storage.db import connect

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Hugo", "Ivo", "Nicolò"]
POINTS = ([30, 20, 28], [26, 26, 26], [20, 30, 28])


def make_evening(
    path, played: int = 2, *, ended: bool = True, draft: bool = False, **changes
) -> int:
    """An event of ten entrants (one sits out each round) whose first ``played`` rounds are
    published, played and closed; with ``ended``, the last table of round 1 plays one deal and
    is ended by the director. ``draft``: the next round drawn, not published. Its id."""
    db = connect(path)
    try:
        body = {"name": "Club night", "ruleset": "scarto", "entrants": NAMES, "rounds": 4}
        event_id = events.create_event(
            db, {**body, "deals_per_round": 3, "seed": 7, "place": "Biella", **changes}
        )
        for number in range(1, played + 1):
            play_round(db, event_id, number, short=ended and number == 1)
        events.add_adjustment(db, event_id, {"entrant": 2, "points": -0.5, "reason": "late"})
        taken = events.add_adjustment(db, event_id, {"entrant": 3, "points": 1, "reason": "typo"})
        events.remove_adjustment(db, event_id, taken)
        if draft:
            events.draw_next_round(db, event_id)
        return event_id
    finally:
        db.close()


def play_round(db, event_id: int, number: int, short: bool = False) -> None:
    """Draw, publish, play and close round ``number``; ``short``: the last table ends early."""
    events.draw_next_round(db, event_id)
    events.publish(db, event_id, number)
    tables = events.event_view(db, event_id).rounds[number - 1].tables
    for index, table in enumerate(tables):
        deals = 1 if short and index == len(tables) - 1 else table.deals_due
        for deal in range(deals):
            services.record_deal(db, table.session_id, {"points": POINTS[(deal + index) % 3]})
    events.close(db, event_id, number, force=short)
