"""The club server's own copies of the database: one as it starts, one after each evening with
changes (when no change came for ``QUIET_S``), into the backup folder (``BACKUP_DIR``: a USB
stick or a NAS folder in practice), each checked and the old ones rotated (storage/copies.py).
A club forgets ``flask backup`` until the laptop dies; the keeper's page says when the last
good copy was taken, and warns when there is none for a week.
"""

from __future__ import annotations

import datetime
import logging
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..storage.copies import Copy
from ..storage.copies import copies
from ..storage.copies import take_copy

LOG = logging.getLogger(__name__)
QUIET_S = 3600.0
"""A change, then this long without one: the evening is over, and a copy is taken."""
STALE = datetime.timedelta(days=7)
"""No good copy for this long: the keeper's page warns."""


@dataclass(frozen=True)
class CopyStatus:
    last: Copy | None
    """The newest good copy, taken by hand or by the server; None for none."""
    stale: bool
    """No good copy within STALE."""

    @property
    def last_taken(self) -> str:
        """When the last good copy was taken, ISO 8601 with the local offset; "" for none."""
        return self.last.taken.astimezone().isoformat() if self.last else ""


def copy_status(folder: str | Path, now: datetime.datetime | None = None) -> CopyStatus:
    found = copies(Path(folder))
    last = found[0] if found else None
    now = now or datetime.datetime.now()
    return CopyStatus(last, last is None or now - last.taken > STALE)


def listed_copies(folder: str | Path) -> list[dict[str, object]]:
    """The copies in the folder, newest first, as a page lists them: when (ISO 8601, with the
    local offset), by whom, the file's name and size."""
    return [
        {
            "taken": copy.taken.astimezone().isoformat(),
            "auto": copy.auto,
            "name": copy.path.name,
            "size": copy.path.stat().st_size,
        }
        for copy in copies(Path(folder))
        if copy.path.exists()
    ]


class Schedule:
    """When the server takes its copies. ``tick`` is called every minute or so; ``clock`` is
    the time as ``time.time`` gives it (a test gives its own)."""

    def __init__(
        self,
        database: str | Path,
        folder: str | Path,
        quiet_s: float = QUIET_S,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.database, self.folder = Path(database), Path(folder)
        self.quiet_s, self.clock = quiet_s, clock
        self._seen: int | None = None  # SQLite's data_version when last looked
        self._changed_at: float | None = None  # the last change not yet in a copy
        self._watch: sqlite3.Connection | None = None

    def take(self) -> Copy | None:
        """A copy now (as the server starts): checked, then the old ones rotated."""
        taken = datetime.datetime.fromtimestamp(self.clock())
        made = take_copy(self.database, self.folder, taken)
        if made is None:
            LOG.error("the copy of %s taken at %s failed its check", self.database, taken)
        self._changed_at = None
        return made

    def tick(self) -> Copy | None:
        """Look for changes; take a copy if some came, then none for ``quiet_s``."""
        version = self._data_version()
        if self._seen is not None and version != self._seen:
            self._changed_at = self.clock()
        self._seen = version
        if self._changed_at is not None and self.clock() - self._changed_at >= self.quiet_s:
            return self.take()
        return None

    def _data_version(self) -> int:
        """SQLite's count of the commits other connections made to the database since this one
        opened it (PRAGMA data_version): a cheap question, asked of a read-only connection."""
        if self._watch is None:
            uri = self.database.resolve().as_uri() + "?mode=ro"
            self._watch = sqlite3.connect(uri, uri=True, check_same_thread=False)
        return int(self._watch.execute("PRAGMA data_version").fetchone()[0])


def keep_copies(schedule: Schedule, every_s: float = 60.0) -> None:
    """The server's loop of copies (a thread of its main process): one now, then ``tick`` every
    ``every_s``. A copy that fails (a USB stick pulled out, a full disk) is logged, never ends
    the server."""
    try:
        schedule.take()
    except Exception:
        LOG.exception("the copy at start failed")
    while True:
        time.sleep(every_s)
        try:
            schedule.tick()
        except Exception:
            LOG.exception("a copy failed")
