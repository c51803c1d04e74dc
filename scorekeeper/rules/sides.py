"""A deal's numbers per side: one per player, or one per team (Piedicavallo, rules.md A3).

Checked for their count, and the one side left empty filled in (rules.md A5).
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import IllegalDealError
from .problem import translatable
from .ruleset import Ruleset


def complete_points(points: Sequence[int | None], ruleset: Ruleset) -> list[int]:
    """Fill in the one missing side's points as the deck total minus the others (rules.md A5)."""
    if len(points) != ruleset.sides:
        raise wrong_count("points", len(points), ruleset)
    missing = [side for side, value in enumerate(points) if value is None]
    if len(missing) != 1:
        raise IllegalDealError(_ONE_EMPTY, n=len(missing))
    known = sum(value for value in points if value is not None)
    rest = ruleset.deck_total - known
    if rest < 0:
        raise IllegalDealError(_TOO_MANY, known=known, total=ruleset.deck_total)
    return [rest if value is None else value for value in points]


def wrong_count(what: str, given: int, ruleset: Ruleset) -> IllegalDealError:
    """The error for ``given`` points or scores (``what``) where the ruleset has a side fewer
    or more: each sentence whole for the translators, per player or per team."""
    need = IllegalDealError(_NEEDS[bool(ruleset.teams)], sides=ruleset.sides)
    return IllegalDealError(_WRONG_COUNT[what], given=given, need=need)


_ONE_EMPTY = translatable("leave exactly one side's points empty to fill in, not %(n)s")
_TOO_MANY = translatable(
    "the points entered add up to %(known)s, more than the deck total %(total)s"
)
_WRONG_COUNT = {
    "points": translatable("%(given)s points given; %(need)s"),
    "scores": translatable("%(given)s scores given; %(need)s"),
}
_NEEDS = (
    translatable("this ruleset needs %(sides)s, one per player"),
    translatable("this ruleset needs %(sides)s, one per team"),
)
