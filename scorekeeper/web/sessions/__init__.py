"""Sessions: the home page's list, starting one, its protocol and deals, and its downloads.

pages.py     the home page (blueprint "pages")
views.py     start, show, delete and restore a session; show, replay and download one deal
chart.py     the session's chart as an SVG image (on views.py's blueprint)
forms.py     the session form
seating.py   the players drawn round the table for the session form
exports.py   the protocol as CSV, the session as JSON (blueprint "exports")
"""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """Register the feature's blueprints."""
    from . import chart  # noqa: F401  (adds its view to views.bp before it is registered)
    from . import exports
    from . import pages
    from . import views

    for module in (pages, views, exports):
        app.register_blueprint(module.bp)
