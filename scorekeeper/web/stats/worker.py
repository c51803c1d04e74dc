"""The figures brought up to date: as far as a request may, then by a worker process.

A page or an API answer of statistics first brings the figures up to date as far as a request
may (services/stats/rows.py ``AT_ONCE``: an evening's saves), then reads them. What is left, a
correction to an old session or the first read after an upgrade, is worked out by a worker
process with a connection of its own, one a database, while the page shows the last
complete figures and says that newer ones are being worked out. The worker writes as every
refresh does, in short transactions: saves never wait for it.

The worker is a process of its own ("spawn": nothing of the server's inherited), not a thread:
a replay is seconds of Python, and a thread of the server's process holding the interpreter
that long made the saves it served wait their turn for it, up to half a second each
(bench/stats_replay.py: p99 536 ms with a thread, against 50 ms wanted).
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from multiprocessing.process import BaseProcess

from flask import Flask
from flask import current_app
from flask import request
from werkzeug.wrappers import Response

from ...lifetime import exit_with_spawner
from ...lifetime import spawning
from ...services.stats.rows import EVERYTHING
from ...services.stats.rows import Freshness
from ...services.stats.rows import freshness
from ...services.stats.rows import refresh
from ...storage.db import connect
from ..db import get_db

LOG = logging.getLogger(__name__)
PATIENCE_S = 120.0
"""How long the worker waits for a replay another process has under way before it gives up
(the next read starts it again)."""

_workers: dict[str, BaseProcess] = {}
_guard = threading.Lock()
_SPAWN = multiprocessing.get_context("spawn")


FED_BY_SAVES = "FIGURES_FED_BY_SAVES"
"""Config: start the worker after every write, so that the figures follow an evening's saves
and a reader finds little left to do (the club server sets it: scorekeeper/serve.py). Off for
``flask run`` and the tests, where a process a save would cost more than it brings."""


def init_app(app: Flask) -> None:
    app.config.setdefault(FED_BY_SAVES, False)
    app.after_request(_after_write)


def _after_write(response: Response) -> Response:
    """After a write that succeeded, the worker started (or found running) for the figures."""
    if (
        current_app.config[FED_BY_SAVES]
        and request.method in ("POST", "PUT", "PATCH", "DELETE")
        and response.status_code < 400
    ):
        catch_up(current_app.config["DATABASE"])
    return response


def brought_up_to_date() -> Freshness:
    """The figures brought up to date as far as a request may; the worker started for the rest."""
    freshness = refresh(get_db())
    if not freshness.current:
        catch_up(current_app.config["DATABASE"])
    return freshness


def catch_up_at_start(database: str) -> None:
    """Start the worker if figures are left to work out (after an upgrade, or a server stopped
    in the middle): the club's first reader then finds them ready."""
    db = connect(database)
    try:
        if not freshness(db).current:
            catch_up(database)
    finally:
        db.close()


def catch_up(database: str) -> BaseProcess:
    """Start the worker for this database unless it is running; the process."""
    with _guard:
        worker = _workers.get(database)
        if worker is None or not worker.is_alive():
            worker = _SPAWN.Process(
                target=_work, args=(database,), name="scorekeeper figures", daemon=True
            )
            with spawning():
                worker.start()
            _workers[database] = worker
        return worker


def stop_workers() -> None:
    """Stop the workers (the server stops): a replay cut short is taken over by the next one
    (services/stats/ratings.py: its claim lapses), and every write of it was whole."""
    with _guard:
        for worker in _workers.values():
            if worker.is_alive():
                worker.terminate()
                worker.join(timeout=2)
        _workers.clear()


def _work(database: str) -> None:
    exit_with_spawner()  # the worker ends with the server process that started it
    db = connect(database)
    try:
        deadline = time.monotonic() + PATIENCE_S
        while not refresh(db, EVERYTHING).current and time.monotonic() < deadline:
            time.sleep(1.0)  # another process's replay is under way: its figures come soon
    except Exception:
        LOG.exception("the figures could not be worked out")
    finally:
        db.close()
