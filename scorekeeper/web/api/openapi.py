"""The OpenAPI description of the JSON API v1, served at /api/v1/openapi.json.

The description is ``openapi.json`` beside this module, written by hand: the one place the
request bodies' keys and sizes are written, read from here by ``shape.py`` (which holds every
body to them). ``values.py``, ``services/deals/inputs.py`` and ``access/auth.py`` read what the
bodies mean: change the description with the API. tests/web/test_openapi.py checks that it is
valid OpenAPI 3.1, that it names every route of the API and the rules core's card codes,
rulesets and options, and runs schemathesis against the app with it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from werkzeug.wrappers import Response

from . import bp

SOURCE = Path(__file__).with_name("openapi.json")


@cache
def _text() -> str:
    """The document as served, read once (and parsed once, so a broken file fails early)."""
    text = SOURCE.read_text(encoding="utf-8")
    json.loads(text)
    return text


def description() -> dict[str, Any]:
    """The OpenAPI document as a fresh dict (callers may change it)."""
    document: dict[str, Any] = json.loads(_text())
    return document


@bp.get("/openapi.json")
def spec() -> Response:
    """The OpenAPI 3.1 description of the API."""
    return Response(_text(), mimetype="application/json")
