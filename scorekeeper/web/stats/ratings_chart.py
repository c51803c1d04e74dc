"""The club's chart as an SVG image: GET /rankings/ratings.svg?ruleset=<id>&year=<YYYY>.

Every regular player's rating over the season (charts/club.py), for any reader of the club's
pages (web/access/auth.py: a page of the "stats" blueprint, open by the club link). Kept and
asked about again as the rankings are: its tag is the club's figures' version (one query), the
language and the address; an address that names that version (``ratings_chart_image``, for
templates/club/_ratings_chart.html) is kept by the browser for good, as the session's chart is.
"""

from __future__ import annotations

import re

from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import charts
from ...rules import PRESETS
from ...services.stats import rating_charts
from ...services.stats.figures import default_ruleset
from ...services.stats.figures import years_played
from ...services.stats.rows import figures_version
from ...translate import preset_name
from ..conditional import entity_tag
from ..conditional import tagged
from ..conditional import unchanged
from ..db import get_db
from ..i18n import current_language
from . import bp
from .worker import brought_up_to_date

YEAR = re.compile(r"\d{4}")


@bp.get("/rankings/ratings.svg")
def ratings_chart() -> Response:
    """The regular players' ratings over a season of a ruleset (by default the club's most
    played ruleset and its last year); 400 for a ruleset or year it does not know."""
    db = get_db()
    ruleset = request.args.get("ruleset") or default_ruleset(db)
    year = request.args.get("year") or next(iter(years_played(db)), "")
    if ruleset not in PRESETS or not YEAR.fullmatch(year):
        message = _("Ask for a ruleset and a year (YYYY).")
        return Response(message + "\n", status=400, mimetype="text/plain")
    freshness = brought_up_to_date()
    version = figures_version(db)
    tag = entity_tag("ratings-chart", version, freshness)
    if answer := unchanged(tag):
        return answer
    club = rating_charts.club_courses(db, ruleset, int(year))
    title = _("Ratings in %(year)s, %(ruleset)s", year=year, ruleset=preset_name(ruleset))
    courses = [(c.name, [(day, value) for day, value, _p in c.points]) for c in club.courses]
    regulars = (club.regulars, rating_charts.REGULAR_GAMES, rating_charts.CLUB_LINES)
    svg = charts.club_chart(courses, title, year, regulars)
    response = Response(svg, mimetype="image/svg+xml")
    response.vary.add("Accept-Language")  # the chart's words are in the request's language
    tagged(response, tag)
    if freshness.current and request.args.get("v") == str(version):
        # The address names the figures' version: a change to them gives a new address.
        response.headers["Cache-Control"] = "private, max-age=31536000, immutable"
    return response


@bp.app_template_global("ratings_chart_image")
def ratings_chart_image(ruleset: str, year: str | int) -> dict[str, object]:
    """What templates/club/_ratings_chart.html shows of the club chart for a ruleset and year:
    its address, named by the figures' version and the language (kept by the browser for good),
    the ruleset's name, and how its players are chosen."""
    version = figures_version(get_db())
    src = url_for(
        "stats.ratings_chart", ruleset=ruleset, year=year, v=version, lang=current_language()
    )
    return {
        "src": src,
        "ruleset": preset_name(ruleset),
        "regular_games": rating_charts.REGULAR_GAMES,
        "most": rating_charts.CLUB_LINES,
    }
