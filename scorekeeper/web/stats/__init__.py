"""The club's pages (blueprint "club"): the ranking and a player's page, with their CSV downloads.

rankings.py     /rankings and /rankings.csv
player_page.py  /players/<id> and /players/<id>/deals.csv
query.py        what a page is asked for (ruleset, period, minimum of deals, order), its filter
                form's choices, figures as the reader's language writes them
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("club", __name__)

from ..players import page as player_page  # noqa: E402, F401 (its views join the blueprint)
from . import rankings  # noqa: E402, F401 (its views join the blueprint)
