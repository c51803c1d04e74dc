"""How many deals a session holds (issue #32, "Bounded everywhere").

A ruleset's game is a few deals and an evening at most a few dozen games: a session of hundreds
of deals is not one sitting. Without a cap, every page, sheet and statistic of a session grew
with it (at 1,000 deals its sheet took 12 s of CPU, at 3,000 its page 2.9 MB). So a session holds
at most MAX_SESSION_DEALS deals, or what the app's config says, and every way a deal is added
(a form, the API, a deal record, a paper protocol, an import, a deleted deal restored) refuses
the one past the cap, storing nothing.
"""

from __future__ import annotations

from flask import current_app
from flask import has_app_context
from flask_babel import gettext as _

from ...rules.problem import problem
from ...rules.problem import translatable
from ..errors import ConflictError

MAX_SESSION_DEALS = 500
"""Deals of one session unless the config's MAX_SESSION_DEALS says otherwise: ten times a long
evening (40 deals), and a page and a sheet that stay within 2 s of CPU and 300 KB (README,
"Performance")."""
SESSION_FULL = translatable(
    "This session is full: a session holds at most %(most)s deals. "
    "Start a new session for the next deals."
)
TOO_MANY = translatable("A session holds at most %(most)s deals, not %(count)s.")


class SessionFullError(ConflictError):
    """The session holds as many deals as it may: the next is refused (HTTP 409, problem
    ``session-full``), and nothing is stored. With ``count``: a session would be made with that
    many deals at once (a paper protocol)."""

    def __init__(self, most: int, count: int | None = None) -> None:
        template, values = SESSION_FULL, {"most": most}
        if count is not None:
            template, values = TOO_MANY, {"most": most, "count": count}
        self.problems = (problem("session-full", template, **values),)
        super().__init__(_(template, **values))
        self.most = most


def max_session_deals() -> int:
    """The most deals a session holds: the app's MAX_SESSION_DEALS where the services run in
    one (a request, a command), else the default."""
    if has_app_context():
        return int(current_app.config.get("MAX_SESSION_DEALS", MAX_SESSION_DEALS))
    return MAX_SESSION_DEALS


def checked_cap(value: object) -> int:
    """The MAX_SESSION_DEALS a config gives, if it is a whole number of at least 1."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"MAX_SESSION_DEALS must be a whole number of at least 1, not {value!r}")
    text = str(value).strip()
    if not (text.isascii() and text.isdigit() and int(text) >= 1):
        raise ValueError(f"MAX_SESSION_DEALS must be a whole number of at least 1, not {value!r}")
    return int(text)


def is_full(deals: int) -> bool:
    """Does a session of ``deals`` deals take no more?"""
    return deals >= max_session_deals()


def check_room(deals: int) -> None:
    """Refuse the next deal of a session of ``deals`` deals if it is full."""
    most = max_session_deals()
    if deals >= most:
        raise SessionFullError(most)


def check_new_session(deals: int) -> None:
    """Refuse a session made with ``deals`` deals at once if that is more than it may hold."""
    most = max_session_deals()
    if deals > most:
        raise SessionFullError(most, deals)
