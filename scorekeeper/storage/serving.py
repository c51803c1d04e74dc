"""Who is serving a database: a lock on a file beside it, held by the club server for its life.

The club server (``make serve``) calls ``hold_serving_lock`` as it starts; a restore takes the
same lock while it replaces the file, so that it never runs while a server writes and no server
starts in the middle of it. The lock is an exclusive ``flock`` on ``<database>.serving`` (on
Windows, a byte of it locked with ``msvcrt``): the operating system lets go of it when the
process ends, however it ends, so a server killed by a power cut leaves no stale lock behind.
Processes forked after the lock was taken share it (a ``flock`` belongs to the open file): it
lasts until the last of them ends. The file holds the holder's process id and what it does, for
the messages; it is never removed.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import BinaryIO

from ..rules.problem import translatable
from .checks import ExchangeError

SERVING = "serving"
RESTORING = "restoring"
_HELD: list[BinaryIO] = []  # every lock this process holds: kept open for its life
_WINDOWS_BYTE = 2**30  # the byte locked on Windows, past the text (a lock there is mandatory)
_DMS_BYTE = 128  # SQLite's -shm "dead man switch" lock: 120 + 8 lock slots (the unix VFS)


class DatabaseInUse(ExchangeError):  # noqa: N818  a refusal, as ExchangeError is
    """Another process is using the database: a server, a restore, or another program."""


def lock_path(database: str | Path) -> Path:
    """The file whose lock says that a server is serving the database: ``<database>.serving``."""
    return Path(f"{database}.serving")


def hold_serving_lock(database: str | Path, doing: str = SERVING) -> BinaryIO:
    """Take the database's serving lock for the rest of this process's life, and say who holds it.

    Call it once, as the server starts, before it forks its workers. The lock is kept here too, so
    that it lasts even if the handle returned is dropped; ``release`` lets go of it before the end.

    :raises DatabaseInUse: if another process (or another handle of this one) holds it.
    """
    path = lock_path(database)
    handle = open(path, "a+b")  # noqa: SIM115  kept open: the lock lives as long as the file
    try:
        _lock(handle.fileno(), shared=False)
    except OSError:
        holder = _holder(path)
        handle.close()
        raise _in_use(database, path, holder) from None
    handle.truncate(0)
    handle.write(f"{os.getpid()} {doing}\n".encode())
    handle.flush()
    _HELD.append(handle)
    return handle


def release(handle: BinaryIO) -> None:
    """Let go of a lock ``hold_serving_lock`` took (a restore's, once the file is in place)."""
    with contextlib.suppress(ValueError):
        _HELD.remove(handle)
    handle.close()


def is_being_served(database: str | Path) -> bool:
    """Whether a process holds the database's serving lock now (a server, or a restore)."""
    path = lock_path(database)
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        _lock(descriptor, shared=True)
    except OSError:
        return True
    finally:
        os.close(descriptor)  # lets go of the shared lock too
    return False


def is_open_elsewhere(database: str | Path) -> bool:
    """Whether another process has the database open, in a transaction or not (a server, a
    shell, Litestream): SQLite's own sign of it, on Unix.

    Every connection to a WAL database holds a read lock on the "dead man switch" byte of its
    ``-shm`` file, byte 128 (SQLite's WAL file format, the unix VFS) as long as it is open; a
    write lock there is refused while any other process holds one. Locks of this process do not
    count (they are per process), nor does a ``-shm`` file a crashed process left behind.
    """
    if sys.platform == "win32":  # SQLite locks other bytes there: not looked at
        return False
    try:
        descriptor = os.open(f"{database}-shm", os.O_RDWR)
    except FileNotFoundError:  # no connection in WAL mode has it open
        return False
    try:
        fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _DMS_BYTE)
    except OSError:
        return True
    else:
        fcntl.lockf(descriptor, fcntl.LOCK_UN, 1, _DMS_BYTE)
        return False
    finally:
        os.close(descriptor)


def _in_use(database: str | Path, path: Path, holder: tuple[int, str] | None) -> DatabaseInUse:
    if holder is None:
        return DatabaseInUse(
            translatable("another process holds %(lock)s: a server is serving %(database)s"),
            lock=str(path),
            database=str(database),
        )
    pid, doing = holder
    if doing == RESTORING:
        template = translatable("%(database)s is being restored by process %(pid)s")
    else:
        template = translatable("a server (process %(pid)s) is serving %(database)s")
    return DatabaseInUse(template, pid=pid, database=str(database))


def _holder(path: Path) -> tuple[int, str] | None:
    """The process id and what it does, as the lock's holder wrote them, if it did."""
    try:
        pid, _, doing = path.read_text(encoding="utf-8", errors="replace").strip().partition(" ")
    except OSError:
        return None
    return (int(pid), doing) if pid.isdigit() else None


if sys.platform == "win32":
    import msvcrt

    def _lock(descriptor: int, shared: bool) -> None:
        """Lock the file without waiting (OSError if another holds it); Windows has no shared
        lock here, so a look from ``is_being_served`` takes it exclusive for a moment."""
        os.lseek(descriptor, _WINDOWS_BYTE, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock(descriptor: int, shared: bool) -> None:
        """Lock the file without waiting: BlockingIOError (an OSError) if another holds it."""
        fcntl.flock(descriptor, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
