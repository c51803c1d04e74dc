"""Languages: English, Italian, German and Swedish through Flask-Babel, chosen by the switch or
the browser; the JSON API by the request's Accept-Language alone."""

from __future__ import annotations

import os
from collections.abc import Callable
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint
from flask import Flask
from flask import has_request_context
from flask import redirect
from flask import request
from flask import session
from flask import url_for
from flask_babel import Babel
from flask_babel import get_locale
from werkzeug.wrappers import Response

from ..services import SESSION_LANGUAGES
from ..translate import house_rule
from ..translate import local_help
from ..translate import local_letters
from ..translate import preset_name
from ..translate import problem_text
from ..translate import ruleset_name
from ..translate import tr

# Each language by its own name, in the order of the session's languages
# (services/sessions/lifecycle.py).
_NAMES = {"en": "English", "it": "Italiano", "de": "Deutsch", "sv": "Svenska"}
LANGUAGES = {code: _NAMES[code] for code in SESSION_LANGUAGES}
bp = Blueprint("i18n", __name__)
ACCEPT_LANGUAGE_CHARACTERS = 2048
ACCEPT_LANGUAGE_ENTRIES = 32
"""What is read of an Accept-Language header: a browser sends a few entries, under 100
characters ("it-IT,it;q=0.9,en;q=0.8"). Werkzeug parses and sorts all of it, and a 60 KB one
cost 24-37 ms of CPU per request to any client on the LAN (issue #32)."""


def select_locale() -> str:
    return _language_code()


def _language_code() -> str:
    if not has_request_context():
        return _environment_language()  # command-line tools: the terminal's language
    best = request.accept_languages.best_match(list(LANGUAGES)) or "en"
    if request.path.startswith("/api/"):
        return best  # the API's sentences follow Accept-Language; its codes stay the same
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return str(chosen)
    return best


def _environment_language() -> str:
    """The language a terminal asks for, as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES,
    LANG: the first one set decides), if the app speaks it; else English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def current_language() -> str:
    """The request's language code."""
    return str(get_locale())


@bp.get("/lang/<code>")
def switch(code: str) -> Response:
    """Remember the chosen language and go back to the page the switch was on."""
    if code in LANGUAGES:
        session["lang"] = code
    target = request.args.get("next", "")
    if not _is_local_path(target):
        target = url_for("sessions.index")
    return redirect(target)


def back_here() -> str:
    """This page's path and query, for the switch to come back to: without ``saved``, which
    announces a save once (sessions/_saved.html) and would announce it again in the new
    language."""
    query = urlencode([(k, v) for k, v in request.args.items(multi=True) if k != "saved"])
    return request.path + (f"?{query}" if query else "")


def _is_local_path(target: str) -> bool:
    """Only a path on this site: no scheme, no host, no control characters or backslashes."""
    if not target.startswith("/") or any(ord(ch) < 32 or ch in "\\\x7f" for ch in target):
        return False
    return not target.startswith("//")


def bounded_accept_language(value: str) -> str:
    """The first ACCEPT_LANGUAGE_ENTRIES entries of the header's first
    ACCEPT_LANGUAGE_CHARACTERS characters; an entry the cut splits is dropped."""
    head = value[:ACCEPT_LANGUAGE_CHARACTERS]
    if len(value) > len(head):
        head = head.rpartition(",")[0]
    return ",".join(head.split(",", ACCEPT_LANGUAGE_ENTRIES)[:ACCEPT_LANGUAGE_ENTRIES])


class BoundedAcceptLanguage:
    """WSGI middleware: the request's Accept-Language bounded before anything reads it (the
    locale selector, Werkzeug's parser, an error page rendered before any view or hook)."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        value = environ.get("HTTP_ACCEPT_LANGUAGE")
        if isinstance(value, str) and len(value) > 64:  # a browser's is shorter: left as sent
            environ["HTTP_ACCEPT_LANGUAGE"] = bounded_accept_language(value)
        return self.app(environ, start_response)


def init_app(app: Flask) -> None:
    app.wsgi_app = BoundedAcceptLanguage(app.wsgi_app)  # type: ignore[method-assign]
    Babel(
        app,
        locale_selector=select_locale,
        default_translation_directories=str(app.root_path) + "/translations",
    )
    app.register_blueprint(bp)
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
    app.jinja_env.globals["current_language"] = current_language
    app.jinja_env.globals["back_here"] = back_here
    # The rules core's English: its problems, and its static strings (ruleset names, sources).
    app.jinja_env.filters["problem_text"] = problem_text
    app.jinja_env.filters["tr"] = tr
    app.jinja_env.filters["ruleset_name"] = ruleset_name
    app.jinja_env.globals["house_rule"] = house_rule
    app.jinja_env.globals["local_help"] = local_help
    app.jinja_env.globals["local_letters"] = local_letters
    app.jinja_env.filters["preset_name"] = preset_name
