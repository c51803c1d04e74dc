"""Figures rounded as the pages and the API show them: half away from zero, never binary
floating point's half to even (2.675 shows 2.68)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP
from decimal import Decimal


def per_deal(total: int | None, deals: int | None) -> float | None:
    """A total per deal to two decimals (half away from zero), None without deals."""
    if not deals or total is None:
        return None
    exact = Decimal(total) / Decimal(deals)
    return float(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def percentage(part: int, whole: int) -> float | None:
    """``part`` of ``whole`` in hundredths, to one decimal (half away from zero), None of 0."""
    if not whole:
        return None
    exact = Decimal(part) * 100 / Decimal(whole)
    return float(exact.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
