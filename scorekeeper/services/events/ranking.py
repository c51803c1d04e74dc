"""An event's ranking rule: read from the API's "ranking", stored, turned into the rules core's
``Rule``, and said in words under the standings."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...rules.standings import MATCH_POINTS
from ...rules.standings import ORDERS
from ...rules.standings import PLACEMENT_POINTS
from ...rules.standings import TIE_BREAKS
from ...rules.standings import Rule
from ..errors import InputError

DEFAULT_TIE_BREAKS = ("score", "best-round", "lot")
MOST_POINTS = 1000
"""Placement or match points, adjustments: a number of this size at most (either sign)."""


def read_ranking(given: object, teams: bool) -> dict[str, Any]:
    """The ranking rule as stored (points as exact fractions' text), defaults filled in:
    table points for players, match points for couples."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InputError(_("ranking must be an object"), "ranking")
    order = given.get("order", "match-points" if teams else "table-points")
    if order not in ORDERS:
        raise InputError(_("ranking order must be one of %(o)s", o=", ".join(ORDERS)), "ranking")
    if order == "match-points" and not teams:
        raise InputError(_("match points are for couples (Piedicavallo)"), "ranking")
    seats = 2 if teams else 3
    places = _points(
        given.get("placement_points"), PLACEMENT_POINTS[:seats], seats, "placement_points"
    )
    match = _points(given.get("match_points"), MATCH_POINTS, 2, "match_points")
    bye = given.get("bye", "average")
    if bye not in ("average", "zero"):
        raise InputError(_("bye must be average or zero"), "ranking")
    breaks = given.get("tie_breaks", list(DEFAULT_TIE_BREAKS))
    if (
        not isinstance(breaks, list)
        or any(b not in TIE_BREAKS for b in breaks)
        or len(set(breaks)) != len(breaks)
    ):
        raise InputError(
            _("tie_breaks must be some of %(t)s, each once", t=", ".join(TIE_BREAKS)), "ranking"
        )
    if "point-difference" in breaks and not teams:
        raise InputError(_("the point difference breaks ties between couples"), "ranking")
    return {
        "order": order,
        "placement_points": [str(p) for p in places],
        "match_points": [str(p) for p in match],
        "bye": bye,
        "tie_breaks": list(breaks),
    }


def _points(
    given: object, default: tuple[Fraction, ...], n: int, name: str
) -> tuple[Fraction, ...]:
    if given is None:
        return default
    if (
        not isinstance(given, list)
        or len(given) != n
        or any(not is_number(p) or abs(p) > MOST_POINTS for p in given)
    ):
        raise InputError(
            _("%(name)s must be %(n)s numbers, one a place", name=name, n=n), "ranking"
        )
    return tuple(as_fraction(p) for p in given)


def is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value == value


def as_fraction(value: int | float) -> Fraction:
    """A number as sent (0.5, 2, -1.25) as the exact fraction it means: ½ kept exact."""
    return Fraction(str(value)).limit_denominator(1000)


def rule_of(ranking: Mapping[str, Any]) -> Rule:
    """The rules core's rule of a stored ranking."""
    match = ranking["order"] == "match-points"
    places = ranking["match_points"] if match else ranking["placement_points"]
    return Rule(
        order=ranking["order"],
        places=tuple(Fraction(p) for p in places),
        bye=ranking["bye"],
        tie_breaks=tuple(ranking["tie_breaks"]),
    )


def ranking_json(ranking: Mapping[str, Any]) -> dict[str, Any]:
    """The stored ranking as the API shows it: points as numbers."""
    return {
        **ranking,
        "placement_points": [number(Fraction(p)) for p in ranking["placement_points"]],
        "match_points": [number(Fraction(p)) for p in ranking["match_points"]],
    }


def number(value: Fraction) -> int | float:
    """A fraction as JSON shows it: whole, or a decimal (½ is 0.5)."""
    return int(value) if value.denominator == 1 else round(float(value), 4)


def points_text(value: Fraction) -> str:
    """Points as a sheet prints them: 2, 1½, 0.33."""
    whole = int(value)
    rest = value - whole
    if rest == 0:
        return str(whole)
    if rest.denominator == 2:
        sign = "-" if value < 0 and whole == 0 else ""
        return f"{sign}{whole if whole else ''}½"
    return f"{float(value):.2f}"


def ranking_words(ranking: Mapping[str, Any]) -> str:
    """The ranking rule in words, printed under the standings."""
    places = " / ".join(points_text(Fraction(p)) for p in ranking["placement_points"])
    order = {
        "table-points": _(
            "Table points: %(places)s for first, second and third at each table; players "
            "of equal score share the average of their places.",
            places=places,
        ),
        "match-points": _(
            "Match points: %(win)s for the couple of the higher score at each table, %(draw)s "
            "each for a draw, %(loss)s for the lower.",
            win=points_text(Fraction(ranking["match_points"][0])),
            draw=points_text(sum(map(Fraction, ranking["match_points"]), Fraction(0)) / 2),
            loss=points_text(Fraction(ranking["match_points"][1])),
        ),
        "score": _("Total score: the sum of each entrant's scores over every round."),
        "per-deal": _("Score per deal: the total score divided by the deals played."),
    }[ranking["order"]]
    bye = ""
    if ranking["order"] in ("table-points", "match-points"):
        bye = (
            _("A bye scores the average of a table's points.")
            if ranking["bye"] == "average"
            else _("A bye scores nothing.")
        )
    breaks = [_tie_break_words(name) for name in ranking["tie_breaks"]]
    ties = (
        ngettext(
            "Ties are broken by %(b)s.",
            "Ties are broken by, in order: %(b)s.",
            len(breaks),
            b="; ".join(breaks),
        )
        if breaks
        else _("Entrants equal on every count share a rank.")
    )
    return " ".join(part for part in (order, bye, ties) if part)


def _tie_break_words(name: str) -> str:
    return {
        "score": _("the total score"),
        "point-difference": _("the point difference (own score less the opponents')"),
        "best-round": _("the best round"),
        "lot": _("a lot drawn from the event's seed"),
    }[name]
