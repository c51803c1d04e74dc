"""The club read link (club mode): made on the keeper's tokens page with its QR code; whoever opens
it reads the club's players and rankings, and nothing else; a new link ends the old; wrong links
count as wrong passwords do."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from scorekeeper.storage import access
from scorekeeper.web.db import get_db
from tests.passwords import quick_hash
from tests.web import helpers
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import start_session
from tests.web.helpers import text

PASSWORD = "secret123"
LAN = "192.168.1.20"


@pytest.fixture
def app(tmp_path):
    """The app, with a write among the club's pages (endpoint "stats.recompute"): the club read
    link reads the club's pages and writes none."""
    app = helpers.make_app(tmp_path)
    app.add_url_rule(
        "/rankings/again", "stats.recompute", lambda: "worked out again", methods=["POST"]
    )
    return app


@pytest.fixture
def session_id(app, client):
    """A session started in local mode, then the keeper password set: club mode."""
    started = start_session(client)
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash(PASSWORD))
    return started


def browser(app):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = LAN
    return client


def keeper(app):
    client = browser(app)
    response = client.post("/login", data={"password": PASSWORD, "submit": "Log in"})
    assert response.status_code == 303
    return client


def new_link(keeper_client) -> str:
    response = keeper_client.post("/keeper/club-link", data={"club-make": "Make a new club link"})
    assert response.status_code == 303
    assert urlsplit(response.headers["Location"]).path == "/keeper/club-link"
    soup = page(keeper_client.get("/keeper/club-link"))
    address = soup.select_one("#club-link .share a")["href"]
    assert soup.select_one("#club-link .share svg") is not None  # its QR code
    return urlsplit(address).path


def club_reader(app, link: str):
    client = browser(app)
    response = client.get(link)
    assert response.status_code == 302
    assert urlsplit(response.headers["Location"]).path == "/rankings"
    return client


def path_of(response) -> str:
    """Where a redirect leads."""
    assert response.status_code in (302, 303), response.status_code
    return urlsplit(response.headers["Location"]).path


def test_the_link_opens_the_club_pages_to_read(app, session_id):
    reader = club_reader(app, new_link(keeper(app)))
    player = load(app, session_id).player_ids[0]
    for url in ["/players", "/rankings", "/rankings.csv", f"/players/{player}"]:
        assert reader.get(url).status_code == 200, url
    assert reader.get(f"/players/{player}/deals.csv").status_code == 200
    soup = page(reader.get("/players"))
    names = [text(li.select_one(".who > *")) for li in soup.select("ul.players > li")]
    assert names == ["Anna", "Bruno", "Carla"]
    # Reading only: no form to change anything (the search reads), no keeper's tools.
    assert [form["action"] for form in soup.select("main form")] == ["/players"]
    assert soup.select("main form[method=post]") == []
    assert soup.select_one("#merges") is None


def test_the_link_opens_no_session_and_changes_nothing(app, session_id):
    reader = club_reader(app, new_link(keeper(app)))
    base = f"/sessions/{session_id}"
    for url in ["/", base, f"{base}/protocol.csv", "/sessions/new", "/sessions/paper"]:
        assert path_of(reader.get(url)) == "/login", url
    assert reader.get("/keeper/tokens").status_code == 302
    player = load(app, session_id).player_ids[0]
    writes = [
        ("/players", {"name": "Zeno"}),
        (f"/players/{player}/rename", {f"p{player}-name": "Zeno"}),
        (f"/players/{player}/archive", {"archive": "Archive"}),
        ("/players/merge", {"player_id": "1", "into_id": "2", "yes": "y"}),
        ("/rankings/again", {}),
        ("/sessions/paper", helpers.session_form()),
    ]
    for url, data in writes:
        assert path_of(reader.post(url, data=data)) == "/login", url
    assert reader.get("/api/v1/players").status_code == 401
    assert [row["name"] for row in players(app)] == ["Anna", "Bruno", "Carla"]


def players(app):
    with app.app_context():
        from scorekeeper.services.players.persons import list_players

        return list_players(get_db())


def test_a_new_link_ends_the_old_one_and_its_visitors(app, session_id):
    keeper_client = keeper(app)
    old = new_link(keeper_client)
    reader = club_reader(app, old)
    new = new_link(keeper_client)
    assert new != old
    assert path_of(reader.get("/players")) == "/login"
    assert browser(app).get(old).status_code == 404
    club_reader(app, new)
    # Ended without a new one: no link at all.
    response = keeper_client.post("/keeper/club-link", data={"club-end": "End the club link"})
    assert response.status_code == 303
    assert browser(app).get(new).status_code == 404
    assert page(keeper_client.get("/keeper/club-link")).select_one("#club-link .share") is None


def test_wrong_links_count_like_wrong_passwords(app, session_id):
    link = new_link(keeper(app))
    guesser = browser(app)
    for guess in ["nope", link.rsplit("/", 1)[1][:-1] + "x", "x" * 80, "ümlaut", "a b"]:
        assert guesser.get(f"/club/{guess}").status_code == 404
    # Five wrong: locked out for ten minutes, the right link too.
    assert guesser.get(link).status_code == 429
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.168.1.21"
    assert other.get(link).status_code == 302  # another client is not locked out


def test_a_sessions_read_link_still_opens_only_that_session(app, session_id):
    reader = browser(app)
    assert reader.get(f"/view/{load(app, session_id).read_token}").status_code == 302
    assert reader.get(f"/sessions/{session_id}").status_code == 200
    for url in ["/players", "/rankings"]:
        assert path_of(reader.get(url)) == "/login", url


def test_only_the_keeper_makes_a_link_and_only_in_club_mode(app, client):
    response = client.post("/keeper/club-link", data={"club-make": "y"})
    assert response.status_code == 400  # local mode: no club to read
    assert client.get("/club/anything").status_code == 404
    assert client.get("/players").status_code == 200  # local mode reads everything
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash(PASSWORD))
    response = browser(app).post("/keeper/club-link", data={"club-make": "y"})
    assert path_of(response) == "/login"
    with app.app_context():
        assert access.club_link(get_db()) is None


def test_the_club_link_page_shows_the_link_with_its_qr_code(app, session_id):
    keeper_client = keeper(app)
    soup = page(keeper_client.get("/keeper/club-link"))
    assert "There is no club read link yet." in text(soup.select_one("#club-link"))
    link = new_link(keeper_client)
    response = keeper_client.get("/keeper/club-link")
    assert response.headers["Cache-Control"] == "no-store"
    # Its own place, not the API tokens' page, which only leads to it.
    tokens = page(keeper_client.get("/keeper/tokens"))
    assert tokens.select_one("#club-link") is None
    assert tokens.select_one('a[href="/keeper/club-link"]') is not None
    with app.app_context():
        token = access.club_link(get_db())["token"]
    assert link == f"/club/{token}"
    assert len(token) >= 20


def test_the_club_reader_is_never_shown_a_link_he_may_not_follow(app, session_id):
    reader = club_reader(app, new_link(keeper(app)))
    player = load(app, session_id).player_ids[0]
    for url in ["/players", "/rankings?min_deals=1", f"/players/{player}?ruleset=scarto"]:
        soup = page(reader.get(url))
        for link in soup.select("a[href]"):
            path = urlsplit(link["href"]).path
            if path.startswith(("/static", "/lang")) or urlsplit(link["href"]).netloc:
                continue
            answer = reader.get(link["href"])
            answer.close()  # a CSV is streamed: done with it here
            assert answer.status_code == 200, (url, link["href"], answer.status_code)
