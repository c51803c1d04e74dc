"""The club's statistics (blueprint "stats"): the rankings, with their CSV download.

rankings.py     /rankings and /rankings.csv
ratings_chart.py  /rankings/ratings.svg: the regular players' ratings over a season (club chart)
records.py      /records (the club's records) and /winners (of each season, month, evening)
season.py       a season's report as a PDF for the notice board
worker.py       the figures brought up to date before they are read, the rest by a worker thread
commands.py     flask rebuild-stats
query.py        what a page is asked for (ruleset, period, minimum of deals, order), its filter
                form's choices, figures as the reader's language writes them
"""

from __future__ import annotations

from flask import Blueprint
from flask import Flask

bp = Blueprint("stats", __name__)


def init_app(app: Flask) -> None:
    """Register the feature's blueprint and its command."""
    from . import commands
    from . import query  # noqa: F401  (its filters join the blueprint)
    from . import rankings  # noqa: F401  (its views join the blueprint)
    from . import ratings_chart  # noqa: F401  (its view joins the blueprint)
    from . import records  # noqa: F401  (its views join the blueprint)
    from . import season  # noqa: F401
    from . import worker

    app.register_blueprint(bp)
    commands.init_app(app)
    worker.init_app(app)
