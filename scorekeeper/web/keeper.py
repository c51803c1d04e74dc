"""The keeper's tools: the password (command line) and the JSON API's tokens (page and command)."""

from __future__ import annotations

import secrets
from typing import Any

import click
from flask import Blueprint
from flask import Flask
from flask import abort
from flask import render_template
from flask.cli import with_appcontext
from flask_babel import gettext as _
from werkzeug.security import generate_password_hash

from ..storage import access
from . import get_db
from .auth import is_keeper
from .auth import token_hash

bp = Blueprint("keeper", __name__, url_prefix="/keeper")
MIN_PASSWORD = 8


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    for command in (set_password, create_token, revoke_token):
        app.cli.add_command(command)


def new_token(name: str) -> str:
    """Create an API token; only its hash is kept, so it is shown this once."""
    token = "sk_" + secrets.token_urlsafe(24)
    access.add_token(get_db(), name[:60] or "token", token_hash(token))
    return token


@bp.route("/tokens", methods=["GET", "POST"])
def tokens() -> Any:
    """List, create and revoke the JSON API's bearer tokens."""
    from .forms import TokenForm

    if not is_keeper():
        abort(403)
    form = TokenForm()
    created = None
    if form.validate_on_submit():
        if form.revoke.data:
            access.revoke_token(get_db(), form.token_id.data or 0)
        else:
            created = new_token(form.name.data or "")
    listed = access.list_tokens(get_db())
    return render_template("keeper/tokens.html", form=form, tokens=listed, created=created)


@click.command("set-password")
@click.option("--remove", is_flag=True, help="Remove the password: back to this computer only.")
@with_appcontext
def set_password(remove: bool) -> None:
    """Set the keeper's password, which lets the app serve other machines on the LAN."""
    db = get_db()
    password = None
    if not remove:
        password = click.prompt("Keeper password", hide_input=True, confirmation_prompt=True)
    if remove:
        access.set_keeper_password_hash(db, None)
        click.echo(_("The keeper password is removed: the app serves this computer only."))
        return
    if not password or len(password) < MIN_PASSWORD:
        raise click.ClickException(
            _("the password needs at least %(n)s characters", n=MIN_PASSWORD)
        )
    access.set_keeper_password_hash(db, generate_password_hash(password))
    click.echo(_("The keeper password is set: pages need a login, API writes a token."))


@click.command("create-token")
@click.argument("name")
@with_appcontext
def create_token(name: str) -> None:
    """Create a bearer token for the JSON API and print it (it is shown only once)."""
    click.echo(new_token(name))


@click.command("revoke-token")
@click.argument("token_id", type=int)
@with_appcontext
def revoke_token(token_id: int) -> None:
    """Revoke an API token by its number (see the keeper's tokens page)."""
    if not access.revoke_token(get_db(), token_id):
        raise click.ClickException(_("no active token %(n)s", n=token_id))
    click.echo(_("Token %(n)s is revoked.", n=token_id))
