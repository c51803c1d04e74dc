"""The JSON API's statistics: a player's, and the club's ranking (issue "Players who last").

Both bring the figures up to date as far as a request may first (web/stats/worker.py) and say
in the header ``Figures-Current`` whether they are (``false``: newer figures are being worked
out, these are the last complete ones). Both read the query string (services/stats/periods.py:
ruleset, from, to, min_deals, order), each
value checked before any work; a bad one is a 400 naming it.
"""

from __future__ import annotations

from flask import jsonify
from flask import request
from werkzeug.wrappers import Response

from ...services.stats import figures as stats
from ...services.stats import periods
from ..db import get_db
from ..stats.worker import brought_up_to_date
from . import bp


def _answer(body: object, current: bool) -> Response:
    response = jsonify(body)
    response.headers["Figures-Current"] = "true" if current else "false"
    return response


@bp.get("/players/<int:player_id>/stats")
def player_stats(player_id: int) -> Response:
    """A player's statistics for a ruleset and a period, with his head-to-head and rating."""
    filters = periods.filters_of(request.args)
    min_deals = periods.min_deals_of(request.args, stats.HEAD_TO_HEAD_DEALS)
    current = brought_up_to_date().current
    return _answer(stats.player_stats(get_db(), player_id, filters, min_deals), current)


@bp.get("/rankings")
def rankings() -> Response:
    """The club's ranking for a ruleset and a period, best first, ties sharing a rank."""
    filters = periods.filters_of(request.args)
    min_deals = periods.min_deals_of(request.args, stats.RANKING_DEALS)
    order = periods.order_of(request.args)
    current = brought_up_to_date().current
    return _answer(stats.ranking(get_db(), filters, min_deals, order), current)
