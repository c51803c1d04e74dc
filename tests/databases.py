"""A migrated database for a test in a millisecond: a copy of one migrated once per process.

Migrating a new SQLite file runs every step of storage/migrations (tens of milliseconds); a
thousand tests each with their own database would spend most of a minute on it. The copy is the
same file the steps make, and opening it checks that nothing is left to apply.
"""

from __future__ import annotations

import shutil
import tempfile
from functools import cache
from pathlib import Path

from scorekeeper.storage.db import open_db


@cache
def _template() -> Path:
    """The database every step has been applied to, once per test process (one an xdist worker)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-template-"))
    path = folder / "migrated.sqlite"
    open_db(str(path)).close()
    return path


def fresh_database(path: Path) -> str:
    """A new database at ``path``, every migration applied; its path, for the app's config."""
    shutil.copyfile(_template(), path)
    return str(path)


def add_session(path: Path, players: list[str], deals: list[list[int]]) -> int:
    """A Scarto session and its deals (points) in the database at ``path``, written through the
    services as the app writes them, on a connection of its own; its id."""
    from scorekeeper import services
    from scorekeeper.storage.db import connect

    db = connect(path)
    try:
        session_id = services.start_session(db, {"ruleset": "scarto", "players": players})
        for points in deals:
            services.record_deal(db, session_id, {"points": points})
    finally:
        db.conn.close()
    return session_id
