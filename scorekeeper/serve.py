"""The club server: waitress serving the app, safe for clients that reach it directly.

Run: ``make serve``, or ``BIND=host:port python -m scorekeeper.serve`` (default 0.0.0.0:8000;
an IPv6 address in brackets, ``[::]:8000``). The database is instance/scorekeeper.sqlite unless
SCOREKEEPER_DATABASE names another file, as for ``flask run``.

waitress reads each request whole in its I/O thread (asyncore, one thread for every connection)
and hands it to a worker thread only then, with its body buffered: a phone on a weak signal, or a
client that sends half a request and stops, holds a connection, never a worker: with 40 such
connections held open, a new request is answered in milliseconds. gunicorn's sync workers, the
club server before, read the request themselves: three half-sent requests kept a new one
waiting 31 s (the workers' timeout), forty had it unanswered after two minutes. waitress is pure
Python, well kept, and runs on Windows too.

The server's processes start and stop together (lifetime.py): SIGTERM or Ctrl-C stops them all
within seconds, the requests in flight finished; a server process whose main process was killed
stops by itself; so a restart right after binds the port again.
"""

from __future__ import annotations

import faulthandler
import gc
import ipaddress
import logging
import os
import signal
import socket
import sys
import threading
import time
from typing import Any

from . import lifetime

DEFAULT_BIND = "0.0.0.0:8000"
PROCESSES = (os.cpu_count() or 1) if hasattr(os, "fork") else 1
"""Server processes: one a core, as Python runs one thread at a time in a process (README,
"Performance": one process served 550 tables of the club model); one where there is no fork
(Windows)."""
THREADS = 4
"""Worker threads running the app; the work is all CPU under one GIL, so more buy nothing but
a sheet being printed beside the keepers, and waitress never gives one to a half-sent request."""


def settings(max_content_length: int, import_max_bytes: int | None = None) -> dict[str, Any]:
    """waitress's settings for the club, for an app that takes bodies up to this size (and an
    import up to ``import_max_bytes``): what it holds per connection, and for how long."""
    held = 2 * max_content_length
    body_limit = max(held, (import_max_bytes or 0) + held)
    return {
        "threads": THREADS,
        # A club of 100 tables keeps a few hundred browser connections open between requests;
        # past the limit, new connections wait in the listen queue. Under 512, the most sockets
        # select() watches on Windows.
        "connection_limit": 500,
        # An idle connection, or one sending nothing more of its request, is closed after 30 s
        # without a byte (checked every 10 s); waitress's default keeps it two minutes.
        "channel_timeout": 30,
        "cleanup_interval": 10,
        "max_request_header_size": 64 * 1024,
        # Twice the app's own limit, or an import's (IMPORT_MAX_BYTES) and as much again: a
        # body a little too large gets the app's 413, in its words (JSON for the API); a larger
        # one waitress's, before it is sent if its length is given. The app refuses any request
        # but an import past its own limit, unread. A body is held in memory up to twice the
        # app's limit (inbuf_overflow), a larger one (an import) in a temporary file.
        "max_request_body_size": body_limit,
        "inbuf_overflow": held,
        # The app alone interprets X-Forwarded-* (Werkzeug's ProxyFix, from its PROXIES
        # setting): waitress trusts no proxy and, unlike its default since 3.0, passes those
        # headers through unchanged rather than dropping them.
        "trusted_proxy": None,
        "clear_untrusted_proxy_headers": False,
        "ident": "scorekeeper",
    }


def parse_bind(bind: str) -> tuple[str, int]:
    """Split BIND, ``host:port`` or ``[v6 address]:port``, into a host and a port.

    :raises ValueError: if it is not such an address.
    """
    host, colon, port = bind.strip().rpartition(":")
    if ":" in host and not (host.startswith("[") and host.endswith("]")):
        raise ValueError(f"put an IPv6 address in brackets: [{host}]:{port}")
    if host.startswith("["):
        host = host[1:-1]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"{host!r} is not an IPv6 address") from None
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{bind!r} is not host:port, e.g. {DEFAULT_BIND}")
    return host, int(port)


def main() -> None:
    """Build the app and serve it on BIND until stopped: in ``PROCESSES`` processes (one a
    core), which share the listening socket, each with waitress's threads."""
    bind, processes = _settings()
    # kill -USR1 on any process of the server writes its threads' stacks to the log: a server
    # that seems stuck tells where.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    app = _app()
    listening = _listen(bind)
    children = _fork_servers(app, listening, processes)
    stop = threading.Event()
    lifetime.on_stop(stop.set)
    _start_helpers(app)
    from .web.db import backup_dir

    sys.stdout.write(_banner(bind, processes, app.config["DATABASE"], backup_dir(app)) + "\n")
    sys.stdout.flush()
    try:
        _serve(app, listening, stop, on_stopping=lambda: lifetime.tell_children(children))
    finally:
        lifetime.stop_children(children)


def _settings() -> tuple[str, int]:
    """BIND and PROCESSES, checked: the server does not start on a setting it cannot keep."""
    bind = os.environ.get("BIND") or DEFAULT_BIND
    try:
        parse_bind(bind)
    except ValueError as error:
        sys.exit(f"BIND={bind}: {error}")
    given = os.environ.get("PROCESSES") or str(PROCESSES)
    if not given.isdigit() or not 1 <= int(given) <= 64:
        sys.exit(f"PROCESSES={given}: a whole number of server processes, 1 to 64")
    return bind, int(given)


