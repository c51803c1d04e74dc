"""Command-line tools: flask --app scorekeeper <command>.

backup   a consistent copy of the database, safe while the app runs, checked after copying
restore  a backup put in the database's place, the database kept first; never under a server
export   sessions as JSON (docs in scorekeeper/storage/exchange.py)
import   sessions from such a JSON file, or from a session sheet (a PDF that carries its export),
         each as a new session, checked as the app checks a deal (docs in
         scorekeeper/services/sessions/importing.py and uploads.py); all or nothing
audit-all  every stored deal audited again with today's rules, changing nothing
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from datetime import datetime
from pathlib import Path
from typing import IO

import click
from flask import Flask
from flask import current_app
from flask.cli import with_appcontext
from flask_babel import gettext as _
from flask_babel import ngettext

from ..services.deals.reaudit import reaudit_all
from ..services.sessions import exports as exchange
from ..services.sessions import importing
from ..services.sessions import uploads
from ..services.sessions.exports import backup_database
from ..services.sessions.exports import integrity_check
from ..services.sessions.exports import restore_database
from ..translate import error_text
from ..translate import problem_text
from .db import backup_dir
from .db import get_db


def init_app(app: Flask) -> None:
    """Register the commands."""
    for command in (backup, restore, export, import_, audit_all):
        app.cli.add_command(command)


@click.command("backup")
@click.argument("dest", required=False, type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def backup(dest: Path | None) -> None:
    """Copy the database to DEST while the app may keep running, then check the copy.

    DEST defaults to scorekeeper-YYYYMMDD-HHMMSS.sqlite in the backup folder (BACKUP_DIR,
    instance/backups/ unless configured); an existing file is never overwritten.
    """
    if dest is None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        dest = backup_dir() / f"scorekeeper-{stamp}.sqlite"
    try:
        backup_database(current_app.config["DATABASE"], dest)
    except (exchange.ExchangeError, OSError) as error:
        message = _("no backup made: %(error)s", error=error_text(error))
        raise click.ClickException(message) from None
    click.echo(_("Backed up to %(dest)s", dest=dest))
    verdict = integrity_check(dest)
    if verdict != ["ok"]:
        failed = _("the copy fails the integrity check: %(found)s", found="; ".join(verdict))
        raise click.ClickException(failed)
    click.echo(_("Integrity check of the copy: ok"))


@click.command("restore")
@click.argument("backup_file", type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def restore(backup_file: Path) -> None:
    """Put BACKUP_FILE in place of the database, keeping the database in the backup folder.

    The backup must pass the integrity check first. Nothing is restored while a server serves
    the database (make serve) or another program has it open: stop them first.
    """
    database = Path(current_app.config["DATABASE"])
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    keep = backup_dir() / f"{database.stem}-{stamp}-before-restore.sqlite"
    try:
        kept = restore_database(backup_file, database, keep)
    except exchange.DatabaseInUse as error:
        message = _("nothing restored: %(error)s. Stop it first.", error=error_text(error))
        raise click.ClickException(message) from None
    except (exchange.ExchangeError, OSError, sqlite3.Error) as error:
        message = _("nothing restored: %(error)s", error=error_text(error))
        raise click.ClickException(message) from None
    if kept is not None:
        click.echo(_("The database as it was is kept in %(kept)s", kept=kept))
    click.echo(_("Restored %(backup)s to %(database)s", backup=backup_file, database=database))


@click.command("export")
@click.option(
    "--session",
    "session_ids",
    type=int,
    multiple=True,
    metavar="ID",
    help="Export this session only (may be given more than once). Default: every session.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Write to FILE (replacing it once the export is complete). Default: standard output.",
)
@with_appcontext
def export(session_ids: tuple[int, ...], output: Path | None) -> None:
    """Write sessions with their deals (deleted ones too) and history as JSON."""
    try:
        data = exchange.export_sessions(get_db(), session_ids or None)
    except exchange.ExchangeError as error:
        raise click.ClickException(error_text(error)) from None
    text = exchange.dumps(data)
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        _write_whole(output, text)
    except OSError as error:
        raise click.ClickException(
            _("cannot write %(output)s: %(error)s", output=output, error=error)
        ) from None
    sessions = data["sessions"]
    deals = sum(len(session["deals"]) for session in sessions)
    click.echo(
        _(
            "Exported %(sessions)s (%(deals)s) to %(output)s",
            sessions=_sessions(len(sessions)),
            deals=_deals(deals),
            output=output,
        )
    )


@click.command("import")
@click.argument("file", type=click.File("rb"))
@with_appcontext
def import_(file: IO[bytes]) -> None:
    """Read an export FILE ("-" for standard input), or a session sheet (a PDF that carries its
    session's export, told by its first bytes): each session becomes a new session.

    The whole file is checked first, as strictly as the app takes a session and its deals: every
    deal's points, scores and problems must be what its input gives. If anything in it is wrong,
    or a session of it was imported before, nothing is stored.
    """
    try:
        # One byte over the limit is enough to refuse a file, however large it is.
        raw = file.read(importing.MAX_FILE_BYTES + 1)
        imported = uploads.import_exports(get_db(), uploads.read_upload(raw))
    except exchange.ExchangeError as error:
        message = _(
            "%(file)s: %(error)s. Nothing was imported.",
            file=file.name,
            error=_cut(error_text(error)),
        )
        raise click.ClickException(message) from None
    except sqlite3.Error as error:  # the write is one transaction: rolled back
        message = _(
            "%(file)s: not stored: %(error)s. Nothing was imported.", file=file.name, error=error
        )
        raise click.ClickException(message) from None
    if imported.reworded:
        click.echo(_reworded(imported.reworded), err=True)
    new_ids = imported.session_ids
    listed = ", ".join(str(session_id) for session_id in new_ids)
    if listed:
        click.echo(
            _("Imported %(sessions)s: %(ids)s", sessions=_sessions(len(new_ids)), ids=listed)
        )
    else:
        click.echo(_("Imported %(sessions)s", sessions=_sessions(len(new_ids))))


def _reworded(count: int) -> str:
    return ngettext(
        "Notes and problem wording of %(num)s deal taken from today's audit: the file's differ "
        "(written by an earlier version?)",
        "Notes and problem wording of %(num)s deals taken from today's audit: the file's differ "
        "(written by an earlier version?)",
        count,
    )


@click.command("audit-all")
@with_appcontext
def audit_all() -> None:
    """Audit every stored deal again with today's rules; change nothing.

    Prints a line for each deal whose points would now differ (or that could not be recorded
    now, and why), and exits with 1 if there is any, 0 if every deal counts as stored.
    """
    differences = 0
    for found in reaudit_all(get_db()):
        differences += 1
        old = " ".join(map(str, found.old))
        if found.new is None:
            why = "; ".join(problem_text(problem) for problem in found.problems)
            new = _("not recordable: %(why)s", why=why)
        else:
            new = " ".join(map(str, found.new))
        where = {"session": found.session_id, "deal": found.number, "old": old, "new": new}
        click.echo(_("session %(session)s, deal %(deal)s: %(old)s -> %(new)s", **where))
    if differences:
        click.echo(
            ngettext(
                "%(num)s deal would now count differently",
                "%(num)s deals would now count differently",
                differences,
            ),
            err=True,
        )
        raise SystemExit(1)
    click.echo(_("Every deal counts as it was stored."))


def _write_whole(path: Path, text: str) -> None:
    """Write a file so that it is either the old one or the whole new one, never half."""
    path = path.resolve()
    handle, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise


def _sessions(n: int) -> str:
    return ngettext("%(num)s session", "%(num)s sessions", n)


def _deals(n: int) -> str:
    return ngettext("%(num)s deal", "%(num)s deals", n)


def _cut(text: str, most: int = 500) -> str:
    """A message cut short: a file's wrong value may be megabytes long."""
    return text if len(text) <= most else text[: most - 1] + "…"
