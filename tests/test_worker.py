"""The sync worker's socket that joins an answer's head and body (scorekeeper/worker.py), on a
real pair of connected sockets: what the reader can read tells what was sent, and when."""

from __future__ import annotations

import socket

import pytest

pytest.importorskip("gunicorn", reason="gunicorn is not installed: the worker needs it")

from scorekeeper.worker import JoinedSends  # noqa: E402

HEAD = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"


@pytest.fixture
def pair():
    writer, reader = socket.socketpair()
    reader.setblocking(False)
    yield writer, reader
    writer.close()
    reader.close()


def unread(reader: socket.socket) -> bytes:
    """All the reader can read now, without waiting."""
    got = b""
    while True:
        try:
            chunk = reader.recv(65536)
        except BlockingIOError:
            return got
        if not chunk:
            return got
        got += chunk


def test_the_head_waits_for_the_body_and_goes_out_with_it(pair):
    writer, reader = pair
    joined = JoinedSends(writer)
    joined.sendall(HEAD)
    assert unread(reader) == b""  # held back
    joined.sendall(b"hello")
    assert unread(reader) == HEAD + b"hello"
    joined.sendall(b" more")  # later parts go straight out
    assert unread(reader) == b" more"


def test_any_other_use_of_the_socket_sends_the_held_head_first(pair):
    # An answer without a body (204, HEAD): gunicorn's graceful close shuts the socket down.
    writer, reader = pair
    joined = JoinedSends(writer)
    joined.sendall(HEAD)
    joined.shutdown(socket.SHUT_WR)
    assert unread(reader) == HEAD
    assert reader.recv(10) == b""  # then the end, after the head


def test_a_body_sent_as_a_file_follows_the_held_head(pair, tmp_path):
    # gunicorn serves static files with socket.sendfile, past sendall.
    writer, reader = pair
    reader.setblocking(True)
    path = tmp_path / "body.txt"
    path.write_bytes(b"hello")
    joined = JoinedSends(writer)
    joined.sendall(HEAD)
    with path.open("rb") as file:
        joined.sendfile(file)
    joined.close()
    got = b""
    while chunk := reader.recv(65536):
        got += chunk
    assert got == HEAD + b"hello"


def test_a_request_read_whole_closes_without_waiting_for_the_client(pair):
    writer, reader = pair  # writer: the worker's end
    joined = JoinedSends(writer)
    assert joined.read_whole()  # the client sent nothing more
    assert joined.recv(4096) == b""  # gunicorn's graceful close: "the client has closed"


def test_bytes_left_unread_keep_the_graceful_close(pair):
    writer, reader = pair
    reader.sendall(b"more of the body")  # the client still sending: not read by the app
    joined = JoinedSends(writer)
    assert not joined.read_whole()
    assert joined.recv(4096) == b"more of the body"  # drained, as gunicorn does
