"""Lockouts per network as well as per address (issue #32, "Bounded everywhere"): a machine that
takes ten addresses of its LAN's /24, or of its IPv6 /64, shares one budget of failed tries
with them, instead of five tries each."""

from __future__ import annotations

import pytest

from scorekeeper.web.access.login import ATTEMPTS
from scorekeeper.web.access.login import NETWORK_ATTEMPTS
from scorekeeper.web.network import client_keys
from tests.web.helpers import load
from tests.web.test_access import PASSWORD
from tests.web.test_access import PIN
from tests.web.test_access import enter_pin
from tests.web.test_access import login
from tests.web.test_access import new_client
from tests.web.test_access import reader
from tests.web.test_access import set_password
from tests.web.test_access import start_session


@pytest.fixture
def club(app):
    set_password(app, PASSWORD)
    return app


def wrong_tries_from(app, addresses) -> list[int]:
    return [login(new_client(app, address), "wrong-password").status_code for address in addresses]


def test_ten_addresses_of_one_ipv4_24_share_one_budget(club):
    addresses = [f"192.168.1.{n}" for n in range(101, 101 + NETWORK_ATTEMPTS - 1)]
    assert wrong_tries_from(club, addresses) == [401] * (NETWORK_ATTEMPTS - 1)
    # A try that succeeds is no failure, in its network's budget either.
    for _ in range(3):
        assert login(new_client(club, "192.168.1.9")).status_code == 303
    assert wrong_tries_from(club, ["192.168.1.200"]) == [401]  # the network's last failure
    assert login(new_client(club, "192.168.1.201")).status_code == 429  # a new address of it
    assert login(new_client(club, "192.168.2.201")).status_code == 303  # another network


def test_addresses_of_one_ipv6_64_share_one_budget(club):
    addresses = [f"2001:db8:1:2:{n:x}::1" for n in range(1, NETWORK_ATTEMPTS + 1)]
    assert wrong_tries_from(club, addresses) == [401] * NETWORK_ATTEMPTS
    assert login(new_client(club, "2001:db8:1:2:ffff::9")).status_code == 429
    assert login(new_client(club, "2001:db8:1:3::9")).status_code == 303


def test_pins_count_in_the_networks_budget_too(app, client):
    pinned = start_session(client, pin=PIN)
    set_password(app, PASSWORD)
    for n in range(NETWORK_ATTEMPTS):
        assert enter_pin(reader(app, pinned, f"10.1.1.{n + 1}"), pinned, "0000").status_code == 401
    assert enter_pin(reader(app, pinned, "10.1.2.1"), pinned, PIN).status_code == 303
    # The read link's own check is counted in the budget too: it is spent.
    late = new_client(app, "10.1.1.99")
    assert late.get(f"/view/{load(app, pinned).read_token}").status_code == 429


def test_an_ipv4_address_written_as_ipv6_is_that_address(club):
    # A dual-stack server names an IPv4 client ::ffff:192.0.2.7: both spellings, one client.
    spellings = ["192.0.2.7", "::ffff:192.0.2.7"] * ATTEMPTS
    assert wrong_tries_from(club, spellings[:ATTEMPTS]) == [401] * ATTEMPTS
    assert login(new_client(club, spellings[ATTEMPTS])).status_code == 429


def test_every_loopback_address_is_one_machine(club):
    addresses = [f"127.0.0.{n}" for n in range(2, NETWORK_ATTEMPTS + 1)] + ["::1"]
    assert wrong_tries_from(club, addresses) == [401] * NETWORK_ATTEMPTS
    assert login(new_client(club, "127.0.0.99")).status_code == 429


@pytest.mark.parametrize(
    ("address", "keys"),
    [
        ("192.168.1.10", ("192.168.1.10", "192.168.1.0/24")),
        ("::ffff:192.168.1.10", ("192.168.1.10", "192.168.1.0/24")),
        ("2001:db8:1:2:aaaa::1", ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64")),
        ("fe80::1%eth0", ("fe80::1", "fe80::/64")),
        ("127.0.0.5", ("127.0.0.5", "loopback")),
        ("::1", ("::1", "loopback")),
        ("::ffff:127.0.0.1", ("127.0.0.1", "loopback")),
        (None, ("?", "?")),
        ("not an address", ("not an address", "not an address")),
    ],
)
def test_a_client_is_counted_by_its_address_and_its_network(address, keys):
    assert client_keys(address) == keys