def _app() -> Any:
    """The app, its database's serving lock held, its templates and languages loaded."""
    from . import create_app
    from .storage.serving import DatabaseInUse
    from .storage.serving import hold_serving_lock
    from .web import warm_up

    app = create_app()
    try:  # one server a database; a restore refuses to run while it is held
        hold_serving_lock(app.config["DATABASE"])
    except DatabaseInUse as error:
        sys.exit(f"{error}: stop it first")
    app.config["FIGURES_FED_BY_SAVES"] = True  # the figures follow the saves (web/stats/worker.py)
    warm_up(app)  # compile the templates and load the languages before the first keeper waits
    return app


def _listen(bind: str) -> socket.socket:
    host, port = parse_bind(bind)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family, backlog=1024)
    except OSError as error:  # the address is taken, or not this machine's
        sys.exit(f"BIND={bind}: {error}")


def _fork_servers(app: Any, listening: socket.socket, processes: int) -> list[int]:
    """The other server processes, each watching this one (lifetime.py); their ids."""
    pipe = lifetime.parent_pipe()
    children = []
    for _ in range(processes - 1):
        child = os.fork()  # before any thread starts: the app is built, no database is open
        if child == 0:
            stop = threading.Event()
            lifetime.on_stop(stop.set)
            _start_sheets()  # before the pipe's watch: no other thread yet (lifetime.spawning)
            lifetime.exit_with_parent(pipe)
            _serve(app, listening, stop)
            os._exit(0)
        children.append(child)
    os.close(pipe[0])  # the main process holds the writing end alone: the children watch it
    return children


def _start_helpers(app: Any) -> None:
    """The main process's helpers, the processes while no other thread runs (a Ctrl-C as one
    starts is then kept for this process, not printed by the helper: lifetime.spawning): the
    figures' worker if figures are left to do, the sheet process; then the thread of the
    database's copies."""
    from .web.db import backup_dir
    from .web.stats.worker import catch_up_at_start

    catch_up_at_start(app.config["DATABASE"])
    _start_sheets()
    _keep_copies(app.config["DATABASE"], str(backup_dir(app)))


def _start_sheets() -> None:
    from .sheets.render import render_apart

    render_apart()  # sheets in a process of their own, WeasyPrint imported there now


def _banner(bind: str, processes: int, database: str, copies: Any) -> str:
    """What the server says once, at start: where it listens, and the files it keeps."""
    return (
        f"scorekeeper serving on http://{bind} ({processes} processes); "
        f"database {os.path.abspath(database)}; copies into {os.path.abspath(copies)}"
    )


def _keep_copies(database: str, folder: str) -> None:
    """The server's own copies of the database (services/backups.py), taken by a thread of the
    main process: one now, then one after each evening with changes."""
    from .services.backups import Schedule
    from .services.backups import keep_copies

    schedule = Schedule(database, folder)
    threading.Thread(target=keep_copies, args=(schedule,), name="copies", daemon=True).start()


def _serve(
    app: Any, listening: socket.socket, stop: threading.Event, on_stopping: Any = None
) -> None:
    """Serve until ``stop`` is set (by SIGTERM or SIGINT), then finish the requests in hand and
    return."""
    import waitress

    from .sheets.render import stop_apart
    from .web.stats.worker import stop_workers

    # The app, its templates and languages last as long as the process: out of the cycle
    # collector's reach, so that its full collections scan only what requests leave behind.
    gc.freeze()
    logging.basicConfig()
    logging.getLogger("waitress").setLevel(logging.WARNING)  # the banner says where, once
    server = waitress.create_server(
        app,
        sockets=[listening],
        **settings(app.config["MAX_CONTENT_LENGTH"], app.config["IMPORT_MAX_BYTES"]),
    )
    try:
        _run_until(server, stop)
        if on_stopping is not None:
            on_stopping()  # the other processes told at once: they finish beside this one
        _finish(server)
    finally:
        stop_apart()
        stop_workers()


def _run_until(server: Any, stop: threading.Event) -> None:
    """waitress's loop (its ``run``), a step at a time until ``stop`` is set."""
    from waitress import wasyncore

    while not stop.is_set():
        wasyncore.loop(
            timeout=server.adj.asyncore_loop_timeout,
            map=_map(server),
            use_poll=server.adj.asyncore_use_poll,
            count=1,
        )


def _finish(server: Any) -> None:
    """Stop accepting, let the requests received finish and their answers go out (up to
    lifetime.GRACE_S), then close every connection. waitress's own stop (``close``) ends its
    loop at once: an answer its threads had written would never leave the buffers."""
    from waitress import wasyncore
    from waitress.channel import HTTPChannel
    from waitress.server import BaseWSGIServer

    connections = _map(server)
    for dispatcher in list(connections.values()):
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.close()  # the listening socket: new connections go to no one here
    deadline = time.monotonic() + lifetime.GRACE_S
    while time.monotonic() < deadline and _busy(server, HTTPChannel):
        wasyncore.loop(timeout=0.05, map=connections, count=1)
    server.task_dispatcher.shutdown()  # as waitress's own stop does
    wasyncore.close_all(connections)


def _map(server: Any) -> dict[int, Any]:
    """waitress's map of sockets: a server of one socket keeps it as ``_map``, one of several
    (MultiSocketServer) as ``map``."""
    found: dict[int, Any] = getattr(server, "map", None) or server._map
    return found


def _busy(server: Any, channel_type: type) -> bool:
    """Whether a request received whole is still being answered, or its answer sent."""
    dispatcher = server.task_dispatcher
    if dispatcher.active_count or dispatcher.queue:
        return True
    channels: list[Any] = [c for c in list(_map(server).values()) if isinstance(c, channel_type)]
    return any(channel.requests or channel.total_outbufs_len for channel in channels)


if __name__ == "__main__":
    main()
