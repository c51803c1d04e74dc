"""A session's protocol as its sheet prints it: a line of text per deal on tab stops
(sheets/lines.py), the lines of each game together, in the session's language."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import current_app
from flask_babel import gettext as _

from ...services.sessions.protocol import GameView
from ...services.sessions.protocol import Protocol
from ...services.sessions.protocol import ProtocolRow
from ...sheets import lines
from ...translate import problem_text
from ..filters import signed

FONT, BOLD_FONT, FONT_SIZE = "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", 9.5  # print.css
NOTES_SIZE = 8.0
"""pt of what the audit marked in a deal, under its line (print.css ``td.lines i``)."""
WIDTH = 180.0
"""mm of the table at most: A4's 182 mm of text, less what the tab stops leave over."""


@dataclass(frozen=True)
class SheetDeal:
    """A deal's line, and the line of what the audit marked and the penalties it applied (empty
    when there are none)."""

    line: str
    notes: str


@dataclass(frozen=True)
class SheetGame:
    """One game on the sheet: its deals' lines, its end's line, and the game for the rest."""

    deals: tuple[SheetDeal, ...]
    end: str
    game: GameView


@dataclass(frozen=True)
class SheetProtocol:
    widths: tuple[float, ...]
    """mm: the deal's number, each side's points and total, the dealer."""
    games: tuple[SheetGame, ...]


def sheet_protocol(protocol: Protocol, difference: bool) -> SheetProtocol:
    """The protocol's games as lines; ``difference``: scores are written with their sign."""
    static = Path(current_app.static_folder or "static")
    setter = lines.Typesetter(static / FONT, static / BOLD_FONT, FONT_SIZE)
    rows = [(row.deal.number, _cells(row, difference)) for row in protocol.rows]
    heads = ("#", _("pts (score)"), _("total"), _("Dealer"))
    cols = lines.columns(setter, len(protocol.side_names), rows, heads, WIDTH)
    # A deal's notes start under its first side's numbers, past the deal's number, and take
    # one line: the deal's page and its audit sheet say the rest. Each line is work for
    # WeasyPrint, and a deal can be marked for each of its 25 tricks.
    indent = setter.left("", cols.number - 2 * lines.PAD) + "\t"
    notes = lines.Typesetter(setter.font, setter.bold, NOTES_SIZE)
    room = sum(cols.widths) - cols.number - 2 * lines.PAD
    games = tuple(
        SheetGame(
            tuple(
                SheetDeal(
                    lines.deal_line(setter, cols, row.deal.number, cells, _said(row)),
                    _notes(row, indent, notes, room),
                )
                for row, cells in ((row, _cells(row, difference)) for row in game.rows)
            ),
            lines.end_line(setter, cols, game.totals, _game_label(game)),
            game,
        )
        for game in protocol.games
    )
    return SheetProtocol(cols.widths, games)


def _cells(row: ProtocolRow, difference: bool) -> lines.Cells:
    return tuple(
        (points, signed(score) if difference else str(score), total)
        for points, score, total in row.cells
    )


def _notes(row: ProtocolRow, indent: str, setter: lines.Typesetter, room: float) -> str:
    """The penalties applied to the deal, then what the audit marked in it, as much as fits one
    line of ``room`` mm; or nothing. The penalties first: they moved points."""
    said = "; ".join(problem_text(problem) for problem in (*row.penalties, *row.marks))
    return indent + setter.cut(said, room) if said else ""


def _said(row: ProtocolRow) -> str:
    """The dealer, then what the row's tags said: out of turn, corrected."""
    words = [row.dealer_name]
    if row.out_of_turn:
        words.append(_("out of turn"))
    if row.deal.corrected:
        words.append(_("corrected"))
    return " · ".join(words)


def _game_label(game: GameView) -> str:
    label = _("Game %(n)s", n=game.number)
    in_play = _("in play")
    return label if game.finished else f"{label} · {in_play}"
