"""The ways in: the keeper's login and logout, a session's read-only link and its edit PIN, the
club read link (the club's players and rankings, to read; made on the keeper's tokens page).

A keeper's login is a row on the server (storage/logins.py) and a random token in the session
cookie: logging out ends it, and so do a new password, the keeper's "end" on the tokens page and
``LOGIN_IDLE`` seconds without a request (access/auth.py). Guesses are limited per client, the
real one behind a proxy (web/network.py): ``ATTEMPTS`` wrong passwords, PINs or read links in
``WINDOW`` seconds from one address, and ``NETWORK_ATTEMPTS`` from its network (an IPv4 /24, an
IPv6 /64), so that a machine with many addresses has no more; each try counted before it is
checked so that tries sent at once cannot slip past the count.
"""

from __future__ import annotations

import functools
import hmac
import secrets
from typing import Any

from flask import abort
from flask import current_app
from flask import make_response
from flask import redirect
from flask import render_template
from flask import request
from flask import session
from flask import url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.security import check_password_hash
from werkzeug.wrappers import Response
from wtforms import PasswordField
from wtforms import SubmitField
from wtforms import validators

from ...services import access
from ...sheets.content import qr_svg
from ..addresses import shared_url
from ..db import get_db
from ..i18n import _is_local_path
from ..network import client_keys
from . import bp
from .auth import can_read
from .auth import club_mode
from .auth import current_login
from .auth import is_keeper
from .auth import no_store
from .auth import token_hash

ATTEMPTS, WINDOW = 5, 600.0  # failed logins, PINs or read links per client per ten minutes
NETWORK_ATTEMPTS = 10
"""Failed tries per network (network.client_keys) in WINDOW. More than one client's: every phone
of a club is on the same network, and the keeper's own typos must not lock them all out; a
machine that takes ten addresses of it gets ten tries, not fifty (issue #32)."""


class LoginForm(FlaskForm):
    password = PasswordField(_l("Keeper password"), [validators.InputRequired()])
    submit = SubmitField(_l("Log in"))


class PinForm(FlaskForm):
    pin = PasswordField(_l("Edit PIN"), [validators.InputRequired()])
    submit = SubmitField(_l("Unlock"))


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    """The keeper's login; failed attempts are limited per client."""
    form = LoginForm()
    if form.validate_on_submit():
        attempt = try_secret()
        stored = access.keeper_password_hash(get_db())
        if stored and check_password_hash(stored, form.password.data or ""):
            access.forget_attempt(get_db(), attempt)
            _end_this_login()
            session.clear()
            token = secrets.token_urlsafe(32)
            agent = request.user_agent.string
            access.start_login(get_db(), token_hash(token), _client(), agent)
            session["login"] = token
            return redirect(_next_path(), 303)
        log_failed()
        form.password.errors.append(_("That is not the keeper's password."))
        return render_template("auth/login.html", form=form), 401
    return render_template("auth/login.html", form=form), (400 if form.is_submitted() else 200)


@bp.post("/logout")
def logout() -> Response:
    """End this login on the server too: a copy of the cookie no longer lets anyone in."""
    _end_this_login()
    session.clear()
    return redirect(url_for("access.login"), 303)


def _end_this_login() -> None:
    login = current_login()
    if login is not None:
        access.end_login(get_db(), login["id"])


@bp.get("/view/<token>")
def view(token: str) -> Response:
    """A session's read-only link: whoever has it may read that session."""
    attempt = try_secret()
    session_id = access.session_by_read_token(get_db(), token) if len(token) < 64 else None
    if session_id is None:
        log_failed()
        abort(404)
    access.forget_attempt(get_db(), attempt)
    session["read"] = sorted({*session.get("read", []), session_id})
    return redirect(url_for("sessions.detail", session_id=session_id))


