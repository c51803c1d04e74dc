"""Flask's signed session cookie, with the cookies already verified kept per worker.

A browser sends the same session cookie with every request (its form token, its language, a
keeper's login), and Flask checks its signature and decodes it each time: about a twentieth of
a request's work under load. A cookie value that verified once with the app's secret key
verifies again until it is too old, so the decoded data is kept under the exact value and the
key, and each request gets a copy of its own to change.
"""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask import Request
from flask import request
from flask.sessions import SecureCookieSession
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature

SIZE = 1024
"""Cookies kept per worker: a club's browsers, many times over."""


class KeptCookieSessionInterface(SecureCookieSessionInterface):
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._kept: OrderedDict[tuple[Any, str], tuple[float, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def get_cookie_secure(self, app: Flask) -> bool:
        """``Secure`` whenever the page came over HTTPS (behind a proxy: its X-Forwarded-Proto,
        with ``PROXIES`` set), so that the login never travels in clear text afterwards."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if not app.secret_key:
            return None  # as Flask: no key, no session
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        key = (app.secret_key, value)
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
        if kept is None:
            serializer = self.get_signing_serializer(app)
            assert serializer is not None  # there is a key
            try:
                data, signed = serializer.loads(value, max_age=max_age, return_timestamp=True)
            except BadSignature:  # forged, or signed with another key, or too old
                return self.session_class()
            kept = (signed.timestamp(), data)
            with self._lock:
                self._kept[key] = kept
                while len(self._kept) > SIZE:
                    self._kept.popitem(last=False)
        elif self.clock() - kept[0] > max_age:  # as itsdangerous would say: too old
            return self.session_class()
        return self.session_class(copy.deepcopy(kept[1]))
