"""The JSON API v1 under /api/v1: JSON clients send no form token, so CSRF does not apply.

views.py      the routes (blueprint "api")
shape.py      a request body's keys and list sizes, as the OpenAPI description gives them
values.py     reading a body's values, and the rules' and services' results as JSON
protocol.py   a session's protocol as JSON
openapi.py    the OpenAPI description, openapi.json beside it (blueprint "openapi")
players.py    the club's players; stats.py a player's statistics and the ranking (blueprint "api")
"""

from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFProtect


def init_app(app: Flask, csrf: CSRFProtect) -> None:
    """Register the API and its description, both exempt from the form token."""
    from . import openapi
    from . import players  # noqa: F401 (its views join the API's blueprint)
    from . import stats  # noqa: F401 (its views join the API's blueprint)
    from . import views

    for module in (views, openapi):
        app.register_blueprint(module.bp)
        csrf.exempt(module.bp)
