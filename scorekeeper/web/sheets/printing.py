"""One sheet rendered at a time: the server's other threads stay free for the keepers.

Rendering a sheet keeps a thread of the club server (``make serve``: four threads in one
process) busy for 0.1 to 1.5 s, and with Python's one interpreter lock, the others slow down
meanwhile. Two or more sheets rendered at once would leave the keepers little to record a deal.
A printer that finds another sheet being rendered gets a page that tries again by itself a
moment later (503 with Retry-After: the browser's tab shows the PDF as soon as it is its turn);
a sheet already rendered, kept by the server, never waits. The turn is taken without waiting: a
thread waiting for it would be as lost to the keepers as a busy one.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

from flask import render_template

RETRY_AFTER = 1
"""Seconds after which the waiting page asks again."""
Answer = tuple[str, int, dict[str, str]]
TURN = threading.Lock()
"""Held while a sheet is rendered."""


@contextlib.contextmanager
def my_turn() -> Iterator[bool]:
    """True while this request may render; False, at once, if another is rendering."""
    if not TURN.acquire(blocking=False):
        yield False
        return
    try:
        yield True
    finally:
        TURN.release()


def busy() -> Answer:
    """The page a printer gets while another sheet is rendered: it tries again by itself."""
    page = render_template("print/busy.html", retry_after=RETRY_AFTER)
    return page, 503, {"Retry-After": str(RETRY_AFTER), "Cache-Control": "no-store"}
