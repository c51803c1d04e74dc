"""Deals: entering one (totals, quick count, piles, trick by trick), correcting or deleting it,
checking a scarto before play, importing a deal record, and the count checker.

views.py   entry, correction, deletion, scarto check, import (blueprint "deals")
forms.py   the deal entry forms, the scarto form, the import form
count.py   the count checker, with its form (blueprint "count")
"""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """Register the feature's blueprints."""
    from . import count
    from . import views

    for module in (views, count):
        app.register_blueprint(module.bp)
