"""The address a player's phone opens: under a sheet's QR code and on the protocol page.

A link built from the request alone (``url_for(..., _external=True)``) names the server as the
keeper's browser reached it. On the club's laptop that is often ``http://127.0.0.1:8000`` or
``http://localhost:5000``, which no phone can open: the QR code must name something else. In order:

1. ``PUBLIC_URL`` (environment ``SCOREKEEPER_PUBLIC_URL``), e.g. ``https://club.example.org``:
   where the players reach the app's root, when the keeper has such an address (HTTPS through
   a proxy, a name on the club's network). Checked when the app starts (``check_public_url``).
2. The name the request came by, when it is not a loopback one: the app answers it in club mode
   (web/network.py), and it reached this server from another machine or through a proxy.
3. This machine's LAN address (``lan_address``), with the request's scheme and port.

Without a keeper password (local mode) there is no such address: the app refuses every other
machine, so a QR code would only show the players an error page.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from typing import Any
from urllib.parse import urlsplit

from flask import Flask
from flask import current_app
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.sansio.utils import host_is_trusted

from .access.auth import club_mode
from .network import LOOPBACK_NAMES
from .network import split_port
from .network import valid_host

ENVIRONMENT = "SCOREKEEPER_PUBLIC_URL"
# Where a UDP socket is "connected" to find the source address the system would use: connecting
# a datagram socket only picks a route, it sends nothing. Documentation ranges (RFC 5737, RFC
# 3849), which no host answers; the route chosen is the default one, towards the LAN's router.
PROBES = ((socket.AF_INET, ("192.0.2.1", 9)), (socket.AF_INET6, ("2001:db8::1", 9)))


def from_environment(config: dict[str, Any]) -> None:
    """``SCOREKEEPER_PUBLIC_URL``, where the instance's config.py does not set ``PUBLIC_URL``."""
    if os.environ.get(ENVIRONMENT) and not config.get("PUBLIC_URL"):
        config["PUBLIC_URL"] = os.environ[ENVIRONMENT]


def configure(app: Flask) -> None:
    """Check ``PUBLIC_URL`` now, so that a mistyped one stops the server before any sheet."""
    app.config["PUBLIC_URL"] = check_public_url(app.config.get("PUBLIC_URL"))


def check_public_url(value: object) -> str | None:
    """``PUBLIC_URL`` as links begin, without a trailing slash; ValueError says what is wrong."""
    if value is None or value == "":
        return None
    problem = _public_url_problem(value)
    if problem:
        raise ValueError(
            f"PUBLIC_URL (or {ENVIRONMENT}) {value!r} {problem}. It is the address where the "
            'players open the app, e.g. "https://club.example.org" or "http://192.168.1.10:8000".'
        )
    assert isinstance(value, str)
    return value.strip().rstrip("/")


def _public_url_problem(value: object) -> str:
    if not isinstance(value, str):
        return "must be text"
    text = value.strip()
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 -- reading it raises ValueError for a port out of range
    except ValueError:
        return "is not a URL"
    if parts.scheme.lower() not in ("http", "https") or not text.lower().startswith(
        ("http://", "https://")
    ):
        return "must begin with http:// or https://"
    if "?" in text or "#" in text:
        return "must have no query (?) nor fragment (#)"
    if "@" in parts.netloc:
        return "must name no user or password"
    if not parts.hostname or not valid_host(parts.netloc):
        return "names no valid host"
    return ""


def shared_url(endpoint: str, **values: Any) -> str | None:
    """The address of a page that a phone at the table can open, or None (module docstring)."""
    root = base_url()
    if root is None:
        return None
    # The bases name the app's root already, under a prefix too (a proxy's SCRIPT_NAME).
    return root + url_for(endpoint, **values).removeprefix(request.script_root)


def base_url() -> str | None:
    """The app's root for the players' phones, without a trailing slash; None in local mode or
    when this machine has no address on a network."""
    if not _club_mode():
        return None
    public: str | None = current_app.config.get("PUBLIC_URL")
    if public:
        return public
    name, port = split_port(request.host)
    if not is_loopback_name(name):
        return request.host_url.rstrip("/")
    address = lan_address()
    if address is None:
        return None
    host = f"[{address}]" if ":" in address else address
    return f"{request.scheme}://{host}{f':{port}' if port else ''}{request.script_root}"


def why_no_link() -> str:
    """Why a sheet or page shows no QR code: what the keeper can do about it."""
    if not _club_mode():
        return _(
            "No QR code: this app serves only this computer. Set a keeper password to let "
            "phones read the protocol."
        )
    return _(
        "No QR code: this computer has no network address the phones could open. Set "
        "PUBLIC_URL to the address where the players reach this app."
    )


def is_loopback_name(name: str) -> bool:
    """``localhost``, ``127.0.0.1``, ``[::1]``, and ``0.0.0.0``, which the browser sends to
    this machine itself: names that mean "this machine" to whoever uses them."""
    name = name.lower().removesuffix(".")
    if host_is_trusted(name, LOOPBACK_NAMES):
        return True
    address = _address(name.strip("[]"))
    return address is not None and not _usable(address)


def lan_address() -> str | None:
    """This machine's address on its network, found without sending a packet: the source
    address of the route to an address nobody has (``PROBES``), IPv4 first, as the phones on a
    club's Wi-Fi mostly have; else what the host name resolves to. None if it has none."""
    for family, probe in PROBES:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probing:
                probing.connect(probe)
                found = str(probing.getsockname()[0])
        except OSError:  # no route of this family: no network, or no IPv6
            continue
        address = _address(found)
        if address is not None and _usable(address):
            return found
    try:
        found = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    address = _address(found)
    return found if address is not None and _usable(address) else None


def _club_mode() -> bool:

    return club_mode()


def _usable(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """An address another machine can reach: not loopback, not "any", and not an IPv6 link-local
    one, which a URL could name only with this machine's interface."""
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        address = mapped
    if address.is_loopback or address.is_unspecified:
        return False
    return not (address.version == 6 and address.is_link_local)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.partition("%")[0])
    except ValueError:
        return None
