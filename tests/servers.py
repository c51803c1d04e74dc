"""The real servers for benchmarks and system tests, and a lean HTTP client for them, on a free
loopback port and the caller's database. ``server`` names one of ``SERVERS``:

- "waitress": the club server as ``make serve`` starts it (scorekeeper/serve.py, BIND set);
- "gunicorn": gunicorn with its sync workers and gunicorn.conf.py, the club server before it;
- "gthread": the same settings with gunicorn's threaded worker (4 threads a worker).

Used by bench/load.py, bench/club_load.py, bench/cold_start.py and tests/system. For browser
runs (bench/taps.py, tests/e2e), ``in_thread`` serves the app from a thread of the caller's
process instead, with Werkzeug's server. ``Server``
runs the server in its own process group; leaving its ``with`` block, or ``kill()``, SIGKILLs it
with every process it started at once, as a power cut would. ``call`` sends one request on a
connection of its own; ``Connection`` keeps one alive for many (bench/club_load.py).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"  # loopback only: without a keeper password the app serves nothing else
SERVERS = ("waitress", "gunicorn", "gthread")
START_LIMIT = 30.0  # seconds for a server to boot and answer
TIMEOUT = 35.0  # a little over gunicorn's worker timeout
GTHREADS = 4  # threads per gthread worker
LOCKED = "database is locked"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    timeout: float = TIMEOUT,
    cookies: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes]:
    """One request on its own connection, as a lean client sends it: status and body. With
    ``cookies``, it sends them and keeps what the server sets, as a browser would.

    A plain socket and a request built in one piece: the client costs about 0.1 ms of CPU a
    request. (http.client costs about five times that, and its threads then queued for the
    client's own GIL, which showed as server latency: wrk, from Debian, gives the same figures
    as this client for the same page.) It asks the server to close the connection, so the
    answer is all that arrives before the close. ``headers``: more header lines to send.
    """
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    if cookies:
        head += "Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()) + "\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(head.encode() + b"\r\n" + data)
        answer = receive(sock)
    header, _, content = answer.partition(b"\r\n\r\n")
    status = header.split(b" ", 2)[1] if header.startswith(b"HTTP/") else b""
    if not status.isdigit():
        raise OSError(f"not an HTTP answer: {answer[:80]!r}")
    if b"transfer-encoding: chunked" in header.lower():
        content = unchunk(content)
    if cookies is not None:
        keep_cookies(header, cookies)
    return int(status), content


def receive(sock: socket.socket) -> bytes:
    """An answer, whole: as a browser does, done when the body its Content-Length gives is in,
    not when the server closes the connection (gunicorn may still be busy after an answer, in
    its post_request hook); an answer without a Content-Length, at the close."""
    answer = b""
    while chunk := sock.recv(65536):
        answer += chunk
        header, found, body = answer.partition(b"\r\n\r\n")
        length = _content_length(header) if found else None
        if length is not None and len(body) >= length:
            break
    return answer


def _content_length(header: bytes) -> int | None:
    for line in header.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length" and value.strip().isdigit():
            return int(value.strip())
    return None


def keep_cookies(header: bytes, cookies: dict[str, str]) -> None:
    """Keep the cookies a Set-Cookie header line sets (name=value; the attributes left out)."""
    for line in header.split(b"\r\n")[1:]:
        name, _, value = line.decode("latin-1").partition(":")
        if name.strip().lower() == "set-cookie":
            cookie_name, _, cookie_value = value.split(";", 1)[0].strip().partition("=")
            cookies[cookie_name] = cookie_value


def header_value(header: bytes, name: str) -> str:
    """The value of a header line in an answer's head (the first such line), or ""."""
    for line in header.decode("latin-1").split("\r\n")[1:]:
        key, _, value = line.partition(":")
        if key.strip().lower() == name.lower():
            return value.strip()
    return ""


def unchunk(content: bytes) -> bytes:
    """A body sent in chunks, put together."""
    parts, rest = [], content
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        parts.append(rest[:size])
        rest = rest[size + 2 :]
    return b"".join(parts)


