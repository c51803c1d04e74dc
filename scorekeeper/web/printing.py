"""One sheet rendered at a time per server: the other workers stay free for the keepers.

Rendering a sheet keeps a worker busy for 0.1 to 1.5 s, all of it on one core: a thread of the
club server (``make serve``, four threads in one process) or a gunicorn worker (bench/load.py
compares them). Two sheets rendered at once would leave the keepers little to record a deal.
A printer that finds another sheet being rendered gets a page that tries again by itself a
moment later (503 with Retry-After: the browser's tab shows the PDF as soon as it is its turn);
a sheet already rendered, kept per worker, never waits.

The turn is a lock on a file beside the database (flock, released by the system if a worker
dies), taken without waiting: a worker waiting for it would be as lost to the keepers as a
busy one. Windows has no flock: there the turn is a lock of the one server process.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

from flask import current_app
from flask import render_template

RETRY_AFTER = 1
"""Seconds after which the waiting page asks again."""
Answer = tuple[str, int, dict[str, str]]
try:
    import fcntl
except ImportError:  # Windows: one process serves (waitress), its threads share this lock
    fcntl = None  # type: ignore[assignment]
_PROCESS_TURN = threading.Lock()


@contextlib.contextmanager
def my_turn() -> Iterator[bool]:
    """True while this request may render; False, at once, if another is rendering."""
    path = _lock_path()
    if path is None:
        yield True
        return
    if fcntl is None:
        if not _PROCESS_TURN.acquire(blocking=False):
            yield False
            return
        try:
            yield True
        finally:
            _PROCESS_TURN.release()
        return
    with path.open("a+b") as file:  # a file of its own: flock then tells threads apart too
        try:
            fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


def busy() -> Answer:
    """The page a printer gets while another sheet is rendered: it tries again by itself."""
    page = render_template("print/busy.html", retry_after=RETRY_AFTER)
    return page, 503, {"Retry-After": str(RETRY_AFTER), "Cache-Control": "no-store"}


def _lock_path() -> Path | None:
    database = str(current_app.config["DATABASE"])
    if database == ":memory:" or database.startswith("file:"):
        return None  # a database of one process only: nobody to share the turn with
    return Path(database + ".printing")
