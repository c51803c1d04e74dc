"""Command-line tools: flask --app scorekeeper <command>.

backup   a consistent copy of the database, safe while the app runs, checked after copying
export   sessions as JSON (docs in scorekeeper/storage/exchange.py)
import   sessions from such a JSON file, each as a new session, checked as the app checks a deal
         (docs in scorekeeper/services/importing.py); all or nothing
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

from ..services import importing
from ..services.reaudit import reaudit_all
from ..storage import exchange
from ..storage.backup import backup_database
from ..storage.backup import integrity_check
from . import get_db


def init_app(app: Flask) -> None:
    """Register the commands."""
    for command in (backup, export, import_, audit_all):
        app.cli.add_command(command)


@click.command("backup")
@click.argument("dest", required=False, type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def backup(dest: Path | None) -> None:
    """Copy the database to DEST while the app may keep running, then check the copy.

    DEST defaults to instance/backups/scorekeeper-YYYYMMDD-HHMMSS.sqlite; an existing file is
    never overwritten.
    """
    if dest is None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        dest = Path(current_app.instance_path) / "backups" / f"scorekeeper-{stamp}.sqlite"
    try:
        backup_database(current_app.config["DATABASE"], dest)
    except (exchange.ExchangeError, OSError) as error:
        raise click.ClickException(f"no backup made: {error}") from None
    click.echo(f"Backed up to {dest}")
    verdict = integrity_check(dest)
    if verdict != ["ok"]:
        raise click.ClickException("the copy fails the integrity check: " + "; ".join(verdict))
    click.echo("Integrity check of the copy: ok")


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
        raise click.ClickException(str(error)) from None
    text = exchange.dumps(data)
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        _write_whole(output, text)
    except OSError as error:
        raise click.ClickException(f"cannot write {output}: {error}") from None
    sessions = data["sessions"]
    deals = sum(len(session["deals"]) for session in sessions)
    click.echo(f"Exported {_count(len(sessions), 'session')} ({_count(deals, 'deal')}) to {output}")


@click.command("import")
@click.argument("file", type=click.File("rb"))
@with_appcontext
def import_(file: IO[bytes]) -> None:
    """Read an export FILE ("-" for standard input): each session becomes a new session.

    The whole file is checked first, as strictly as the app takes a session and its deals: every
    deal's points, scores and problems must be what its input gives. If anything in it is wrong,
    nothing is stored.
    """
    try:
        # One byte over the limit is enough to refuse a file, however large it is.
        imported = importing.import_file(get_db(), file.read(importing.MAX_FILE_BYTES + 1))
    except exchange.ExchangeError as error:
        message = f"{file.name}: {_cut(str(error))}. Nothing was imported."
        raise click.ClickException(message) from None
    except sqlite3.Error as error:  # the write is one transaction: rolled back
        message = f"{file.name}: not stored: {error}. Nothing was imported."
        raise click.ClickException(message) from None
    if imported.reworded:
        click.echo(
            f"Notes and problem wording of {_count(imported.reworded, 'deal')} taken from "
            "today's audit: the file's differ (written by an earlier version?)",
            err=True,
        )
    new_ids = imported.session_ids
    listed = ", ".join(str(session_id) for session_id in new_ids)
    click.echo(f"Imported {_count(len(new_ids), 'session')}" + (f": {listed}" if listed else ""))


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
            why = "; ".join(problem.message for problem in found.problems)
            click.echo(
                f"session {found.session_id}, deal {found.number}: {old} -> not recordable: {why}"
            )
        else:
            new = " ".join(map(str, found.new))
            click.echo(f"session {found.session_id}, deal {found.number}: {old} -> {new}")
    if differences:
        click.echo(f"{_count(differences, 'deal')} would now count differently", err=True)
        raise SystemExit(1)
    click.echo("Every deal counts as it was stored.")


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


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _cut(text: str, most: int = 500) -> str:
    """A message cut short: a file's wrong value may be megabytes long."""
    return text if len(text) <= most else text[: most - 1] + "…"
