"""Who may read and write, and the headers every page carries.

Without a keeper password the app is a one-person tool on the machine it runs on, like any
desktop program: no login, and requests from other machines are refused, also when a proxy on
this machine forwards them. With a password (``flask --app scorekeeper set-password``) it may
serve a club on the LAN: the keeper logs in (a login kept on the server, access/login.py); other
players read a session through its read-only link, and may record and correct its deals with its
edit PIN; whoever has the club read link may read the club's players and rankings (CLUB_READ),
and nothing else; JSON API clients use a bearer token the keeper creates, read-only or
read-write, and revokes. Every request first passes the Host check of web/network.py.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from flask import Flask
from flask import abort
from flask import current_app
from flask import g
from flask import jsonify
from flask import redirect
from flask import request
from flask import session
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...services import ConflictError
from ...services import access
from ..db import get_db
from ..network import forwarded_clients
from ..network import is_loopback
from ..network import trusted_host

LOGIN_IDLE = 12 * 3600
"""Seconds a keeper's login lasts without a request: an evening, not the next week."""
# Pure computations and the pages that let a visitor in need no rights.
OPEN = {
    "static",
    "sessions.favicon",
    "access.login",
    "access.logout",
    "access.view",
    "access.pin",
    "access.club",
    "i18n.switch",
    "api.spec",
    "api.rulesets",
    "api.count",
    "api.audit",
    "deals.checker",
    "events.join",
}
WRITE_PAGES = {"deals.new", "deals.edit", "deals.scarto", "deals.import_deal"}
KEEPER_ONLY = {"sessions.delete", "sessions.restore", "sessions.details"}
"""An edit PIN records and corrects deals, nothing more."""
CLUB_READ = {
    "players.index",
    "stats.rankings",
    "stats.rankings_csv",
    "players.player",
    "players.rating_chart",
    "players.player_deals_csv",
    "stats.records",
    "stats.winners",
}
"""The club's pages that its read link opens, to read only: the players, the rankings, the
records and winners, a player's page and their downloads (any other page of the "stats"
blueprint too, to read). Never a session: a session's pages follow that session's rights."""
READ_ONLY_API = {"api.replay"}
"""API answers that store nothing, though asked with POST: a read-only token may ask them."""
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def init_app(app: Flask) -> None:
    app.config.setdefault("LOGIN_IDLE", LOGIN_IDLE)
    app.before_request(guard)
    app.after_request(security_headers)
    app.jinja_env.globals["can_write"] = can_write
    app.jinja_env.globals["club_mode"] = club_mode
    app.jinja_env.globals["keeper_logged_in"] = lambda: club_mode() and is_keeper()
    app.jinja_env.globals["is_keeper"] = is_keeper
    app.jinja_env.globals["can_read"] = can_read
    app.jinja_env.globals["can_read_club"] = can_read_club


def secret_hash() -> str:
    """How this app hashes a keeper password or an edit PIN (services.access.hash_secret)."""
    return str(current_app.config["SECRET_HASH_METHOD"])


def club_mode() -> bool:
    """A keeper password is set: the app may serve other machines."""
    if "club_mode" not in g:
        g.club_mode = access.has_keeper_password(get_db())
    return bool(g.club_mode)


def current_login() -> dict[str, Any] | None:
    """The keeper's login this request carries, if it is still on (neither ended nor idle)."""
    if "login" not in g:
        token = session.get("login")
        idle = current_app.config["LOGIN_IDLE"]
        found = isinstance(token, str) and access.find_login(get_db(), token_hash(token), idle)
        g.login = found or None
    login: dict[str, Any] | None = g.login
    return login


def is_keeper() -> bool:
    return not club_mode() or current_login() is not None


def can_read(session_id: int) -> bool:
    return is_keeper() or session_id in session.get("read", []) or can_write(session_id)


def can_write(session_id: int | None) -> bool:
    return is_keeper() or (session_id is not None and session_id in session.get("write", []))


