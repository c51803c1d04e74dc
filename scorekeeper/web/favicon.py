"""/favicon.ico: the icon at the address browsers ask for by themselves.

Every page links its icons under /static (templates/base.html), but a browser asks for
/favicon.ico where a page names none (a PDF sheet, a JSON answer), and bookmarks and tools ask
for it anyway: it answered 404 (issue "The keeper's phone, round 3"). Answered with the static
file itself, not a redirect to it: one request, not two. Open to every client in club mode, as
the static files are (access/auth.py OPEN).
"""

from __future__ import annotations

from flask import Blueprint
from flask import current_app
from werkzeug.wrappers import Response

bp = Blueprint("favicon", __name__)


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The app's icon, static/favicon.ico."""
    return current_app.send_static_file("favicon.ico")
