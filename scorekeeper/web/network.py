"""Who is asking, and by which name: proxies in front, the Host header, loopback clients.

- ``PROXIES`` (environment ``SCOREKEEPER_PROXIES``, default 0) is the number of reverse proxies
  in front of the app. Werkzeug's ProxyFix then takes the client's address, scheme and host from
  the last ``PROXIES`` entries of the X-Forwarded-* headers, so that lockouts and logs name the
  real client and the login cookie knows it travels over HTTPS. With 0 those headers are ignored:
  any client can write them.
- The Host header is checked before anything reads it (``HostSyntax``): a name that is not a
  valid host name (a label over 63 characters, a character a name cannot hold) is a 400.
- Which names are trusted depends on the mode (``trusted_host``), because of DNS rebinding: a web
  page on any site can point its own name at this machine, and the browser then sends that name.
  Without a keeper password only loopback names and addresses are accepted; with one, the names
  the keeper lists in ``TRUSTED_HOSTS``, this machine's name, loopback, and any address written
  as numbers (``http://192.168.1.10:8000``), which rebinding cannot produce.
- Lockouts count a client's failed tries per address and per network (``client_keys``): a
  machine can hold many addresses of its network (IPv6 privacy addresses, several IPv4 ones).
"""

from __future__ import annotations

import functools
import ipaddress
import os
import re
import socket
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from typing import Any

from flask import Flask
from flask import request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.datastructures import Headers
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.sansio.utils import host_is_trusted

HOST_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)", re.ASCII | re.IGNORECASE)
PORT = re.compile(r"[1-9][0-9]{0,4}", re.ASCII)
FORWARDED_FOR = re.compile(r"""(?:^|[;,\s])for\s*=\s*("[^"]*"|[^;,\s]*)""", re.IGNORECASE)
LOOPBACK_NAMES = ("localhost", ".localhost")


def from_environment(config: dict[str, Any]) -> None:
    """``SCOREKEEPER_PROXIES`` and ``SCOREKEEPER_TRUSTED_HOSTS`` (names apart by spaces or
    commas), where the instance's config.py does not set them."""
    if "SCOREKEEPER_PROXIES" in os.environ and "PROXIES" not in config:
        config["PROXIES"] = os.environ["SCOREKEEPER_PROXIES"]
    if "SCOREKEEPER_TRUSTED_HOSTS" in os.environ and not config.get("TRUSTED_HOSTS"):
        config["TRUSTED_HOSTS"] = os.environ["SCOREKEEPER_TRUSTED_HOSTS"].replace(",", " ")


def configure(app: Flask) -> None:
    """Apply ``PROXIES`` and ``TRUSTED_HOSTS`` and check every request's Host."""
    try:
        proxies = int(app.config.get("PROXIES") or 0)
    except ValueError:
        raise ValueError("PROXIES must be a whole number: how many proxies are in front") from None
    if not 0 <= proxies <= 10:
        raise ValueError("PROXIES must be between 0 and 10: how many proxies are in front")
    app.config["PROXIES"] = proxies
    hosts = app.config.get("TRUSTED_HOSTS") or ()
    names = tuple(hosts.split() if isinstance(hosts, str) else hosts)
    app.extensions["scorekeeper.hosts"] = names
    # Flask would check TRUSTED_HOSTS itself, in both modes alike, refusing the club's addresses
    # typed as numbers; trusted_host() below applies the list with the mode.
    app.config["TRUSTED_HOSTS"] = None
    app.session_interface = SessionCookie()
    app.wsgi_app = HostSyntax(app.wsgi_app)  # type: ignore[method-assign]
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )


