"""Python's cycle collector run between requests, not in the middle of one (gunicorn.conf.py).

A worker keeps sessions, their protocols and their rendered parts in memory, some hundred
thousand objects, and a full collection walks them all: 50 to 150 ms on the club machine. Left
to itself, Python starts a collection whenever its count of new objects says so, in the middle
of whichever request is running, and that request waits, with the requests queued behind it;
in the load benchmark every worker did so at once. gunicorn's sync worker has sent an answer
whole before its ``post_request`` hook runs, so a collection there keeps no keeper waiting: the
worker takes no new connection meanwhile and the other workers serve.

The generations are collected as Python would (the youngest after ``threshold0`` new objects,
the middle one every ``threshold1`` young collections), except the full collection: Python runs
it once the old objects have grown by a quarter, which tells nothing of how much of them is
garbage; here it runs once per ``FULL_EVERY`` seconds of a busy worker, each worker at its own
moment. Little reaches it: a session state a write replaces is freed at once (a protocol holds
its session weakly), and what the requests leave behind is young and goes with the young.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable

FULL_EVERY = 60.0
"""Seconds between two full collections of a worker, at the least."""
SAFETY_NET = 5_000
"""New objects at which Python collects in the middle of an ordinary request all the same."""


class Collector:
    """Collects between requests: made in a new worker, ``before_request`` and
    ``after_request`` around each request."""

    def __init__(
        self,
        full_every: float = FULL_EVERY,
        clock: Callable[[], float] = time.monotonic,
        offset: Callable[[], float] = random.random,
    ) -> None:
        self.full_every = full_every
        self.clock = clock
        self.thresholds = gc.get_threshold()  # Python's own, which ``before_request`` changes
        # Workers forked together would otherwise all collect in full at the same moment.
        self.next_full = clock() + offset() * full_every

    def before_request(self, path: str) -> None:
        """No collection in the middle of an ordinary request: ``after_request`` collects. A
        printed sheet (a path ending in .pdf) makes some 130,000 objects for a long session,
        where an ordinary request keeps fewer than 1,000: it collects as Python would, or its
        garbage would pile up until its end (20 MB more in a worker, measured)."""
        young = self.thresholds[0] if path.endswith(".pdf") else SAFETY_NET
        gc.set_threshold(young, *self.thresholds[1:])

    def after_request(self) -> int | None:
        """Collect the generation that is due, if any, as Python would have; which one."""
        young, middle, _ = gc.get_count()
        threshold0, threshold1, _ = self.thresholds
        if young < threshold0:
            return None
        if middle < threshold1:
            generation = 0
        elif self.clock() < self.next_full:
            generation = 1
        else:
            generation = 2
            self.next_full = self.clock() + self.full_every
        gc.collect(generation)
        return generation


def freeze_preloaded() -> None:
    """Leave what the preloaded app holds (modules, templates, translations) out of every
    collection in the workers forked from it: they never become garbage."""
    gc.collect()
    gc.freeze()