def request_bytes(
    method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> bytes:
    """A request for a kept-alive connection (``Connection``), in one piece."""
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    return head.encode() + b"\r\n" + data


class Connection:
    """One HTTP/1.1 connection kept alive from request to request, as a browser keeps one: it
    saves the connect and the server's accept on each request (``call`` opens one a request).
    A server that answers ``Connection: close`` (gunicorn's sync worker does, every time) gets
    a new connection for the next request; a request that finds a kept connection closed
    meanwhile (waitress closes one idle for 30 s) is sent once more on a new one. Answers
    are read to their Content-Length, or their last chunk, or the close."""

    def __init__(self, port: int, timeout: float = TIMEOUT) -> None:
        self.port, self.timeout = port, timeout
        self.sock: socket.socket | None = None

    def send(self, request: bytes) -> tuple[int, bytes, bytes]:
        """Send a request (``request_bytes``); its status, header lines and body."""
        if self.sock is not None:
            try:
                return self._exchange(request)
            except ConnectionError:  # closed by the server before it answered a byte
                self.close()
        return self._exchange(request)

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def _exchange(self, request: bytes) -> tuple[int, bytes, bytes]:
        if self.sock is None:
            self.sock = socket.create_connection((HOST, self.port), timeout=self.timeout)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock, answer = self.sock, b""
        try:
            sock.sendall(request)
            while b"\r\n\r\n" not in answer:
                chunk = sock.recv(65536)
                if not chunk:
                    raise ConnectionError("closed before the answer")
                answer += chunk
            header, _, body = answer.partition(b"\r\n\r\n")
            status = header.split(b" ", 2)[1] if header.startswith(b"HTTP/") else b""
            length, lower = _content_length(header), header.lower()
            length = 0 if status in (b"204", b"304") else length
            chunked = length is None and b"transfer-encoding: chunked" in lower
            while length is None or len(body) < length:
                if chunked and body.endswith(b"0\r\n\r\n"):
                    break
                chunk = sock.recv(65536)
                if not chunk:
                    break  # the answer ends at the close
                body += chunk
        except OSError:
            self.close()
            if answer:  # a part of the answer came: no second try
                raise OSError(f"answer cut short: {answer[:80]!r}") from None
            raise
        if (length is None and not chunked) or b"connection: close" in lower:
            self.close()
        if not status.isdigit() or (length is not None and len(body) != length):
            self.close()
            raise OSError(f"not a whole HTTP answer: {answer[:80]!r}")
        return int(status), header, unchunk(body) if chunked else body


def command(port: int, workers: int | None = None, server: str = "gunicorn") -> list[str]:
    """The server on this loopback port. gunicorn with the club settings (gunicorn.conf.py, if
    it is still there), ``workers`` instead of the settings' number if given; waitress as ``make
    serve`` starts it."""
    if server == "waitress":
        return ["env", f"BIND={HOST}:{port}", sys.executable, "-m", "scorekeeper.serve"]
    if server not in SERVERS:
        raise ValueError(f"no server {server!r}: one of {', '.join(SERVERS)}")
    threaded = (
        ["--worker-class", "gthread", "--threads", str(GTHREADS)] if server == "gthread" else []
    )
    # gunicorn.conf.py went with the rest of gunicorn's own pieces: then gunicorn's defaults,
    # with what that file set: sync workers one per core, the app built (and the database
    # migrated) once before they fork.
    config = ROOT / "gunicorn.conf.py"
    settings = ["-c", str(config)] if config.exists() else ["--timeout", "30", "--preload"]
    workers = workers or (None if config.exists() else os.cpu_count())
    return [
        sys.executable,
        "-m",
        "gunicorn",
        *settings,
        "--bind",
        f"{HOST}:{port}",
        *(["--workers", str(workers)] if workers else []),
        *threaded,
        *no_control_socket(),
        "scorekeeper.wsgi:app",
    ]


def no_control_socket() -> list[str]:
    """gunicorn 25+ opens a control socket in ~/.gunicorn, shared by every server: not ours."""
    from gunicorn.config import KNOWN_SETTINGS

    known = any(setting.name == "control_socket_disable" for setting in KNOWN_SETTINGS)
    return ["--no-control-socket"] if known else []


class Server:
    """A server (one of ``SERVERS``) in its own process group, killed whole at the end."""

    def __init__(
        self, database: Path, log: Path, workers: int = 2, server: str = "gunicorn"
    ) -> None:
        self.database, self.log_path, self.workers = database, log, workers
        self.server = server
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self._log: Any = None

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.kill()

    def start(self) -> Server:
        """Start the server on a free port and wait until it answers."""
        self.port = free_port()
        self._log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            command(self.port, self.workers, self.server),
            cwd=ROOT,
            env={**os.environ, "SCOREKEEPER_DATABASE": str(self.database)},
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + START_LIMIT
        while time.monotonic() < deadline and self.process.poll() is None:
            with contextlib.suppress(OSError):
                if call(self.port, "GET", "/api/v1/rulesets", timeout=2.0)[0] == 200:
                    return self
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"{self.server} did not start:\n{self.log()[-2000:]}")

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

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def cpu_seconds(self) -> float:
        """CPU time used so far by the server and its children, gunicorn's workers or the
        checkpointer (Linux's /proc)."""
        assert self.process is not None
        ticks = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError):
                fields = stat.read_text().rpartition(")")[2].split()
                if self.process.pid in (int(stat.parent.name), int(fields[1])):
                    ticks += int(fields[11]) + int(fields[12])  # utime, stime
        return ticks / os.sysconf("SC_CLK_TCK")

    def locked(self) -> int:
        return self.log().count(LOCKED)


@contextlib.contextmanager
def in_thread(database: Path, secret: str) -> Iterator[str]:
    """The app on a free loopback port, CSRF on, on this SQLite file, in a thread of this
    process (Werkzeug's threaded server); yields its base URL."""
    from werkzeug.serving import make_server

    from scorekeeper import create_app

    app = create_app({"DATABASE": str(database), "SECRET_KEY": secret})
    server = make_server(HOST, 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="app-server", daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
