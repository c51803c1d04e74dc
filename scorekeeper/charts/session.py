"""A session's chart: each side's running total after every deal, its games marked."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from .. import services
from ..services.sessions.protocol import Protocol
from ..services.sessions.protocol import join_names
from .lines import Line
from .lines import LineChart
from .lines import Stretch
from .lines import draw
from .svg import empty_chart
from .svg import format_value

STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
"""Deals between two numbered ticks: the first that leaves at most seven ticks. Enough to read
by, and no more: WeasyPrint lays out an SVG's text letter by letter, some 0.2 ms a letter."""


def session_chart(session: services.Session, protocol: Protocol) -> str:
    """The protocol's running totals: a line per side from 0 before the first deal, the end of
    each game but the last marked by a vertical line, each game's number above it."""
    title = _("Running totals")
    rows = protocol.rows
    if not rows:
        message = _("No deal recorded yet.")
        return empty_chart(title, message, message)
    names = protocol.side_names
    lines = tuple(
        Line(name, ((0, 0), *((n, row.totals[side]) for n, row in enumerate(rows, start=1))))
        for side, name in enumerate(names)
    )
    step = next((s for s in STEPS if len(rows) / s <= 6), STEPS[-1])
    chart = LineChart(
        title=title,
        desc=_describe(protocol, len(rows)),
        lines=lines,
        x_range=(0, len(rows)),
        x_ticks=tuple((n, str(n)) for n in range(0, len(rows) + 1, step)),
        format_value=format_value,
        x_caption=_("Deals"),
        stretches=_games(protocol),
        kind="session",
    )
    return draw(chart)


def session_chart_text(protocol: Protocol) -> str:
    """The chart in words, for the <img> that shows it on the protocol page: what it draws and
    where its figures are, without drawing it (the table above it gives every figure)."""
    if not protocol.rows:
        return _("No deal recorded yet.")
    return _("Running totals, a line a side: the protocol table gives every deal's figures.")


def _games(protocol: Protocol) -> tuple[Stretch, ...]:
    """Each game as the stretch of deals it holds: from before its first deal to its last."""
    stretches = []
    done = 0
    for game in protocol.games:
        if not game.rows:
            continue
        label = _("Game %(n)s", n=game.number)
        stretches.append(Stretch(done, done + len(game.rows), label, str(game.number)))
        done += len(game.rows)
    return tuple(stretches)


def _describe(protocol: Protocol, deals: int) -> str:
    """The chart in words: whose totals, over how many deals, where they ended, and where the
    figures are (the protocol's table is the chart's text alternative)."""
    names = join_names(list(protocol.side_names))
    totals = ", ".join(
        f"{name} {format_value(total)}"
        for name, total in zip(protocol.side_names, protocol.totals, strict=True)
    )
    sentences = [
        ngettext(
            "Running totals of %(names)s over %(num)s deal.",
            "Running totals of %(names)s over %(num)s deals.",
            deals,
            names=names,
        ),
        _("Totals: %(totals)s.", totals=totals),
    ]
    if len(protocol.games) > 1:
        sentences.append(_("Vertical lines mark where each game ends."))
    sentences.append(_("The protocol table gives every deal's figures."))
    return " ".join(sentences)
