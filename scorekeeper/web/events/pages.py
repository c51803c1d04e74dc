"""The club evenings' pages: the events' list with the form of a new one (/events), and the
director's page of an event (/events/<id>). The director's small forms post to their own
addresses (rounds.py: a round's steps; changes.py: entrants, adjustments, the standings shown)
and come back here.

In club mode every page here is the keeper's (access/auth.py); the players read the board
(board.py), opened by the event's read link.
"""

from __future__ import annotations

from flask import redirect
from flask import render_template
from flask import url_for
from werkzeug.wrappers import Response

from ... import services
from ...services.events import create_event
from ...services.events import list_events
from ...services.players.names import LookAlikeError
from ...services.players.persons import list_players
from ..access.auth import secret_hash
from ..db import get_db
from ..errors import status_of
from ..forms import place_error
from . import bp
from . import changes  # noqa: F401  (its views join the blueprint)
from . import forms
from . import rounds  # noqa: F401
from .director import director_page
from .director import with_points

bp.add_app_template_filter(with_points, "event_points")


@bp.get("/events")
def index() -> tuple[str, int] | str:
    """The events, the last played first; for the keeper, the form of a new one."""
    return _index_page(forms.EventForm(formdata=None))


@bp.post("/events")
def create() -> Response | tuple[str, int] | str:
    """Create an event from the form: its facts, ranking and entrants, a line each."""
    form = forms.EventForm()
    if not form.validate_on_submit():
        return _index_page(form, 400)
    try:
        event_id = create_event(get_db(), forms.event_body(form), secret_hash())
    except services.ServiceError as error:
        default = form.entrants if isinstance(error, LookAlikeError) else None
        place_error(form, error, default)
        form.look_alike = isinstance(error, LookAlikeError)
        return _index_page(form, status_of(error))
    return redirect(url_for("events.event", event_id=event_id), 303)


def _index_page(form: forms.EventForm, status: int = 200) -> tuple[str, int] | str:
    page = render_template(
        "events/index.html",
        events=list_events(get_db()),
        form=form,
        known=list_players(get_db(), archived=False),
    )
    return page if status == 200 else (page, status)


@bp.get("/events/<int:event_id>")
def event(event_id: int) -> Response:
    """The director's page: the event, its entrants, the round in hand, the standings."""
    return director_page(event_id)
