"""Pages and API answers of statistics when the figures are still being worked out (issue "The
club's history, trusted"): a request does its share (services/stats/rows.py ``AT_ONCE``), says
that newer figures are coming, and a worker thread finishes the rest; then they are current.
"""

from __future__ import annotations

from scorekeeper.services.stats.rows import AT_ONCE
from scorekeeper.web.stats.worker import catch_up
from tests.web.club import add_session
from tests.web.club import player_id
from tests.web.helpers import page
from tests.web.helpers import text

PENDING = "Newer figures are being worked out after a change"
TABLE = ["Anna", "Bruno", "Carla"]
DEALS = [[30, 30, 18], [20, 30, 28], [26, 26, 26]]


def evenings(app, count: int) -> None:
    for day in range(count):
        add_session(app, "scarto", TABLE, f"2023-{1 + day // 28:02d}-{1 + day % 28:02d}", DEALS)


def test_an_old_backlog_is_said_and_then_worked_out_by_the_worker(app, client):
    evenings(app, AT_ONCE.sessions + 1)  # one more than a request works out
    answer = client.get("/rankings?min_deals=1")
    assert answer.status_code == 200
    assert PENDING in text(page(answer))
    assert "1 session still to count." in text(page(answer))  # the share done, one to go
    catch_up(app.config["DATABASE"]).join(timeout=60)

    answer = client.get("/rankings?min_deals=1")
    assert PENDING not in text(page(answer))
    player = client.get(f"/players/{player_id(app, 'Anna')}")
    assert PENDING not in text(page(player))


def test_the_api_says_whether_its_figures_are_current(app, client):
    evenings(app, AT_ONCE.sessions + 1)
    api = client.get("/api/v1/rankings?min_deals=1")
    assert api.headers["Figures-Current"] == "false"
    catch_up(app.config["DATABASE"]).join(timeout=60)
    api = client.get("/api/v1/rankings?min_deals=1")
    assert api.headers["Figures-Current"] == "true"
    # Every deal counted: Anna's +4, -6 and 0 an evening.
    (anna,) = [row for row in api.get_json() if row["name"] == "Anna"]
    assert anna["deals"] == 3 * (AT_ONCE.sessions + 1)
    assert anna["score_total"] == -2 * (AT_ONCE.sessions + 1)


def test_figures_current_is_said_by_the_api(app, client):
    add_session(app, "scarto", TABLE, "2024-01-10", DEALS)
    answer = client.get(f"/api/v1/players/{player_id(app, 'Anna')}/stats")
    assert answer.status_code == 200
    assert answer.headers["Figures-Current"] == "true"
    assert answer.get_json()["deals"] == 3


def test_rebuild_stats_works_everything_out_with_a_progress_bar(app):
    evenings(app, 3)
    runner = app.test_cli_runner()
    result = runner.invoke(args=["rebuild-stats"])
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Sessions" in result.output  # the first bar
    assert "Ratings" in result.output  # the second
    assert "Every statistic and rating is worked out again." in result.output
    api = app.test_client().get("/api/v1/rankings?min_deals=1")
    assert api.headers["Figures-Current"] == "true"
    (anna,) = [row for row in api.get_json() if row["name"] == "Anna"]
    assert (anna["deals"], anna["score_total"]) == (9, -6)
