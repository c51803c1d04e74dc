"""The Flask app: factory, configuration, database per request, blueprints."""

from __future__ import annotations

import os
import secrets
import threading
from collections.abc import Sequence
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlite_utils
from babel import Locale
from flask import Flask
from flask import current_app
from flask import g
from flask_babel import format_date
from flask_babel import format_datetime
from flask_babel import get_locale
from flask_wtf.csrf import CSRFProtect
from werkzeug.routing import BaseConverter
from werkzeug.routing import ValidationError

from ..rules import Ruleset
from ..storage.db import connect
from ..storage.db import open_db
from ..translate import card_label
from . import addresses
from . import network

ROOT = Path(__file__).resolve().parents[2]
csrf = CSRFProtect()


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
        MAX_CONTENT_LENGTH=256 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
    )
    if test_config is None:
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path))
        app.config.from_pyfile("config.py", silent=True)
        if os.environ.get("SCOREKEEPER_DATABASE"):  # another database file, e.g. for a server
            app.config["DATABASE"] = os.environ["SCOREKEEPER_DATABASE"]
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
    app.teardown_appcontext(_close_db)
    csrf.init_app(app)
    _register(app)
    return app


def _register(app: Flask) -> None:
    """The features (sessions, deals, access, api, printing) and the shared pieces."""
    from . import access
    from . import api
    from . import cli
    from . import club
    from . import deals
    from . import errors
    from . import favicon
    from . import i18n
    from . import players
    from . import sessions
    from . import sheets

    i18n.init_app(app)
    access.init_app(app)
    errors.init_app(app)
    sessions.init_app(app)
    deals.init_app(app)
    players.init_app(app)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(favicon.bp)
    app.register_blueprint(club.bp)
    api.init_app(app, csrf)
    cli.init_app(app)
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["card_label"] = card_label
    app.jinja_env.filters["when"] = when
    app.jinja_env.filters["day"] = day
    app.jinja_env.filters["side_members"] = side_members


class IdConverter(BaseConverter):
    """A number in a path (``<int:session_id>``): ASCII digits only, so that ``/sessions/２``
    (a full-width 2) names nothing, and no larger than SQLite's integers, so that a huge one is
    a 404 rather than an overflow in the query."""

    regex = r"[0-9]{1,19}"
    weight = 50
    part_isolating = True

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValidationError()
        return number

    def to_url(self, value: object) -> str:
        return str(int(value))  # type: ignore[call-overload]


MAX_ID = 2**63 - 1


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
    # The sheets' fonts, measured for their tables' columns (web/sheets.py): about 70 ms the
    # first time (fontTools and the two fonts), better paid at start than by a keeper's sheet.
    from ..pdf.metrics import text_width

    for font in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        text_width("", Path(app.static_folder or "static") / "fonts" / font, 9.5)


def signed(score: int) -> str:
    """A score as the protocol writes it: +4, 0, -5."""
    return f"{score:+d}" if score else "0"


def when(stamp: str) -> str:
    """A stored time (ISO 8601, UTC) as the table reads it: "24 Nov 2026, 21:14" in English.

    The medium date and the short time of the page's language, joined its way: seconds and the
    offset say nothing to a keeper. Without a configured BABEL_DEFAULT_TIMEZONE the server's
    own zone is the table's: the app runs at the club, on the keeper's laptop.
    """
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp or "")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    configured = bool(current_app.config.get("BABEL_DEFAULT_TIMEZONE"))
    if not configured:
        moment = moment.astimezone()
    locale = get_locale() or Locale("en")
    pattern = str(locale.datetime_formats["medium"]).format(
        locale.time_formats["short"].pattern, locale.date_formats["medium"].pattern
    )
    return format_datetime(moment, pattern, rebase=configured)


def day(stamp: str) -> str:
    """A stored date or time as the day the table reads: "24 Nov 2026", "24 nov 2026"."""
    try:
        return format_date(datetime.fromisoformat(stamp).date(), "medium")
    except (TypeError, ValueError):
        return str(stamp or "")


def side_members(ruleset: Ruleset, players: Sequence[str]) -> list[list[str]]:
    """The players of each side, in order of play: one each, or a team of two."""
    return [
        [name for seat, name in enumerate(players) if ruleset.side_of(seat) == side]
        for side in range(ruleset.sides)
    ]


def get_db() -> sqlite_utils.Database:
    """The request's database connection: the thread's own, kept open from one request to the next.

    The database was migrated when the app was built. A connection is not shared between threads;
    keeping it open spares each request the opening and, above all, the checkpoint SQLite makes
    when the last connection to a WAL database closes (SQLite's own checkpoints then run as the
    log grows, every thousand pages).
    """
    if "db" not in g:
        local = current_app.extensions.setdefault("scorekeeper.connections", threading.local())
        path = current_app.config["DATABASE"]
        kept: tuple[str, sqlite_utils.Database] | None = getattr(local, "kept", None)
        if kept is None or kept[0] != path:
            kept = local.kept = (path, connect(path))
        g.db = kept[1]
    db: sqlite_utils.Database = g.db
    return db


def _close_db(_error: BaseException | None = None) -> None:
    """End the request's use of the connection: whatever it left uncommitted is rolled back, as
    closing the connection would."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def _instance_secret_key(instance: Path) -> str:
    """A secret key made on first run and kept in instance/ (never committed)."""
    key_file = instance / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_hex(32))
        key_file.chmod(0o600)
    return key_file.read_text().strip()
