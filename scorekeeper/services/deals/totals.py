"""Totals typed as a keeper writes them: the scores the protocol shows, or the points counted.

The API takes points per side (dealinput.py). At the table the keeper copies either the points
each pile counted (they add up to the deck total, 78) or, where the protocol records points
minus the average (rules.md A3 "recorded score", Scarto's - 26), the scores (they add up to 0).
A full set tells which by its sum; with one left empty to be filled in, both may fit (2, 16 and
60 points, or +2, +16 and -18 scores): then the keeper is asked, never guessed for. Where the
protocol records raw points (Tarocchi a 3, Piedicavallo) a score is the points: one reading.

Each refusal is an ``InputError`` naming the field to fix (``points[1]``) or ``reading``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import gettext as _

from ...rules import Ruleset
from ...rules.fool_exchange import deal_totals
from ..errors import InputError

POINTS, SCORES = "points", "scores"


@dataclass(frozen=True)
class Reading:
    """Totals as the form understood them: points or scores, with the empty one filled in."""

    kind: str
    """``"points"`` or ``"scores"`` (points - the ruleset's score base, rules.md A3)."""
    values: tuple[int, ...]
    """Per side, in the kind read, the empty one filled in."""
    points: tuple[int, ...]
    filled: int | None
    """The side whose value was filled in, if one was left empty."""
    base: int


def reads_scores(ruleset: Ruleset) -> bool:
    """Whether totals may be typed as scores: where the protocol records points - the average
    (rules.md A3 "recorded score"). Where it records raw points, scores and points are one."""
    return ruleset.recording == "difference" and ruleset.score_base > 0


def totals_range(ruleset: Ruleset) -> tuple[int, int]:
    """What a totals field takes: points 0 to the deal's total, and where scores are recorded
    as differences, scores down to minus the base (a side that counted nothing)."""
    return (-ruleset.score_base if reads_scores(ruleset) else 0), max(deal_totals(ruleset))


def read_totals(
    ruleset: Ruleset, typed: Sequence[int | None], names: Sequence[str], chosen: str = ""
) -> Reading:
    """The totals as points or scores; InputError at the field to fix, or at ``reading`` to
    ask which, when both fit (only possible with one left empty: full sets differ by their sum).
    """
    missing = [side for side, value in enumerate(typed) if value is None]
    if len(missing) > 1:
        raise InputError(
            _("Leave at most one empty: it is worked out from the others."), f"points[{missing[0]}]"
        )
    kinds = [POINTS, SCORES] if reads_scores(ruleset) else [POINTS]
    if chosen in kinds:
        kinds = [chosen]
    readings = [_reading(ruleset, typed, kind) for kind in kinds]
    fitting = [r for r in readings if not _wrong(ruleset, r) and _adds_up(ruleset, r)]
    if len(fitting) == 1:
        return fitting[0]
    if fitting:
        raise InputError(_ask_which(fitting, names), "reading")
    # Nothing fits: the reading with fewest impossible values, then the nearest sum.
    best = min(readings, key=lambda r: (len(_wrong(ruleset, r)), _distance(ruleset, r)))
    wrong = sorted(_wrong(ruleset, best), key=lambda side: side == best.filled)
    if wrong:  # a typed value first: the one filled in is wrong because of the others
        raise InputError(_out_of_range(ruleset, best, wrong[0], names), f"points[{wrong[0]}]")
    return best  # a sum that does not add up: the audit says so, with the breakdown


def _reading(ruleset: Ruleset, typed: Sequence[int | None], kind: str) -> Reading:
    base = ruleset.score_base if kind == SCORES else 0
    points = [None if value is None else value + base for value in typed]
    filled = next((side for side, value in enumerate(points) if value is None), None)
    if filled is not None:  # the deck total less the others (rules.md A5)
        points[filled] = ruleset.deck_total - sum(p for p in points if p is not None)
    whole = tuple(p for p in points if p is not None)
    return Reading(kind, tuple(p - base for p in whole), whole, filled, base)


def _wrong(ruleset: Ruleset, reading: Reading) -> list[int]:
    """The sides whose points cannot be: below 0 or above the deal's total."""
    most = max(deal_totals(ruleset))
    return [side for side, p in enumerate(reading.points) if not 0 <= p <= most]


def _adds_up(ruleset: Ruleset, reading: Reading) -> bool:
    return sum(reading.points) in deal_totals(ruleset)


def _distance(ruleset: Ruleset, reading: Reading) -> int:
    return min(abs(sum(reading.points) - total) for total in deal_totals(ruleset))


def _ask_which(readings: Sequence[Reading], names: Sequence[str]) -> str:
    points, scores = readings
    side = points.filled if points.filled is not None else 0
    return _(
        "Points or scores? As points, %(name)s counted %(points)s; as scores, %(name)s scores "
        "%(score)s (%(score_points)s points). Say which.",
        name=names[side],
        points=points.values[side],
        score=signed(scores.values[side]),
        score_points=scores.points[side],
    )


def _out_of_range(ruleset: Ruleset, reading: Reading, side: int, names: Sequence[str]) -> str:
    low, high = -reading.base, max(deal_totals(ruleset)) - reading.base
    if side == reading.filled:
        others = sum(v for s, v in enumerate(reading.values) if s != side)
        if reading.kind == SCORES:
            return _(
                "The scores typed add up to %(sum)s, so %(name)s would score %(value)s: "
                "a score is %(low)s to %(high)s. Check them.",
                sum=signed(others),
                name=names[side],
                value=signed(reading.values[side]),
                low=signed(low),
                high=signed(high),
            )
        return _(
            "The points typed add up to %(sum)s, more than the deck total %(total)s. Check them.",
            sum=others,
            total=ruleset.deck_total,
        )
    if reading.kind == SCORES:
        return _(
            "%(name)s: %(value)s cannot be a score; scores are %(low)s to %(high)s.",
            name=names[side],
            value=signed(reading.values[side]),
            low=signed(low),
            high=signed(high),
        )
    return _(
        "%(name)s: %(value)s cannot be points; a pile counts 0 to %(high)s.",
        name=names[side],
        value=reading.values[side],
        high=high,
    )


def signed(value: int) -> str:
    """A score as the protocol writes it: +4, 0, -5."""
    return f"{value:+d}" if value else "0"


def notice(reading: Reading, names: Sequence[str]) -> list[str]:
    """What the page says it understood: points or scores, and the value it filled in."""
    said = [_("Read as points.")]
    if reading.kind == SCORES:
        said = [_("Read as scores (points − %(base)s).", base=reading.base)]
    if reading.filled is not None:
        value = reading.values[reading.filled]
        said.append(
            _(
                "%(name)s: %(value)s, worked out from the others.",
                name=names[reading.filled],
                value=signed(value) if reading.kind == SCORES else value,
            )
        )
    return said


def live_texts(ruleset: Ruleset) -> dict[str, object]:
    """What static/totals.js needs to read the numbers as they are typed, as this module does:
    the ruleset's totals and bounds, and its sentences with {placeholders}."""
    low, high = totals_range(ruleset)
    return {
        "total": ruleset.deck_total,
        "totals": list(deal_totals(ruleset)),
        "base": ruleset.score_base if reads_scores(ruleset) else 0,
        "low": low,
        "high": high,
        "points": _("Read as points: %(list)s = %(sum)s.", list="{list}", sum="{sum}"),
        "scores": _(
            "Read as scores (points − %(base)s): %(list)s = %(sum)s, points %(points)s.",
            base="{base}",
            list="{list}",
            sum="{sum}",
            points="{points}",
        ),
        "filled": _(
            "%(name)s: %(value)s, worked out from the others.", name="{name}", value="{value}"
        ),
        "which": _(
            "Points or scores? As points %(name)s counted %(points)s, as scores %(score)s: "
            "say which below.",
            name="{name}",
            points="{points}",
            score="{score}",
        ),
        "mismatch": _(
            "These add up to %(sum)s: points add up to %(total)s, scores to %(zero)s.",
            sum="{sum}",
            total=ruleset.deck_total,
            zero=ruleset.deck_total - ruleset.sides * ruleset.score_base,
        )
        if reads_scores(ruleset)
        else _("These add up to %(sum)s, not %(total)s.", sum="{sum}", total=ruleset.deck_total),
        "impossible": _("These numbers cannot be a deal's points or scores: check them."),
        "sign": _("Change the sign of %(name)s's number", name="{name}"),
    }
