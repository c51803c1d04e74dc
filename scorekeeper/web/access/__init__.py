"""Access: who may read and write what, and the ways in (blueprint "access").

auth.py      rights (keeper, read link, PIN, bearer token), the guard before every request, and
             the security headers after it
login.py     the keeper's login and logout, a read link, a session's PIN, with their forms
keeper.py    the keeper's tokens page, with its forms
copies.py    the keeper's page of the database's copies
imports.py   the keeper's page that imports an export file or a session sheet
commands.py  set-password, create-token, revoke-token
"""

from __future__ import annotations

from flask import Blueprint
from flask import Flask

bp = Blueprint("access", __name__)


def init_app(app: Flask) -> None:
    """Install the guard, register the ways in and the tokens page, and the commands."""
    from . import auth
    from . import commands
    from . import copies  # noqa: F401  (its view joins the blueprint)
    from . import imports  # noqa: F401  (its view joins the blueprint)
    from . import keeper  # noqa: F401  (its views join the blueprint)
    from . import login  # noqa: F401  (its views join the blueprint)

    auth.init_app(app)
    commands.init_app(app)
    app.register_blueprint(bp)
