"""Form tokens (CSRF) signed once a minute per visitor, not once per page.

Flask-WTF signs the visitor's token (a random value kept in their session cookie) anew for every
page with a form: a timestamp, an HMAC and base64, about 70 µs, a sixteenth of a protocol page.
A token signed a minute ago is as good: it is checked against the same session value and stays
valid for ``WTF_CSRF_TIME_LIMIT`` (an hour by default) less that minute. So each worker keeps
the signed token under the secret key and the session's value, and hands it out again for
``REUSE`` seconds; Flask-WTF's forms in the same request take it from ``g`` as their own.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import current_app
from flask import g
from flask import session
from flask_wtf.csrf import generate_csrf

REUSE = 60.0
"""Seconds a signed token is handed out again."""
SIZE = 1024
"""Tokens kept per worker: a club's browsers, many times over."""

_kept: OrderedDict[tuple[Any, str], tuple[float, str]] = OrderedDict()
_lock = threading.Lock()


def form_token(clock: Callable[[], float] = time.time) -> str:
    """The visitor's signed form token, as ``generate_csrf`` gives it."""
    config = current_app.config
    field = config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    if field in g:  # signed already in this request
        return str(g.get(field))
    secret = config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key
    limit = config.get("WTF_CSRF_TIME_LIMIT", 3600)
    raw = session.get(field)
    if isinstance(raw, str) and (limit is None or limit >= 10 * REUSE):
        with _lock:
            kept = _kept.get((secret, raw))
        if kept is not None and 0 <= clock() - kept[0] < REUSE:
            setattr(g, field, kept[1])
            return kept[1]
    signed_at = clock()
    token = str(generate_csrf())
    raw = session.get(field)  # made just now if the visitor had none
    if isinstance(raw, str):
        with _lock:
            _kept[(secret, raw)] = (signed_at, token)
            _kept.move_to_end((secret, raw))
            while len(_kept) > SIZE:
                _kept.popitem(last=False)
    return token
