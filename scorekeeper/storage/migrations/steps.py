"""The app's migrations, one sqlite-utils ``Migrations``: each step registers itself on it."""

from __future__ import annotations

from sqlite_utils.migrations import Migrations

migrations = Migrations("scorekeeper")
