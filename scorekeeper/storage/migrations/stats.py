"""Later steps on the statistics' tables (issue "The club's history, trusted")."""

from __future__ import annotations

import sqlite_utils

from .steps import migrations


@migrations()
def replay_ratings_apart(db: sqlite_utils.Database) -> None:
    # The ratings are replayed outside any write transaction and stored in short ones: a
    # replay's rows carry its number and stay unseen until it is done, so that readers see the
    # last complete ratings meanwhile and saves never wait for a replay. A row is live when it
    # comes from the last finished replay that started on or before its day. The ratings
    # already stored are replay 0, from the first day.
    # AUTOINCREMENT: a replay's number is never given again, not even after the last one was
    # abandoned and deleted (its rows, still there until the clean-up, must never show).
    db.execute(
        """create table rating_replays (
               id integer primary key autoincrement, from_day text not null, beat text,
               done integer not null
           )"""
    )
    db.execute("insert into rating_replays (id, from_day, done) values (0, '0000-00-00', 1)")
    ratings = db.table("ratings")
    ratings.add_column("replay", int, not_null_default=0)
    ratings.transform(pk=("session_id", "game", "player_id", "replay"))
    ratings.create_index(["player_id", "played_on"], if_not_exists=True)
    ratings.create_index(["played_on"], if_not_exists=True)
    ratings.create_index(["replay", "played_on"], if_not_exists=True)
