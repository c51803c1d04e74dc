"""The cycle collector run between requests (scorekeeper/collector.py, gunicorn.conf.py)."""

from __future__ import annotations

import gc
import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest

from scorekeeper.collector import SAFETY_NET
from scorekeeper.collector import Collector

CONF = Path(__file__).resolve().parents[1] / "gunicorn.conf.py"


@pytest.fixture(autouse=True)
def small_thresholds():
    """Python's thresholds made small (10 new objects, 2 young and 2 middle collections), and
    put back as they were, collector on, afterwards."""
    thresholds = gc.get_threshold()
    gc.collect()
    gc.set_threshold(10, 2, 2)
    yield
    gc.set_threshold(*thresholds)
    gc.enable()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def new_objects(count: int = 50) -> list[list[int]]:
    return [[n] for n in range(count)]  # lists are tracked by the collector: each one counts


def test_an_ordinary_request_leaves_the_automatic_collector_only_as_a_safety_net():
    collector = Collector()
    collector.before_request("/sessions/1")
    assert gc.get_threshold() == (SAFETY_NET, 2, 2)


def test_a_printed_sheet_collects_as_python_would():
    collector = Collector()
    collector.before_request("/sessions/1")
    collector.before_request("/sessions/1/sheet.pdf")
    assert gc.get_threshold() == (10, 2, 2)


def test_nothing_is_collected_before_enough_new_objects():
    collector = Collector()
    collector.before_request("/sessions/1")
    gc.collect()
    assert collector.after_request() is None


def test_the_generations_come_due_as_python_would_have_collected_them():
    clock = Clock()
    collector = Collector(full_every=10.0, clock=clock, offset=lambda: 0.5)  # full due at 105
    collector.before_request("/api/v1/sessions/1")
    gc.collect()
    kept = []
    done = []
    for _ in range(9):
        kept.append(new_objects())
        done.append(collector.after_request())
    # Two young collections, then the middle one, again and again: the full one waits for the
    # clock to reach 105.
    assert done == [0, 0, 1, 0, 0, 1, 0, 0, 1]
    clock.now = 105.0
    kept.append(new_objects())
    assert collector.after_request() == 0
    kept.append(new_objects())
    assert collector.after_request() == 0
    kept.append(new_objects())
    assert collector.after_request() == 2
    assert collector.next_full == 115.0  # the next full collection, at the earliest


def test_workers_started_together_collect_in_full_at_different_moments():
    clock = Clock()
    first = Collector(full_every=10.0, clock=clock, offset=lambda: 0.1)
    second = Collector(full_every=10.0, clock=clock, offset=lambda: 0.7)
    assert (first.next_full, second.next_full) == (101.0, 107.0)


def test_gunicorn_settings_collect_between_requests_in_each_worker():
    settings = runpy.run_path(str(CONF))
    worker = SimpleNamespace()
    settings["post_fork"](None, worker)
    assert isinstance(worker.collector, Collector)
    settings["pre_request"](worker, SimpleNamespace(path="/api/v1/sessions/1"))
    assert gc.get_threshold()[0] == SAFETY_NET
    kept = new_objects()
    settings["post_request"](worker, None, {}, None)
    assert gc.get_count()[0] < 10  # collected after the request
    assert kept
