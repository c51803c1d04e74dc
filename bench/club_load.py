"""A league evening on the real server: many tables at once, open-loop, and the capacity.

Run: .venv/bin/python -m bench.club_load [--seconds 60] [--tables N] [--server waitress|gunicorn]
[--seed S]. Prints a table per level and one JSON line.

The model, per table: the keeper records a deal every 3 minutes (POST /api/v1/sessions/<id>/deals)
and corrects one in ten (PUT of the table's latest deal, If-Match the ETag its last answer gave);
three phones re-read the protocol every 10 s, half the time the page (/sessions/<id>, each phone
with its cookies), half its JSON (/api/v1/sessions/<id>), each as a browser does: sending back
the ETag of the copy it holds (If-None-Match), and told 304 while the session is unchanged. For
the whole club: a session's sheet printed a minute (/sessions/<id>/sheet.pdf, a table drawn at
random), a blank sheet every five minutes (/print/blank.pdf). At N tables: N/180 deals, N/1800
corrections, 3N/10 reads a second.

"Time is compressed" means here: the rates are the real ones, and a level is a slice of
--seconds (default 60) of an evening under way. Before a level, untimed, each new table's session
gets 10 to 40 deals and each of its phones reads the page and the JSON once (and gets its cookie
and their ETags). Each keeper, phone and printer is a Poisson stream: a first request at a
random phase within one mean gap, then exponential gaps of the model's mean, all drawn in
advance from --seed. CLIENTS threads
with kept-alive connections send each request at its time whatever became of the ones before,
and its latency runs from that time, so a server that falls behind shows in full (no
"coordinated omission"). The client's lag, how late a request left, shows a client short of CPU
(client and server share the machine's cores) or of threads (all CLIENTS waiting for answers).
A request over GIVE_UP late is not sent (the level has failed). The phones share the CLIENTS
connections, as behind a proxy, rather than one each; gunicorn's sync worker closes each (a new
connection a request). A sheet answered 503 (another sheet is being rendered) is asked for again
after its Retry-After, as the waiting page does; its latency runs to the sheet.

Reported per level and kind: count, p50, p95, p99 in ms, errors (an answer of 400 or more, or
none within TIMEOUT); the CPU each side used (100% a core). A level's p50/p95/p99 are those
of the slower of two groups, deal writes (records and corrections) and protocol reads (page and
JSON); sheets are shown, not judged. Without --tables, the capacity search: LEVELS tables from
100 up until a level fails (p99 over LIMIT_MS, an error or a request not sent), then one level
halfway between the last that passed and the first that failed; each level runs --seconds and
keeps the sessions of the levels before. capacity_tables: the largest level that passed.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

from bench.load import percentile
from tests.servers import SERVERS
from tests.servers import Connection
from tests.servers import Server
from tests.servers import header_value
from tests.servers import keep_cookies
from tests.servers import request_bytes

LEVELS = (100, 200, 400, 700, 1000, 1400, 2000, 2800, 4000, 5600, 8000)
LIMIT_MS = 100.0
CLIENTS = 128  # sending threads, a connection each: 1,000 requests a second answered in 100 ms
SETUP_CLIENTS = 4
GIVE_UP = 10.0  # seconds late: the request is not sent
TIMEOUT = 10.0  # seconds without an answer: an error
GAPS = {"deal": 180.0, "correct": 1800.0, "read": 10.0, "sheet": 60.0, "blank": 300.0}
PHONES, SETUP_DEALS = 3, (10, 40)
PLAYERS = ["Anna", "Bruno", "Nicolò"]
POINTS = [[30, 27, 21], [20, 30, 28], [28, 28, 22], [26, 26, 26]]
BLANK = request_bytes("GET", "/print/blank.pdf?ruleset=scarto&players=A,B,C")
KINDS = ("deal", "correct", "page", "json", "sheet", "blank")
WRITES, READS = ("deal", "correct"), ("page", "json")


@dataclass
class Phone:
    """A phone at a table: its cookies, and the ETag of each copy it holds, by address."""

    cookies: dict[str, str]
    tags: dict[str, str] = field(default_factory=dict)

    def read(self, connection: Connection, path: str) -> tuple[int, bytes]:
        """Read the address as a browser re-reads it: with the ETag of its copy, if any."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if path in self.tags:
            headers["If-None-Match"] = self.tags[path]
        status, header, body = connection.send(request_bytes("GET", path, headers=headers))
        if status == 200 and (tag := header_value(header, "etag")):
            self.tags[path] = tag
        return status, body


