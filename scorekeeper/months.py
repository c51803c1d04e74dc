"""Months as the club's figures and charts count them: YYYY-MM, one after another."""

from __future__ import annotations


def months_between(first: str, last: str) -> list[str]:
    """Every month from ``first`` to ``last`` (YYYY-MM), both included."""
    year, month = int(first[:4]), int(first[5:7])
    months = []
    while f"{year:04d}-{month:02d}" <= last:
        months.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return months
