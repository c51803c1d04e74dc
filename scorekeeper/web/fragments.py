"""Parts of pages rendered once and kept, such as the page header and a protocol's head.

A fragment is made from its template and the values it is given alone, with the language and the
site's root: the same values make the same HTML, so it is kept under them and rendered again only
for new values. Its template may use nothing of the request or the session but those values
(``_()`` and ``url_for`` are fine); anything else it shows must be passed in. A form's CSRF token
differs for every visitor, so a fragment's template writes ``{{ csrf }}`` and the token is put in
each time the fragment is used.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from flask import Flask
from flask import current_app
from flask import request
from flask_babel import get_locale
from markupsafe import Markup

from .tokens import form_token

SIZE = 2048
CSRF_HOLE = "\x00csrf-token\x00"
"""Where a kept fragment's forms take the visitor's CSRF token; no rendered value has a NUL."""

_kept: OrderedDict[tuple[Any, ...], Markup] = OrderedDict()
_lock = threading.Lock()


def fragment(template_name: str, **values: Hashable) -> Markup:
    """The fragment for these values, rendered the first time they are seen."""
    key = (template_name, str(get_locale()), request.script_root, *sorted(values.items()))
    with _lock:
        html = _kept.get(key)
        if html is not None:
            _kept.move_to_end(key)
    if html is None:
        template = current_app.jinja_env.get_template(template_name)
        html = Markup(template.render(csrf=Markup(CSRF_HOLE), **values))
        with _lock:
            _kept[key] = html
            while len(_kept) > SIZE:
                _kept.popitem(last=False)
    if CSRF_HOLE in html:
        return Markup(html.replace(CSRF_HOLE, form_token()))
    return html


def forget() -> None:
    """Drop every kept fragment (templates changed, as in tests)."""
    with _lock:
        _kept.clear()


def init_app(app: Flask) -> None:
    app.jinja_env.globals["fragment"] = fragment
