"""Charts (issue #23, "Charts"): the session's chart at /sessions/<id>/chart.svg and under the
protocol, and the charts other pages draw (a player's months and rating, a ranking's bars).

Each is read back as XML: one line per side, each with its own dash pattern and its name at its
end, the games marked (a boundary where each game but the last ends: games − 1 of them; a label
over each game: games of them), a <title> and a <desc> that role="img" names.
"""

from __future__ import annotations

import random
import re
import statistics
import xml.etree.ElementTree as ET

import pytest
from bs4 import BeautifulSoup
from flask import render_template

from scorekeeper import charts
from scorekeeper import services
from scorekeeper.charts.svg import text_width
from scorekeeper.services.stats import rating_charts
from scorekeeper.services.stats import rows as results
from scorekeeper.storage import access
from scorekeeper.storage.stats.figures import Filters
from scorekeeper.web.db import get_db
from scorekeeper.web.stats.ratings_chart import ratings_chart_image
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


def test_a_players_months_are_joined_and_a_month_not_played_is_a_dotted_joint(app):
    months = [("2024-10", 1.5), ("2024-11", None), ("2024-12", -0.5), ("2025-01", 2.0)]
    months += [("2025-02", 1.0), ("2025-03", None), ("2025-04", None), ("2025-05", 0.5)]
    with app.test_request_context():
        svg = ET.fromstring(charts.score_per_month_chart(months, "Score per deal"))
    assert svg.findtext(f"{SVG}title") == "Score per deal"
    assert texts(svg, "chart-heading") == ["Score per deal"]  # drawn, not only for readers
    lines = series(svg)
    # The months played in a row are one line: December to February; October and May alone.
    assert [len(points_of(line)) for line in lines] == [3]
    joints = [p.get("d", "") for p in svg.iter(f"{SVG}path") if p.get("class") == "joint"]
    assert len(joints) == 1
    assert joints[0].count("M") == 2  # October to December, February to May: the gaps
    dots = [p for p in svg.iter(f"{SVG}path") if p.get("class") == "dots"]
    assert dots[0].get("d", "").count("M") == 5  # few points: each month played has its dot
    assert texts(svg, "line-label") == []  # one line: the title names it
    desc = svg.findtext(f"{SVG}desc") or ""
    assert "2024-10 to 2025-05" in desc
    assert "a thin dotted line bridges the months without a deal" in desc
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
    points = [("2024-01-10", 2.0, False), ("2024-01-20", 3.0, False), ("2024-12-20", 4.0, False)]
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
        charts.rating_chart([("2024-01-01", 1.0, False)] * 1001, "t")


# The rating charts over a small club's year: six players, two sessions a month of 2024, each of
# three of them (in turn) and nine deals (three games): everyone is established by the spring.

CLUB = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")


@pytest.fixture
def club(app) -> None:
    chance = random.Random(7)
    with app.test_request_context():
        db = get_db()
        for number in range(24):
            day = f"2024-{number // 2 + 1:02d}-{10 + 10 * (number % 2):02d}"
            players = [CLUB[(number + seat * 2) % 6] for seat in range(3)]
            body = {"ruleset": "scarto", "players": players, "played_on": day}
            session_id = services.start_session(db, body)
            for _ in range(9):
                first = chance.randint(10, 40)
                second = chance.randint(10, 68 - first)
                points = [first, second, 78 - first - second]
                services.record_deal(db, session_id, {"points": points})
        results.refresh(db, results.EVERYTHING)


def player_id(app, name: str) -> int:
    with app.app_context():
        return int(get_db().execute("select id from players where name = ?", [name]).fetchone()[0])


def reference_band(app, month: str) -> tuple[float, float] | None:
    """The middle half of the established ratings at the month's end, the slow way: every stored
    rating read, each player's last one by then taken, the quartiles by ``statistics``."""
    with app.app_context():
        rows = get_db().execute(
            "select player_id, played_on, games, mu, sigma from ratings where ruleset = 'scarto'"
        )
        last: dict[int, tuple[str, int, float]] = {}
        for player, day, games, mu, sigma in rows:
            if day <= f"{month}-31" and (day, games) > last.get(player, ("", 0, 0.0))[:2]:
                last[player] = (day, games, round(mu - 3 * sigma, 1))
    values = [value for _day, games, value in last.values() if games >= 10]
    if len(values) < 4:
        return None
    low, _median, high = statistics.quantiles(values, n=4, method="inclusive")
    return round(low, 2), round(high, 2)


