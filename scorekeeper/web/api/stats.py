"""The JSON API's statistics: a player's, the club's ranking (issue "Players who last"), the
club's records and its winners by period (issue "Statistics a club argues about happily").

Both bring the figures up to date as far as a request may first (web/stats/worker.py) and say
in the header ``Figures-Current`` whether they are (``false``: newer figures are being worked
out, these are the last complete ones). Both read the query string (services/stats/periods.py:
ruleset, from, to, min_deals, order), each
value checked before any work; a bad one is a 400 naming it.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import jsonify
from flask import request
from werkzeug.wrappers import Response

from ...services.stats import figures as stats
from ...services.stats import periods
from ...services.stats import records as club
from ...services.stats import winners as won
from ...services.stats.figures import Filters
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


@bp.get("/records")
def records() -> Response:
    """The club's records in a ruleset and a period, each with who holds it and where."""
    filters = periods.filters_of(request.args)
    current = brought_up_to_date().current
    found = club.club_records(get_db(), filters)
    body = _period(filters) | {
        name: None if record is None else asdict(record) for name, record in found.each()
    }
    return _answer(body, current)


@bp.get("/winners")
def winners() -> Response:
    """The winners of each season, month and evening in a ruleset and a period, newest first."""
    filters = periods.filters_of(request.args)
    current = brought_up_to_date().current
    found = won.club_winners(get_db(), filters)
    body = _period(filters) | {
        "seasons": [asdict(row) for row in found.seasons],
        "months": [asdict(row) for row in found.months],
        "evenings": [asdict(row) for row in found.evenings],
    }
    return _answer(body, current)


def _period(filters: Filters) -> dict[str, Any]:
    return {"ruleset": filters.ruleset, "from": filters.first, "to": filters.last}