def guard() -> Response | None:
    """Let a request through only by a trusted name, from a client allowed to ask, with the
    rights it needs; a deleted session takes no write until it is restored."""
    if not club_mode() and not (
        is_loopback(request.remote_addr)
        and all(is_loopback(client) for client in forwarded_clients(request.headers))
    ):
        abort(
            403,
            _(
                "This scorekeeper serves only the computer it runs on. To serve "
                "the LAN, the keeper sets a password: flask --app scorekeeper "
                "set-password"
            ),
        )
    if not trusted_host(request.host, club_mode(), current_app.extensions["scorekeeper.hosts"]):
        abort(400, _("This server does not answer to the name %(host)s.", host=request.host))
    if not club_mode():
        _refuse_deleted()
        return None
    if request.endpoint in OPEN or request.endpoint is None:
        return None
    refused = _refusal()
    if refused is None:
        _refuse_deleted()
    return refused


def _refusal() -> Response | None:
    """In club mode: where a request without the rights it needs goes instead."""
    session_id = (request.view_args or {}).get("session_id")
    if request.path.startswith("/api/"):
        # The trick-by-trick page asks the replay with the page's own rights; it stores nothing.
        page_rights = request.endpoint == "api.replay" and can_write(session_id)
        return None if page_rights else _bearer_refusal()
    if request.endpoint in KEEPER_ONLY and not is_keeper():
        if can_write(session_id):  # with the PIN: no further page would help
            abort(403, _("Only the keeper may delete, restore or correct a session."))
        return redirect(url_for("access.login", next=request.full_path))
    if session_id is not None and (can_write(session_id) if writing() else can_read(session_id)):
        return None
    if is_keeper():
        return None
    if request.endpoint == "events.board" and not writing() and _reads_event():
        return None
    if _is_club_page() and not writing() and can_read_club():
        return None
    if session_id is not None and writing() and can_read(session_id):
        return redirect(url_for("access.pin", session_id=session_id, next=request.full_path))
    return redirect(url_for("access.login", next=request.full_path))


def _reads_event() -> bool:
    """The visitor came by the read link of the event asked for (events/board.py ``join``)."""
    event_id = (request.view_args or {}).get("event_id")
    return event_id is not None and event_id in session.get("events", [])


def can_read_club() -> bool:
    """The keeper, or a visitor who came by the club read link still live (login.py ``club``):
    a new link ends the old one's visitors too."""
    if is_keeper():
        return True
    link = session.get("club")
    return isinstance(link, int) and access.is_live_club_link(get_db(), link)


def _is_club_page() -> bool:
    """A page of the club's (CLUB_READ), not of one session."""
    club = request.endpoint in CLUB_READ or request.blueprint == "stats"
    return club and (request.view_args or {}).get("session_id") is None


def writing() -> bool:
    """The request changes something, or shows a form that will."""
    return request.method not in ("GET", "HEAD") or request.endpoint in WRITE_PAGES


def _refuse_deleted() -> None:
    """A deleted session is read-only until the keeper restores it: 409 for any write."""
    session_id = (request.view_args or {}).get("session_id")
    if session_id is None or not writing() or request.endpoint in KEEPER_ONLY:
        return
    secrets = access.session_secrets(get_db(), session_id)
    if secrets is not None and secrets["deleted"]:
        raise ConflictError(
            _("Session %(id)s is deleted: restore it first to change it.", id=session_id)
        )


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


def no_store(response: Response) -> Response:
    """Kept by no cache, the browser's or a proxy's: the answer shows a secret."""
    response.headers["Cache-Control"] = "no-store"
    return response


def _bearer_refusal() -> Response | None:
    """None if the request's bearer token allows it; else the API's 401 or 403."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return _api_denied(_("this server needs an API token: Authorization: Bearer …"), 401)
    digest = token_hash(header.removeprefix("Bearer ").strip())
    for token in access.active_tokens(get_db()):
        if hmac.compare_digest(digest, token["token_hash"]):
            reads = request.method in ("GET", "HEAD") or request.endpoint in READ_ONLY_API
            if token["scope"] == "read" and not reads:
                return _api_denied(_("this API token may only read"), 403)
            return None
    return _api_denied(_("this API token is not valid: revoked, expired or unknown"), 401)


def token_hash(token: str) -> str:
    """API and login tokens are random, so a plain SHA-256 keeps them safe at rest."""
    return hashlib.sha256(token.encode()).hexdigest()


def _api_denied(message: str, status: int) -> Response:
    response = jsonify({"error": message, "problems": []})
    response.status_code = status
    if status == 401:
        response.headers["WWW-Authenticate"] = "Bearer"
    return response
