"""The club's records (/records) and its winners by period (/winners), for a ruleset and a
period: club pages, which the club read link opens (access/auth.py CLUB_READ). A record links
to its session where the reader may open it."""

from __future__ import annotations

import datetime

from babel.dates import format_skeleton
from flask import make_response
from flask import render_template
from flask import request
from flask_babel import get_locale
from werkzeug.wrappers import Response

from ...services.stats import figures as stats
from ...services.stats import records as club
from ...services.stats import winners as won
from ...services.stats.rows import figures_version
from ..conditional import entity_tag
from ..conditional import tagged
from ..conditional import unchanged
from ..conditional import viewer
from ..db import get_db
from . import bp
from .query import Query
from .query import form_choices
from .query import page_query
from .worker import brought_up_to_date


@bp.get("/records")
def records() -> Response | tuple[str, int]:
    """The club's records in the ruleset and period asked, each with where it was set."""
    db = get_db()
    query = _query()
    freshness = brought_up_to_date()
    tag = entity_tag("records", figures_version(db), freshness, viewer())
    if not query.error and (answer := unchanged(tag)):
        return answer
    page = render_template(
        "club/records.html",
        freshness=freshness,
        query=query,
        records=None if query.error else club.club_records(db, query.filters),
        link_args=query.period_args(),
        **form_choices(db, query),
    )
    return (page, 400) if query.error else tagged(make_response(page), tag)


@bp.get("/winners")
def winners() -> Response | tuple[str, int]:
    """The winners of each season, month and evening in the ruleset and period asked."""
    db = get_db()
    query = _query()
    freshness = brought_up_to_date()
    parts = (figures_version(db), won.events_version(db), freshness, viewer())
    tag = entity_tag("winners", *parts)
    if not query.error and (answer := unchanged(tag)):
        return answer
    page = render_template(
        "club/winners.html",
        freshness=freshness,
        query=query,
        winners=None if query.error else won.club_winners(db, query.filters),
        limits=(won.MAX_SEASONS, won.MAX_MONTHS, won.MAX_EVENINGS),
        link_args=query.period_args(),
        **form_choices(db, query),
    )
    return (page, 400) if query.error else tagged(make_response(page), tag)


def _query() -> Query:
    default = stats.default_ruleset(get_db()) if "ruleset" not in request.args else None
    return page_query(request.args, default, stats.RANKING_DEALS)


@bp.app_template_filter("month_name")
def month_name(month: str) -> str:
    """A month (YYYY-MM) as the reader's language writes it: "March 2024", "marzo 2024"."""
    first = datetime.date(int(month[:4]), int(month[5:7]), 1)
    return str(format_skeleton("yMMMM", first, locale=get_locale()))
