"""Charts (issue #23, "Charts"): the session's chart at /sessions/<id>/chart.svg and under the
protocol, and the charts other pages draw (a player's months and rating, a ranking's bars).

Each is read back as XML: one line per side, each with its own dash pattern and its name at its
end, the games marked (a boundary where each game but the last ends: games − 1 of them; a label
over each game: games of them), a <title> and a <desc> that role="img" names.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from scorekeeper import charts
from scorekeeper.storage import access
from scorekeeper.web.db import get_db
from tests.passwords import quick_hash
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import record_totals
from tests.web.helpers import session_with_totals
from tests.web.helpers import start_session

SVG = "{http://www.w3.org/2000/svg}"
# Scarto's score is points - 26: [30, 27, 21] scores +4 +1 -5, [20, 30, 28] -6 +4 +2,
# [28, 28, 22] +2 +2 -4. Three deals are a game for three players (each has dealt once).
DEALS = [[30, 27, 21], [20, 30, 28], [28, 28, 22]]
TOTALS = {"Anna": 0, "Bruno": 7, "Carla": -7}  # after the three deals, by hand


def chart_of(client, session_id: int, **headers: str) -> ET.Element:
    response = client.get(f"/sessions/{session_id}/chart.svg", headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.mimetype == "image/svg+xml"
    return ET.fromstring(response.get_data(as_text=True))


def texts(svg: ET.Element, css_class: str) -> list[str]:
    return [t.text or "" for t in svg.iter(f"{SVG}text") if t.get("class") == css_class]


def series(svg: ET.Element) -> list[ET.Element]:
    return [line for line in svg.iter(f"{SVG}polyline") if line.get("class") == "series"]


def boundaries(svg: ET.Element) -> int:
    """The game boundaries: one path, a segment ("M") for each."""
    paths = [p for p in svg.iter(f"{SVG}path") if p.get("class") == "game-boundaries"]
    return sum(p.get("d", "").count("M") for p in paths)


def points_of(line: ET.Element) -> list[tuple[float, float]]:
    pairs = (pair.split(",") for pair in (line.get("points") or "").split())
    return [(float(x), float(y)) for x, y in pairs]


def test_the_chart_is_an_svg_with_a_title_and_a_description_that_name_it(client):
    session_id = session_with_totals(client, DEALS)
    svg = chart_of(client, session_id)
    assert svg.tag == f"{SVG}svg"
    assert svg.get("role") == "img"
    title, desc = svg.find(f"{SVG}title"), svg.find(f"{SVG}desc")
    assert title is not None
    assert desc is not None
    assert svg.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert title.text == "Running totals"
    assert desc.text == (
        "Running totals of Anna, Bruno and Carla over 3 deals. Totals: Anna 0, Bruno 7, "
        "Carla -7. The protocol table gives every deal's figures."
    )
    assert svg.get("viewBox") == "0 0 420 260"  # scales to the phone and to the sheet


def test_a_line_per_player_from_zero_each_with_its_pattern_and_its_name_at_its_end(client):
    session_id = session_with_totals(client, DEALS)
    svg = chart_of(client, session_id)
    lines = series(svg)
    assert len(lines) == 3
    assert all(len(points_of(line)) == 4 for line in lines)  # 0 before the first deal, 3 deals
    assert len({line.get("stroke-dasharray", "solid") for line in lines}) == 3
    assert len({line.get("stroke") for line in lines}) == 3
    assert texts(svg, "line-label") == ["Bruno", "Anna", "Carla"]  # top to bottom, as they end
    # Each line ends where its total is: Bruno (7) highest, Carla (-7) lowest (y grows down).
    ends = {name: points_of(line)[-1][1] for name, line in zip(TOTALS, lines, strict=True)}
    assert ends["Bruno"] < ends["Anna"] < ends["Carla"]
    starts = {points_of(line)[0] for line in lines}
    assert len(starts) == 1  # every line starts at 0


def test_a_name_is_escaped_in_the_svg_and_read_back_as_written(client):
    session_id = start_session(client, players=('<b>&"', "Bruno", "Carla"))
    record_totals(client, session_id, DEALS[0])
    raw = client.get(f"/sessions/{session_id}/chart.svg").get_data(as_text=True)
    assert "<b>" not in raw
    assert "&lt;b&gt;&amp;&quot;" in raw
    svg = ET.fromstring(raw)
    assert '<b>&"' in texts(svg, "line-label")
    assert svg.find(f".//{SVG}b") is None


def test_each_game_is_labelled_and_each_boundary_marked(client):
    session_id = session_with_totals(client, DEALS * 2 + DEALS[:1])  # 7 deals: 3 games
    svg = chart_of(client, session_id)
    assert boundaries(svg) == 2  # games - 1: after deals 3 and 6
    assert texts(svg, "game-label") == ["Game 1", "Game 2", "Game 3"]
    desc = svg.find(f"{SVG}desc")
    assert desc is not None
    assert "Vertical lines mark where each game ends." in (desc.text or "")


def test_a_long_session_numbers_its_games_under_one_caption(client):
    session_id = session_with_totals(client, DEALS * 13 + DEALS[:1])  # 40 deals: 14 games
    svg = chart_of(client, session_id)
    assert boundaries(svg) == 13
    assert texts(svg, "caption") == ["Games"]
    numbers = texts(svg, "game-label")
    assert numbers[0] == "1"
    assert all(label.isdigit() for label in numbers)
    assert len(numbers) >= 7  # those that do not overlap the one before
    assert all(len(points_of(line)) == 41 for line in series(svg))


def test_a_session_of_two_teams_has_two_lines(client):
    players = ("Anna", "Bruno", "Carla", "Dario")
    session_id = start_session(client, players=players, ruleset="piedicavallo")
    record_totals(client, session_id, [60, 54])
    svg = chart_of(client, session_id)
    assert len(series(svg)) == 2
    assert sorted(texts(svg, "line-label")) == ["Anna & Carla", "Bruno & Dario"]


@pytest.mark.parametrize(
    ("language", "title", "game"),
    [
        ("it", "Totali progressivi", "Partita 1"),
        ("de", "Laufende Summen", "Partie 1"),
        ("sv", "Löpande summor", "Parti 1"),
    ],
)
def test_the_chart_speaks_the_requests_language(client, language, title, game):
    session_id = session_with_totals(client, DEALS)
    svg = chart_of(client, session_id, **{"Accept-Language": language})
    assert svg.findtext(f"{SVG}title") == title
    assert texts(svg, "game-label") == [game]
    response = client.get(f"/sessions/{session_id}/chart.svg", headers={"Accept-Language": "de"})
    assert "Accept-Language" in response.headers["Vary"]


def test_a_session_without_deals_has_a_small_chart_that_says_so(client):
    session_id = start_session(client)
    svg = chart_of(client, session_id)
    assert series(svg) == []
    assert svg.findtext(f"{SVG}desc") == "No deal recorded yet."
    assert texts(svg, "empty") == ["No deal recorded yet."]
    assert svg.get("viewBox") == "0 0 420 60"


def test_an_unknown_session_has_no_chart(client):
    assert client.get("/sessions/999/chart.svg").status_code == 404
    assert client.get("/sessions/0/chart.svg").status_code == 404


def test_the_chart_is_asked_again_after_each_deal(client):
    session_id = session_with_totals(client, DEALS[:1])
    first = client.get(f"/sessions/{session_id}/chart.svg")
    assert first.headers["Cache-Control"] == "private, no-cache"
    again = {"If-None-Match": first.headers["ETag"]}
    assert client.get(f"/sessions/{session_id}/chart.svg", headers=again).status_code == 304
    record_totals(client, session_id, DEALS[1])
    changed = client.get(f"/sessions/{session_id}/chart.svg", headers=again)
    assert changed.status_code == 200
    assert len(points_of(series(ET.fromstring(changed.get_data(as_text=True)))[0])) == 3


def test_in_club_mode_a_reader_of_the_session_may_read_it_and_only_his_browser_keeps_it(
    app, client
):
    session_id = session_with_totals(client, DEALS)
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash("secret123"))
    stranger = app.test_client()
    stranger.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    refused = stranger.get(f"/sessions/{session_id}/chart.svg")
    assert refused.status_code in (302, 303)
    assert refused.headers["Location"].startswith("/login")
    reader = app.test_client()
    reader.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    assert reader.get(f"/view/{load(app, session_id).read_token}").status_code == 302
    response = reader.get(f"/sessions/{session_id}/chart.svg")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-cache"  # no shared cache


def test_the_protocol_page_shows_the_chart_under_its_table_once_there_is_a_deal(client):
    session_id = start_session(client)
    assert page(client.get(f"/sessions/{session_id}")).select("svg.chart") == []
    record_totals(client, session_id, DEALS[0])
    soup = page(client.get(f"/sessions/{session_id}"))
    chart = soup.select_one("section.chart img.chart-session")
    assert chart is not None
    assert chart.find_previous("table", class_="protocol") is not None  # below the table
    version = soup.select_one("table.protocol")["data-version"]
    assert chart["src"] == f"/sessions/{session_id}/chart.svg?v={version}&lang=en"
    assert chart["alt"] == (
        "Running totals, a line a side: the protocol table gives every deal's figures."
    )
    # The image is the chart at its address, kept for good: its address names the version.
    drawn = client.get(chart["src"])
    assert drawn.headers["Cache-Control"] == "private, max-age=31536000, immutable"
    svg = ET.fromstring(drawn.get_data(as_text=True))
    labels = [t.text for t in svg.iter(f"{SVG}text") if t.get("class") == "line-label"]
    assert labels == ["Anna", "Bruno", "Carla"]
    assert not list(svg.iter(f"{SVG}style"))
    assert not list(svg.iter(f"{SVG}script"))
    assert not re.search(r"\sstyle=", drawn.get_data(as_text=True))
    record_totals(client, session_id, DEALS[1])  # a new deal: a new address
    again = page(client.get(f"/sessions/{session_id}")).select_one("img.chart-session")
    assert again["src"] != chart["src"]


# The charts other pages draw: called within a request, as their views do.


def test_a_players_months_leave_a_gap_where_no_deal_was_played(app):
    months = [("2024-10", 1.5), ("2024-11", None), ("2024-12", -0.5), ("2025-01", 2.0)]
    with app.test_request_context():
        svg = ET.fromstring(charts.score_per_month_chart(months, "Score per deal"))
    assert svg.findtext(f"{SVG}title") == "Score per deal"
    lines = series(svg)
    assert len(lines) == 1  # October alone is a dot; December to January a line
    assert len(points_of(lines[0])) == 2
    dots = [p for p in svg.iter(f"{SVG}path") if p.get("class") == "dots"]
    assert len(dots) == 1
    assert dots[0].get("d", "").count("M") == 3  # few points: each value has its dot
    assert texts(svg, "line-label") == []  # one line: the title names it
    desc = svg.findtext(f"{SVG}desc") or ""
    assert "2024-10 to 2025-01" in desc
    assert "Highest 2 (2025-01), lowest -0.5 (2024-12)." in desc


def test_ten_years_of_months_make_one_line_with_a_few_labels(app):
    months = [(f"{2015 + m // 12}-{m % 12 + 1:02d}", (m % 7) - 3.0) for m in range(120)]
    with app.test_request_context():
        svg = ET.fromstring(charts.score_per_month_chart(months, "Score per deal"))
    assert len(points_of(series(svg)[0])) == 120
    labels = [
        t.text for t in svg.iter(f"{SVG}text") if t.text and re.fullmatch(r"\d{4}-\d\d", t.text)
    ]
    assert 3 <= len(labels) <= 6
    assert labels[0] == "2015-01"


def test_the_rating_follows_the_dates_on_a_time_axis(app):
    points = [("2024-01-10", 2.0), ("2024-01-20", 3.0), ("2024-12-20", 4.0)]
    with app.test_request_context():
        svg = ET.fromstring(charts.rating_chart(points, "Rating"))
    xs = [x for x, _ in points_of(series(svg)[0])]
    # Ten days between the first two, 335 between the last two: the gaps keep that ratio.
    assert (xs[2] - xs[1]) / (xs[1] - xs[0]) == pytest.approx(33.5, rel=0.02)
    assert "Rating from 2024-01-10 to 2024-12-20." in (svg.findtext(f"{SVG}desc") or "")


def test_a_ranking_draws_a_bar_per_player_with_its_value_and_negatives_to_the_left(app):
    rows = [("Anna", 2.5), ('<b>&"', 1.25), ("Carla", -0.5)]
    with app.test_request_context():
        raw = charts.ranking_chart(rows, "Score per deal")
    assert "&lt;b&gt;&amp;&quot;" in raw
    svg = ET.fromstring(raw)
    bars = [r for r in svg.iter(f"{SVG}rect") if r.get("class") == "bar"]
    assert len(bars) == 3
    zero = float(re.match(r"M([\d.]+)", svg.find(f"{SVG}path").get("d")).group(1))
    lefts = [float(bar.get("x")) for bar in bars]
    widths = [float(bar.get("width")) for bar in bars]
    assert lefts[0] == pytest.approx(zero)
    assert lefts[1] == pytest.approx(zero)
    assert lefts[2] + widths[2] == pytest.approx(zero)  # Carla's bar ends at zero
    assert widths[0] / widths[1] == pytest.approx(2.0, rel=0.01)  # 2.5 against 1.25
    assert widths[0] / widths[2] == pytest.approx(5.0, rel=0.01)  # 2.5 against 0.5
    assert texts(svg, "bar-name") == ["Anna", '<b>&"', "Carla"]
    assert texts(svg, "bar-value") == ["2.5", "1.25", "-0.5"]


def test_a_rankings_values_are_written_as_the_language_writes_them(app):
    with app.test_request_context(headers={"Accept-Language": "de"}):
        svg = ET.fromstring(charts.ranking_chart([("Anna", 1.25)], "Wertung"))
    assert texts(svg, "bar-value") == ["1,25"]


@pytest.mark.parametrize(
    "draw",
    [
        lambda: charts.score_per_month_chart([("2024-01", None)], "t"),
        lambda: charts.rating_chart([], "t"),
        lambda: charts.ranking_chart([], "t"),
    ],
)
def test_a_chart_with_nothing_to_show_says_so(app, draw):
    with app.test_request_context():
        svg = ET.fromstring(draw())
    assert texts(svg, "empty") == ["Nothing to show yet."]


def test_a_chart_refuses_more_points_than_it_is_bounded_to(app):
    with app.test_request_context(), pytest.raises(ValueError, match="at most"):
        charts.rating_chart([("2024-01-01", 1.0)] * 1001, "t")
