"""Pages that need no session: the home page with the sessions, newest first, and the icon.

/favicon.ico: every page links its icons under /static (templates/base.html), but a browser asks
for /favicon.ico where a page names none (a PDF sheet, a JSON answer), and bookmarks and tools
ask for it anyway. Answered with the static file itself, not a redirect to it: one request, not
two. Open to every client in club mode, as the static files are (access/auth.py OPEN).
"""

from __future__ import annotations

from flask import current_app
from flask import render_template
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ...rules import PRESETS
from ...services import list_sessions
from ...services.backups import copy_status
from ..access.auth import club_mode
from ..access.auth import is_keeper
from ..db import backup_dir
from ..db import get_db
from . import bp


@bp.get("/")
def index() -> str:
    """The sessions, newest first, and the rulesets the app knows."""
    return render_template(
        "index.html",
        sessions=list_sessions(get_db(), by_day=True),
        deleted=list_sessions(get_db(), deleted=True, by_day=True),
        rulesets=list(PRESETS.values()),
        form=FlaskForm(),
        # The club's keeper is warned here when the database has no good copy for a week.
        copy_status=copy_status(backup_dir()) if _keeper() else None,
    )


def _keeper() -> bool:
    return club_mode() and is_keeper()


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The app's icon, static/favicon.ico."""
    return current_app.send_static_file("favicon.ico")
