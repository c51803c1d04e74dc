"""Numbers in paths: the ids of sessions, deals, players and tokens."""

from __future__ import annotations

from werkzeug.routing import BaseConverter
from werkzeug.routing import ValidationError


class IdConverter(BaseConverter):
    """A number in a path (``<int:session_id>``): ASCII digits only, so that ``/sessions/２``
    (a full-width 2) names nothing, and no larger than SQLite's integers, so that a huge one is
    a 404 rather than an overflow in the query."""

    regex = r"[0-9]{1,19}"
    weight = 50
    part_isolating = True

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValidationError()
        return number

    def to_url(self, value: object) -> str:
        return str(int(value))  # type: ignore[call-overload]


MAX_ID = 2**63 - 1
"""SQLite's largest integer: a larger id in a path names nothing."""
