"""What a club page is asked for, read from its query string, and what its filter form offers.

The pages take what the API takes (services/stats/periods.py), and a year or a month of it besides.
Without a ruleset in the query a page shows the most played one, as scores of different rulesets
do not add up (Scarto records points - 26, Piedicavallo raw points); "every ruleset" is the
empty choice. A bad value does not fail the page: it shows the form again with the sentence
that names it, and no figures (HTTP 400).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any

import sqlite_utils
from babel.dates import get_month_names
from flask_babel import format_decimal
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...rules import PRESETS
from ...services import InputError
from ...services.stats import periods
from ...services.stats.figures import ORDERS
from ...services.stats.figures import Filters
from ...services.stats.figures import years_played
from ...translate import preset_name
from . import bp

FIELDS = ("ruleset", "year", "month", "from", "to", "min_deals", "order")
ORDER_NAMES = {
    "score_per_deal": _l("Score per deal"),
    "score_total": _l("Total score"),
    "games_won": _l("Games won"),
    "rating": _l("Rating"),
}


@dataclass(frozen=True)
class Query:
    """A page's filters as read, and the form's values as asked (the default ruleset filled
    in); ``error`` the sentence that refused a value."""

    filters: Filters
    min_deals: int
    order: str
    asked: dict[str, str] = field(default_factory=dict)
    error: str = ""

    def link_args(self) -> dict[str, Any]:
        """The query for a link to the same figures (the CSV, another page): the values given,
        and the ruleset even when it is every one (an empty ruleset), not the default."""
        given = {name: value for name, value in self.asked.items() if value}
        return given | {"ruleset": self.asked.get("ruleset", "")}

    def period_args(self) -> dict[str, Any]:
        """The ruleset and period only: for a player's page from the ranking."""
        kept = ("ruleset", "year", "month", "from", "to")
        return {name: value for name, value in self.link_args().items() if name in kept}


def page_query(args: Mapping[str, str], default_ruleset: str | None, min_deals: int) -> Query:
    """Read a page's query; ``default_ruleset`` when it names none, ``min_deals`` by default."""
    asked = {name: args.get(name, "")[:40] for name in FIELDS}  # a form's values, not essays
    if "ruleset" not in args:
        asked["ruleset"] = default_ruleset or ""
    try:
        filters = periods.filters_of(asked, pages=True)
        wanted = periods.min_deals_of(asked, min_deals)
        order = periods.order_of(asked)
    except InputError as error:
        return Query(Filters(), min_deals, ORDERS[0], asked, str(error))
    return Query(filters, wanted, order, asked)


def form_choices(db: sqlite_utils.Database, query: Query) -> dict[str, Any]:
    """The filter form's options: rulesets, years played (and the one asked), months, orders."""
    years = years_played(db)
    if query.asked.get("year") and query.asked["year"] not in years:
        years = [query.asked["year"], *years]
    months = get_month_names("wide", context="stand-alone", locale=get_locale())
    return {
        "rulesets": [(ruleset_id, preset_name(ruleset_id)) for ruleset_id in PRESETS],
        "years": years,
        "months": [(str(number), months[number]) for number in range(1, 13)],
        "orders": [(order, str(ORDER_NAMES[order])) for order in ORDERS],
    }


@bp.app_template_filter("figure")
def figure(value: float | None, places: int = 2) -> str:
    """A figure with its decimals as the reader's language writes them ("1,25" in Italian);
    a dash for none."""
    if value is None:
        return "–"
    return str(format_decimal(value, format="#,##0." + "0" * places if places else "#,##0"))


@bp.app_template_filter("period")
def period(filters: Filters) -> str:
    """A period in words: "All time", "1 Jan 2024 – 31 Dec 2024", "From 1 Jan 2024"."""
    from ..filters import day

    if filters.first and filters.last:
        return f"{day(filters.first)} – {day(filters.last)}"
    if filters.first:
        return _("From %(day)s", day=day(filters.first))
    if filters.last:
        return _("Until %(day)s", day=day(filters.last))
    return _("All time")
