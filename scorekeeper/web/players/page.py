"""A player's page: his sessions and recent results, his statistics for a ruleset and a period,
his head-to-head, his charts (score per deal by month, rating), and the CSV of his deals."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask import make_response
from flask import render_template
from flask import request
from flask import stream_with_context
from flask import url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext
from werkzeug.wrappers import Response

from ... import charts
from ...rules import PRESETS
from ...services.players import persons as players
from ...services.stats import figures as stats
from ...services.stats.form import FORM_GAMES
from ...services.stats.partners import BEST_PARTNER_DEALS
from ...services.stats.partners import OPPONENT_DEALS
from ...services.stats.partners import TEAM_RULESETS
from ...services.stats.ratings import PROVISIONAL_GAMES
from ...services.stats.rows import figures_version
from ...translate import preset_name
from ..conditional import entity_tag
from ..conditional import tagged
from ..conditional import unchanged
from ..conditional import viewer
from ..db import get_db
from ..i18n import current_language
from ..sessions.exports import csv_text
from ..sessions.exports import header_row
from ..sessions.exports import in_language
from ..stats.query import Query
from ..stats.query import form_choices
from ..stats.query import page_query
from ..stats.worker import brought_up_to_date
from . import bp

SESSIONS_SHOWN = 100
"""Sessions the page lists at most, the newest (two years of weekly evenings); a shorter period
lists the others. The page stays quick to make and to read on a phone."""
RECENT = 10
"""Sessions shown as recent results; the others wait under "Every session"."""
CSV_IDS = (
    *("played_on", "session_id", "deal", "ruleset", "seat", "dealer", "points", "score"),
    "marked",
)
"""The CSV of a player's deals, its columns; in the reader's language on request."""
CSV_LABELS = (
    *(_l("Played on"), _l("Session"), _l("Deal"), _l("Ruleset"), _l("Seat"), _l("Dealer")),
    *(_l("Points"), _l("Score"), _l("Marked")),
)


@bp.get("/<int:player_id>")
def player(player_id: int) -> Response | tuple[str, int]:
    """The player's page for the ruleset and period asked (his most played ruleset at first)."""
    db = get_db()
    person = players.get_player(db, player_id)
    query = player_query(player_id)
    shown = None
    freshness = brought_up_to_date()
    tag = entity_tag("player", player_id, figures_version(db), freshness, viewer())
    if not query.error and (answer := unchanged(tag)):
        return answer  # the reader's copy shows the figures as they are
    if not query.error:
        filters, wanted = query.filters, query.min_deals
        shown = stats.player_page(db, player_id, filters, wanted, SESSIONS_SHOWN)
    merged = person["merged_into"] and players.get_player(db, person["merged_into"])
    page = render_template(
        "club/player.html",
        freshness=freshness,
        person=person,
        merged_into=merged or None,
        query=query,
        stats=shown,
        recent=RECENT,
        provisional_games=PROVISIONAL_GAMES,
        results=_results(),
        form_games=FORM_GAMES,
        partner_deals=BEST_PARTNER_DEALS,
        opponent_deals=OPPONENT_DEALS,
        with_partners=bool(shown and (shown["partners"] or query.filters.ruleset in TEAM_RULESETS)),
        ruleset_names={ruleset_id: preset_name(ruleset_id) for ruleset_id in PRESETS},
        **_charts(shown, player_id, query),
        csv_url=url_for("players.player_deals_csv", player_id=player_id, **query.link_args()),
        csv_language_url=url_for(
            "players.player_deals_csv", player_id=player_id, headers="language", **query.link_args()
        ),
        **form_choices(db, query),
    )
    return (page, 400) if query.error else tagged(make_response(page), tag)


@bp.get("/<int:player_id>/deals.csv")
def player_deals_csv(player_id: int) -> Response:
    """Every deal the player played in the period, a row each, oldest first."""
    query = player_query(player_id)
    if query.error:
        return Response(query.error + "\n", status=400, mimetype="text/plain")
    brought_up_to_date()
    lines = stats.deal_lines(get_db(), player_id, query.filters)
    headers = {"Content-Disposition": f'attachment; filename="player-{player_id}-deals.csv"'}
    header = header_row(
        CSV_IDS, [str(label) for label in CSV_LABELS], in_language()
    )  # in the request
    return Response(stream_with_context(_csv(lines, header)), mimetype="text/csv", headers=headers)


def player_query(player_id: int) -> Query:
    default = stats.default_ruleset(get_db(), player_id) if "ruleset" not in request.args else None
    return page_query(request.args, default, stats.HEAD_TO_HEAD_DEALS)


def _results() -> dict[str, dict[str, str]]:
    """A game's result in the form: its letter and its word, in the reader's language."""
    return {
        "W": {"letter": pgettext("a game's result, one letter", "W"), "word": _("won")},
        "T": {"letter": pgettext("a game's result, one letter", "T"), "word": _("tied first")},
        "L": {"letter": pgettext("a game's result, one letter", "L"), "word": _("lost")},
    }


def _charts(shown: dict[str, Any] | None, player_id: int, query: Query) -> dict[str, str]:
    """The player's two charts, none without deals: the score per month drawn in the page, his
    rating an image of its own address (rating_chart.py), when he has one in the ruleset."""
    if not shown or not shown["deals"]:
        return {"score_chart": "", "rating_chart_src": ""}
    score = charts.score_per_month_chart(shown["score_months"], _("Score per deal by month"))
    rated = bool(shown["rating_days"]) and query.filters.ruleset is not None
    return {
        "score_chart": score,
        "rating_chart_src": rating_chart_src(player_id, query) if rated else "",
    }


def rating_chart_src(player_id: int, query: Query) -> str:
    """The address of his rating chart for the page's query (rating_chart.py), named by the
    figures' version and the language: the browser keeps it for good."""
    version = figures_version(get_db())
    args = query.link_args()
    return url_for(
        "players.rating_chart", player_id=player_id, v=version, lang=current_language(), **args
    )


def _csv(lines: Iterator[dict[str, Any]], header: list[Any]) -> Iterator[bytes]:
    """The CSV a thousand rows at a time, the header first (UTF-8 with its byte order mark, so
    that a spreadsheet reads the names as written)."""
    yield csv_text([header]).encode("utf-8-sig")
    batch: list[list[Any]] = []
    for line in lines:
        batch.append(list(line.values()))
        if len(batch) == 1000:
            yield csv_text(batch).encode("utf-8")
            batch = []
    yield csv_text(batch).encode("utf-8")
