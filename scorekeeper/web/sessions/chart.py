"""A session's chart alone, as an SVG image: GET /sessions/<id>/chart.svg.

The same chart the protocol page shows under its table (the template global
``session_chart_svg``) and the session sheet prints after its own (``session_chart_image``), in
the request's language (the sheet's: the session's). Any reader of the session may read it
(web/access/auth.py: a URL with a session_id). It changes with every deal saved: a browser keeps it
and asks again each time, and is told 304 while the session is unchanged (conditional.py).
"""

from __future__ import annotations

from urllib.parse import quote

from markupsafe import Markup
from werkzeug.wrappers import Response

from ... import services
from ...charts import session_chart
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
    return tagged(response, tag)


@bp.app_template_global("session_chart_svg")
def session_chart_svg(session: services.Session, protocol: Protocol) -> Markup:
    """The chart inline, for templates: its names are escaped already (charts/svg.py)."""
    return Markup(session_chart(session, protocol))


@bp.app_template_global("session_chart_image")
def session_chart_image(session: services.Session, protocol: Protocol) -> Markup:
    """The chart as an image for a printed sheet: a data: URL, which WeasyPrint reads as an SVG
    of its own. Inline, the sheet took 5 ms more (bench/charts.py): WeasyPrint parses and
    styles an inline <svg>'s every element as part of the page before drawing it."""
    svg = session_chart(session, protocol)
    source = "data:image/svg+xml," + quote(svg, safe=" ,:;=/'")
    return Markup('<img class="chart" src="{}" alt="{}">').format(source, title_of(svg))
