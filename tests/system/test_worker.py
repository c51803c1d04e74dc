"""gunicorn with the club settings' worker (scorekeeper/worker.py), which joins each answer's
head and body: whole answers of every kind, read to the server's close, as a proxy reads them."""

from __future__ import annotations

import socket

import pytest

from bench.gunicorn_server import ROOT

from .conftest import call

PLAYERS = ["Anna", "Bruno", "Nicolò"]


def exchange(port: int, request: bytes) -> tuple[bytes, bytes]:
    """Send a raw request; the answer's head and body, read until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return head, body


def content_length(head: bytes) -> int:
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value)
    raise AssertionError(f"no Content-Length in {head!r}")


def get(path: str, method: str = "GET") -> bytes:
    return f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()


@pytest.mark.parametrize(
    "path",
    ["/api/v1/rulesets", "/sessions/new", "/static/style.css", "/no-such-page"],
    ids=["json", "page", "static file", "not found"],
)
def test_every_answer_arrives_whole_head_first(servers, tmp_path, path):
    server = servers(tmp_path / "worker.sqlite")
    head, body = exchange(server.port, get(path))
    assert head.startswith(b"HTTP/1.1 ")
    assert len(body) == content_length(head) > 0
    if path == "/static/style.css":  # sent with sendfile, past the joined send
        assert body == (ROOT / "static" / "style.css").read_bytes()


def test_answers_without_a_body_arrive_whole(servers, tmp_path):
    server = servers(tmp_path / "worker.sqlite")
    head, body = exchange(server.port, get("/api/v1/rulesets", "HEAD"))
    assert head.startswith(b"HTTP/1.1 200")
    assert body == b""
    status, answer = call(
        server.port, "POST", "/api/v1/sessions", {"ruleset": "scarto", "players": PLAYERS}
    )
    assert status == 201, answer
    session_id = int(answer.split(b'"id":')[1].split(b",")[0])
    status, answer = call(
        server.port, "POST", f"/api/v1/sessions/{session_id}/deals", {"points": [30, 27, 21]}
    )
    assert status == 201, answer
    delete = f"DELETE /api/v1/sessions/{session_id}/deals/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    head, body = exchange(server.port, (delete + "Connection: close\r\n\r\n").encode())
    assert head.startswith(b"HTTP/1.1 204")
    assert body == b""


def test_a_body_refused_unread_still_gets_its_answer_whole(servers, tmp_path):
    # 300 KB where the app takes 256 KB at most: it answers 413 without reading the body, and the
    # worker leaves the connection to gunicorn's graceful close, which reads the rest.
    server = servers(tmp_path / "worker.sqlite")
    body = b'{"points": [' + b"1," * 150_000 + b"1]}"
    head = (
        "POST /api/v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    head_back, answer = exchange(server.port, head.encode() + body)
    assert head_back.startswith(b"HTTP/1.1 413")
    assert len(answer) == content_length(head_back) > 0
