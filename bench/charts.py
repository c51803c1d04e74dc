"""Which SVG tool draws the charts (issue #23, "Charts"): pygal, leather, or a hand-written
builder (scorekeeper/charts/), measured on the protocol page's chart.

Run: .venv/bin/python -m bench.charts [--repeat 200] [--pdf-repeat 20] [--png DIR]
pygal and leather are not the app's dependencies; to measure them, install them into the
venv first (.venv/bin/python -m pip install pygal==3.1.3 leather==0.4.1); a missing one is
left out of the table with the reason.

The chart: the running totals of three players over 40 deals of Scarto (seeded random scores),
13 finished games and one begun, so 13 game boundaries. Each tool is made to meet what the
app needs as far as it can, and that work is timed with it: no script (pygal writes one even
with js=[]: it is cut out), a dash pattern per line, each player's name at the line's end, the
boundaries as vertical lines, <title> and <desc>, role="img". What it still misses is listed.
- render: the SVG string made, median of --repeat runs (ms), and its size (bytes);
- pdf: what the SVG adds to a one-page A4 document made by render_pdf with the sheets'
  print.css, as an <img> with a data: URL (as the session sheet carries it) and inline, over
  the same page without it: medians over --pdf-repeat turns of the difference within a turn,
  wall and CPU ms;
- endpoint: GET /sessions/<id>/chart.svg for the same 40-deal session, warm (test client,
  median of --repeat requests): the issue's target is 20 ms.
--png DIR writes each tool's PDF page as a PNG (pdftoppm) to look at.

Then the club's charts on the 5,000-session club of bench/club_stats.py (bench/club_charts.py:
a player's charts with the club's band ≤ 20 ms, the club chart ≤ 100 ms); --no-club leaves
them out, --club-database PATH copies another club's database instead of the seeded one.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.charts import session_chart
from scorekeeper.charts.svg import DASHES
from scorekeeper.charts.svg import PALETTE
from scorekeeper.services.sessions.protocol import Protocol
from scorekeeper.services.sessions.protocol import build_protocol
from scorekeeper.sheets.render import render_pdf
from scorekeeper.storage.db import open_db

from . import club_charts

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "static"
DEALS = 40
TARGET_MS = 20.0
WIDE = 'style="width:120mm;height:auto;display:block"'
PAGE = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chart</title></head>'
    '<body class="a4"><h1>Protocol</h1><p>Running totals</p>{chart}</body></html>'
)
MISSING = {
    "hand": [],
    "pygal": [
        "a <style> element for its colours and fonts: the pages' CSP (style-src 'self') blocks "
        "it inline: a black box in Chromium",
        "a <script> even with js=[] (cut out here)",
        "no vertical marker lines: drawn as extra series",
        "end labels only as point labels, which overlap when totals are close",
    ],
    "leather": [
        "no <title>/<desc>/role (added here by string insertion)",
        "no end labels (added here)",
        "fonts and colours from module-wide theme variables",
        "no label placement: overlapping end labels are not moved apart",
    ],
}


def session_with_deals(path: str) -> int:
    db = open_db(path)
    body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
    session_id = services.start_session(db, body)
    chance = random.Random(23)
    for _ in range(DEALS):
        first = chance.randint(10, 40)
        second = chance.randint(10, 68 - first)
        services.record_deal(db, session_id, {"points": [first, second, 78 - first - second]})
    return session_id


def series(protocol: Protocol) -> list[tuple[str, list[tuple[int, int]]]]:
    """Each side's name and its (deal, running total) points, from 0 before the first deal."""
    rows = protocol.rows
    return [
        (name, [(0, 0)] + [(n, row.totals[side]) for n, row in enumerate(rows, start=1)])
        for side, name in enumerate(protocol.side_names)
    ]


def boundaries(protocol: Protocol) -> list[int]:
    """The deal after which each game but the last ends."""
    ends, done = [], 0
    for game in protocol.games[:-1]:
        done += len(game.rows)
        ends.append(done)
    return ends


