"""The keeper's page of the database's copies: the last good one, a warning when there is none
for a week, and the copies in the backup folder (services/backups.py takes them while the club
server runs; ``flask backup`` by hand)."""

from __future__ import annotations

from typing import Any

from flask import abort
from flask import render_template

from ...services.backups import copy_status
from ...services.backups import listed_copies
from ..db import backup_dir
from . import bp
from .auth import is_keeper

SHOWN = 40
"""Copies listed: the rotation keeps about 25 of the server's, a few taken by hand beside."""


@bp.get("/keeper/copies")
def copies() -> Any:
    if not is_keeper():
        abort(403)
    folder = backup_dir()
    return render_template(
        "keeper/copies.html",
        status=copy_status(folder),
        copies=listed_copies(folder)[:SHOWN],
        folder=folder,
    )
