"""Problems an audit finds: a stable code for programs and a plain sentence for the table."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a deal, a count or a scarto."""

    code: str
    """Stable identifier, e.g. ``card-missing``, ``scarto-illegal``."""
    message: str
    """A sentence anyone at the table can follow."""
    trick: int | None = None
    """The trick it happened in, counted from 1, where the problem is in the play."""

    def __str__(self) -> str:
        return self.message
