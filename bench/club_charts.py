"""The club's charts on the club of bench/club_stats.py (60 players, 5,000 sessions over ten
years; seeded if missing, about 8 minutes, then kept): part of bench/charts.py.

Run alone: .venv/bin/python -m bench.club_charts [--samples 30] [--database PATH]. Prints a
table and one JSON line. Measured warm, each figure's wall and CPU ms (p50, max):
- the busiest player's rating chart, GET /players/<id>/rating.svg (his rating with his
  provisional games and the club's band, the band's query and percentiles included; an image
  of its own address, kept by the browser until the figures change), all time (ten years of
  months) and the last full year, in his most played ruleset, asked without a tag (made whole
  every time); target 20 ms;
- the club chart, GET /rankings/ratings.svg for the last full year and the club's most played
  ruleset, asked without a tag (made whole every time); target 100 ms.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from scorekeeper import create_app
from scorekeeper.services.stats import figures as stats
from scorekeeper.services.stats import rows as results
from scorekeeper.web.db import get_db

from .club_stats import get
from .club_stats import seeded
from .club_stats import timed

TARGETS = {"player_charts_all_time": 20.0, "player_charts_year": 20.0, "club_chart": 100.0}


def measure(app: Any, samples: int) -> dict[str, dict[str, float]]:
    """The busiest player's charts (all time, last year) and the club chart, warm."""
    client = app.test_client()
    with app.app_context():
        db = get_db()
        results.refresh(db, results.EVERYTHING)
        sql = "select player_id, count(*) from session_players group by player_id order by 2 desc"
        player = db.execute(sql).fetchone()[0]
        year = int(db.execute("select max(substr(played_on, 1, 4)) from sessions").fetchone()[0])
        ruleset = stats.default_ruleset(db)
    figures: dict[str, dict[str, float]] = {}
    for name, args in (
        ("player_charts_all_time", f"ruleset={ruleset}"),
        ("player_charts_year", f"ruleset={ruleset}&year={year - 1}"),
    ):

        def chart(query: str = args) -> None:
            answer = client.get(f"/players/{player}/rating.svg?{query}")
            assert 'class="band"' in answer.get_data(as_text=True)

        figures[name] = timed(chart, samples)
    path = f"/rankings/ratings.svg?ruleset={ruleset}&year={year - 1}"
    figures["club_chart"] = timed(lambda: get(client, path), samples)
    return figures


def report(figures: dict[str, dict[str, float]]) -> None:
    print(f"{'what':26}{'p50 ms':>8}{'max':>8}{'CPU p50':>9}{'target':>8}")
    for name, found in figures.items():
        print(
            f"{name:26}{found['p50']:8.1f}{found['max']:8.1f}{found['cpu_p50']:9.1f}"
            f"{TARGETS[name]:8.0f}"
        )


def run(samples: int, database: str = "") -> dict[str, dict[str, float]]:
    """The figures, on a copy of the seeded club (or of ``database``)."""
    source = Path(database) if database else seeded(1, 5000)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "club.sqlite"
        shutil.copyfile(source, path)
        app = create_app({"TESTING": True, "DATABASE": str(path)})
        return measure(app, samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--database", default="", help="a club's database to copy instead")
    args = parser.parse_args()
    figures = run(args.samples, args.database)
    report(figures)
    print(json.dumps({"bench": "club_charts", "figures": figures}))


if __name__ == "__main__":
    main()
