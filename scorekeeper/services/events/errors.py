"""What an event refuses beyond bad input: a step out of turn (HTTP 409, with a problem code the
API's clients read)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...rules.problem import problem
from ..errors import ConflictError


class EventConflictError(ConflictError):
    """A step the event's state does not allow now: drawing before the round in play is closed
    (``round-not-closed``), changing a published round (``round-published``), closing a round
    with unfinished tables (``table-not-finished``, each table in the answer)... ``template``
    is English, marked with ``translatable()``."""

    def __init__(
        self, code: str, template: str, answer: dict[str, Any] | None = None, **params: str | int
    ) -> None:
        super().__init__(_(template, **params))
        self.problems = (problem(code, template, trick=None, **params),)
        self.answer = answer or {}
