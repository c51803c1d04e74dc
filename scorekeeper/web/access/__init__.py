"""Access: who may read and write what, and the ways in.

auth.py      rights (keeper, read link, PIN, bearer token), the guard before every request, and
             the security headers after it
login.py     the keeper's login and logout, a read link, a session's PIN, with their forms
             (blueprint "auth")
keeper.py    the keeper's tokens page, with its forms (blueprint "keeper")
commands.py  set-password, create-token, revoke-token
"""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """Install the guard and register the ways in, the tokens page and the commands."""
    from . import auth
    from . import commands
    from . import keeper
    from . import login

    auth.init_app(app)
    app.register_blueprint(keeper.bp)
    commands.init_app(app)
    app.register_blueprint(login.bp)
