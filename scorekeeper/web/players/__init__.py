"""The club's players (blueprint "players"): the list and the keeper's changes to it, and each
player's page.

views.py     the players page: the list, and the keeper's add, rename, archive, merge and undo,
             link a seat typed for nobody
forms.py     its small forms
page.py      a player's page (/players/<id>) and his deals as CSV
rating_chart.py  his rating chart, an image of its own address
"""

from __future__ import annotations

from flask import Blueprint
from flask import Flask
from flask import current_app

bp = Blueprint("players", __name__, url_prefix="/players")


def init_app(app: Flask) -> None:
    """Register the feature's blueprint and the templates' ``has_page``."""
    from . import page  # noqa: F401  (its views join the blueprint)
    from . import rating_chart  # noqa: F401
    from . import views  # noqa: F401

    app.register_blueprint(bp)
    app.jinja_env.globals["has_page"] = has_page


def has_page(endpoint: str) -> bool:
    """Whether the app has this page (an endpoint such as "stats.rankings")."""
    return endpoint in current_app.view_functions
