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

import sqlite_utils

from .db import checkpoint
from .db import connect

INTERVAL = 1.0
"""Seconds between checkpoints."""
TRIES = 4
"""Checkpoints in a row, at most, until one copies the log whole."""
SAFETY_NET_PAGES = 10_000
"""The workers' own checkpoint limit while this process runs (about 40 MB of log)."""


def start(database: str | Path) -> subprocess.Popen[bytes]:
    """Start the checkpointer for ``database``; it ends when this process does."""
    command = [sys.executable, "-m", __name__, str(database), str(os.getpid())]
    return subprocess.Popen(command, stdin=subprocess.DEVNULL)


def run(database: str, parent: int, interval: float = INTERVAL) -> None:
    """Checkpoint every ``interval`` seconds while ``parent`` lives.

    Under load a checkpoint seldom copies the whole log: keepers write meanwhile. SQLite starts
    the log over, rather than let it grow, only after a checkpoint has copied it whole; so a
    checkpoint that did not is followed at once by another, which has only what came in meanwhile
    to copy. With one checkpoint a second, bench/load.py's 16 keepers grew the log to the
    workers' safety net every four seconds, and then their saves checkpointed, disk syncs and
    all, until one copied it whole: 19 syncs in the workers in 20 seconds, 6 with the tries.
    (The log is started over only when no reader still reads an older state, so under steady
    load some still reach the safety net.)
    """
    db = connect(database)
    while os.getppid() == parent:
        time.sleep(interval)
        checkpoint_whole(db)


def checkpoint_whole(db: sqlite_utils.Database, tries: int = TRIES) -> int:
    """Checkpoint until one copies the log whole, ``tries`` times at most; how many it made."""
    for made in range(1, tries + 1):
        if checkpoint(db):
            return made
    return tries


if __name__ == "__main__":
    run(sys.argv[1], int(sys.argv[2]))
