"""A session's chart alone, as an SVG image: GET /sessions/<id>/chart.svg.

The same chart the protocol page shows under its table, as an image of this address named by
the session's version and the page's language (templates/sessions/_chart.html: kept by the
browser for good, and fetched only once the chart is scrolled to), and the session sheet prints
after its own (``session_chart_image``), in the request's language (the sheet's: the
session's). Inline, the chart was a sixth of the page's cost, paid on every read of it. Any
reader of the session may read it (web/access/auth.py: a URL with a session_id). Asked for
without a version, or another, it is kept and asked about again each time, and told 304 while
the session is unchanged (conditional.py).
"""

from __future__ import annotations

from urllib.parse import quote

from flask import request
from markupsafe import Markup
from werkzeug.wrappers import Response

from ... import services
from ...charts import session_chart
from ...charts.session import session_chart_text as chart_text
from ...charts.svg import title_of
from ...services.sessions.protocol import Protocol
from ...services.sessions.protocol import build_protocol
from ...services.sessions.versions import session_version
from ..conditional import entity_tag
from ..conditional import tagged
from ..conditional import unchanged
from ..db import get_db
from . import bp


@bp.get("/sessions/<int:session_id>/chart.svg")
def chart(session_id: int) -> Response:
    """The session's running totals as an SVG image; a small one that says so with no deal."""
    stamp = session_version(get_db(), session_id)
    tag = entity_tag("chart", stamp and stamp.version)
    if stamp is not None and (answer := unchanged(tag)):
        return answer
    session = services.load_session(get_db(), session_id)
    svg = session_chart(session, build_protocol(session))
    response = Response(svg, mimetype="image/svg+xml")
    response.vary.add("Accept-Language")  # the chart's words are in the request's language
    tagged(response, tag)
    if stamp is not None and request.args.get("v") == stamp.version:
        # The page's address names the version (and the language): this answer is the one
        # for that address for good, kept without asking again (a new deal, a new address).
        response.headers["Cache-Control"] = "private, max-age=31536000, immutable"
    return response


@bp.app_template_global("session_chart_text")
def session_chart_text(protocol: Protocol) -> str:
    """The chart in words, the protocol page's <img> of it's alt (charts/session.py)."""
    return chart_text(protocol)


@bp.app_template_global("session_chart_image")
def session_chart_image(session: services.Session, protocol: Protocol) -> Markup:
    """The chart as an image for a printed sheet: a data: URL, which WeasyPrint reads as an SVG
    of its own. Inline, the sheet took 5 ms more (bench/charts.py): WeasyPrint parses and
    styles an inline <svg>'s every element as part of the page before drawing it."""
    svg = session_chart(session, protocol)
    source = "data:image/svg+xml," + quote(svg, safe=" ,:;=/'")
    return Markup('<img class="chart" src="{}" alt="{}">').format(source, title_of(svg))
