"""What the statistics, the rankings and their pages are asked for, read from a query string:
a ruleset, a period (from and to, or on the pages a year or a month of one), a minimum of deals,
an order. Each value is checked before any work, and a bad one is refused with an InputError
that names its parameter (HTTP 400).
"""

from __future__ import annotations

import calendar
import datetime
import re
from collections.abc import Mapping

from flask_babel import gettext as _

from ...rules.ruleset import RULESET_IDS
from ...storage.stats.figures import Filters
from ..errors import InputError
from .figures import ORDERS

MAX_MIN_DEALS = 100_000
"""More deals than a club plays in a lifetime: a larger minimum is a mistake."""
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_NUMBER = re.compile(r"[0-9]{1,9}")


def filters_of(args: Mapping[str, str], pages: bool = False) -> Filters:
    """The ruleset and the period asked: ``from`` and ``to`` (inclusive), or on the pages
    (``pages``) a ``year`` and a ``month`` of it when neither is given. A page's form sends its
    empty fields, which mean "any"; in the API a parameter given empty is refused."""
    if not pages:
        _none_empty(args, ("ruleset", "from", "to", "min_deals", "order"))
    ruleset = args.get("ruleset") or None
    if ruleset is not None and ruleset not in RULESET_IDS:
        raise InputError(_("ruleset must be one of %(ids)s", ids=", ".join(RULESET_IDS)), "ruleset")
    first, last = _day(args, "from"), _day(args, "to")
    if pages and first is None and last is None:
        first, last = _year_month(args)
    if first is not None and last is not None and first > last:
        raise InputError(_("from must not be after to"), "from")
    return Filters(ruleset, first, last)


def min_deals_of(args: Mapping[str, str], default: int) -> int:
    """The minimum of deals asked, ``default`` when none: a whole number up to MAX_MIN_DEALS."""
    value = args.get("min_deals") or None
    if value is None:
        return default
    number = _whole(value)
    if number is None or number > MAX_MIN_DEALS:
        raise InputError(
            _("min_deals must be a whole number from 0 to %(most)s", most=MAX_MIN_DEALS),
            "min_deals",
        )
    return number


def order_of(args: Mapping[str, str]) -> str:
    """The order of a ranking asked: one of ORDERS, the first when none."""
    order = args.get("order") or ORDERS[0]
    if order not in ORDERS:
        raise InputError(_("order must be one of %(orders)s", orders=", ".join(ORDERS)), "order")
    return order


def _none_empty(args: Mapping[str, str], names: tuple[str, ...]) -> None:
    for name in names:
        if args.get(name) == "":
            raise InputError(_("%(name)s must not be empty", name=name), name)


def _day(args: Mapping[str, str], name: str) -> str | None:
    value = args.get(name) or None
    if value is None:
        return None
    try:
        day = datetime.date.fromisoformat(value) if _DAY.fullmatch(value) else None
    except ValueError:
        day = None
    if day is None:
        raise InputError(_("%(name)s must be a date like 2024-11-24", name=name), name)
    return day.isoformat()


def _year_month(args: Mapping[str, str]) -> tuple[str | None, str | None]:
    """The first and last day of the year asked, or of its month."""
    year, month = _whole(args.get("year") or "0"), _whole(args.get("month") or "0")
    if year is None or not (year == 0 or 1900 <= year <= 9999):
        raise InputError(_("year must be a year like 2024"), "year")
    if month is None or month > 12:
        raise InputError(_("month must be a month from 1 to 12"), "month")
    if not year:
        if month:
            raise InputError(_("a month needs its year"), "month")
        return None, None
    if not month:
        return f"{year:04d}-01-01", f"{year:04d}-12-31"
    days = calendar.monthrange(year, month)[1]
    return f"{year:04d}-{month:02d}-01", f"{year:04d}-{month:02d}-{days:02d}"


def _whole(value: str) -> int | None:
    return int(value) if _NUMBER.fullmatch(value) else None
