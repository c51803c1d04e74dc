"""The JSON API v1 under /api/v1 (blueprint "api"): JSON clients send no form token, so CSRF
does not apply.

views.py      the routes of rulesets, counting, auditing, sessions and deals
shape.py      a request body held to the keys and sizes openapi.json gives it
values.py     reading a body's values, and the rules' and services' results as JSON
protocol.py   a session's protocol as JSON
openapi.py    the OpenAPI description, openapi.json beside it
players.py    the club's players; stats.py a player's statistics and the ranking
"""

from __future__ import annotations

from flask import Blueprint
from flask import Flask

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def init_app(app: Flask) -> None:
    """Register the API and its description, exempt from the form token."""
    from ..forms import csrf
    from . import openapi  # noqa: F401  (its views join the blueprint)
    from . import players  # noqa: F401
    from . import stats  # noqa: F401
    from . import views  # noqa: F401

    app.register_blueprint(bp)
    csrf.exempt(bp)