@dataclass
class Table:
    """A table's session, as its keeper and phones know it."""

    session: int
    deals: int
    etag: str  # the latest deal's, from the last answer about it
    phones: list[Phone]
    lock: threading.Lock = field(default_factory=threading.Lock)  # one write at a time


def checked(connection: Connection, request: bytes) -> tuple[bytes, bytes]:
    """The header and body of a set-up request's answer; stop if it is not a success."""
    status, header, body = connection.send(request)
    if status >= 300:
        raise SystemExit(f"set-up: {request[:60]!r} answered {status} {body[:200]!r}")
    return header, body


def open_table(connection: Connection, rng: random.Random) -> Table:
    """A session with 10 to 40 deals, whose phones have read it once."""
    body = {"ruleset": "scarto", "players": PLAYERS, "first_dealer": 0}
    session = int(
        json.loads(checked(connection, request_bytes("POST", "/api/v1/sessions", body))[1])["id"]
    )
    deals = rng.randint(*SETUP_DEALS)
    for number in range(deals):
        write = request_bytes(
            "POST", f"/api/v1/sessions/{session}/deals", {"points": POINTS[number % 4]}
        )
        header = checked(connection, write)[0]
    phones = []
    for _ in range(PHONES):
        phone = Phone({})
        page = checked(connection, request_bytes("GET", f"/sessions/{session}"))[0]
        keep_cookies(page, phone.cookies)
        phone.tags[f"/sessions/{session}"] = header_value(page, "etag")
        phone.read(connection, f"/api/v1/sessions/{session}")  # an evening under way: it has both
        phones.append(phone)
    return Table(session, deals, header_value(header, "etag"), phones)


def add_tables(port: int, tables: list[Table], count: int, seed: int) -> None:
    """Open tables until there are ``count``, SETUP_CLIENTS at a time."""
    local = threading.local()

    def one(index: int) -> Table:
        if not hasattr(local, "connection"):
            local.connection = Connection(port)
        return open_table(local.connection, random.Random(seed * 1_000_003 + index))

    with ThreadPoolExecutor(SETUP_CLIENTS) as pool:
        tables.extend(pool.map(one, range(len(tables), count)))


def schedule(tables: int, seconds: float, rng: random.Random) -> list[tuple[float, str, int, int]]:
    """Every request of a level: (its time in seconds from the start, kind, table, phone)."""
    events = []
    streams = [("deal", t, 0) for t in range(tables)] + [("correct", t, 0) for t in range(tables)]
    streams += [("read", t, p) for t in range(tables) for p in range(PHONES)]
    for kind, table, phone in [*streams, ("sheet", -1, 0), ("blank", 0, 0)]:
        gap = GAPS[kind]
        at = rng.uniform(0, gap)
        while at < seconds:
            name = rng.choice(READS) if kind == "read" else kind
            events.append((at, name, rng.randrange(tables) if table < 0 else table, phone))
            at += rng.expovariate(1 / gap)
    return sorted(events)


def send(connection: Connection, table: Table, kind: str, phone: int) -> tuple[str | None, int]:
    """One request of the model: what went wrong (or None), and the answer's status."""
    if kind in READS:
        prefix = "" if kind == "page" else "/api/v1"
        status, body = table.phones[phone].read(connection, f"{prefix}/sessions/{table.session}")
    elif kind in WRITES:
        with table.lock:  # a keeper waits for one write's answer before the next
            path = f"/api/v1/sessions/{table.session}/deals"
            if kind == "deal":
                request = request_bytes("POST", path, {"points": POINTS[table.deals % 4]})
            else:  # another split of the latest deal's points
                body = {"points": POINTS[table.deals % 4]}
                request = request_bytes(
                    "PUT", f"{path}/{table.deals}", body, {"If-Match": table.etag}
                )
            status, header, body = connection.send(request)
            if status < 300:
                table.deals += kind == "deal"
                table.etag = header_value(header, "etag")
    else:
        path = f"/sessions/{table.session}/sheet.pdf"
        request = BLANK if kind == "blank" else request_bytes("GET", path)
        for _ in range(30):
            status, header, body = connection.send(request)
            if status != 503 or not (wait := header_value(header, "retry-after")).isdigit():
                break
            time.sleep(int(wait))
    return (None if status < 400 else f"{kind} {status} {body[:120]!r}"), status


