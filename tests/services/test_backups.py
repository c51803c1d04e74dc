"""The club server's own copies (issue "A club server that runs for years", §2): "the server
takes a consistent copy ... at start and after every evening with changes (say, when no save came
for an hour), into BACKUP_DIR ..., keeps a rotation (the last 7 daily, 8 weekly, 12 monthly) and
checks each copy's integrity; the keeper's page shows the last good copy and warns when there is
none for a week." Tested with a fake clock on a real database."""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path

from scorekeeper import services
from scorekeeper.services.backups import Schedule
from scorekeeper.services.backups import copy_status
from scorekeeper.storage.backup import integrity_check
from scorekeeper.storage.copies import Copy
from scorekeeper.storage.copies import copies
from scorekeeper.storage.copies import copy_name
from scorekeeper.storage.copies import to_remove
from scorekeeper.storage.db import open_db

D = datetime.datetime


class Clock:
    """The time as time.time gives it, moved by the test."""

    def __init__(self, start: D) -> None:
        self.now = start.timestamp()

    def __call__(self) -> float:
        return self.now

    def forward(self, minutes: float) -> None:
        self.now += 60 * minutes


def club(tmp_path: Path) -> Path:
    database = tmp_path / "club.sqlite"
    db = open_db(str(database))
    services.start_session(db, {"ruleset": "scarto", "players": ["Anna", "Bruno", "Carla"]})
    db.conn.close()
    return database


def save_a_deal(database: Path) -> None:
    """A change by another connection, as a table's save is."""
    db = open_db(str(database))
    services.record_deal(db, 1, {"points": [30, 27, 21]})
    db.conn.close()


def test_a_copy_at_start_then_one_an_hour_after_the_last_change(tmp_path):
    database, folder = club(tmp_path), tmp_path / "backups"
    clock = Clock(D(2026, 11, 27, 20, 0))
    schedule = Schedule(database, folder, quiet_s=3600, clock=clock)
    first = schedule.take()  # as the server starts
    assert first is not None
    assert first.path.name == "scorekeeper-20261127-200000-auto.sqlite"
    assert integrity_check(first.path) == ["ok"]
    assert schedule.tick() is None  # the first look: nothing to compare with yet
    clock.forward(30)
    assert schedule.tick() is None  # nothing changed: no copy
    save_a_deal(database)  # 20:30
    clock.forward(1)
    assert schedule.tick() is None  # the change is seen (20:31)
    clock.forward(40)
    save_a_deal(database)  # 21:11: the evening goes on
    assert schedule.tick() is None  # seen at 21:11
    clock.forward(59)
    assert schedule.tick() is None  # 59 minutes after the last save
    clock.forward(2)
    made = schedule.tick()  # 22:12: an hour without a save
    assert made is not None
    assert made.path.name == "scorekeeper-20261127-221200-auto.sqlite"
    with sqlite3.connect(made.path) as copy:
        assert copy.execute("select count(*) from deals").fetchone()[0] == 2  # both saves
    clock.forward(600)
    assert schedule.tick() is None  # nothing changed since: no copy


def copy_at(taken: D, auto: bool = True) -> Copy:
    return Copy(Path(copy_name(taken, auto)), taken, auto)


def test_the_rotation_keeps_7_days_8_weeks_and_12_months_and_every_copy_taken_by_hand():
    # A copy at 12:00 and at 23:00 every day from 2025-01-01 to Sunday 2026-11-29.
    day, found = D(2025, 1, 1), []
    while day <= D(2026, 11, 29):
        found += [copy_at(day.replace(hour=12)), copy_at(day.replace(hour=23))]
        day += datetime.timedelta(days=1)
    by_hand = copy_at(D(2025, 3, 3, 9, 0), auto=False)
    gone = {copy.path for copy in to_remove([*found, by_hand])}
    kept = sorted(copy.taken.date() for copy in found if copy.path not in gone)
    # By hand: the 7 latest days (Nov 23-29, 2026); the 8 latest ISO weeks' newest, their
    # Sundays (Nov 29, 22, 15, 8, 1, Oct 25, 18, 11); the 12 latest months' newest (Nov 29, Oct
    # 31, Sep 30, ... Dec 31, 2025). Each day's newest is its 23:00 copy.
    days = [datetime.date(2026, 11, d) for d in range(23, 30)]
    weeks = [datetime.date(2026, 11, d) for d in (1, 8, 15, 22)]
    weeks += [datetime.date(2026, 10, d) for d in (11, 18, 25)]
    months = [datetime.date(2025, 12, 31)] + [
        datetime.date(2026, m, d)
        for m, d in ((1, 31), (2, 28), (3, 31), (4, 30), (5, 31), (6, 30), (7, 31), (8, 31))
    ]
    months += [datetime.date(2026, 9, 30), datetime.date(2026, 10, 31)]
    assert kept == sorted(days + weeks + months)
    assert all(copy.taken.hour == 23 for copy in found if copy.path not in gone)
    assert by_hand.path not in gone


def test_old_copies_go_from_the_folder_as_new_ones_come(tmp_path):
    database, folder = club(tmp_path), tmp_path / "backups"
    clock = Clock(D(2026, 1, 1, 23, 0))
    schedule = Schedule(database, folder, clock=clock)
    for _ in range(40):  # forty evenings, one copy each
        assert schedule.take() is not None
        clock.forward(24 * 60)
    names = [copy.path.name for copy in copies(folder)]
    # 7 days (Mon Feb 9 back to Feb 3), the Sundays of the ISO weeks before them (Feb 1, Jan 25,
    # 18, 11, 4: seven weeks in all) and January's newest, Jan 31.
    expected = [f"202602{d:02d}" for d in range(9, 2, -1)] + ["20260201", "20260131"]
    expected += ["20260125", "20260118", "20260111", "20260104"]
    assert [name.split("-")[1] for name in names] == expected
    assert not [path for path in folder.iterdir() if path.suffix != ".sqlite"]


def test_the_keeper_is_warned_when_no_good_copy_is_a_week_old(tmp_path):
    database, folder = club(tmp_path), tmp_path / "backups"
    assert copy_status(folder, D(2026, 11, 29)).stale  # no copy at all
    Schedule(database, folder, clock=Clock(D(2026, 11, 20, 23, 0))).take()
    status = copy_status(folder, D(2026, 11, 27, 22, 59))
    assert status.last is not None
    assert status.last.taken == D(2026, 11, 20, 23, 0)
    assert not status.stale
    assert copy_status(folder, D(2026, 11, 27, 23, 1)).stale  # a week and a minute
    damaged = folder / (copy_name(D(2026, 11, 28, 23, 0), auto=True) + ".damaged")
    damaged.write_bytes(b"not a database")
    assert copy_status(folder, D(2026, 11, 29)).last.taken == D(2026, 11, 20, 23, 0)
