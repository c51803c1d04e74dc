"""Sessions (blueprint "sessions"): the home page's list, starting one, its protocol and
deals, its downloads, and an old paper protocol entered at once.

pages.py       the home page, and /favicon.ico
views.py       start, show, delete and restore a session; show, replay and download one deal
details.py     correct a session's day and its seats' players afterwards
chart.py       the session's chart as an SVG image
forms.py       the session form; seating.py the players drawn round the table for it
exports.py     the protocol as CSV, the session as JSON
paper.py       an old paper protocol entered on one page; paper_form.py its form
"""

from __future__ import annotations

from flask import Blueprint
from flask import Flask

from ...services.sessions.limits import MAX_SESSION_DEALS
from ...services.sessions.limits import checked_cap

bp = Blueprint("sessions", __name__)


def init_app(app: Flask) -> None:
    """Register the feature's blueprint; check the config's MAX_SESSION_DEALS (the most deals a
    session holds, read by the services) at start, not at the first deal."""
    app.config["MAX_SESSION_DEALS"] = checked_cap(
        app.config.get("MAX_SESSION_DEALS", MAX_SESSION_DEALS)
    )
    from . import chart  # noqa: F401  (its views join the blueprint)
    from . import details  # noqa: F401
    from . import exports  # noqa: F401
    from . import pages  # noqa: F401
    from . import paper  # noqa: F401
    from . import views  # noqa: F401

    app.register_blueprint(bp)
