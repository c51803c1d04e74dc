"""The real servers on a free loopback port and a tmp database: gunicorn with the club settings
(gunicorn.conf.py), or waitress as ``make serve`` starts it (scorekeeper/serve.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.gunicorn_server import Server
from bench.gunicorn_server import call

__all__ = ["call", "servers"]


@pytest.fixture
def servers(tmp_path):
    """Start servers with servers(database, server="gunicorn"), ``server`` one of
    bench.gunicorn_server.SERVERS; every one is killed at teardown in any case."""
    started: list[Server] = []

    def start(database: Path, server: str = "gunicorn") -> Server:
        package = "waitress" if server == "waitress" else "gunicorn"
        pytest.importorskip(package, reason=f"{package} is not installed: no real server")
        running = Server(database, tmp_path / f"{server}.log", server=server)
        started.append(running)
        return running.start()

    yield start
    for running in started:
        running.kill()