def pygal_chart(protocol: Protocol) -> str:
    import pygal

    lines = series(protocol)
    values = [total for _, points in lines for _, total in points]
    low, high = min(values), max(values)
    chart = pygal.XY(
        js=[],
        disable_xml_declaration=True,
        show_legend=False,
        print_labels=True,
        title="Running totals",
        x_title="Deals",
        width=420,
        height=260,
        show_dots=False,
    )
    for index, (name, points) in enumerate(lines):
        dash = DASHES[index] or "none"
        marked = [*points[:-1], {"value": points[-1], "label": name}]
        chart.add(name, marked, stroke_style={"width": 2.2, "dasharray": dash})
    for end in boundaries(protocol):
        chart.add("", [(end, low), (end, high)], stroke_style={"width": 1}, show_dots=False)
    svg: str = chart.render(is_unicode=True)
    svg = re.sub(r"<script\b.*?</script>", "", svg, flags=re.S)
    desc = "Running totals of Anna, Bruno and Carla over 40 deals."
    return svg.replace(">", f' role="img"><desc>{desc}</desc>', 1)


def leather_chart(protocol: Protocol) -> str:
    import leather

    chart = leather.Chart("Running totals")
    lines = series(protocol)
    values = [total for _, points in lines for _, total in points]
    low, high = min(values), max(values)
    for index, (name, points) in enumerate(lines):
        dash = DASHES[index] or None
        chart.add_line(points, name=name, stroke_color=PALETTE[index], stroke_dasharray=dash)
    for end in boundaries(protocol):
        chart.add_line([(end, low), (end, high)], stroke_color="#b5b0a6", width=1)
    svg: str = chart.to_svg(width=420, height=260)
    labels = "".join(
        f'<text x="400" y="{20 + 14 * index}" font-size="12">{name}</text>'
        for index, (name, _) in enumerate(lines)
    )
    head = "<title>Running totals</title><desc>Running totals over 40 deals.</desc>"
    svg = svg.replace(">", f' role="img">{head}', 1)
    return svg.replace("</svg>", f"{labels}</svg>")


def median_ms(action: Callable[[], Any], repeat: int) -> float:
    took = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        took.append((time.perf_counter() - start) * 1000)
    return statistics.median(took)