def test_the_clubs_band_is_the_middle_half_of_its_established_ratings_each_month(app, club):
    with app.app_context():
        db = get_db()
        assert db.execute("select count(*) from rating_replays where done = 0").fetchone()[0] == 0
        band = rating_charts.club_band(db, "scarto", "2024-01", "2024-12")
    months = [f"2024-{month:02d}" for month in range(1, 13)]
    expected = {m: reference_band(app, m) for m in months}
    assert {month: (low, high) for month, low, high in band} == {
        m: found for m, found in expected.items() if found is not None
    }
    assert len(band) >= 8  # established from the spring on
    assert all(low <= high for _m, low, high in band)


def test_a_players_first_games_are_provisional_and_drawn_hollow(app, club):
    anna = player_id(app, "Anna")
    with app.test_request_context():
        points = rating_charts.rating_points(get_db(), anna, Filters("scarto"))
        svg = ET.fromstring(charts.rating_chart(points, "Rating"))
    flags = [provisional for _day, _value, provisional in points]
    assert flags[:9] == [True] * 9  # a point after each of his first nine games
    assert not any(flags[9:])
    assert len(flags) > 9
    line = next(g for g in svg.iter(f"{SVG}g") if g.get("class") == "line line-0")
    hollow = [p for p in line.iter(f"{SVG}path") if p.get("class") == "hollow"]
    assert hollow[0].get("d", "").count("M") == 9
    early = [p for p in line.iter(f"{SVG}polyline") if p.get("class") == "series-provisional"]
    assert len(early) == 1
    assert early[0].get("stroke-dasharray") == "3 3"
    assert texts(svg, "legend-provisional") == ["provisional"]
    assert texts(svg, "chart-heading") == ["Rating"]


def test_the_players_page_draws_his_rating_in_front_of_the_clubs_band(app, client, club):
    anna = player_id(app, "Anna")
    soup = page(client.get(f"/players/{anna}?ruleset=scarto&year=2024"))
    assert len(soup.select("figure.club-chart svg")) == 1  # the score per month, in the page
    image = soup.select_one("figure.club-chart img.rating-chart")
    assert image["alt"].startswith("His rating over the period")
    answer = client.get(image["src"])
    assert answer.mimetype == "image/svg+xml"
    # The address names the figures' version: the browser keeps it for good.
    assert "immutable" in answer.headers["Cache-Control"]
    svg = ET.fromstring(answer.get_data(as_text=True))
    band = [p for p in svg.iter(f"{SVG}path") if p.get("class") == "band"]
    assert len(band) == 1
    assert svg.findtext(f"{SVG}desc").endswith(
        "(25th to 75th percentile) at the end of each month."
    )
    assert texts(svg, "legend-band") == ["the club's middle half"]
    # Drawn before (behind) the line.
    kinds = [element.get("class") for element in svg.iter() if element.get("class")]
    assert kinds.index("band") < kinds.index("series")


