"""The club server stops and starts like a service (issue "A club server that runs for years",
§1): the real ``make serve`` process tree, each process known by its PID.

"SIGTERM (and Ctrl-C) stop every process of the server within 10 s, finishing requests in
flight; if the main process dies by SIGKILL, its children notice and exit within seconds ...; a
restart right after always binds."
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import HOST
from tests.servers import call
from tests.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
POLL_S = 0.1


def wait_for(done, what: str, polls: int, processes: list[int] = ()) -> None:
    """Poll ``done`` every POLL_S, at most ``polls`` times: a bound on the waiting (the issue's
    10 s and "within seconds"), not a time measured. A failure names the ``processes`` left."""
    for _ in range(polls):
        if done():
            return
        time.sleep(POLL_S)
    raise AssertionError(f"{what}: {survivors(list(processes))}")


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):  # the process ended meanwhile
            found += [int(child) for child in task.read_text().split()]
    return found


def tree(pid: int) -> list[int]:
    """The process and every process below it."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += children(current)
    return found


def survivors(processes: list[int]) -> str:
    """The processes still there, with their command lines, for a failure's message; each is
    asked for its threads' stacks (SIGUSR1: serve.py's faulthandler), which go to its log."""
    lines = []
    for pid in processes:
        if alive(pid):
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            lines.append(f"{pid}: {command.decode(errors='replace')}")
            if b"scorekeeper.serve" in command:
                os.kill(pid, signal.SIGUSR1)
    time.sleep(0.5)  # the stacks written before the log is read
    return "; ".join(lines)


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, ended and not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class MakeServe:
    """``make serve`` on a free loopback port, in a process group of its own; the set-up it
    depends on is done already (``make test`` did it), so make goes straight to the server."""

    def __init__(self, database: Path, log: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.log = log
        env = os.environ | {
            "BIND": f"{HOST}:{self.port}",
            "PROCESSES": "2",
            "SCOREKEEPER_DATABASE": str(database),
            "SCOREKEEPER_BACKUP_DIR": str(database.parent / "backups"),
        }
        old = ["-o", "system-run", "-o", ".venv/.app-installed"]  # nothing to install
        with log.open("wb") as out:
            self.make = subprocess.Popen(
                ["make", "--no-print-directory", *old, "serve"],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for(self.serving, f"make serve did not start: {self.said()}", polls=300)

    def said(self) -> str:
        return self.log.read_text(errors="replace")

    def serving(self) -> bool:
        if self.make.poll() is not None:
            raise AssertionError(f"make serve ended: {self.said()}")
        return "serving on" in self.said() and answers(self.port)

    def main(self) -> int:
        """The server's main process: make's child."""
        (pid,) = children(self.make.pid)
        return pid

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.make.pid, signal.SIGKILL)
        self.make.wait()


def answers(port: int) -> bool:
    try:
        status, _ = call(port, "GET", "/api/v1/rulesets")
    except OSError:
        return False
    return status == 200


def refused(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex((HOST, port)) != 0


@pytest.fixture
def served(tmp_path) -> Iterator[list[MakeServe]]:
    started: list[MakeServe] = []
    yield started
    for server in started:
        server.kill()


def start(served: list[MakeServe], tmp_path: Path, port: int | None = None) -> MakeServe:
    server = MakeServe(tmp_path / "club.sqlite", tmp_path / f"serve-{len(served)}.log", port)
    served.append(server)
    return server


def session_with_deals(port: int, deals: int) -> int:
    status, body = call(
        port, "POST", "/api/v1/sessions", {"ruleset": "scarto", "players": ["A", "B", "C"]}
    )
    assert status == 201, body
    session_id = int(json.loads(body)["id"])
    for _ in range(deals):
        status, body = call(
            port, "POST", f"/api/v1/sessions/{session_id}/deals", {"points": [30, 27, 21]}
        )
        assert status == 201, body
    return session_id


def test_sigterm_stops_every_process_finishing_a_request_and_a_restart_binds(served, tmp_path):
    server = start(served, tmp_path)
    session_id = session_with_deals(server.port, 40)
    main = server.main()
    processes = tree(main)
    # The main process, a second server process, and each one's sheet process at least.
    assert len(processes) >= 4, processes
    answer: dict[str, object] = {}

    def print_sheet() -> None:  # a sheet takes a few tenths of a second: in flight at the stop
        answer["sheet"] = call(server.port, "GET", f"/sessions/{session_id}/sheet.pdf")

    printing = threading.Thread(target=print_sheet)
    printing.start()
    time.sleep(0.05)  # the request sent before the stop, not measured
    os.kill(main, signal.SIGTERM)
    wait_for(
        lambda: not any(alive(pid) for pid in processes),
        "a process outlived SIGTERM",
        100,
        processes,
    )
    printing.join()
    status, body = answer["sheet"]
    assert status == 200
    assert body.startswith(b"%PDF-")
    assert body.rstrip().endswith(b"%%EOF")
    assert refused(server.port)
    again = start(served, tmp_path, server.port)  # the same port, at once
    assert answers(again.port)


def test_the_server_processes_end_when_the_main_process_is_killed(served, tmp_path):
    server = start(served, tmp_path)
    main = server.main()
    others = [pid for pid in tree(main) if pid != main]
    assert others
    os.kill(main, signal.SIGKILL)
    wait_for(
        lambda: not any(alive(pid) for pid in others), "a process outlived its parent", 50, others
    )
    assert refused(server.port)


def test_sigterm_to_make_stops_the_whole_server(served, tmp_path):
    server = start(served, tmp_path)
    processes = tree(server.make.pid)
    os.kill(server.make.pid, signal.SIGTERM)
    wait_for(
        lambda: not any(alive(pid) for pid in processes), "a process outlived make", 100, processes
    )
    assert refused(server.port)


def test_a_second_server_of_the_same_database_refuses_and_says_why(served, tmp_path):
    first = start(served, tmp_path)
    env = os.environ | {
        "BIND": f"{HOST}:{free_port()}",
        "SCOREKEEPER_DATABASE": str(tmp_path / "club.sqlite"),
    }
    second = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-m", "scorekeeper.serve"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert second.returncode != 0
    assert f"a server (process {first.main()}) is serving" in second.stderr
    assert answers(first.port)


def test_the_server_says_where_it_serves_and_takes_a_copy_as_it_starts(served, tmp_path):
    server = start(served, tmp_path)
    said = [line for line in server.said().splitlines() if "serving on" in line]
    assert said == [
        f"scorekeeper serving on http://{HOST}:{server.port} (2 processes); "
        f"database {tmp_path / 'club.sqlite'}; copies into {tmp_path / 'backups'}"
    ]  # once, not once a process
    backups = tmp_path / "backups"
    wait_for(lambda: any(backups.glob("scorekeeper-*-auto.sqlite")), "no copy at start", 100)


def test_ctrl_c_stops_the_whole_server_quietly(served, tmp_path):
    """Ctrl-C in the terminal sends SIGINT to every process of the group at once."""
    server = start(served, tmp_path)
    processes = tree(server.make.pid)
    os.killpg(server.make.pid, signal.SIGINT)
    try:
        wait_for(lambda: not any(alive(p) for p in processes), "outlived Ctrl-C", 100, processes)
    except AssertionError as error:
        raise AssertionError(f"{error}\n{server.said()}") from None
    assert "Traceback" not in server.said(), server.said()