class SessionCookie(SecureCookieSessionInterface):
    """Flask's signed session cookie, ``Secure`` whenever the page came over HTTPS (behind a
    proxy: its X-Forwarded-Proto, with ``PROXIES`` set), so that a keeper's login never travels
    in clear text afterwards."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


class HostSyntax:
    """Refuse a request whose Host is not a host name, before the app builds a URL from it."""

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        host = environ.get("HTTP_HOST")
        if host is not None and not valid_host(host):
            body = b"Bad Request: the Host header is not a valid host name.\n"
            start_response(
                "400 Bad Request",
                [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))],
            )
            return [body]
        return self.wsgi_app(environ, start_response)


def valid_host(host: str) -> bool:
    """A host name or address, with an optional port: what RFC 3986 and DNS allow."""
    if len(host) > 262:
        return False
    name, port = split_port(host)
    if port is not None and not (PORT.fullmatch(port) and int(port) <= 65535):
        return False
    if name.startswith("["):
        return name.endswith("]") and _address(name[1:-1]) is not None
    labels = name.removesuffix(".").split(".")
    return len(name) <= 253 and all(HOST_LABEL.fullmatch(label) for label in labels)


def split_port(host: str) -> tuple[str, str | None]:
    """``example.org:8000`` is ``("example.org", "8000")``; ``[::1]`` keeps its brackets."""
    if host.startswith("["):
        name, bracket, rest = host.partition("]")
        return name + bracket, rest[1:] if rest.startswith(":") else (rest or None)
    name, colon, port = host.rpartition(":")
    return (name, port) if colon else (host, None)


def trusted_host(host: str, club: bool, configured: Iterable[str]) -> bool:
    """Whether a request by this name may reach the app in this mode (module docstring)."""
    name = split_port(host)[0].lower().removesuffix(".")
    address = _address(name.strip("[]"))
    if address is not None:
        return _loopback(address) or club
    if host_is_trusted(name, LOOPBACK_NAMES):
        return True
    return club and host_is_trusted(name, (*configured, *own_names()))


@functools.lru_cache(maxsize=1)
def own_names() -> tuple[str, ...]:
    """This machine's name, as the LAN may know it (``club-laptop``, ``club-laptop.local``)."""
    name = socket.gethostname().lower()
    return (name, f"{name}.local") if name else ()


def forwarded_clients(headers: Headers) -> Iterator[str]:
    """Every client a proxy named: in X-Forwarded-For, Forwarded and X-Real-IP."""
    for value in headers.getlist("X-Forwarded-For"):
        yield from (part.strip() for part in value.split(","))
    for value in headers.getlist("Forwarded"):
        for match in FORWARDED_FOR.finditer(value):
            node = match.group(1).strip('"')
            # RFC 7239: "[2001:db8::1]:4711", "192.0.2.43:47011", "unknown", "_hidden"
            yield node[1:].partition("]")[0] if node.startswith("[") else node.partition(":")[0]
    yield from (value.strip() for value in headers.getlist("X-Real-IP"))


@functools.lru_cache(maxsize=256)
def is_loopback(address: str | None) -> bool:
    """Kept per address: a club's few machines ask again and again."""
    parsed = _address(address or "")
    return parsed is not None and _loopback(parsed)


def _loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """127.0.0.1 written as IPv6 (``::ffff:127.0.0.1``, as a dual-stack server gives it) too."""
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


NETWORK_PREFIX = {4: 24, 6: 64}
"""The network a client's address is counted in: an IPv4 /24 (a LAN), an IPv6 /64 (one link's
prefix: each machine on it makes its own addresses in it, as many as it likes)."""


def client_keys(address: str | None) -> tuple[str, str]:
    """A client's address and its network, as lockouts count failed tries: an IPv4 address
    written as IPv6 (``::ffff:192.0.2.7``, from a dual-stack server) counts as itself; every
    loopback address is this machine, one network; what is no address (a Unix socket) is its own
    network."""
    text = address or "?"
    parsed = _address(text.partition("%")[0])  # an IPv6 zone ("fe80::1%eth0") names no network
    if parsed is None:
        return text, text
    mapped = getattr(parsed, "ipv4_mapped", None)
    if mapped is not None:
        parsed = mapped
    if _loopback(parsed):
        return str(parsed), "loopback"
    network = ipaddress.ip_network((parsed, NETWORK_PREFIX[parsed.version]), strict=False)
    return str(parsed), str(network)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None
