"""The real server, gunicorn with the club settings, on a free loopback port and a tmp database."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.gunicorn_server import Server
from bench.gunicorn_server import call

__all__ = ["call", "servers"]


@pytest.fixture
def servers(tmp_path):
    """Start servers with servers(database); every one is killed at teardown in any case."""
    pytest.importorskip("gunicorn", reason="gunicorn is not installed: no real server to crash")
    started: list[Server] = []

    def start(database: Path) -> Server:
        server = Server(database, tmp_path / "gunicorn.log")
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.kill()
