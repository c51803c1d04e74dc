"""A season's report as a PDF for the club's notice board (/rankings/season.pdf): the ranking
by the club's order, the rating leaderboard, the records and the winners by month, printed in
the club's language (that of most of the season's sessions, unless the link names one).

It is made as the sessions' sheets are (web/sheets/views.py: one at a time per server, kept
under a key that names what it shows: the club's figures' version, the query, the language).
"""

from __future__ import annotations

import datetime

from flask import render_template
from flask import request
from flask_babel import force_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...services import InputError
from ...services.sessions.lifecycle import SESSION_LANGUAGES
from ...services.stats import figures as stats
from ...services.stats.rows import figures_version
from ...services.stats.season import club_language
from ...services.stats.season import season_report
from ..db import get_db
from ..sheets import printing
from ..sheets.views import sheet_response
from . import bp
from .query import ORDER_NAMES
from .query import page_query
from .worker import brought_up_to_date


@bp.get("/rankings/season.pdf")
def season_pdf() -> Response | printing.Answer:
    """The report of a season (a calendar year: ``year``, the last full one by default) in a
    ruleset (``ruleset``; the club's most played by default), ranked by ``order``."""
    db = get_db()
    year = _year(request.args.get("year", ""))
    default = stats.default_ruleset(db) if "ruleset" not in request.args else None
    query = page_query({**request.args, "year": year, "month": ""}, default, stats.RANKING_DEALS)
    if query.error:
        raise InputError(query.error)
    brought_up_to_date()
    language = request.args.get("language") or club_language(db, query.filters)
    if language not in SESSION_LANGUAGES:
        raise InputError(
            _("language must be one of %(languages)s", languages=", ".join(SESSION_LANGUAGES)),
            "language",
        )
    ruleset, order = query.filters.ruleset, query.order

    def html() -> str:
        report = season_report(db, ruleset, year, order)
        with force_locale(language):
            return render_template(
                "print/club/season_report.html",
                report=report,
                order_name=str(ORDER_NAMES[order]),
                paper="a4",
            )

    key = ("season", figures_version(db), ruleset, year, order, language)
    return sheet_response(key, html, f"season-{year}-{ruleset or 'all'}.pdf")


def _year(given: str) -> str:
    """The season asked (YYYY), or the last full one."""
    if not given:
        return str(datetime.date.today().year - 1)
    if not (given.isascii() and given.isdigit() and len(given) == 4 and given >= "1900"):
        raise InputError(_("year must be a year such as 2024"), "year")
    return given
