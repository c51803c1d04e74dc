"""The database of a request: the thread's own connection, rolled back at the request's end."""

from __future__ import annotations

import threading
from pathlib import Path

import sqlite_utils
from flask import Flask
from flask import current_app
from flask import g

from ..storage.db import connect


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)


def backup_dir(app: Flask | None = None) -> Path:
    """The folder of the database's copies: BACKUP_DIR (SCOREKEEPER_BACKUP_DIR), else backups/
    in the app's instance folder."""
    app = app or current_app
    return Path(app.config.get("BACKUP_DIR") or Path(app.instance_path) / "backups")


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


def close_db(_error: BaseException | None = None) -> None:
    """End the request's use of the connection: whatever it left uncommitted is rolled back, as
    closing the connection would."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()
