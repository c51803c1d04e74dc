"""Pages that need no session: the home page."""

from __future__ import annotations

from flask import Blueprint
from flask import render_template

from ..rules import PRESETS

bp = Blueprint("pages", __name__)


@bp.get("/")
def index() -> str:
    """The home page: the rulesets the app knows."""
    return render_template("index.html", rulesets=list(PRESETS.values()))
