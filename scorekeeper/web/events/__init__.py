"""Club evenings (blueprint "events"): the director's pages, the board every phone reads, and
the evening's printed sheets.

pages.py       the events' list, a new event, the director's page and its forms
board.py       the read-only board, opened by the event's read link
sheets.py      table cards, the seating list and the evening sheet as PDFs
"""

from __future__ import annotations

import importlib

from flask import Blueprint
from flask import Flask

bp = Blueprint("events", __name__)

MODULES = ("pages", "board", "sheets")


def init_app(app: Flask) -> None:
    """Register the feature's blueprint with the views of its modules that exist."""
    for name in MODULES:
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
    app.register_blueprint(bp)
