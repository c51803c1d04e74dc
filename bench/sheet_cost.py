"""What a printed sheet costs beside plain WeasyPrint (issue "Printed sheets as fast as plain
WeasyPrint"): the one-page session sheet against a plain table of the same rows, and the blank
sheet's first render.

Run: .venv/bin/python -m bench.sheet_cost [--repeat 30] [--processes 5]. Prints a table and
one JSON line ("session_sheet_ms", "plain_table_ms", "ratio", "blank_first_ms", ...).
- session sheet: a 3-deal session's sheet as the app serves it in club mode, with its QR code
  (a keeper password set, the sheet asked for through the read link at a LAN address; test
  client, the sheet cache off, so every request renders), after a first request has paid the
  imports, the fonts and the stylesheet; "render" is render_pdf() alone on the same HTML,
  without the request around it;
- plain table: the rows of that sheet's protocol table, the same text, as a bare HTML table
  (no stylesheet, no fonts of ours, no page rules) through weasyprint.HTML(string=...).write_pdf()
  in this same process, a PDF/A-3b carrying the same file as the sheet (like for like);
  the three are measured in turns, REPEAT times; "ratio" is the median of each turn's render
  over its plain table (target: at most 1.5): both are HTML made into a PDF by WeasyPrint in
  this process, which is what "renders in" compares; "ratio_request" is the whole request
  over the plain table, reading the session from SQLite and filling the template besides.
  Taking each turn's ratio lets a busy moment, which slows a whole turn, drop out;
- blank sheet, first render: in a new process per run, the app built and warmed up as a server
  is (scorekeeper.web.warm_up, one page served), WeasyPrint imported, then the first
  /print/blank.pdf timed (target 200 ms), then a second one; "cold" is the same with WeasyPrint
  imported by that first request; "warm" is the median of five more in this process.
Besides the wall time, the CPU time: on a busy machine the wall time waits for a core. Medians
move by a tenth from one run to the next on a shared machine: compare runs made together.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import weasyprint
from werkzeug.security import generate_password_hash

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.sheets.render import Attached
from scorekeeper.sheets.render import harfbuzz_subsetting
from scorekeeper.sheets.render import render_pdf
from scorekeeper.sheets.render import weasyprint_attachment
from scorekeeper.storage import access
from scorekeeper.storage.db import open_db
from scorekeeper.web import warm_up
from scorekeeper.web.sheets import views as sheets_module

ROOT = Path(__file__).resolve().parents[1]
SCORES = [[30, 27, 21], [20, 30, 28], [28, 28, 22]]
TARGETS = {"ratio": 1.5, "blank_first_ms": 200.0}
BLANK = "/print/blank.pdf?ruleset=scarto"
LAN_HOST = "192.168.1.10:8000"
CHILD = """
import json, sys, tempfile, time
from pathlib import Path
from scorekeeper import create_app
from scorekeeper.web import warm_up
app = create_app({"TESTING": True, "DATABASE": str(Path(tempfile.mkdtemp()) / "b.sqlite"),
                  "SHEET_CACHE_SIZE": 0})
warm_up(app)
client = app.test_client()
assert client.get("/").status_code == 200
if sys.argv[1] == "warm":  # as the club server's sheet process starts (sheets/render.py preload)
    from scorekeeper.sheets.render import preload
    preload()