class Tally:
    """The answers of one level, from every client thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = {kind: [] for kind in KINDS}
        self.errors = dict.fromkeys(KINDS, 0)
        self.samples: list[str] = []
        self.lags: list[float] = []
        self.unsent = 0
        self.unchanged = 0  # reads answered 304

    def note(self, kind: str, latency: float, lag: float, error: str | None, status: int) -> None:
        with self.lock:
            self.unchanged += status == 304
            self.latencies[kind].append(latency)
            self.lags.append(lag)
            if error:
                self.errors[kind] += 1
                if len(self.samples) < 5:
                    self.samples.append(error)


def run_level(server: Server, tables: list[Table], seconds: float, seed: int) -> dict:
    """Send a level's requests at their times; its figures."""
    events: Iterator[tuple[float, str, int, int]] = iter(
        schedule(len(tables), seconds, random.Random(seed))
    )
    claim, tally = threading.Lock(), Tally()
    gc.collect()
    gc.freeze()  # no full collection of the tables and the schedule in this client meanwhile
    start = time.perf_counter() + 0.5

    def client() -> None:
        connection = Connection(server.port, TIMEOUT)
        while True:
            with claim:
                event = next(events, None)
            if event is None:
                break
            at, kind, table, phone = event
            if (wait := start + at - time.perf_counter()) > 0:
                time.sleep(wait)
            elif -wait > GIVE_UP:
                with tally.lock:
                    tally.unsent += 1
                continue
            lag = time.perf_counter() - start - at
            try:
                error, status = send(connection, tables[table], kind, phone)
            except OSError as exc:
                error, status = f"{kind} {type(exc).__name__}: {exc}", 0
            tally.note(kind, time.perf_counter() - start - at, lag, error, status)
        connection.close()

    threads = [threading.Thread(target=client, daemon=True) for _ in range(CLIENTS)]
    server_cpu, client_cpu, locked = server.cpu_seconds(), time.process_time(), server.locked()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    cpu = (server.cpu_seconds() - server_cpu, time.process_time() - client_cpu)
    return summary(len(tables), seconds, tally, cpu, server.locked() - locked)


def slower(tally: Tally, p: float) -> tuple[float, float, float]:
    """The p-th percentile in ms of deal writes and of protocol reads, and the larger."""
    writes = [x for kind in WRITES for x in tally.latencies[kind]]
    reads = [x for kind in READS for x in tally.latencies[kind]]
    figures = [percentile(group, p) if group else 0.0 for group in (writes, reads)]
    return round(max(figures), 1), round(figures[0], 1), round(figures[1], 1)


def summary(tables: int, seconds: float, tally: Tally, cpu: tuple, locked: int) -> dict:
    """The figures of a level; ``cpu``: the server's and this client's CPU seconds in it."""
    sent = sum(len(values) for values in tally.latencies.values())
    reads = sum(len(tally.latencies[kind]) for kind in READS)
    p99, deal_p99, read_p99 = slower(tally, 0.99)
    errors = sum(tally.errors.values())
    return {
        "tables": tables,
        "seconds": seconds,
        "requests": sent,
        "req_per_s": round(sent / seconds, 1),
        "p50_ms": slower(tally, 0.50)[0],
        "p95_ms": slower(tally, 0.95)[0],
        "p99_ms": p99,
        "deal_p99_ms": deal_p99,
        "read_p99_ms": read_p99,
        "errors": errors,
        "unsent": tally.unsent,
        "passed": p99 <= LIMIT_MS and errors == 0 and tally.unsent == 0,
        "lag_p99_ms": round(percentile(tally.lags, 0.99), 1) if tally.lags else None,
        "server_cpu_pct": round(100 * cpu[0] / seconds),
        "client_cpu_pct": round(100 * cpu[1] / seconds),
        "server_cpu_ms": round(1000 * cpu[0] / max(sent, 1), 2),  # a request
        "reads_unchanged_pct": round(100 * tally.unchanged / max(reads, 1)),  # answered 304
        "database_locked": locked,
        "kinds": {
            kind: {"n": len(values), "errors": tally.errors[kind]}
            | {f"p{q}": round(percentile(values, q / 100), 1) for q in (50, 95, 99)}
            for kind, values in tally.latencies.items()
            if values
        },
        "error_samples": tally.samples,
    }


