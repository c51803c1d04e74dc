"""Club evenings (blueprint "events"): the director's pages, the board every phone reads, and
the evening's printed sheets.

pages.py       the events' list, a new event, the director's page and its forms
board.py       the read-only board, opened by the event's read link
sheets.py      table cards, the seating list and the evening sheet as PDFs
"""

from __future__ import annotations

from flask import Blueprint
from flask import Flask

bp = Blueprint("events", __name__)


def init_app(app: Flask) -> None:
    """Register the feature's blueprint, its modules' views joined to it."""
    from . import board  # noqa: F401  (its views join the blueprint)
    from . import pages  # noqa: F401
    from . import sheets  # noqa: F401

    app.register_blueprint(bp)
