"""The steps of the issue "Statistics a club argues about happily": the club's records."""

from __future__ import annotations

import sqlite_utils

from .steps import migrations


@migrations()
def add_game_deficits(db: sqlite_utils.Database) -> None:
    # A comeback (services/stats/records.py) is a won game a seat was far behind in: after some
    # deal its running total in the game trailed the leading seat's by ``behind`` points, the
    # most it ever did, first after the deal ``behind_after`` (0: never behind). Worked out with
    # a game's rows (services/stats/rows.py); the rows made before this step get theirs here,
    # from their seat rows, by the same definition, so that nothing is worked out again.
    db.table("game_results").add_column("behind", int, not_null_default=0)
    db.table("game_results").add_column("behind_after", int, not_null_default=0)
    fill_game_deficits(db)


@migrations()
def index_seat_scores(db: sqlite_utils.Database) -> None:
    # The best and the worst deal of all time are the first seat rows in the order of their
    # score (a ruleset's, or ``common`` over every ruleset): read from an index in that order,
    # a record is found without sorting every seat row of ten years (bench/club_stats.py, the
    # records of all time: 660 ms before).
    db.table("seat_results").create_index(["score"], index_name="seat_results_by_score")
    db.table("seat_results").create_index(["common"], index_name="seat_results_by_common")


def fill_game_deficits(db: sqlite_utils.Database) -> None:
    """Every game row's deepest deficit, worked out from its seat rows (the step's SQL)."""
    db.execute(
        """with running as (
               select session_id, game, seat, number,
                      sum(score) over (
                          partition by session_id, game, seat order by number
                      ) as total
               from seat_results
           ), trailing as (
               select session_id, game, seat, number,
                      max(total) over (partition by session_id, game, number) - total as behind
               from running
           ), ranked as (
               select session_id, game, seat, number, behind,
                      max(behind) over (partition by session_id, game, seat) as deepest
               from trailing
           ), deepest as (
               select session_id, game, seat, deepest as behind, min(number) as after
               from ranked where deepest > 0 and behind = deepest
               group by session_id, game, seat
           )
           update game_results set behind = deepest.behind, behind_after = deepest.after
           from deepest
           where game_results.session_id = deepest.session_id
               and game_results.game = deepest.game and game_results.seat = deepest.seat"""
    )