took = []
for _ in range(2):
    start, start_cpu = time.perf_counter(), time.process_time()
    assert client.get(sys.argv[2]).status_code == 200
    took.append(((time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000))
print(json.dumps(took))
"""


class ProtocolRows(HTMLParser):
    """The rows of a sheet's protocol table: each cell's tag, spans and text."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[tuple[str, str, str]]] = []
        self._depth = 0  # inside table.protocol
        self._cell: tuple[str, str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table" and (self._depth or "protocol" in (found.get("class") or "")):
            self._depth += 1
        elif self._depth and tag == "tr":
            self.rows.append([])
        elif self._depth and tag in ("td", "th"):
            spans = "".join(f' {k}="{found[k]}"' for k in ("colspan", "rowspan") if found.get(k))
            self._cell = (tag, spans, [])

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self._depth:
            self._depth -= 1
        elif self._cell is not None and tag in ("td", "th"):
            name, spans, text = self._cell
            self.rows[-1].append((name, spans, " ".join("".join(text).split())))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell[2].append(data)


def plain_table(sheet_html: str) -> str:
    """A bare HTML page holding the sheet's protocol rows, the same text, no style at all, and
    the same running-totals chart the sheet carries (issue "Players who last": like for like)."""
    parser = ProtocolRows()
    parser.feed(sheet_html)
    rows = "\n".join(
        "<tr>" + "".join(f"<{t}{s}>{escape(text)}</{t}>" for t, s, text in row) + "</tr>"
        for row in parser.rows
    )
    chart = re.search(r'<section class="chart">.*?(<img [^>]*>)', sheet_html, re.S)
    image = chart.group(1) if chart else ""
    return f"<!doctype html>\n<html><body><table>\n{rows}\n</table>{image}</body></html>\n"


def one_page_session(path: str) -> str:
    db = open_db(path)
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Nicolò"], "first_dealer": 0}
    session_id = services.start_session(db, {**body, "place": "Biella"})
    for points in SCORES:
        services.record_deal(db, session_id, {"points": points})
    return f"/sessions/{session_id}/sheet.pdf"


def club_reader(app, path: str, url: str):
    """Club mode (a keeper password), and a client that opened the session's read link from a
    phone on the LAN: its sheets carry the QR code, the heaviest one-page sheet."""
    db = open_db(path)
    access.set_keeper_password_hash(db, generate_password_hash("bench"))
    token = services.load_session(db, int(url.split("/")[2])).read_token
    client = app.test_client()
    client.environ_base["HTTP_HOST"] = LAN_HOST
    assert client.get(f"/view/{token}").status_code in (302, 303)
    return client


def sheet_html(client, url: str) -> tuple[str, Attached | None]:
    """The HTML the app renders for url, and the file the sheet carries, caught on their way to
    WeasyPrint."""
    caught: list[str] = []
    carried: list[Attached | None] = []
    render = sheets_module.render_pdf

    def catch(html: str, static, stylesheets=(), attached=None) -> bytes:
        caught.append(html)
        carried.append(attached)
        return render(html, static, stylesheets, attached)

    sheets_module.render_pdf = catch
    try:
        assert client.get(url).status_code == 200
    finally:
        sheets_module.render_pdf = render
    assert "data:image/png" in caught[0], "no QR code on the sheet: not in club mode"
    return caught[0], carried[0]


def carrying(attached: Attached | None) -> dict:
    """WeasyPrint's options for a PDF/A-3b carrying the file, as the app's sheet does."""
    if attached is None:
        return {}
    file = weasyprint_attachment(weasyprint, attached)
    return {"pdf_variant": "pdf/a-3b", "attachments": [file]}


def ok(response) -> None:
    assert response.status_code == 200, response.status_code


def timed(action) -> tuple[float, float]:
    start, start_cpu = time.perf_counter(), time.process_time()
    action()
    return (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000


def blank_first(mode: str, processes: int) -> dict[str, float]:
    """Medians over new processes: the first blank sheet and the one after it (ms, wall/CPU)."""
    runs = []
    for _ in range(processes):
        out = subprocess.run(
            [sys.executable, "-c", CHILD, mode, BLANK],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return {
        "first_ms": statistics.median(run[0][0] for run in runs),
        "first_cpu_ms": statistics.median(run[0][1] for run in runs),
        "second_ms": statistics.median(run[1][0] for run in runs),
    }


def measure_turns(repeat: int) -> tuple[dict[str, list[tuple[float, float]]], list[float]]:
    """Sheet requests, bare renders of its HTML and plain tables, in turns; then the blank
    sheet warm. Each a list of (wall ms, CPU ms)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "bench.sqlite")
        app = create_app({"TESTING": True, "DATABASE": path, "SHEET_CACHE_SIZE": 0})
        warm_up(app)
        local = app.test_client()  # the blank sheet as the keeper's own machine asks for it
        local.get(BLANK)  # this process's first blank sheet
        blank_warm = [timed(lambda: ok(local.get(BLANK)))[0] for _ in range(5)]
        url = one_page_session(path)
        client = club_reader(app, path, url)
        html, attached = sheet_html(client, url)  # also the sheet's first, warming render
        plain = plain_table(html)
        static = Path(app.static_folder or "static")

        def sheet() -> None:
            response = client.get(url)
            assert response.status_code == 200
            assert response.headers["X-Sheet-Cache"] == "miss"  # rendered, not cached

        actions = {
            "sheet": sheet,
            "render": lambda: render_pdf(html, static, sheets_module.STYLESHEETS, attached),
            # Like for like: the plain table a PDF/A-3b carrying the same file.
            "plain": lambda: weasyprint.HTML(string=plain).write_pdf(**carrying(attached)),
        }
        actions["plain"]()
        took: dict[str, list[tuple[float, float]]] = {name: [] for name in actions}
        for _ in range(repeat):
            for name, action in actions.items():
                took[name].append(timed(action))
    return took, blank_warm


def median(pairs: list[tuple[float, float]], index: int) -> float:
    return statistics.median(pair[index] for pair in pairs)


def ratio(took: dict[str, list[tuple[float, float]]], name: str, index: int) -> float:
    """The median over the turns of name's time over the plain table's in the same turn."""
    pairs = zip(took[name], took["plain"], strict=True)
    return statistics.median(mine[index] / plain[index] for mine, plain in pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--processes", type=int, default=5)
    args = parser.parse_args()
    took, blank_warm = measure_turns(args.repeat)
    warm = blank_first("warm", args.processes)
    cold = blank_first("cold", args.processes)
    result = {
        "bench": "sheet_cost",
        "session_sheet_ms": round(median(took["sheet"], 0), 1),
        "render_ms": round(median(took["render"], 0), 1),
        "plain_table_ms": round(median(took["plain"], 0), 1),
        "ratio": round(ratio(took, "render", 0), 2),
        "ratio_cpu": round(ratio(took, "render", 1), 2),
        "ratio_request": round(ratio(took, "sheet", 0), 2),
        "ratio_target": TARGETS["ratio"],
        "blank_first_ms": round(warm["first_ms"], 1),
        "blank_first_cpu_ms": round(warm["first_cpu_ms"], 1),
        "blank_first_target_ms": TARGETS["blank_first_ms"],
        "blank_first_cold_ms": round(cold["first_ms"], 1),
        "blank_warm_ms": round(statistics.median(blank_warm), 1),
        "harfbuzz_subsetting": harfbuzz_subsetting(),
    }
    report(took, result)
    print(json.dumps(result))


def report(took: dict[str, list[tuple[float, float]]], result: dict[str, object]) -> None:
    print(f"{'':40}{'wall ms':>9}{'cpu ms':>9}")
    for name, label in (
        ("sheet", "session sheet, 1 page, warm (request)"),
        ("render", "  its render_pdf() alone"),
        ("plain", "plain table of the same rows"),
    ):
        print(f"{label:40}{median(took[name], 0):9.1f}{median(took[name], 1):9.1f}")
    print(
        f"ratio, render {result['ratio']:.2f} (CPU {result['ratio_cpu']:.2f}; target at most "
        f"{TARGETS['ratio']}); the whole request {result['ratio_request']:.2f}"
    )
    print(
        f"blank sheet: first render {result['blank_first_ms']:.0f} ms "
        f"(CPU {result['blank_first_cpu_ms']:.0f}) with WeasyPrint imported, target "
        f"{TARGETS['blank_first_ms']:.0f} ms; {result['blank_first_cold_ms']:.0f} ms cold "
        f"(importing it); {result['blank_warm_ms']:.0f} ms warm"
    )
    print(f"font subsetting: {'HarfBuzz' if harfbuzz_subsetting() else 'fontTools (slow)'}")


if __name__ == "__main__":
    main()
