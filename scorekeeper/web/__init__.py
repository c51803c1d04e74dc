"""The Flask app: factory, configuration, database per request."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from flask import Flask
from flask import g

from ..storage.db import open_db

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
    app.config.from_mapping(DATABASE=str(Path(app.instance_path) / "scorekeeper.sqlite"))
    if test_config is None:
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path))
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    app.config.setdefault("SECRET_KEY", secrets.token_hex(32))
    open_db(app.config["DATABASE"]).close()  # create and migrate before the first request
    app.teardown_appcontext(_close_db)

    from . import pages

    app.register_blueprint(pages.bp)
    return app


def get_db() -> Any:
    """The request's database connection, opened on first use."""
    if "db" not in g:
        from flask import current_app

        g.db = open_db(current_app.config["DATABASE"])
    return g.db


def _close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def _instance_secret_key(instance: Path) -> str:
    """A secret key made on first run and kept in instance/ (never committed)."""
    key_file = instance / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_hex(32))
        key_file.chmod(0o600)
    return key_file.read_text().strip()
