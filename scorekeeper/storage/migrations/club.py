"""The steps of the issue "The club's history, trusted": ratings replayed apart, sessions'
own history."""

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


@migrations()
def create_session_history(db: sqlite_utils.Database) -> None:
    # A session's day and its seats' players may be corrected after it was played: each
    # correction is kept, with what was before and after, as a deal's are (deal_history).
    db.table("session_history").create(
        {"id": int, "session_id": int, "at": str, "action": str, "before": str, "after": str},
        pk="id",
        not_null={"session_id", "at", "action"},
        foreign_keys=[("session_id", "sessions", "id")],
    )
    db.table("session_history").create_index(["session_id"])


@migrations()
def one_scale_and_ratings_per_ruleset(db: sqlite_utils.Database) -> None:
    # Figures of every ruleset at once add each seat's points less its even share of the deal
    # (``common``; a game's sum of them, ``common_total``), never scores that mean different
    # things (Scarto's points - 26 beside raw points). And a rating per ruleset. The covering
    # indexes take the new columns; every session's rows and every rating are worked out again
    # (by the server's worker: the old figures show meanwhile).
    db.table("seat_results").add_column("common", int, not_null_default=0)
    db.table("game_results").add_column("common_total", int, not_null_default=0)
    db.execute("drop index if exists seat_results_by_seat")
    db.table("seat_results").create_index(
        ["session_id", "seat", "deal_id", "side", "number", "score", "points", "dealer"]
        + ["marked", "illegal_scarto", "common"],
        index_name="seat_results_by_seat",
    )
    db.execute("drop index if exists game_results_by_seat")
    db.table("game_results").create_index(
        ["session_id", "seat", "total", "deals", "won", "finished", "common_total"],
        index_name="game_results_by_seat",
    )
    db.table("ratings").add_column("ruleset", str, not_null_default="")
    db.table("ratings").create_index(
        ["player_id", "ruleset", "played_on", "games"], index_name="ratings_by_player_ruleset"
    )
    db.execute("update results_of set revision = -1")
    db.execute("update rating_state set dirty_from = '0000-00-00' where id = 1")


@migrations()
def create_paper_keys(db: sqlite_utils.Database) -> None:
    # A paper protocol's page saves once: its form's request key, with the session it made, so
    # that the same form sent again (a second tap, Back and Save) leads to that session.
    db.table("paper_keys").create(
        {"key": str, "session_id": int, "at": str},
        pk="key",
        not_null={"session_id", "at"},
        foreign_keys=[("session_id", "sessions", "id")],
    )
