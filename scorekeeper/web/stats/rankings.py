"""The club's ranking: a table for a ruleset and a period, its bar chart, and its CSV.

The ranking is by score per deal (a minimum of deals keeps one lucky evening from topping the
year), by total score or by games won; players with the same figure share a rank. The rating
stands beside it as a second column, explained on the page.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import make_response
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from ... import charts
from ...services import InputError
from ...services.stats import figures as stats
from ...services.stats.ratings import PROVISIONAL_GAMES
from ...services.stats.rows import figures_version
from ..conditional import entity_tag
from ..conditional import tagged
from ..conditional import unchanged
from ..conditional import viewer
from ..db import get_db
from ..sessions.exports import csv_text
from ..sessions.exports import header_row
from ..sessions.exports import in_language
from . import bp
from .query import ORDER_NAMES
from .query import Query
from .query import form_choices
from .query import page_query
from .worker import brought_up_to_date

CHART_BARS = 100
"""Players the bar chart shows at most, the first: beyond, bars are too thin to read (the table
has every one)."""
CSV_IDS = (
    *("rank", "player", "deals", "score_total", "score_per_deal", "games_won", "rating"),
    "provisional",
)
"""The CSV's columns, as the API names them; in the reader's language on request (exports.py
``header_row``)."""
CSV_LABELS = (
    *(_l("Rank"), _l("Player"), _l("Deals"), _l("Total score"), _l("Score per deal")),
    *(_l("Games won"), _l("Rating"), _l("Provisional")),
)


@bp.get("/rankings")
def rankings() -> Response | tuple[str, int]:
    """The ranking for the ruleset and period asked, best first, with its bar chart."""
    db = get_db()
    query = _query()
    freshness = brought_up_to_date()
    tag = entity_tag("rankings", figures_version(db), freshness, viewer())
    if not query.error and (answer := unchanged(tag)):
        return answer  # the reader's copy shows the figures as they are
    shown = None
    if not query.error:
        try:
            shown = stats.ranked(db, query.filters, _min_deals(query), query.order)
        except InputError as error:
            query = replace(query, error=str(error))
    rows = shown.rows if shown else []
    choices = form_choices(db, query)  # the years played too, asked once
    page = render_template(
        "club/rankings.html",
        freshness=freshness,
        query=query,
        rows=rows,
        min_deals=shown.min_deals if shown else query.min_deals,
        left_out=shown.left_out if shown else [],
        chart=_chart(rows, query) if rows else "",
        csv_url=url_for("stats.rankings_csv", **query.link_args()),
        csv_language_url=url_for("stats.rankings_csv", headers="language", **query.link_args()),
        player_args=query.period_args(),
        provisional_games=PROVISIONAL_GAMES,
        season=_season(query, choices["years"]),
        **choices,
    )
    return (page, 400) if query.error else tagged(make_response(page), tag)


def _season(query: Query, years: list[str]) -> str:
    """The season the page's club chart and season report are of: the year asked, else the
    latest the club played."""
    return query.asked.get("year") or next(iter(years), "")


@bp.get("/rankings.csv")
def rankings_csv() -> Response:
    """The same ranking as CSV, a row per player: rank, name, figures, rating."""
    query = _query()
    if query.error:
        return Response(query.error + "\n", status=400, mimetype="text/plain")
    brought_up_to_date()
    try:
        rows = stats.ranked(get_db(), query.filters, _min_deals(query), query.order).rows
    except InputError as error:
        return Response(str(error) + "\n", status=400, mimetype="text/plain")
    table: list[list[Any]] = [
        header_row(CSV_IDS, [str(label) for label in CSV_LABELS], in_language())
    ]
    for row in rows:
        table.append(
            [row["rank"], row["name"], row["deals"], row["score_total"], row["score_per_deal"]]
            + [row["games_won"], _blank(row["rating"]), int(row["provisional"])]
        )
    headers = {"Content-Disposition": 'attachment; filename="ranking.csv"'}
    body = csv_text(table).encode("utf-8-sig")
    return Response(body, mimetype="text/csv", headers=headers)


def _min_deals(query: Query) -> int | None:
    """The minimum asked, or None: the period's own (services/stats/figures.py)."""
    return query.min_deals if query.asked.get("min_deals") else None


def _query() -> Query:
    default = stats.default_ruleset(get_db()) if "ruleset" not in request.args else None
    return page_query(request.args, default, stats.RANKING_DEALS)


def _chart(rows: list[dict[str, Any]], query: Query) -> str:
    """The ranking as bars of the figure it is ordered by, the first CHART_BARS players."""
    shown = [row for row in rows if row[query.order] is not None][:CHART_BARS]
    bars = [(row["name"], float(row[query.order])) for row in shown]
    return charts.ranking_chart(bars, str(ORDER_NAMES[query.order]))


def _blank(value: object) -> object:
    return "" if value is None else value
