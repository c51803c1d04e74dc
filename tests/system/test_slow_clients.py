"""Slow clients (issue "slow clients"): the club server that ``make serve`` starts (waitress,
scorekeeper/serve.py) reads each request whole before a worker thread takes it. Clients that send
half a request and stop, as a phone on a weak signal or an attacker on the LAN may, hold a
connection each and never a worker: everyone else is answered at once. Its limits hold too, and
the X-Forwarded-* headers reach the app as the client sent them (the app alone reads them).
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from scorekeeper.serve import parse_bind
from scorekeeper.serve import settings
from scorekeeper.services.sessions.uploads import IMPORT_MAX_BYTES
from tests.servers import HOST

from .conftest import call

HALF_SENT = 40
AT_ONCE = 2.0
"""Seconds within which a new request is answered all the same (waitress: under 0.1 s)."""
APP_LIMIT = 256 * 1024  # the app's MAX_CONTENT_LENGTH
IMPORT_LIMIT = IMPORT_MAX_BYTES  # an import's, larger (POST /api/v1/imports)


@contextlib.contextmanager
def half_sent(port: int, n: int) -> Iterator[socket.socket]:
    """A connection that sends half a request and waits: headers without their closing blank
    line, or a POST's head and 10 of the 1000 bytes its Content-Length promises."""
    with socket.create_connection((HOST, port), timeout=10) as sock:
        head = f"GET /api/v1/rulesets HTTP/1.1\r\nHost: {HOST}\r\nUser-Agent: slow/{n}\r\n"
        if n % 2:
            head = (
                f"POST /api/v1/count HTTP/1.1\r\nHost: {HOST}\r\n"
                "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n" + '{"cards": '
            )
        sock.sendall(head.encode())
        yield sock


def exchange(port: int, request: bytes) -> tuple[bytes, bytes]:
    """Send a raw request; the answer's head and body, read until the server closes."""
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return head, body


