"""The JSON API v1 under /api/v1 (blueprint "api"): JSON clients send no form token, so CSRF
does not apply.

views.py      the routes of rulesets, counting, auditing, sessions and deals
shape.py      a request body held to the keys and sizes openapi.json gives it
values.py     reading a body's values, and the rules' and services' results as JSON
protocol.py   a session's protocol as JSON
openapi.py    the OpenAPI description, openapi.json beside it
players.py    the club's players; stats.py a player's statistics and the ranking
imports.py    an export file or a PDF that carries one, imported as new sessions
events.py     club evenings: events, their rounds, adjustments and standings
"""

from __future__ import annotations

from flask import Blueprint
from flask import Flask

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def init_app(app: Flask) -> None:
    """Register the API and its description, exempt from the form token; check the config's
    IMPORT_MAX_BYTES."""
    from ...services.sessions.uploads import IMPORT_MAX_BYTES
    from ...services.sessions.uploads import checked_limit
    from ..forms import csrf
    from . import events  # noqa: F401  (its views join the blueprint)
    from . import imports  # noqa: F401  (its view joins the blueprint)
    from . import openapi  # noqa: F401  (its views join the blueprint)
    from . import players  # noqa: F401
    from . import stats  # noqa: F401
    from . import views  # noqa: F401

    # The most an import may be (IMPORT_MAX_BYTES in instance/config.py), checked at start.
    app.config["IMPORT_MAX_BYTES"] = checked_limit(
        app.config.get("IMPORT_MAX_BYTES", IMPORT_MAX_BYTES)
    )
    app.register_blueprint(bp)
    csrf.exempt(bp)
