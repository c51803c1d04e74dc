"""Pages that need no session: the home page with the sessions, newest first."""

from __future__ import annotations

from flask import Blueprint
from flask import render_template
from flask_wtf import FlaskForm

from ...rules import PRESETS
from ...services import list_sessions
from ..db import get_db

bp = Blueprint("pages", __name__)


@bp.get("/")
def index() -> str:
    """The sessions, newest first, and the rulesets the app knows."""
    return render_template(
        "index.html",
        sessions=list_sessions(get_db()),
        deleted=list_sessions(get_db(), deleted=True),
        rulesets=list(PRESETS.values()),
        form=FlaskForm(),
    )
