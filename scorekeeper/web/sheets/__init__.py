"""Printed sheets (blueprint "sheets"): a session's protocol, blank sheets, a deal's audit.

views.py      the routes, each sheet kept once rendered
printing.py   one sheet rendered at a time per server
"""

from __future__ import annotations

from flask import Blueprint
from flask import Flask

bp = Blueprint("sheets", __name__)


def init_app(app: Flask) -> None:
    """Register the feature's blueprint."""
    from . import views  # noqa: F401  (its views join the blueprint)

    app.register_blueprint(bp)
