"""The Flask app: its factory, its configuration, and the features it is made of."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from ..services.access import DEFAULT_HASH
from ..storage.db import open_db
from . import addresses
from . import db
from . import filters
from . import forms
from . import network
from .converters import IdConverter

ROOT = Path(__file__).resolve().parents[2]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: instance/ config and database unless test_config says otherwise."""
    app = Flask(
        "scorekeeper",
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "scorekeeper.sqlite"),
        # Where the copies of the database go, the club server's own and flask backup's: a USB
        # stick or a NAS folder; backups/ in the instance folder when not set (db.backup_dir).
        BACKUP_DIR=None,
        MAX_CONTENT_LENGTH=256 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # How keeper passwords and edit PINs are hashed; the test suite sets a cheap method.
        SECRET_HASH_METHOD=os.environ.get("SCOREKEEPER_SECRET_HASH_METHOD", DEFAULT_HASH),
    )
    if test_config is None:
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path))
        app.config.from_pyfile("config.py", silent=True)
        if os.environ.get("SCOREKEEPER_DATABASE"):  # another database file, e.g. for a server
            app.config["DATABASE"] = os.environ["SCOREKEEPER_DATABASE"]
        if os.environ.get("SCOREKEEPER_BACKUP_DIR"):  # a USB stick or a NAS folder
            app.config["BACKUP_DIR"] = os.environ["SCOREKEEPER_BACKUP_DIR"]
        network.from_environment(app.config)
        addresses.from_environment(app.config)
    else:
        app.config.from_mapping(test_config)
    network.configure(app)
    addresses.configure(app)  # PUBLIC_URL: the address printed under QR codes
    if not app.config.get("SECRET_KEY"):  # Flask's default is None, so setdefault would not do
        app.config["SECRET_KEY"] = secrets.token_hex(32)
    open_db(app.config["DATABASE"]).close()  # create and migrate before the first request
    app.url_map.converters["int"] = IdConverter
    db.init_app(app)
    filters.init_app(app)
    forms.csrf.init_app(app)
    _register(app)
    return app


def _register(app: Flask) -> None:
    """The shared pieces, then each feature, one way: its init_app registers its blueprint,
    named after its folder, and whatever else it brings (a guard, commands, template globals)."""
    from . import access
    from . import api
    from . import cli
    from . import conditional
    from . import deals
    from . import errors
    from . import events
    from . import i18n
    from . import players
    from . import sessions
    from . import sheets
    from . import stats

    features = (conditional, i18n, errors, access, sessions, deals, players, stats, sheets, events)
    for feature in (*features, api, cli):
        feature.init_app(app)


def warm_up(app: Flask) -> None:
    """Compile every page's template and load every language now, once, so that the first
    keepers to ask do not wait for them."""
    from flask_babel import get_translations

    from .i18n import LANGUAGES

    for name in app.jinja_env.list_templates(extensions=["html"]):
        app.jinja_env.get_template(name)
    for code in LANGUAGES:
        with app.test_request_context("/", headers={"Accept-Language": code}):
            get_translations()
    # The sheets' fonts, measured for their tables' columns (web/sheets/views.py): about 70 ms the
    # first time (fontTools and the two fonts), better paid at start than by a keeper's sheet.
    from ..sheets.metrics import text_width

    for font in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        text_width("", Path(app.static_folder or "static") / "fonts" / font, 9.5)


def _instance_secret_key(instance: Path) -> str:
    """A secret key made on first run and kept in instance/ (never committed)."""
    key_file = instance / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_hex(32))
        key_file.chmod(0o600)
    return key_file.read_text().strip()
