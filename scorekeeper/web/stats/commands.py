"""The figures from the command line: flask --app scorekeeper rebuild-stats."""

from __future__ import annotations

from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext
from flask_babel import gettext as _

from ...services.stats.rows import rebuild
from ..db import get_db


def init_app(app: Flask) -> None:
    app.cli.add_command(rebuild_stats)


@click.command("rebuild-stats")
@with_appcontext
def rebuild_stats() -> None:
    """Work out every statistic and rating again from the stored deals, with a progress bar.

    For an upgrade or a repair; safe while the server runs: the pages show the figures made
    before until the new ones are complete, and saves never wait for it.
    """
    bars: dict[str, Any] = {}  # click's ProgressBar, one a phase (sessions, then ratings)
    labels = {"sessions": _("Sessions"), "ratings": _("Ratings")}

    def progress(what: str, done: int, of: int) -> None:
        if what not in bars:
            for bar in bars.values():
                bar.render_finish()
            bars[what] = click.progressbar(length=of, label=labels[what])
            bars[what].render_progress()
        bar = bars[what]
        bar.update(done - bar.pos)

    freshness = rebuild(get_db(), progress)
    for bar in bars.values():
        bar.render_finish()
    if not freshness.current:
        raise click.ClickException(
            _("another process is replaying the ratings: run the command again in a minute")
        )
    click.echo(_("Every statistic and rating is worked out again."))
