"""scorekeeper: the scorekeeping and hand-auditing companion for Piedmontese tarot games.

Importing this package imports nothing else: ``scorekeeper.rules`` stays free of Flask and the
app is built only when ``create_app`` is called (``flask --app scorekeeper run``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app (the flaskr factory convention)."""
    from .web import create_app as build

    return build(test_config)
