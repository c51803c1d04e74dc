"""The address under a QR code (web/addresses.py): one a phone at the table can open.

PUBLIC_URL when the keeper set one; else the name the request came by, unless it is a loopback
one, which no phone can open; then this machine's LAN address with the request's scheme and port.
In local mode there is none, and the page says why.
"""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import pytest

from scorekeeper import services
from scorekeeper.storage import access
from scorekeeper.web import addresses
from scorekeeper.web.db import get_db
from tests.passwords import quick_hash
from tests.web import helpers

PASSWORD = "secret123"
LAN = "192.168.1.10"


@pytest.fixture
def session_id(app):
    with app.app_context():
        body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
        return services.start_session(get_db(), body)


@pytest.fixture
def lan(monkeypatch):
    """This machine's LAN address, as the system would give it: no socket in the tests."""
    monkeypatch.setattr(addresses, "lan_address", lambda: LAN)


def set_password(app):
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash(PASSWORD))


def share_links(app, session_id, base_url, address="127.0.0.1"):
    """The read links on the session page, as the keeper logged in at base_url sees them."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    login = client.post("/login", data={"password": PASSWORD}, base_url=base_url)
    assert login.status_code == 303
    response = client.get(f"/sessions/{session_id}", base_url=base_url)
    assert response.status_code == 200
    soup = helpers.page(response)
    return [a["href"] for a in soup.select(".share a[href]")], soup


def token_of(app, session_id):
    return helpers.load(app, session_id).read_token


# PUBLIC_URL, checked when the app starts


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("https://club.example.org", "https://club.example.org"),
        ("https://club.example.org/", "https://club.example.org"),
        ("http://192.168.1.10:8000", "http://192.168.1.10:8000"),
        ("http://[fd00::2]:8000/", "http://[fd00::2]:8000"),
        ("https://club.example.org/scores/", "https://club.example.org/scores"),
        ("  HTTPS://Club.example.org ", "HTTPS://Club.example.org"),
        ("", None),
        (None, None),
    ],
)
def test_a_public_url_is_kept_without_its_trailing_slash(value, expected):
    assert addresses.check_public_url(value) == expected


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("club.example.org", "must begin with http:// or https://"),
        ("ftp://club.example.org", "must begin with http:// or https://"),
        ("//club.example.org", "must begin with http:// or https://"),
        ("https://club.example.org/?table=1", "no query"),
        ("https://club.example.org/#top", "fragment"),
        ("https://club.example.org?", "no query"),
        ("https://keeper:pw@club.example.org", "no user or password"),
        ("https://", "names no valid host"),
        ("https://club example.org", "names no valid host"),
        ("https://club.example.org:99999", "is not a URL"),
        ("http://[fd00::2", "is not a URL"),
        (8000, "must be text"),
    ],
)
def test_a_public_url_that_no_phone_could_open_is_refused_with_the_reason(value, problem):
    with pytest.raises(ValueError, match="PUBLIC_URL") as raised:
        addresses.check_public_url(value)
    assert problem in str(raised.value)
    assert "https://club.example.org" in str(raised.value)  # an example of a right one


def test_the_app_does_not_start_with_a_wrong_public_url(tmp_path):
    with pytest.raises(ValueError, match="must begin with http:// or https://"):
        helpers.make_app(tmp_path, PUBLIC_URL="club.example.org")


def test_the_public_url_comes_from_the_environment_unless_the_config_sets_it(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_PUBLIC_URL", "https://club.example.org")
    config: dict[str, object] = {}
    addresses.from_environment(config)
    assert config == {"PUBLIC_URL": "https://club.example.org"}
    config = {"PUBLIC_URL": "https://scores.club.lan"}
    addresses.from_environment(config)
    assert config == {"PUBLIC_URL": "https://scores.club.lan"}


# The session page's share section


def test_local_mode_shows_no_link_and_says_why(app, session_id, lan):
    response = app.test_client().get(f"/sessions/{session_id}")
    soup = helpers.page(response)
    assert "/view/" not in response.get_data(as_text=True)
    assert soup.select_one(".share-section svg") is None
    assert "This app serves only this computer" in soup.select_one(".share-section").get_text()


def test_the_keeper_on_this_machine_shares_its_lan_address_with_the_port(app, session_id, lan):
    set_password(app)
    token = token_of(app, session_id)
    for base_url in ("http://localhost:8000", "http://127.0.0.1:8000", "http://[::1]:8000"):
        links, soup = share_links(app, session_id, base_url)
        assert links == [f"http://{LAN}:8000/view/{token}"], base_url
        assert soup.select_one(".share svg") is not None


def test_the_lan_address_keeps_the_scheme_and_a_default_port_stays_unwritten(
    app, session_id, monkeypatch
):
    set_password(app)
    token = token_of(app, session_id)
    monkeypatch.setattr(addresses, "lan_address", lambda: "fd00::2")
    assert share_links(app, session_id, "https://localhost")[0] == [
        f"https://[fd00::2]/view/{token}"
    ]


def test_a_name_another_machine_used_is_kept(app, session_id, lan):
    set_password(app)
    token = token_of(app, session_id)
    links = share_links(app, session_id, "http://192.168.1.77:8000", address="192.168.1.20")[0]
    assert links == [f"http://192.168.1.77:8000/view/{token}"]


def test_the_public_url_wins_over_every_other_address(tmp_path, lan):
    app = helpers.make_app(tmp_path, PUBLIC_URL="https://club.example.org/scores/")
    with app.app_context():
        body = {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"], "first_dealer": 0}
        session_id = services.start_session(get_db(), body)
    set_password(app)
    token = token_of(app, session_id)
    for base_url in ("http://localhost:8000", "http://192.168.1.77:8000"):
        links = share_links(app, session_id, base_url)[0]
        assert links == [f"https://club.example.org/scores/view/{token}"]


def test_without_a_lan_address_the_page_says_what_to_set(app, session_id, monkeypatch):
    set_password(app)
    monkeypatch.setattr(addresses, "lan_address", lambda: None)
    links, soup = share_links(app, session_id, "http://localhost:8000")
    assert links == []
    assert soup.select_one(".share-section svg") is None
    assert "Set PUBLIC_URL" in soup.select_one(".share-section").get_text()


def test_no_shared_link_ever_names_this_machine_by_a_loopback_name(app, session_id, lan):
    set_password(app)
    for base_url in ("http://localhost:5000", "http://127.0.0.1:5000", "http://app.localhost"):
        for link in share_links(app, session_id, base_url)[0]:
            host = urlsplit(link).hostname
            assert host == LAN
            assert not addresses.is_loopback_name(host)


@pytest.mark.parametrize(
    ("name", "loopback"),
    [
        ("localhost", True),
        ("LOCALHOST.", True),
        ("app.localhost", True),
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("[::1]", True),
        ("[::ffff:127.0.0.1]", True),
        ("0.0.0.0", True),
        ("192.168.1.10", False),
        ("[fd00::2]", False),
        ("club-laptop.local", False),
        ("notlocalhost", False),
    ],
)
def test_loopback_names(name, loopback):
    assert addresses.is_loopback_name(name) is loopback


# Finding the LAN address without a packet sent


class FakeSocket:
    """A datagram socket whose route is given: it records where it was connected, sends nothing."""

    routes: dict[int, str | None] = {}
    connected: list[tuple[object, ...]] = []

    def __init__(self, family, kind):
        assert kind == socket.SOCK_DGRAM
        self.family = family

    def __enter__(self):
        return self

    def __exit__(self, *_):
        return None

    def connect(self, address):
        self.connected.append(address)
        if self.routes.get(self.family) is None:
            raise OSError(101, "Network is unreachable")

    def getsockname(self):
        return (self.routes[self.family], 54321)

    def send(self, *_):
        raise AssertionError("finding the address must send nothing")

    sendto = send


@pytest.fixture
def routes(monkeypatch):
    FakeSocket.routes = {}
    FakeSocket.connected = []
    monkeypatch.setattr(addresses.socket, "socket", FakeSocket)
    monkeypatch.setattr(addresses.socket, "gethostbyname", lambda name: "127.0.1.1")
    return FakeSocket.routes


def test_the_lan_address_is_the_source_of_the_default_route(routes):
    routes[socket.AF_INET] = "192.168.1.10"
    assert addresses.lan_address() == "192.168.1.10"
    # connected only to documentation addresses, which no host on any network answers
    assert FakeSocket.connected == [("192.0.2.1", 9)]


def test_without_ipv4_the_ipv6_address_serves(routes):
    routes[socket.AF_INET6] = "fd00::2"
    assert addresses.lan_address() == "fd00::2"
    assert FakeSocket.connected == [("192.0.2.1", 9), ("2001:db8::1", 9)]


def test_loopback_and_link_local_sources_are_no_lan_address(routes):
    routes[socket.AF_INET] = "127.0.0.1"
    routes[socket.AF_INET6] = "fe80::1%eth0"
    assert addresses.lan_address() is None  # the host name gave 127.0.1.1: loopback too


def test_without_a_route_the_host_name_may_still_give_an_address(routes, monkeypatch):
    monkeypatch.setattr(addresses.socket, "gethostbyname", lambda name: "10.0.0.5")
    assert addresses.lan_address() == "10.0.0.5"


def test_a_host_name_that_does_not_resolve_gives_no_address(routes, monkeypatch):
    def unknown(name):
        raise socket.gaierror(-2, "Name or service not known")

    monkeypatch.setattr(addresses.socket, "gethostbyname", unknown)
    assert addresses.lan_address() is None


def test_this_machine_has_a_lan_address_or_none_but_never_a_loopback_one():
    found = addresses.lan_address()  # the real system: connecting a UDP socket sends nothing
    assert found is None or not addresses.is_loopback_name(found)
