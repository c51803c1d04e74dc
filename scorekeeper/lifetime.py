"""The club server's processes live and end together.

``make serve`` runs one main process, which forks the other server processes (serve.py), and
each server process may start helpers of its own: the sheet process and the figures' worker
("spawn"). A club's laptop is stopped by Ctrl-C, by systemd's SIGTERM, or by a crash; in each
case every process must end, or the next start finds the port taken and the README's restore
runs beside a live writer.

- SIGTERM or SIGINT asks a server process to stop (``on_stop``): it stops accepting, finishes
  the requests it has, and ends; the main process passes the signal on to the server processes
  it forked and waits for them (``stop_children``), killing any still there after the grace.
- A server process forked by the main one watches a pipe whose only writer is the main process
  (``parent_pipe``, ``exit_with_parent``): when the main process dies, even by SIGKILL, the
  pipe reads end-of-file and the server process stops itself.
- A helper started by "spawn" watches its parent through multiprocessing's own sentinel
  (``exit_with_spawner``), and leaves Ctrl-C to its parent.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from multiprocessing.connection import wait

GRACE_S = 6.0
"""How long a stopping server process lets its requests finish, and the main process waits
for the others, before ending them: a stop takes at most about this, within systemd's default
of 90 s and the 10 s a club's technician expects."""


def on_stop(callback: Callable[[], None]) -> None:
    """Call ``callback`` (in the main thread, between its steps) on SIGTERM or SIGINT."""
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda _signum, _frame: callback())


def parent_pipe() -> tuple[int, int]:
    """A pipe the main process holds the writing end of, made before it forks; each server
    process keeps the reading end only (``exit_with_parent``)."""
    return os.pipe()


def exit_with_parent(pipe: tuple[int, int]) -> None:
    """In a forked server process: stop when the main process is gone. Nothing is ever written
    to the pipe; its read ends, at end-of-file, only when no process holds the writing end."""
    reading, writing = pipe
    os.close(writing)

    def watch() -> None:
        with contextlib.suppress(OSError):
            while os.read(reading, 1):
                pass
        os.kill(os.getpid(), signal.SIGTERM)  # stop as on any SIGTERM, finishing requests
        time.sleep(GRACE_S + 2)
        os._exit(1)  # the stop did not end the process: end it

    threading.Thread(target=watch, name="scorekeeper parent watch", daemon=True).start()


@contextlib.contextmanager
def spawning() -> Iterator[None]:
    """Around the start of a helper process from the main thread: SIGINT ignored meanwhile, so
    that the helper starts ignoring it (an ignored signal stays ignored across exec, and Python
    then installs no handler of its own) until ``exit_with_spawner`` says so itself. Else a
    Ctrl-C while the helper imports Python stops it with a traceback. The parent's own SIGINT
    is blocked meanwhile, not lost: Linux keeps a blocked signal pending even while ignored, and
    it comes once the handler is back. Only from the main thread while no other thread runs: a
    process's signal goes to any thread that does not block it, and one ignored there is lost;
    otherwise nothing changes (a helper started by a request's thread may print a traceback if
    Ctrl-C comes as it starts)."""
    if threading.current_thread() is not threading.main_thread() or threading.active_count() > 1:
        yield  # another thread would take a SIGINT while it is ignored: it would be lost
        return
    old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    if signal.SIGINT in signal.sigpending():  # ignoring it would drop it: the helper may print
        signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
        yield
        return
    old_handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old_handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)


def exit_with_spawner() -> None:
    """In a process started by "spawn" (the sheet process, the figures' worker): end when the
    process that started it has gone, and leave Ctrl-C to it (the terminal sends SIGINT to
    every process of the group: the parent stops its helpers itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="scorekeeper spawner watch", daemon=True).start()


def tell_children(children: Iterable[int]) -> None:
    """Ask each forked server process to stop (SIGTERM)."""
    for pid in children:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)


def stop_children(children: Iterable[int], grace: float = GRACE_S) -> None:
    """Ask each forked server process to stop, wait for it up to ``grace`` seconds, then kill
    any still there; reap them all."""
    waiting = set(children)
    tell_children(waiting)
    deadline = time.monotonic() + grace
    while waiting and time.monotonic() < deadline:
        for pid in list(waiting):
            if _ended(pid):
                waiting.discard(pid)
        time.sleep(0.05)
    for pid in waiting:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


def _ended(pid: int) -> bool:
    try:
        done, _status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:  # reaped already
        return True
    return done == pid
