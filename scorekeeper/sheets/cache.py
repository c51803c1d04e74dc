"""Rendered sheets kept in memory, per process: the least recently used go first.

Bounded twice, in sheets and in bytes, so that a worker's memory stays flat however many
sessions are printed. The key says everything the PDF depends on (web/sheets/views.py builds it);
nothing here knows what a session is.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable


class SheetCache:
    """An LRU of rendered PDFs: at most max_items of them, and at most max_bytes in all."""

    def __init__(self, max_items: int = 64, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.max_items = max_items
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            pdf = self._items.get(key)
            if pdf is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return pdf

    def put(self, key: Hashable, pdf: bytes) -> None:
        if self.max_items <= 0 or len(pdf) > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= len(old)
            self._items[key] = pdf
            self._bytes += len(pdf)
            while len(self._items) > self.max_items or self._bytes > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self._bytes -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def size_bytes(self) -> int:
        return self._bytes