def print_level(level: dict) -> None:
    verdict = "passed" if level["passed"] else "FAILED"
    print(
        f"\n{level['tables']} tables, {level['seconds']:g} s, {level['req_per_s']} requests/s "
        f"({level['unsent']} not sent, client lag p99 {level['lag_p99_ms']} ms); CPU: server "
        f"{level['server_cpu_pct']}% ({level['server_cpu_ms']} ms a request; reads unchanged "
        f"{level['reads_unchanged_pct']}%), client "
        f"{level['client_cpu_pct']}%; p99 deals {level['deal_p99_ms']} ms, reads "
        f"{level['read_p99_ms']} ms: {verdict}"
    )
    print(f"{'kind':<9}{'n':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    for kind, row in level["kinds"].items():
        figures = "".join(f"{row[key]:>9}" for key in ("p50", "p95", "p99"))
        print(f"{kind:<9}{row['n']:>7}{figures}{row['errors']:>8}")
    for sample in level["error_samples"]:
        print(f"    error: {sample}")


def measure(server: Server, args: argparse.Namespace) -> tuple[list[dict], int | None]:
    """The levels run, and the capacity found (None with --tables)."""
    tables: list[Table] = []
    results: list[dict] = []

    def level(count: int) -> bool:
        began = time.perf_counter()
        add_tables(server.port, tables, count, args.seed)
        print(f"\nset-up: {len(tables)} tables open ({time.perf_counter() - began:.0f} s)")
        time.sleep(1.0)  # let the server settle after the set-up
        results.append(run_level(server, tables[:count], args.seconds, args.seed + count))
        print_level(results[-1])
        if server.process is None or server.process.poll() is not None:
            raise SystemExit(f"the server stopped; its log ends:\n{server.log()[-3000:]}")
        return bool(results[-1]["passed"])

    if args.tables:
        level(args.tables)
        return results, None
    passed, failed = 0, None
    for count in LEVELS:
        if not level(count):
            failed = count
            break
        passed = count
    middle = round((passed + (failed or 0)) / 100) * 50
    if failed and passed < middle < failed and level(middle):
        passed = middle
    return results, passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="per level (default 60)")
    parser.add_argument("--tables", type=int, help="one level of this many tables, no search")
    parser.add_argument("--server", choices=SERVERS, default="waitress", help="default: waitress")
    parser.add_argument("--seed", type=int, default=1, help="of the arrivals (default 1)")
    args = parser.parse_args()
    args.seconds = max(1.0, min(args.seconds, 600.0))
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        with Server(Path(tmp) / "club.sqlite", log, 0, args.server) as server:
            results, capacity = measure(server, args)
    first = results[0]
    found = "not searched" if capacity is None else f"{capacity} tables"
    print(
        f"\n{args.server} on {os.cpu_count()} cores (load average {load:.1f} before): "
        f"{first['tables']} tables p99 {first['p99_ms']} ms; capacity: {found}"
    )
    levels = [
        {k: v for k, v in level.items() if k not in ("kinds", "error_samples")} for level in results
    ]
    head = {"bench": "club_load", "server": args.server, "cores": os.cpu_count(), "seed": args.seed}
    tail = {"capacity_tables": capacity, "limit_ms": LIMIT_MS, "levels": levels}
    print(json.dumps(head | {"load_average": round(load, 1)} | first | tail))


if __name__ == "__main__":
    main()
