"""The Jinja filters every page and sheet uses: scores, times, days, cards and sides."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC
from datetime import datetime

from babel import Locale
from flask import Flask
from flask import current_app
from flask_babel import format_date
from flask_babel import format_datetime
from flask_babel import get_locale

from ..rules import Ruleset
from ..translate import card_label


def init_app(app: Flask) -> None:
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["card_label"] = card_label
    app.jinja_env.filters["when"] = when
    app.jinja_env.filters["day"] = day
    app.jinja_env.filters["side_members"] = side_members


def signed(score: int) -> str:
    """A score as the protocol writes it: +4, 0, -5."""
    return f"{score:+d}" if score else "0"


def when(stamp: str) -> str:
    """A stored time (ISO 8601, UTC) as the table reads it: "24 Nov 2026, 21:14" in English.

    The medium date and the short time of the page's language, joined its way: seconds and the
    offset say nothing to a keeper. Without a configured BABEL_DEFAULT_TIMEZONE the server's
    own zone is the table's: the app runs at the club, on the keeper's laptop.
    """
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp or "")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    configured = bool(current_app.config.get("BABEL_DEFAULT_TIMEZONE"))
    if not configured:
        moment = moment.astimezone()
    locale = get_locale() or Locale("en")
    pattern = str(locale.datetime_formats["medium"]).format(
        locale.time_formats["short"].pattern, locale.date_formats["medium"].pattern
    )
    return format_datetime(moment, pattern, rebase=configured)


def day(stamp: str) -> str:
    """A stored date or time as the day the table reads: "24 Nov 2026", "24 nov 2026"."""
    try:
        return format_date(datetime.fromisoformat(stamp).date(), "medium")
    except (TypeError, ValueError):
        return str(stamp or "")


def side_members(ruleset: Ruleset, players: Sequence[str]) -> list[list[str]]:
    """The players of each side, in order of play: one each, or a team of two."""
    return [
        [name for seat, name in enumerate(players) if ruleset.side_of(seat) == side]
        for side in range(ruleset.sides)
    ]
