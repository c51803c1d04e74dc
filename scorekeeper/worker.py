"""gunicorn's sync worker, sending each answer's head and body together (gunicorn.conf.py).

gunicorn writes an answer's status line and headers with one ``sendall`` and its body with
another. Each is a trip through the kernel's TCP stack, for the worker and again for the
client, woken twice for one answer. On the club machine's two cores, where the workers are the
bottleneck, joining the two took 7% off the server's CPU time per request in bench/load.py
(16 keepers, runs of the two settings taken in turn).

The join is in the connection's socket, not in gunicorn's answer: ``JoinedSends`` holds back the
first ``sendall`` (gunicorn sends the head first, and nothing else before it) and sends it with
the next one, the body or its first part. Any other use of the socket, be it ``sendfile`` for a
static file, a shutdown or a close, first sends what is held, so nothing is lost or reordered.
"""

from __future__ import annotations

import socket
from typing import Any

from gunicorn.workers.sync import SyncWorker as GunicornSyncWorker


class JoinedSends:
    """A connection's socket whose first ``sendall`` goes out with its second."""

    __slots__ = ("_sock", "_held", "_first")

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._held: bytes | None = None
        self._first = True

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
