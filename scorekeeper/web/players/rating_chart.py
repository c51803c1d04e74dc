"""A player's rating chart as an SVG image of its own address:
GET /players/<id>/rating.svg?<the page's ruleset and period>&v=<figures' version>.

His rating drawn in front of the club's spread (services/stats/rating_charts.py) costs the most
of his page: the spread is a seek a player and month of the club's (40 ms over ten years of a
club of 60 players, bench/club_stats.py). As an image the page no longer waits for it, and the
browser keeps it for good under an address that names the figures' version and the language
(as the session's chart and the club's chart are): a change to the figures gives a new address.
"""

from __future__ import annotations

from flask import request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import charts
from ...services.players import persons as players
from ...services.stats import rating_charts
from ...services.stats.rows import figures_version
from ..conditional import entity_tag
from ..conditional import tagged
from ..conditional import unchanged
from ..conditional import viewer
from ..db import get_db
from ..stats.worker import brought_up_to_date
from . import bp
from .page import player_query


@bp.get("/<int:player_id>/rating.svg")
def rating_chart(player_id: int) -> Response:
    """His rating over the period in the ruleset asked, the club's middle half behind it."""
    db = get_db()
    players.get_player(db, player_id)  # 404 for no such player
    query = player_query(player_id)
    if query.error or not query.filters.ruleset:
        message = query.error or _("A rating is a ruleset's: ask for one.")
        return Response(message + "\n", status=400, mimetype="text/plain")
    freshness = brought_up_to_date()
    version = figures_version(db)
    tag = entity_tag("rating-chart", player_id, version, freshness, viewer())
    if answer := unchanged(tag):
        return answer
    points = rating_charts.rating_points(db, player_id, query.filters)
    band = []
    if points:
        first, last = points[0][0][:7], points[-1][0][:7]
        band = rating_charts.club_band(db, query.filters.ruleset, first, last)
    response = Response(charts.rating_chart(points, _("Rating"), band), mimetype="image/svg+xml")
    response.vary.add("Accept-Language")  # its words are in the request's language
    tagged(response, tag)
    if freshness.current and request.args.get("v") == str(version):
        response.headers["Cache-Control"] = "private, max-age=31536000, immutable"
    return response
