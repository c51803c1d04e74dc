"""The database's copies in the backup folder: named by when they were taken, checked, rotated.

A copy is ``scorekeeper-YYYYMMDD-HHMMSS.sqlite`` (local time, the club's evening), taken by
``flask backup`` or, with ``-auto`` before the suffix, by the club server itself. Each copy the
server takes is checked (SQLite's integrity check) as soon as it is written; one that fails is
renamed ``….damaged`` and never counts as a copy. The server's own copies are rotated as backup
tools do (restic's ``--keep-daily 7 --keep-weekly 8 --keep-monthly 12``): of the seven latest
days that have copies, each day's newest is kept; likewise for the eight latest ISO weeks and the
twelve latest months; the rest go. A copy taken by hand is never removed.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .backup import backup_database
from .backup import integrity_check

KEEP = (("day", 7), ("week", 8), ("month", 12))
"""The rotation: how many of the latest days, weeks and months keep their newest copy."""
_NAME = re.compile(r"scorekeeper-(\d{8}-\d{6})(-auto)?\.sqlite")
_STAMP = "%Y%m%d-%H%M%S"


@dataclass(frozen=True)
class Copy:
    path: Path
    taken: datetime.datetime
    """When it was taken, local time, as its name says."""
    auto: bool
    """Taken by the server (rotated), not by hand."""


def copy_name(taken: datetime.datetime, auto: bool = False) -> str:
    return f"scorekeeper-{taken.strftime(_STAMP)}{'-auto' if auto else ''}.sqlite"


def copies(folder: Path) -> list[Copy]:
    """The copies in the folder, newest first (files of other names are not copies)."""
    found = []
    if folder.is_dir():
        for path in folder.iterdir():
            named = _NAME.fullmatch(path.name)
            if named:
                taken = datetime.datetime.strptime(named[1], _STAMP)
                found.append(Copy(path, taken, bool(named[2])))
    return sorted(found, key=lambda copy: (copy.taken, copy.path.name), reverse=True)


def take_copy(database: str | Path, folder: Path, taken: datetime.datetime) -> Copy | None:
    """A copy taken by the server now, checked, then the rotation applied; None if the copy
    failed its check (it is kept, renamed ``….damaged``, for whoever looks into it)."""
    path = backup_database(database, folder / copy_name(taken, auto=True))
    if integrity_check(path) != ["ok"]:
        path.rename(path.with_name(path.name + ".damaged"))
        return None
    for old in to_remove(copies(folder)):
        old.path.unlink(missing_ok=True)
    return Copy(path, taken, auto=True)


def to_remove(found: Iterable[Copy]) -> list[Copy]:
    """The server's copies the rotation lets go (``KEEP``); copies taken by hand stay."""
    auto = sorted((copy for copy in found if copy.auto), key=lambda c: c.taken, reverse=True)
    kept = {auto[0].path} if auto else set()
    for period, count in KEEP:
        kept |= _newest_of_each(auto, _PERIODS[period], count)
    return [copy for copy in auto if copy.path not in kept]


def _newest_of_each(
    newest_first: list[Copy], period: Callable[[datetime.datetime], object], count: int
) -> set[Path]:
    """The newest copy of each of the ``count`` latest periods that have copies."""
    kept: dict[object, Path] = {}
    for copy in newest_first:
        key = period(copy.taken)
        if key not in kept:
            if len(kept) == count:
                break
            kept[key] = copy.path
    return set(kept.values())


_PERIODS: dict[str, Callable[[datetime.datetime], object]] = {
    "day": lambda taken: taken.date(),
    "week": lambda taken: taken.isocalendar()[:2],
    "month": lambda taken: (taken.year, taken.month),
}