def club_chart(client, query: str = "ruleset=scarto&year=2024", **headers: str) -> ET.Element:
    response = client.get(f"/rankings/ratings.svg?{query}", headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.mimetype == "image/svg+xml"
    return ET.fromstring(response.get_data(as_text=True))


def test_the_club_chart_draws_each_regular_player_named_at_his_lines_end(app, client, club):
    svg = club_chart(client)
    assert texts(svg, "chart-heading") == ["Ratings in 2024, Scarto (Wikipedia)"]
    lines = series(svg)
    assert len(lines) == 6  # each played 36 games
    assert len({(line.get("stroke"), line.get("stroke-dasharray")) for line in lines}) == 6
    labels = [t for t in svg.iter(f"{SVG}text") if t.get("class") == "line-label"]
    assert sorted(t.text for t in labels) == sorted(CLUB)
    heights = sorted(float(t.get("y")) for t in labels)
    assert all(b - a >= 12 for a, b in zip(heights, heights[1:], strict=False))  # a font apart
    width = float(svg.get("viewBox").split()[2])
    assert all(float(t.get("x")) + text_width(t.text or "", 12) <= width for t in labels)
    # Each label is where its line ends: a leader from the line's last point to its name.
    leaders = [p for p in svg.iter(f"{SVG}polyline") if p.get("class") == "leader"]
    ends = {points_of(line)[-1] for line in lines}
    assert {points_of(leader)[0] for leader in leaders} == {(x + 2, y) for x, y in ends}
    desc = svg.findtext(f"{SVG}desc") or ""
    assert "At most the 12 with the most games are drawn: 6 of 6 regular players." in desc


def test_the_club_chart_draws_at_most_the_busiest_regulars(app, client, club, monkeypatch):
    monkeypatch.setattr(rating_charts, "CLUB_LINES", 4)
    svg = club_chart(client)
    assert len(series(svg)) == 4
    assert "drawn: 4 of 6 regular players" in (svg.findtext(f"{SVG}desc") or "")


def test_the_club_chart_is_kept_by_the_figures_version_and_refuses_what_it_does_not_know(
    app, client, club
):
    first = client.get("/rankings/ratings.svg?ruleset=scarto&year=2024")
    assert first.headers["Cache-Control"] == "private, no-cache"
    again = {"If-None-Match": first.headers["ETag"]}
    asked = client.get("/rankings/ratings.svg?ruleset=scarto&year=2024", headers=again)
    assert asked.status_code == 304
    with app.test_request_context():
        src = ratings_chart_image("scarto", 2024)["src"]
    kept = client.get(src)
    assert kept.headers["Cache-Control"] == "private, max-age=31536000, immutable"
    assert client.get("/rankings/ratings.svg?ruleset=poker&year=2024").status_code == 400
    assert client.get("/rankings/ratings.svg?ruleset=scarto&year=24").status_code == 400
    assert "No regular player" in client.get(
        "/rankings/ratings.svg?ruleset=scarto&year=2023"
    ).get_data(as_text=True)


def test_the_club_link_opens_the_club_chart(app, club):
    from tests.web.test_club_link import PASSWORD
    from tests.web.test_club_link import browser
    from tests.web.test_club_link import club_reader
    from tests.web.test_club_link import keeper
    from tests.web.test_club_link import new_link

    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash(PASSWORD))
    stranger = browser(app)
    refused = stranger.get("/rankings/ratings.svg?ruleset=scarto&year=2024")
    assert refused.status_code in (302, 303)
    reader = club_reader(app, new_link(keeper(app)))
    assert len(series(club_chart(reader))) == 6
    # A player's rating chart too, as his page.
    anna = player_id(app, "Anna")
    assert stranger.get(f"/players/{anna}/rating.svg?ruleset=scarto").status_code in (302, 303)
    assert reader.get(f"/players/{anna}/rating.svg?ruleset=scarto").status_code == 200


def test_the_club_chart_partial_shows_the_chart_with_words(app, club):
    with app.test_request_context():
        html = render_template("club/_ratings_chart.html", ruleset="scarto", year="2024")
    soup = BeautifulSoup(html, "html.parser")
    image = soup.select_one("figure img.chart-club")
    assert image["src"].startswith("/rankings/ratings.svg?")
    assert "ruleset=scarto" in image["src"]
    assert "Scarto" in image["alt"]
    assert "2024" in image["alt"]
    assert "at least 10 rated games" in soup.select_one("figcaption").get_text()


def test_a_players_rating_chart_is_refused_without_a_ruleset_and_asked_again_is_a_304(
    app, client, club
):
    anna = player_id(app, "Anna")
    assert client.get(f"/players/{anna}/rating.svg?ruleset=").status_code == 400
    assert client.get("/players/999/rating.svg?ruleset=scarto").status_code == 404
    first = client.get(f"/players/{anna}/rating.svg?ruleset=scarto&year=2024")
    again = client.get(
        f"/players/{anna}/rating.svg?ruleset=scarto&year=2024",
        headers={"If-None-Match": first.headers["ETag"]},
    )
    assert again.status_code == 304
