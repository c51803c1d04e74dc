"""A season's report for the club's notice board (issue "Statistics a club argues about
happily", §3): the ranking by the club's order, the rating leaderboard, the records and the
winners by month, in the club's language; checked against the slow references of the figures'
tests (tests/web/club.py, tests/web/records_reference.py), on the statistics' test club."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scorekeeper.storage import access
from scorekeeper.web.db import get_db
from tests.passwords import quick_hash
from tests.sheets.test_sheets import text_of
from tests.web.club import add_session
from tests.web.club import live_sessions
from tests.web.records_reference import records
from tests.web.records_reference import winners
from tests.web.test_stats import SCARTO
from tests.web.test_stats import build_club

REPORT = "/rankings/season.pdf?ruleset=scarto&year=2024"


@pytest.fixture
def club(app) -> dict[str, int]:
    return build_club(app)


def report_text(client, url: str = REPORT) -> str:
    answer = client.get(url)
    assert answer.status_code == 200, answer.data[:300]
    assert answer.mimetype == "application/pdf"
    return " ".join(text_of(PdfReader(io.BytesIO(answer.data))).split())


def test_the_report_holds_the_ranking_the_records_and_the_winners_by_month(app, client, club):
    text = report_text(client)
    assert "Season 2024" in text
    # The ranking: every player with the period's minimum of deals (a third of the most deals
    # anyone played, at most 30), in the API's order.
    year = "/api/v1/rankings?ruleset=scarto&from=2024-01-01&to=2024-12-31"
    everyone = client.get(f"{year}&min_deals=0").get_json()
    least = max(1, min(30, max(row["deals"] for row in everyone) // 3))
    ranking = client.get(f"{year}&min_deals={least}").get_json()
    assert ranking
    places = [text.index(f"{row['rank']} {row['name']}") for row in ranking]
    assert places == sorted(places)
    assert f"Players with at least {least} deals" in text
    # The records, as the slow reference counts them from the stored deals.
    expected = records(app, "scarto", "2024-01-01", "2024-12-31")
    best = expected["best_deal"]
    assert f"Best deal +{best['value']}" in text
    assert f"Session {best['session_id']}" in text
    # The winners by month: each month played, with its winner.
    months = winners(app, "scarto", "2024-01-01", "2024-12-31")["months"]
    assert months
    for month in months:
        assert ", ".join(w["name"] for w in month["winners"]) in text


def test_the_report_is_in_the_clubs_language_unless_asked_in_another(app, client, club):
    for _ in range(3):  # most of the year's sessions kept in Italian
        add_session(app, "scarto", ["Anna", "Bruno", "Carla"], "2024-06-01", SCARTO[:2])
    for session in live_sessions(app, "scarto", "2024-06-01", "2024-06-01"):
        with app.app_context():
            get_db().execute("update sessions set language = 'it' where id = ?", [session.id])
            get_db().conn.commit()
    italian = report_text(client)
    assert "Stagione 2024" in italian or "Classifica" in italian
    assert "Season 2024" in report_text(client, REPORT + "&language=en")


def test_a_bad_year_or_language_is_refused(client, club):
    assert client.get("/rankings/season.pdf?year=24").status_code == 400
    assert client.get(REPORT + "&language=xx").status_code == 400


def test_the_club_link_opens_the_report(app, club):
    from tests.web.test_club_link import PASSWORD
    from tests.web.test_club_link import browser
    from tests.web.test_club_link import club_reader
    from tests.web.test_club_link import keeper
    from tests.web.test_club_link import new_link

    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash(PASSWORD))
    assert browser(app).get(REPORT).status_code in (302, 303)
    reader = club_reader(app, new_link(keeper(app)))
    assert "Season 2024" in report_text(reader)


def test_the_rankings_page_links_the_season_report_and_shows_the_club_chart(client, club):
    from tests.web.helpers import page

    soup = page(client.get("/rankings?ruleset=scarto&year=2024"))
    report = soup.find("a", string="Season 2024 report (PDF)")
    assert report is not None
    assert report_text(client, report["href"]).startswith("Season 2024")
    chart = soup.select_one("figure.ratings-chart img")
    assert chart is not None
    assert client.get(chart["src"]).mimetype == "image/svg+xml"
