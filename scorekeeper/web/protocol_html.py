"""One game of the protocol's table as HTML, its <tbody>, written in Python.

The protocol page renders the game being played after every deal (web/sessions.py keeps the
others), and as a Jinja template that one <tbody> of at most a few rows took a fifth of the
page's time under load: a template's context, its generator and a lookup per name cost more than
the rows themselves. Here it is the rows alone. Every value goes through ``escape``; the
sentences are the catalogue's, as in the templates (each ``_()`` outside the f-strings, where
``pybabel extract`` finds it); a deal's problems are listed by the
``problem_list`` macro of templates/_macros.html, as on every other page.

Made from the game, its deals' link, its ruleset's way of recording scores and its number of
sides alone, with the language: web/sessions.py keeps the result while these stay the same.
"""

from __future__ import annotations

from flask import current_app
from markupsafe import Markup
from markupsafe import escape

from ..scoresheet import GameView
from ..scoresheet import ProtocolRow
from . import signed
from .i18n import gettext as _


def game_body(game: GameView, deal_link: tuple[str, str], recording: str, sides: int) -> Markup:
    """The game's <tbody>: a row per deal (and its problems, if marked), then its totals, and
    once it is finished its standings and settlement."""
    difference = recording == "difference"
    parts = ['<tbody class="game">']
    for row in game.rows:
        parts.append(_deal_row(row, deal_link, difference))
        if row.marks:
            problems = _macros().problem_list(row.marks)
            parts.append(
                f'\n<tr class="marks"><td></td><td colspan="{2 * sides + 1}">{problems}</td></tr>'
            )
        if row.penalties:  # what a penalty moved, and to whom
            moved = _macros().problem_list(row.penalties, "penalties")
            parts.append(
                f'\n<tr class="penalties"><td></td><td colspan="{2 * sides + 1}">{moved}</td></tr>'
            )
    label = escape(_("Game %(n)s", n=game.number))
    in_play = "" if game.finished else " · " + escape(_("in play"))
    totals = "".join(f'<td colspan="2" class="num">{total}</td>' for total in game.totals)
    parts.append(f'\n<tr class="game-end">\n<td colspan="2">{label}{in_play}</td>{totals}\n</tr>')
    if game.finished:
        tied = " (" + escape(_("tied")) + ")"
        places = " · ".join(
            f"{place.rank}. {escape(place.name)} {place.total}{tied if place.tied else ''}"
            for place in game.standings
        )
        parts.append(
            f'\n<tr class="settlement"><td colspan="{2 * sides + 2}">{places}'
            f"\n<br><strong>{escape(game.settlement)}</strong></td></tr>"
        )
    parts.append("\n</tbody>")
    return Markup("".join(parts))


def _deal_row(row: ProtocolRow, deal_link: tuple[str, str], difference: bool) -> str:
    deal, marks = row.deal, row.marks
    number = int(deal.number)
    tags = ""
    if deal.corrected:
        corrected = escape(_("corrected"))
        tags += f' <span class="tag">{corrected}</span>'
    if deal.recounted:
        why = escape(_("counted again with its new dealer after an earlier deal changed"))
        recounted = escape(_("recounted"))
        tags += f' <span class="tag" title="{why}">{recounted}</span>'
    if marks:
        marked_tag = escape(_("marked"))
        tags += f' <span class="tag warn">{marked_tag}</span>'
    link = escape(f"{deal_link[0]}{number}{deal_link[1]}")
    shown = signed if difference else str  # a difference as the ``signed`` filter writes it
    cells = "".join(
        f'\n<td class="num">{int(points)} <span class="score">({shown(int(score))})'
        f'</span></td><td class="num total">{int(total)}</td>'
        for points, score, total in row.cells
    )
    marked = ' class="marked"' if marks else ""
    dealer = escape(row.dealer_name)
    if row.out_of_turn:  # the keeper said another seat dealt than the rotation gave
        out_of_turn = escape(_("out of turn"))
        dealer += Markup(f' <span class="tag warn">{out_of_turn}</span>')
    return (
        f'\n<tr{marked} id="deal-{number}">\n<td><a href="{link}">{number}</a>{tags}</td>'
        f"\n<td>{dealer}</td>{cells}\n</tr>"
    )


def _macros():  # type: ignore[no-untyped-def]
    return current_app.jinja_env.get_template("_macros.html").module
