"""gunicorn's sync worker, sending each answer in one piece and closing without waiting for
nothing (gunicorn.conf.py).

gunicorn writes an answer's status line and headers with one ``sendall`` and its body with
another. Each is a trip through the kernel's TCP stack, for the worker and again for the
client, woken twice for one answer. On the club machine's two cores, where the workers are the
bottleneck, joining the two took about 5% off the server's CPU time per request in
bench/load.py (16 keepers, runs of the two settings taken in turn).

The join is in the connection's socket, not in gunicorn's answer: ``JoinedSends`` holds back the
first ``sendall`` (gunicorn sends the head first, and nothing else before it) and sends it with
the next one, the body or its first part. Any other use of the socket, be it ``sendfile`` for a
static file, a shutdown or a close, first sends what is held, so nothing is lost or reordered.

gunicorn then closes each connection gracefully: it shuts its side, and waits for the client to
close its own before closing, so that request bytes the app left unread cannot make the kernel
reset the connection and cut the answer short. Most requests leave nothing unread, and then the
worker waited for nothing but the client's turn to run, on the club machine a core shared with
the clients: closing at once served about 5% more requests a second in bench/load.py (16
keepers, runs taken in turn). So where the request was read whole (its body, if any, to its
Content-Length) and nothing more has come in, the connection is closed at once; otherwise
gunicorn's graceful close runs as before.
"""

from __future__ import annotations

import socket
from typing import Any

from gunicorn.http.body import LengthReader
from gunicorn.workers.sync import SyncWorker as GunicornSyncWorker


class JoinedSends:
    """A connection's socket whose first ``sendall`` goes out with its second; once told the
    request was read whole (``read_whole``), its ``recv`` says the client has closed."""

    __slots__ = ("_sock", "_held", "_first", "_read_whole")

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._held: bytes | None = None
        self._first = True
        self._read_whole = False

    def read_whole(self) -> bool:
        """Note that the request was read whole, if nothing more has come in: gunicorn's
        graceful close then closes at once. Whether it was noted."""
        try:
            self._sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
        except BlockingIOError:
            self._read_whole = True  # nothing came in: nothing to reset the connection with
        except OSError:
            pass
        return self._read_whole

    def recv(self, size: int, flags: int = 0) -> bytes:
        if self._read_whole:
            return b""
        return self._sock.recv(size, flags)

    def sendall(self, data: Any) -> None:
        if self._first:
            self._first = False
            self._held = bytes(data)
            return
        if self._held is not None:
            data, self._held = self._held + data, None
        self._sock.sendall(data)

    def flush(self) -> None:
        """Send what is held back, if anything."""
        if self._held is not None:
            held, self._held = self._held, None
            self._sock.sendall(held)

    def __getattr__(self, name: str) -> Any:
        # Only for what this class does not define: every other use of the socket.
        self.flush()
        return getattr(self._sock, name)


class SyncWorker(GunicornSyncWorker):  # type: ignore[misc]
    """gunicorn's sync worker, its answers' head and body joined (see the module's doc)."""

    def handle(self, listener: socket.socket, client: socket.socket, addr: Any) -> None:
        if self.cfg.is_ssl:  # gunicorn wraps the socket itself; leave it as it is
            super().handle(listener, client, addr)
        else:
            super().handle(listener, JoinedSends(client), addr)

    def handle_request(self, listener: socket.socket, req: Any, client: Any, addr: Any) -> None:
        super().handle_request(listener, req, client, addr)
        if isinstance(client, JoinedSends) and _body_read(req):
            client.read_whole()


def _body_read(req: Any) -> bool:
    """The request's body was read to its end: none, or all its Content-Length. A body of
    another kind (chunked) is left to gunicorn's graceful close."""
    reader = getattr(getattr(req, "body", None), "reader", None)
    return isinstance(reader, LengthReader) and reader.length == 0
