"""Who deals: the rotation, and deals dealt out of turn (rules.md A1, Part B 1.1 "Dealer rotation").

The deal passes to the next player in order of play. At a real table a deal is sometimes dealt
by the wrong player: the keeper then says who really dealt, and the deal passes on from him.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import IllegalDealError
from .problem import translatable
from .ruleset import Ruleset

_NOT_A_SEAT = {
    "the first dealer": translatable(
        "the first dealer must be a seat from 0 to %(last)s, not %(seat)s"
    ),
    "dealer": translatable("dealer must be a seat from 0 to %(last)s, not %(seat)s"),
    "last trick winner": translatable(
        "last trick winner must be a seat from 0 to %(last)s, not %(seat)s"
    ),
}
"""Whose seat is out of range, each a sentence of its own for the translators."""


def dealer_of(ruleset: Ruleset, first_dealer: int, deal_number: int) -> int:
    """Give the seat that deals deal ``deal_number`` (from 1): the deal passes to the next seat."""
    check_seat(ruleset, first_dealer)
    if deal_number < 1:
        raise IllegalDealError(
            translatable("deals are numbered from 1, not %(number)s"), number=deal_number
        )
    # rules.md A1: the dealer passes to the next player in order of play, across games too.
    return (first_dealer + deal_number - 1) % ruleset.players


def next_dealer(ruleset: Ruleset, first_dealer: int, dealers: Sequence[int]) -> int:
    """Who deals after these deals: the seat after the last deal's real dealer (rules.md A1).

    A deal dealt out of turn moves the rotation: the deal passes on from whoever really dealt.
    """
    check_seat(ruleset, first_dealer)
    return (dealers[-1] + 1) % ruleset.players if dealers else first_dealer


def dealers_of(ruleset: Ruleset, first_dealer: int, given: Sequence[int | None]) -> list[int]:
    """Each deal's dealer: the one given, or else the seat after the deal before's dealer.

    ``given`` holds, per deal, the seat the keeper said dealt it, or None to follow the
    rotation; so correcting one deal's dealer moves the later deals that follow the rotation,
    and a deal whose dealer was given keeps it.
    """
    dealers: list[int] = []
    for seat in given:
        if seat is not None:
            check_seat(ruleset, seat, "dealer")
        dealers.append(next_dealer(ruleset, first_dealer, dealers) if seat is None else seat)
    return dealers


def check_seat(ruleset: Ruleset, seat: object, what: str = "the first dealer") -> None:
    """Refuse a seat that is not at the table: ``what`` is "the first dealer", "dealer" or
    "last trick winner"."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < ruleset.players:
        raise IllegalDealError(_NOT_A_SEAT[what], last=ruleset.players - 1, seat=repr(seat))
