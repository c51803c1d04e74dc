"""The real server, gunicorn with the club settings, on a free loopback port and a tmp database."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"  # loopback only: without a keeper password the app serves nothing else
START_LIMIT = 20.0  # seconds for gunicorn to boot and answer


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def call(
    port: int, method: str, path: str, body: Any = None, timeout: float = 10.0
) -> tuple[int, bytes]:
    """One request on its own connection (sync workers close it anyway): status and body."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        headers = {"Connection": "close"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def no_control_socket() -> list[str]:
    """gunicorn 25+ opens a control socket in ~/.gunicorn, shared by every server: not ours."""
    from gunicorn.config import KNOWN_SETTINGS

    known = any(setting.name == "control_socket_disable" for setting in KNOWN_SETTINGS)
    return ["--no-control-socket"] if known else []


class Server:
    """gunicorn in its own process group, so that one SIGKILL takes the master and its workers."""

    def __init__(self, database: Path, log: Path, workers: int = 2) -> None:
        self.database, self.log_path, self.workers = database, log, workers
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self._log: Any = None

    def start(self) -> Server:
        self.port = free_port()
        self._log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-c",
                str(ROOT / "gunicorn.conf.py"),
                "--bind",
                f"{HOST}:{self.port}",
                "--workers",
                str(self.workers),
                *no_control_socket(),
                "scorekeeper.wsgi:app",
            ],
            cwd=ROOT,
            env={**os.environ, "SCOREKEEPER_DATABASE": str(self.database)},
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + START_LIMIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            with contextlib.suppress(OSError):
                if call(self.port, "GET", "/api/v1/rulesets", timeout=2.0)[0] == 200:
                    return self
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"gunicorn did not start: {self.log_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL the whole process group: no shutdown, no flush, as a power cut would."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
            self.process = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


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
