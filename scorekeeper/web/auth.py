"""Who may read and write, and the headers every page carries.

Without a keeper password the app is a one-person tool on the machine it runs on, like any
desktop program: no login, and requests from other machines are refused. With a password
(``flask --app scorekeeper set-password``) it may serve a club on the LAN: the keeper logs in;
other players read a session through its read-only link, and may write to it with its edit PIN;
JSON API clients use a bearer token the keeper creates and revokes.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import ipaddress
from typing import Any

from flask import Blueprint
from flask import Flask
from flask import abort
from flask import current_app
from flask import g
from flask import jsonify
from flask import redirect
from flask import render_template
from flask import request
from flask import session
from flask import url_for
from flask_babel import gettext as _
from werkzeug.security import check_password_hash
from werkzeug.wrappers import Response

from ..storage import access
from . import get_db

bp = Blueprint("auth", __name__)
ATTEMPTS, WINDOW = 5, 600.0  # failed logins or PINs per client per ten minutes
# Pure computations and the pages that let a visitor in need no rights.
OPEN = {
    "static",
    "auth.login",
    "auth.logout",
    "auth.view",
    "auth.pin",
    "i18n.switch",
    "openapi.spec",
    "api.rulesets",
    "api.count",
    "api.audit",
    "count.checker",
}
WRITE_PAGES = {"deals.new", "deals.edit", "deals.scarto", "deals.import_deal"}
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def init_app(app: Flask) -> None:
    app.before_request(guard)
    app.after_request(security_headers)
    app.register_blueprint(bp)
    app.jinja_env.globals["can_write"] = can_write
    app.jinja_env.globals["club_mode"] = club_mode
    # Templates get a session of the protocol as "session": this one asks Flask's session.
    app.jinja_env.globals["keeper_logged_in"] = lambda: club_mode() and bool(session.get("keeper"))


def club_mode() -> bool:
    """A keeper password is set: the app may serve other machines."""
    if "club_mode" not in g:
        g.club_mode = access.has_keeper_password(get_db())
    return bool(g.club_mode)


def is_keeper() -> bool:
    return not club_mode() or bool(session.get("keeper"))


def can_read(session_id: int) -> bool:
    return is_keeper() or session_id in session.get("read", []) or can_write(session_id)


def can_write(session_id: int | None) -> bool:
    return is_keeper() or (session_id is not None and session_id in session.get("write", []))


def guard() -> Response | None:
    """Let a request through only with the rights it needs."""
    if not club_mode():
        if not _is_loopback(request.remote_addr):
            abort(
                403,
                _(
                    "This scorekeeper serves only the computer it runs on. To serve "
                    "the LAN, the keeper sets a password: flask --app scorekeeper "
                    "set-password"
                ),
            )
        return None
    if request.endpoint in OPEN or request.endpoint is None:
        return None
    session_id = (request.view_args or {}).get("session_id")
    if request.path.startswith("/api/"):
        # The trick-by-trick page asks the replay with the page's own rights; it stores nothing.
        page_rights = request.endpoint == "api.replay" and can_write(session_id)
        return None if page_rights or _bearer_ok() else _api_denied()
    writing = request.method not in ("GET", "HEAD") or request.endpoint in WRITE_PAGES
    if session_id is not None and (can_write(session_id) if writing else can_read(session_id)):
        return None
    if is_keeper():
        return None
    if session_id is not None and writing and can_read(session_id):
        return redirect(url_for("auth.pin", session_id=session_id, next=request.full_path))
    return redirect(url_for("auth.login", next=request.full_path))


SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
)


def security_headers(response: Response) -> Response:
    """No inline script, no framing, no content sniffing (issue: trust); a header the answer
    sets itself stays. One look at the answer's headers, where ``setdefault`` looks at them
    twice per header."""
    headers = response.headers
    present = {name.lower() for name, _ in headers}
    for name, value in SECURITY_HEADERS:
        if name.lower() not in present:
            headers.add(name, value)
    return response


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    """The keeper's login; failed attempts are limited per client."""
    from .forms import LoginForm

    form = LoginForm()
    if form.validate_on_submit():
        _check_rate()
        stored = access.keeper_password_hash(get_db())
        if stored and check_password_hash(stored, form.password.data or ""):
            session.clear()
            session["keeper"] = True
            return redirect(_next_path(), 303)
        _fail()
        form.password.errors.append(_("That is not the keeper's password."))
        return render_template("auth/login.html", form=form), 401
    return render_template("auth/login.html", form=form), (400 if form.is_submitted() else 200)


@bp.post("/logout")
def logout() -> Response:
    session.clear()
    return redirect(url_for("auth.login"), 303)


@bp.get("/view/<token>")
def view(token: str) -> Response:
    """A session's read-only link: whoever has it may read that session."""
    session_id = access.session_by_read_token(get_db(), token) if len(token) < 64 else None
    if session_id is None:
        abort(404)
    session["read"] = sorted({*session.get("read", []), session_id})
    return redirect(url_for("sessions.detail", session_id=session_id))


@bp.route("/sessions/<int:session_id>/pin", methods=["GET", "POST"])
def pin(session_id: int) -> Any:
    """Enter a session's edit PIN to record and correct its deals."""
    from .forms import PinForm

    secrets = access.session_secrets(get_db(), session_id)
    if secrets is None or not can_read(session_id):
        abort(404)
    form = PinForm()
    if form.validate_on_submit():
        _check_rate()
        if secrets["pin_hash"] and check_password_hash(secrets["pin_hash"], form.pin.data or ""):
            session["write"] = sorted({*session.get("write", []), session_id})
            return redirect(_next_path(url_for("sessions.detail", session_id=session_id)), 303)
        _fail()
        form.pin.errors.append(_("That is not this session's PIN."))
        return render_template("auth/pin.html", form=form, session_id=session_id), 401
    return render_template("auth/pin.html", form=form, session_id=session_id)


def _bearer_ok() -> bool:
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return False
    digest = token_hash(header.removeprefix("Bearer ").strip())
    return any(hmac.compare_digest(digest, known) for known in access.active_token_hashes(get_db()))


def token_hash(token: str) -> str:
    """API tokens are random, so a plain SHA-256 keeps them safe at rest."""
    return hashlib.sha256(token.encode()).hexdigest()


def _api_denied() -> Response:
    response = jsonify(
        {"error": _("this server needs an API token: Authorization: Bearer …"), "problems": []}
    )
    response.status_code = 401
    response.headers["WWW-Authenticate"] = "Bearer"
    return response


def _client() -> str:
    return request.remote_addr or "?"


def _check_rate() -> None:
    if access.count_failures(get_db(), _client(), WINDOW) >= ATTEMPTS:
        abort(429, _("Too many wrong attempts: wait ten minutes."))


def _fail() -> None:
    access.add_failure(get_db(), _client(), WINDOW)
    current_app.logger.warning("failed login or PIN from %s", _client())


def _next_path(default: str | None = None) -> str:
    target = request.args.get("next", "")
    from .i18n import _is_local_path

    return target if _is_local_path(target) else (default or url_for("pages.index"))


@functools.lru_cache(maxsize=256)
def _is_loopback(address: str | None) -> bool:
    """Kept per address: a club's few machines ask again and again."""
    try:
        return address is not None and ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
