"""The real server on a free loopback port and a tmp database: waitress as ``make serve`` starts
it (scorekeeper/serve.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.servers import Server
from tests.servers import call

__all__ = ["call", "servers"]


@pytest.fixture
def servers(tmp_path):
    """Start servers with servers(database); every one is killed at teardown in any case."""
    started: list[Server] = []

    def start(database: Path) -> Server:
        running = Server(database, tmp_path / "server.log", server="waitress")
        started.append(running)
        return running.start()

    yield start
    for running in started:
        running.kill()
