"""Checkpoints outside requests: a small process that copies SQLite's log into the database file
once a second, so that no keeper's commit has to wait for it.

Under WAL, a commit lands in the log; SQLite copies the log into the database (a checkpoint) in
the commit that takes the log past ``wal_autocheckpoint`` pages, and that request then waits for
the copy and the disk. Under gunicorn (gunicorn.conf.py starts this process before the workers),
the workers raise that limit to ``SAFETY_NET_PAGES`` and this process checkpoints instead. It
ends with the gunicorn master.

Run: python -m scorekeeper.storage.checkpointer DATABASE PARENT_PID
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from .db import checkpoint
from .db import connect

INTERVAL = 1.0
"""Seconds between checkpoints."""
SAFETY_NET_PAGES = 10_000
"""The workers' own checkpoint limit while this process runs (about 40 MB of log)."""


def start(database: str | Path) -> subprocess.Popen[bytes]:
    """Start the checkpointer for ``database``; it ends when this process does."""
    command = [sys.executable, "-m", __name__, str(database), str(os.getpid())]
    return subprocess.Popen(command, stdin=subprocess.DEVNULL)


def run(database: str, parent: int, interval: float = INTERVAL) -> None:
    """Checkpoint every ``interval`` seconds while ``parent`` lives."""
    db = connect(database)
    while os.getppid() == parent:
        time.sleep(interval)
        checkpoint(db)


if __name__ == "__main__":
    run(sys.argv[1], int(sys.argv[2]))