def chunked_post(path: str, body: bytes, chunk: int = 16 * 1024) -> bytes:
    """A POST whose body is sent in chunks (Transfer-Encoding: chunked), without a length."""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    parts = [head.encode()]
    for start in range(0, len(body), chunk):
        piece = body[start : start + chunk]
        parts.append(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
    parts.append(b"0\r\n\r\n")
    return b"".join(parts)


def test_a_new_request_is_answered_at_once_while_40_half_sent_requests_are_held(servers, tmp_path):
    """With gunicorn's sync workers, the club server before, two half-sent requests held both
    workers until their 30 s timeout (README, "Serving a club")."""
    running = servers(tmp_path / "slow.sqlite")
    with contextlib.ExitStack() as held:
        for n in range(HALF_SENT):
            held.enter_context(half_sent(running.port, n))
        time.sleep(0.3)  # the server has taken them in and read what came
        start = time.perf_counter()
        status, answer = call(running.port, "GET", "/api/v1/rulesets", timeout=AT_ONCE)
        read = time.perf_counter() - start
        body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Nicolò"]}
        start = time.perf_counter()
        written, _ = call(running.port, "POST", "/api/v1/sessions", body, timeout=AT_ONCE)
        write = time.perf_counter() - start
    assert status == 200, answer
    assert written == 201
    assert read < AT_ONCE
    assert write < AT_ONCE


def test_a_chunked_body_over_the_apps_limit_gets_its_413_and_the_server_serves_on(
    servers, tmp_path
):
    running = servers(tmp_path / "large.sqlite")
    body = b'{"cards": "' + b"KS " * (APP_LIMIT // 3 + 10_000) + b'"}'  # about 286 KB
    assert APP_LIMIT < len(body) < settings(APP_LIMIT)["max_request_body_size"]
    head, answer = exchange(running.port, chunked_post("/api/v1/count", body))
    assert head.startswith(b"HTTP/1.1 413"), head
    assert json.loads(answer)["error"]  # the app's own answer: JSON, as the API speaks
    assert call(running.port, "GET", "/api/v1/rulesets")[0] == 200


def test_a_body_over_the_servers_limit_is_refused_before_it_is_sent(servers, tmp_path):
    running = servers(tmp_path / "large.sqlite")
    too_large = settings(APP_LIMIT, IMPORT_LIMIT)["max_request_body_size"] + 1
    head = (
        f"POST /api/v1/count HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {too_large}\r\n\r\n"
    )
    answer_head, _ = exchange(running.port, head.encode())  # and not a byte of the body
    assert answer_head.startswith(b"HTTP/1.1 413"), answer_head
    assert call(running.port, "GET", "/api/v1/rulesets")[0] == 200


def test_forwarded_for_reaches_the_app_through_the_real_server(servers, tmp_path):
    # Without a keeper password the app serves its own machine only, and a request a proxy on
    # this machine forwards for another is not its own machine's: the app must see the header.
    running = servers(tmp_path / "forwarded.sqlite")
    forwarded = {"X-Forwarded-For": "203.0.113.9"}
    status, _ = call(running.port, "GET", "/api/v1/rulesets", headers=forwarded)
    assert status == 403
    local = {"X-Forwarded-For": "127.0.0.1"}
    assert call(running.port, "GET", "/api/v1/rulesets", headers=local)[0] == 200


def test_waitress_passes_proxy_headers_through_unchanged_and_trusts_none():
    waitress = pytest.importorskip("waitress")
    seen: dict[str, str] = {}

    def echo(environ, start_response):
        seen.update({k: v for k, v in environ.items() if isinstance(v, str)})
        start_response("204 No Content", [])
        return []

    server = waitress.create_server(echo, host=HOST, port=0, **settings(APP_LIMIT))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        request = (
            f"GET / HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
            "X-Forwarded-For: 203.0.113.9, 10.0.0.1\r\nX-Forwarded-Proto: https\r\n"
            "X-Forwarded-Host: club.example\r\nForwarded: for=198.51.100.7\r\n\r\n"
        )
        head, _ = exchange(server.effective_port, request.encode())
    finally:
        server.close()
        thread.join(timeout=5)
    assert head.startswith(b"HTTP/1.1 204")
    assert seen["HTTP_X_FORWARDED_FOR"] == "203.0.113.9, 10.0.0.1"
    assert seen["HTTP_X_FORWARDED_PROTO"] == "https"
    assert seen["HTTP_X_FORWARDED_HOST"] == "club.example"
    assert seen["HTTP_FORWARDED"] == "for=198.51.100.7"
    assert (seen["REMOTE_ADDR"], seen["wsgi.url_scheme"], seen["HTTP_HOST"]) == (
        "127.0.0.1",
        "http",
        HOST,
    )


@pytest.mark.parametrize(
    ("bind", "address"),
    [
        ("0.0.0.0:8000", ("0.0.0.0", 8000)),
        ("127.0.0.1:8765", ("127.0.0.1", 8765)),
        ("[::]:8000", ("::", 8000)),
        ("[::1]:80", ("::1", 80)),
        ("club-laptop.local:8000", ("club-laptop.local", 8000)),
    ],
)
def test_bind_gives_host_and_port(bind, address):
    assert parse_bind(bind) == address


@pytest.mark.parametrize("bind", ["8000", "0.0.0.0", ":8000", "::1:8000", "[nope]:80", "a:0"])
def test_a_bind_that_is_not_host_and_port_is_refused(bind):
    with pytest.raises(ValueError, match="host:port|brackets|IPv6"):
        parse_bind(bind)


def test_a_wrong_number_of_processes_stops_the_server_with_its_name():
    import subprocess
    import sys

    env = {"PROCESSES": "many", "BIND": f"{HOST}:1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.serve"], env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    assert "PROCESSES=many" in done.stderr
