"""Downloads of a session: its protocol as CSV for a spreadsheet, and the session as JSON.

The CSV has a header row, then a row per deal: number, dealer, per side (a player, or a team
"Anna & Carla") its points, score and running total, the game, and the marked problems. It is
UTF-8 with a byte order mark, so that a spreadsheet shows "Nicolò" as written. A text cell that a
spreadsheet would take for a formula (=, +, -, @, tab or carriage return first) gets a leading
single quote; numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from collections.abc import Sequence

from flask import request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import services
from ...services.sessions import exports as exchange
from ...services.sessions.protocol import Protocol
from ...services.sessions.protocol import build_protocol
from ...translate import problem_text
from ..db import get_db
from . import bp

Cell = str | int
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_SPLIT_FORMULA = re.compile(r"([;,\t][ \"]*)(?=[=+\-@\t\r])")
"""A separator, and the spaces or quotes after it, before what would start a formula."""


@bp.get("/sessions/<int:session_id>/protocol.csv")
def protocol_csv(session_id: int) -> Response:
    """The session's protocol as CSV, a row per deal."""
    session = services.load_session(get_db(), session_id)
    text = csv_text(protocol_table(build_protocol(session), session.played_on, in_language()))
    return _download(text.encode("utf-8-sig"), "text/csv", f"protocol-{session_id}.csv")


@bp.get("/sessions/<int:session_id>/export.json")
def session_json(session_id: int) -> Response:
    """The session with its deals and their history, as `flask ... import` reads it."""
    services.load_session(get_db(), session_id)  # 404 for an unknown session
    text = exchange.dumps(exchange.export_sessions(get_db(), [session_id]))
    return _download(text.encode("utf-8"), "application/json", f"session-{session_id}.json")


def protocol_table(protocol: Protocol, played_on: str, language: bool = False) -> list[list[Cell]]:
    """The protocol as rows of cells, the header first; each row ends with the day the session
    was played (not the day it was typed in)."""
    sides = range(len(protocol.side_names))
    ids: list[str] = ["deal", "dealer"]
    labels: list[str] = [_("Deal"), _("Dealer")]
    for name in protocol.side_names:
        ids += [f"points:{name}", f"score:{name}", f"total:{name}"]
        labels += [
            _("%(name)s points", name=name),
            _("%(name)s score", name=name),
            _("%(name)s total", name=name),
        ]
    ids += ["game", "problems", "played_on"]
    labels += [_("Game"), _("Problems"), _("Played on")]
    table = [header_row(ids, labels, language)]
    for row in protocol.rows:
        result = row.deal.result
        cells: list[Cell] = [row.deal.number, row.dealer_name]
        for side in sides:
            cells += [result.points[side], result.scores[side], row.totals[side]]
        cells += [row.game, "; ".join(problem_text(problem) for problem in row.marks), played_on]
        table.append(cells)
    return table


def in_language() -> bool:
    """Whether the reader asked for a CSV's headers in his language (``?headers=language``)
    rather than the stable English ids tools read."""
    return request.args.get("headers") == "language"


def header_row(ids: Sequence[str], labels: Sequence[str], language: bool) -> list[Cell]:
    """A CSV's first row: the ids, or the labels in the reader's language."""
    return list(labels if language else ids)


def csv_text(rows: Iterable[Sequence[Cell]]) -> str:
    """Rows as CSV (RFC 4180: quoted where needed, CRLF), every text cell made formula-safe."""
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()


def safe_cell(cell: Cell) -> str:
    """A cell as written: a number as it is, a text that could start a formula quoted with '.

    Also each part of it that a spreadsheet splitting on ``;`` or a tab (Excel in Italian,
    German or Swedish opens a CSV so) or on a comma would read as a cell of its own: "Anna;=1+1"
    is written "Anna;'=1+1"."""
    text = str(cell)
    if isinstance(cell, int) or _NUMBER.fullmatch(text):
        return text
    text = _SPLIT_FORMULA.sub(r"\1'", text)
    return "'" + text if text.startswith(_FORMULA_START) else text


def _download(body: bytes, mimetype: str, filename: str) -> Response:
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
    return Response(body, mimetype=mimetype, headers=headers)