@bp.get("/club/<token>")
def club(token: str) -> Response:
    """The club read link: whoever has it may read the club's players and rankings, nothing
    else, for as long as it is the live one (auth.can_read_club). Wrong ones count as wrong
    passwords do."""
    attempt = try_secret()
    link = access.club_link(get_db()) if len(token) < 64 else None
    if link is None or not hmac.compare_digest(token.encode(), link["token"].encode()):
        log_failed()
        abort(404)
    access.forget_attempt(get_db(), attempt)
    session["club"] = link["id"]
    rankings = "stats.rankings" in current_app.view_functions  # another feature's page
    return redirect(url_for("stats.rankings" if rankings else "players.index"))


class ClubLinkForm(FlaskForm):
    make = SubmitField(_l("Make a new club link"))
    end = SubmitField(_l("End the club link"))


@bp.route("/keeper/club-link", methods=["GET", "POST"])
def club_link() -> Response:
    """The club read link's own page: its address and QR code to share. Posted, make a new one,
    which ends the one before, or end it: whoever came by the old one reads no more."""
    form = ClubLinkForm(prefix="club")
    if not is_keeper():
        abort(403)
    if request.method == "GET":
        page = render_template("keeper/club_link.html", club=club_link_shown())
        return no_store(make_response(page))  # the link is a secret: no cache keeps it
    if not club_mode() or not form.validate_on_submit():
        abort(400)
    if form.end.data:
        access.end_club_link(get_db())
    else:
        access.new_club_link(get_db(), secrets.token_urlsafe(16))
    return redirect(url_for("access.club_link"), 303)


def club_link_shown() -> dict[str, Any]:
    """The keeper's page's view of the club read link: its address and QR code, and the form."""
    link = access.club_link(get_db()) if club_mode() else None
    url = shared_url("access.club", token=link["token"]) if link else None
    return {
        "form": ClubLinkForm(prefix="club"),
        "link": link,
        "url": url or (url_for("access.club", token=link["token"]) if link else None),
        "qr": _qr_svg(url) if url else "",
    }


@functools.lru_cache(maxsize=8)
def _qr_svg(url: str) -> str:
    return qr_svg(url)


@bp.route("/sessions/<int:session_id>/pin", methods=["GET", "POST"])
def pin(session_id: int) -> Any:
    """Enter a session's edit PIN to record and correct its deals."""
    stored = access.session_secrets(get_db(), session_id)
    if stored is None or not can_read(session_id):
        abort(404)
    form = PinForm()
    if form.validate_on_submit():
        attempt = try_secret()
        if stored["pin_hash"] and check_password_hash(stored["pin_hash"], form.pin.data or ""):
            access.forget_attempt(get_db(), attempt)
            session["write"] = sorted({*session.get("write", []), session_id})
            return redirect(_next_path(url_for("sessions.detail", session_id=session_id)), 303)
        log_failed()
        form.pin.errors.append(_("That is not this session's PIN."))
        return render_template("auth/pin.html", form=form, session_id=session_id), 401
    return render_template("auth/pin.html", form=form, session_id=session_id)


def _client() -> str:
    return request.remote_addr or "?"


def try_secret() -> list[int]:
    """Count this try as failed until it succeeds; 429 when the client, or its network, has had
    its tries."""
    address, network = client_keys(request.remote_addr)
    budgets = {address: ATTEMPTS, network: NETWORK_ATTEMPTS}
    if network == address:  # no network to count apart (not an IP address)
        budgets = {address: ATTEMPTS}
    attempt = access.reserve_attempt(get_db(), budgets, WINDOW)
    if attempt is None:
        abort(429, _("Too many wrong attempts: wait ten minutes."))
    return attempt


def log_failed() -> None:
    current_app.logger.warning(
        "failed login, PIN or read link from %s on %s", _client(), request.path
    )


def _next_path(default: str | None = None) -> str:
    target = request.args.get("next", "")
    return target if _is_local_path(target) else (default or url_for("sessions.index"))
