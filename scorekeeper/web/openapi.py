"""The OpenAPI description of the JSON API v1, served at /api/v1/openapi.json.

The description is ``openapi.json`` beside this module, written by hand to follow ``api.py``,
``api_json.py`` and ``services/dealinput.py``; tests/web/test_openapi.py checks that it is valid
OpenAPI, that its card codes, rulesets and options are the rules core's, and runs schemathesis
against the app with it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint
from flask import jsonify
from werkzeug.wrappers import Response

bp = Blueprint("openapi", __name__, url_prefix="/api/v1")

SOURCE = Path(__file__).with_name("openapi.json")


@cache
def description() -> dict[str, Any]:
    """The OpenAPI document, read once."""
    document: dict[str, Any] = json.loads(SOURCE.read_text(encoding="utf-8"))
    return document


@bp.get("/openapi.json")
def spec() -> Response:
    """The OpenAPI 3.1 description of the API."""
    return jsonify(description())
