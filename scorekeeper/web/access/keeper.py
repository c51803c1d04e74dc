"""The keeper's tokens page: the JSON API's bearer tokens and the keeper's own logins.

The password and the tokens from the command line are in commands.py."""

from __future__ import annotations

import secrets
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

from flask import abort
from flask import current_app
from flask import make_response
from flask import render_template
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import validators

from ...services import access
from ..db import get_db
from ..forms import options
from . import bp
from .auth import current_login
from .auth import is_keeper
from .auth import no_store
from .auth import token_hash

SCOPES = {"write": _l("read and write"), "read": _l("read only")}
DAYS = {"": _l("never"), "1": _l("in a day"), "7": _l("in a week"), "30": _l("in a month")}
DAYS["365"] = _l("in a year")


class TokenForm(FlaskForm):
    name = StringField(_l("Name of the new token"), [validators.Length(max=60)])
    scope = SelectField(_l("It may"), choices=options(SCOPES.items()), default="write")
    days = SelectField(_l("It expires"), choices=options(DAYS.items()), default="")
    token_id = HiddenField()
    create = SubmitField(_l("Create a token"))
    revoke = SubmitField(_l("Revoke"))


class EndLoginForm(FlaskForm):
    login_id = HiddenField()
    end = SubmitField(_l("End"))


def new_token(name: str, scope: str = "write", days: int | None = None) -> str:
    """Create an API token; only its hash is kept, so it is shown this once."""
    token = "sk_" + secrets.token_urlsafe(24)
    expires = None
    if days:
        expires = (datetime.now(UTC) + timedelta(days=days)).isoformat(timespec="seconds")
    access.add_token(get_db(), name[:60] or "token", token_hash(token), scope, expires)
    return token


@bp.route("/keeper/tokens", methods=["GET", "POST"])
def tokens() -> Any:
    """List, create and revoke the JSON API's bearer tokens; list and end the keeper's logins.
    Never kept by a browser's or a proxy's cache: it may show a new token."""
    if not is_keeper():
        abort(403)
    form, end_form = TokenForm(), EndLoginForm(prefix="login")
    created = None
    if end_form.end.data and end_form.validate_on_submit():
        access.end_login(get_db(), _id_of(end_form.login_id.data))
    elif form.validate_on_submit():
        if form.revoke.data:
            access.revoke_token(get_db(), _id_of(form.token_id.data))
        else:
            days = int(form.days.data) if form.days.data else None
            created = new_token(form.name.data or "", form.scope.data, days)
    idle = current_app.config["LOGIN_IDLE"]
    page = render_template(
        "keeper/tokens.html",
        form=form,
        end_form=end_form,
        tokens=access.list_tokens(get_db()),
        created=created,
        logins=access.active_logins(get_db(), idle),
        this_login=(current_login() or {}).get("id"),
        scopes=SCOPES,
    )
    return no_store(make_response(page))


def _id_of(value: str | None) -> int:
    """A row id from a hidden field; 0 (no row) for anything else."""
    text = (value or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else 0
