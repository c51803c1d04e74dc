"""Command-line tools: flask --app scorekeeper <command>."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """Register the commands."""
