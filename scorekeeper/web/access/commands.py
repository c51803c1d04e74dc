"""The keeper's commands: flask --app scorekeeper <command>.

set-password   the keeper's password, which opens the app to the LAN (or --remove it)
create-token   a bearer token for the JSON API, printed once
revoke-token   an API token, by its number on the keeper's tokens page
"""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import with_appcontext
from flask_babel import gettext as _

from ...services import access
from ..db import get_db
from .auth import secret_hash
from .keeper import new_token

MIN_PASSWORD = 8


def init_app(app: Flask) -> None:
    """Register the commands."""
    for command in (set_password, create_token, revoke_token):
        app.cli.add_command(command)


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
    access.set_keeper_password_hash(db, access.hash_secret(password, secret_hash()))
    click.echo(_("The keeper password is set: pages need a login, API writes a token."))


@click.command("create-token")
@click.argument("name")
@click.option("--read-only", is_flag=True, help="The token may read, not write.")
@click.option("--days", type=click.IntRange(1, 3650), help="The token expires after DAYS days.")
@with_appcontext
def create_token(name: str, read_only: bool, days: int | None) -> None:
    """Create a bearer token for the JSON API and print it (it is shown only once)."""
    click.echo(new_token(name, "read" if read_only else "write", days))


@click.command("revoke-token")
@click.argument("token_id", type=int)
@with_appcontext
def revoke_token(token_id: int) -> None:
    """Revoke an API token by its number (see the keeper's tokens page)."""
    if not access.revoke_token(get_db(), token_id):
        raise click.ClickException(_("no active token %(n)s", n=token_id))
    click.echo(_("Token %(n)s is revoked.", n=token_id))