def pdf_costs(svgs: dict[str, str], repeat: int) -> dict[str, dict[str, float]]:
    """Each SVG on a one-page PDF, as the sheet carries it (an <img> with a data: URL) and
    inline, against the same page without it: medians of the differences within each turn,
    wall and CPU ms (CPU: a busy machine slows a whole turn, not one render)."""
    pages = {"without": PAGE.format(chart="")}
    for name, svg in svgs.items():
        pages[f"{name} img"] = PAGE.format(chart=_image(svg))
        pages[f"{name} inline"] = PAGE.format(chart=svg.replace("<svg ", f"<svg {WIDE} ", 1))
    for page in pages.values():
        _pdf(page)  # WeasyPrint imported, fonts and stylesheet read
    took: dict[str, list[tuple[float, float]]] = {name: [] for name in pages}
    for _ in range(repeat):
        for name, page in pages.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            _pdf(page)
            took[name].append(
                ((time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000)
            )
    costs: dict[str, dict[str, float]] = {}
    for name in pages:
        pairs = list(zip(took[name], took["without"], strict=True))
        costs[name] = {
            "ms": round(statistics.median(mine[0] for mine, _ in pairs), 1),
            "over_ms": round(statistics.median(mine[0] - base[0] for mine, base in pairs), 1),
            "over_cpu_ms": round(statistics.median(mine[1] - base[1] for mine, base in pairs), 1),
        }
    return costs


def measure(app, session_id: int, args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """Each available tool's render time, SVG size and PDF cost."""
    with app.test_request_context():
        session = services.load_session(open_db(app.config["DATABASE"]), session_id)
        protocol = build_protocol(session)
        tools: dict[str, Callable[[], str]] = {"hand": lambda: session_chart(session, protocol)}
        results: dict[str, dict[str, Any]] = {}
        for name, make in (("pygal", pygal_chart), ("leather", leather_chart)):
            try:
                make(protocol)
            except ImportError as error:
                results[name] = {"skipped": f"not installed ({error.name})"}
                continue
            tools[name] = lambda make=make: make(protocol)
        svgs = {name: make() for name, make in tools.items()}
        costs = pdf_costs(svgs, args.pdf_repeat)
        for name, make in tools.items():
            results[name] = {
                "render_ms": round(median_ms(make, args.repeat), 3),
                "svg_bytes": len(svgs[name].encode()),
                "pdf_img": costs[f"{name} img"],
                "pdf_inline": costs[f"{name} inline"],
                "misses": MISSING[name],
            }
            if args.png:
                _png(PAGE.format(chart=_image(svgs[name])), Path(args.png) / f"chart-{name}")
    return results


def _image(svg: str) -> str:
    return f'<img {WIDE} src="data:image/svg+xml,{quote(svg, safe=" ,:;=/")}" alt="">'


def _pdf(page: str) -> bytes:
    return render_pdf(page, STATIC, ("print.css",))


def _png(page: str, stem: Path) -> None:
    stem.parent.mkdir(parents=True, exist_ok=True)
    stem.with_suffix(".pdf").write_bytes(_pdf(page))
    pdf = str(stem.with_suffix(".pdf"))
    subprocess.run(["pdftoppm", "-png", "-r", "100", "-singlefile", pdf, str(stem)], check=True)


def endpoint_ms(app, session_id: int, repeat: int) -> float:
    client = app.test_client()
    url = f"/sessions/{session_id}/chart.svg"
    assert client.get(url).status_code == 200  # warm: imports, templates, first queries

    def ask() -> None:
        response = client.get(url)
        assert response.status_code == 200
        assert response.mimetype == "image/svg+xml"

    return median_ms(ask, repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--pdf-repeat", type=int, default=20)
    parser.add_argument("--png", default="")
    parser.add_argument("--club", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--club-database", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "bench.sqlite")
        app = create_app({"TESTING": True, "DATABASE": path})
        session_id = session_with_deals(path)
        results = measure(app, session_id, args)
        endpoint = endpoint_ms(app, session_id, args.repeat)
    report(results, endpoint)
    club = club_charts.run(30, args.club_database) if args.club else {}
    if club:
        club_charts.report(club)
    summary = {"bench": "charts", "tools": results, "endpoint_ms": round(endpoint, 2)}
    print(json.dumps(summary | {"club": club}))


def report(results: dict[str, dict[str, Any]], endpoint: float) -> None:
    print("PDF: the chart's cost on a one-page PDF, as an <img> (as the sheet has it) / inline")
    print(f"{'tool':9}{'render ms':>10}{'SVG bytes':>10}{'PDF +ms img':>13}{'inline':>8}{'CPU':>7}")
    for name, found in results.items():
        if "skipped" in found:
            print(f"{name:9}{found['skipped']}")
            continue
        img, inline = found["pdf_img"], found["pdf_inline"]
        print(
            f"{name:9}{found['render_ms']:10.2f}{found['svg_bytes']:10}"
            f"{img['over_ms']:+13.1f}{inline['over_ms']:+8.1f}{img['over_cpu_ms']:+7.1f}"
        )
        for miss in found["misses"]:
            print(f"{'':9}misses: {miss}")
    print(
        f"GET /sessions/<id>/chart.svg, {DEALS} deals, warm: {endpoint:.2f} ms "
        f"(target {TARGET_MS:.0f} ms)"
    )


if __name__ == "__main__":
    main()
