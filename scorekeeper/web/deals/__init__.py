"""Deals (blueprint "deals"): entering one (totals, quick count, piles, trick by trick),
correcting or deleting it, checking a scarto before play, importing a deal record, and the
count checker.

views.py        entry, correction, deletion, scarto check, import
forms.py        the deal entry forms; scarto_form.py the scarto form
entry.py        what the entry forms read beyond the API's shape
once.py         a form saved once
count.py        the count checker, with its form
"""

from __future__ import annotations

from flask import Blueprint
from flask import Flask

bp = Blueprint("deals", __name__)


def init_app(app: Flask) -> None:
    """Register the feature's blueprint."""
    from . import count  # noqa: F401  (its views join the blueprint)
    from . import views  # noqa: F401

    app.register_blueprint(bp)
