"""Conditional GETs, the plain HTTP way: an answer carries an entity tag made from what it shows,
and a client that sends it back (If-None-Match) is told 304 Not Modified after the one cheap
query that tells the tag, not sent the page again.

Three phones a table re-read the protocol every few seconds, and most find no change: a deal
comes every three minutes. A tag is made from the session's version (services/sessions/
versions.py: one query), the page's language, what the reader may do there (a keeper's page
holds forms a reader's does not), the address's query, and the app's release (new templates or
code make new pages). A page holding a form also names the half hour it was made in, so that a
kept copy never outlives its form's CSRF token (Flask-WTF's hour). The answers are kept by the
reader's browser only (``private``), and asked about again each time (``no-cache``).
"""

from __future__ import annotations

import functools
import hashlib
import time
from importlib import metadata
from pathlib import Path

from flask import Flask
from flask import current_app
from flask import request
from werkzeug.wrappers import Response

from .i18n import current_language

FORM_WINDOW_S = 1800
"""A page with a form is made again at least this often (WTF_CSRF_TIME_LIMIT is an hour)."""
CACHE_CONTROL = "private, no-cache"


def init_app(app: Flask) -> None:
    app.config.setdefault("RELEASE", release(app))


def release(app: Flask) -> str:
    """The app's release as its pages show it: the version and the newest of its templates,
    static files, catalogues and code, so that an upgrade never leaves a browser a kept page of
    the version before."""
    folders = (str(app.template_folder), str(app.static_folder), str(Path(__file__).parents[1]))
    return _release(folders)


@functools.cache  # once a process: a few hundred files' times (the tests build many apps)
def _release(folders: tuple[str, ...]) -> str:
    files = (
        path
        for folder in folders
        for path in Path(folder).rglob("*")
        if "__pycache__" not in path.parts and path.is_file()
    )
    newest = max((path.stat().st_mtime_ns for path in files), default=0)
    try:
        version = metadata.version("scorekeeper")
    except metadata.PackageNotFoundError:  # run from a checkout without installing
        version = "?"
    return f"{version}-{newest}"


def entity_tag(kind: str, *parts: object, form: bool = False) -> str:
    """The tag of an answer of this ``kind`` showing ``parts``, in the request's language and
    for its address's query; ``form``: the answer holds a form (FORM_WINDOW_S)."""
    window = int(time.time() // FORM_WINDOW_S) if form else None
    shown = (
        current_app.config["RELEASE"],
        kind,
        parts,
        current_language(),
        request.query_string,
        window,
    )
    return hashlib.blake2b(repr(shown).encode(), digest_size=12).hexdigest()


def viewer() -> tuple[object, ...]:
    """What the reader may see and do, as far as a page of the club shows it: keeper or not,
    the club link, and the sessions his read links and PINs opened (a session's links)."""
    from flask import session

    from .access.auth import can_read_club
    from .access.auth import club_mode
    from .access.auth import is_keeper

    opened = (tuple(sorted(session.get(key, []))) for key in ("read", "write"))
    return (club_mode(), is_keeper(), can_read_club(), *opened)


def unchanged(tag: str) -> Response | None:
    """304 Not Modified if the request names ``tag`` in If-None-Match; else None."""
    if not request.if_none_match.contains(tag):
        return None
    response = Response(status=304)
    return tagged(response, tag)


def tagged(response: Response, tag: str) -> Response:
    """The answer with its tag, for the reader's browser to keep and ask about again."""
    response.set_etag(tag)
    response.headers["Cache-Control"] = CACHE_CONTROL
    return response
