"""Who wins and who pays at the end of a game: standings and settlement (rules.md A3, C22).

Ties for first or last are stated by no source (rules.md 1.1 "Ties", C22), so they are reported
as ties for the table to decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Standing:
    """One side's place in a game."""

    side: int
    total: int
    rank: int
    """1-based; equal totals share a rank (two sides at 1, the next at 3)."""
    tied: bool
    """Another side has the same total."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who wins and who pays at the end of a game, as the ruleset's settlement says."""

    kind: str
    """The ruleset's settlement option, so the table knows what a payment is (a drink, a stake)."""
    winners: tuple[int, ...]
    payers: tuple[int, ...]
    payments: tuple[tuple[int, int], ...]
    """(payer, payee) pairs: one drink or one stake each."""
    tie: bool
    """A tie decided who wins or pays; no source says how to break it, so the table decides."""


def standings_of(totals: Sequence[int]) -> tuple[Standing, ...]:
    """Rank sides by total, highest first; equal totals share a rank and are marked tied."""
    order = sorted(range(len(totals)), key=lambda side: -totals[side])
    return tuple(
        Standing(
            side=side,
            total=totals[side],
            rank=1 + sum(other > totals[side] for other in totals),
            tied=list(totals).count(totals[side]) > 1,
        )
        for side in order
    )


def settle(ruleset: Ruleset, totals: Sequence[int]) -> Settlement:
    """Say who wins and who pays whom for a finished game's totals (rules.md A3 "settlement")."""
    if ruleset.settlement == "highest-wins":
        winners = _sides_at(totals, max(totals))
        return Settlement(ruleset.settlement, winners, (), (), tie=len(winners) > 1)
    # "lowest-pays-winners" (a drink) and "lowest-pays-each" (a stake) share a shape: the lowest
    # pays every side above it. Ties are stated nowhere (C22): all the lowest pay, and the table
    # is told to decide; when every side ties nobody is above, so nobody pays.
    lowest = min(totals)
    payers = _sides_at(totals, lowest)
    winners = tuple(side for side, total in enumerate(totals) if total > lowest)
    if not winners:
        return Settlement(ruleset.settlement, (), (), (), tie=True)
    payments = tuple((payer, payee) for payer in payers for payee in winners)
    return Settlement(ruleset.settlement, winners, payers, payments, tie=len(payers) > 1)


def _sides_at(totals: Sequence[int], total: int) -> tuple[int, ...]:
    return tuple(side for side, value in enumerate(totals) if value == total)
