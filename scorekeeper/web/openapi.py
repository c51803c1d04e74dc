"""The OpenAPI description of the JSON API v1, served at /api/v1/openapi.json."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("openapi", __name__, url_prefix="/api/v1")
