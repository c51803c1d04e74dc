"""Schema steps of the club's history: players as persons, the results statistics add up,
ratings (issue "Players who last"). They follow the steps of migrations/sessions.py, in order."""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import UTC
from datetime import datetime

import sqlite_utils

from .steps import migrations


@migrations()
def create_players(db: sqlite_utils.Database) -> None:
    # Players as persons (issue "Players who last"): one row a person, whatever the spelling a
    # session used; a session keeps its names as typed, and each seat is linked to a player.
    # Names typed as placeholders ("Player 1", "Giocatore 2") or left empty stay unlinked, for the
    # keeper to link by hand. A merge moves seats from one player to another and keeps which, so
    # that it can be undone. A session carries the date it was played, the day it was started
    # unless the keeper says otherwise (an old paper protocol).
    db.table("players").create(
        {
            "id": int,
            "name": str,
            "name_key": str,  # players.name_key(): case and accents ignored
            "nickname": str,
            "created": str,
            "archived": int,
            "merged_into": int,  # a merged player stays, pointing at the one it joined
        },
        pk="id",
        not_null={"name", "name_key", "created", "archived"},
        defaults={"archived": 0, "nickname": ""},
    )
    db.table("players").create_index(["name_key"], unique=True)
    db.table("session_players").create(
        {"session_id": int, "seat": int, "player_id": int},
        pk=("session_id", "seat"),
        foreign_keys=[("session_id", "sessions", "id"), ("player_id", "players", "id")],
        not_null={"session_id", "seat"},
    )
    db.table("session_players").create_index(["player_id"])
    db.table("player_merges").create(
        {"id": int, "player_id": int, "into_id": int, "seats": str, "at": str, "undone": str},
        pk="id",
        not_null={"player_id", "into_id", "seats", "at"},
    )
    db.table("sessions").add_column("played_on", str, not_null_default="")
    db.execute("update sessions set played_on = substr(created, 1, 10)")
    db.table("sessions").create_index(["played_on"])
    link_existing_players(db)


def link_existing_players(db: sqlite_utils.Database) -> None:
    """Every seat of the sessions stored before: the same name (case and accents ignored) is
    the same player, made on first sight; placeholders and empty names stay unlinked.

    The names are read as the app read them when this step was written (storage/players.py
    then); the copy stays as it is when the app's reading changes, as a migration must."""
    rows = db.execute("select id, players, created from sessions order by id").fetchall()
    for session_id, players, created in rows:
        for seat, name in enumerate(json.loads(players)):
            player_id = _link_name(db, name, created)
            db.execute(
                "insert into session_players (session_id, seat, player_id) values (?, ?, ?)",
                [session_id, seat, player_id],
            )


_PLACEHOLDER = re.compile(
    r"(?:player|giocatore|spieler|spelare|joueur|seat|posto|platz|plats|\?+|-+|_+)?\s*\d*",
    re.IGNORECASE,
)


def _name_key(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def _link_name(db: sqlite_utils.Database, name: str, created: str) -> int | None:
    """The player a seat's name stands for, made on first sight; None for a placeholder.
    No player is merged yet when this step runs: a name's key finds its player directly."""
    if _PLACEHOLDER.fullmatch(name.strip()) is not None:
        return None
    key = _name_key(name)
    found = db.execute("select id from players where name_key = ?", [key]).fetchone()
    if found:
        return int(found[0])
    cursor = db.execute(
        "insert into players (name, name_key, nickname, created, archived) values (?, ?, '', ?, 0)",
        [name.strip(), key, created or datetime.now(UTC).isoformat(timespec="seconds")],
    )
    return int(cursor.lastrowid or 0)


@migrations()
def create_results(db: sqlite_utils.Database) -> None:
    # What the statistics add up, one row a seat of a deal and a seat of a game, worked out
    # from the deals by the rules core (services/stats/rows.py) and kept with the session's
    # revision they were made from: a session whose revision moved on is worked out again before
    # statistics are read. Ratings are kept per game and replayed from the first date changed.
    db.table("seat_results").create(
        {
            "session_id": int,
            "deal_id": int,
            "seat": int,
            "game": int,
            "score": int,
            "points": int,
            "dealer": int,  # 1 for the seat that dealt (a team's two seats share the score)
            "marked": int,  # the audit marked the deal
            "illegal_scarto": int,  # 1 for the dealer whose scarto the audit found illegal
        },
        pk=("deal_id", "seat"),
        not_null={"session_id", "deal_id", "seat", "game", "score", "points"},
    )
    db.table("seat_results").create_index(["session_id"])
    db.table("game_results").create(
        {
            "session_id": int,
            "game": int,
            "seat": int,
            "total": int,
            "won": int,  # the best total of the game, ties included
            "finished": int,
            "deals": int,
        },
        pk=("session_id", "game", "seat"),
        not_null={"session_id", "game", "seat", "total", "won", "finished", "deals"},
    )
    db.table("results_of").create({"session_id": int, "revision": int}, pk="session_id")
    _create_ratings(db)


def _create_ratings(db: sqlite_utils.Database) -> None:
    """The ratings after each game, and the first day whose ratings must be worked out again."""
    db.table("ratings").create(
        {
            "session_id": int,
            "game": int,
            "player_id": int,
            "played_on": str,
            "mu": float,
            "sigma": float,
            "games": int,  # the player's rated games so far, this one included
        },
        pk=("session_id", "game", "player_id"),
        not_null={"session_id", "game", "player_id", "played_on", "mu", "sigma", "games"},
    )
    db.table("ratings").create_index(["player_id", "played_on"])
    db.table("ratings").create_index(["played_on"])
    # The first date whose ratings must be worked out again ('' when they are all current).
    db.table("rating_state").create({"id": int, "dirty_from": str}, pk="id")
    db.execute("insert into rating_state (id, dirty_from) values (1, '0000-00-00')")


@migrations()
def index_results(db: sqlite_utils.Database) -> None:
    # What the statistics read (storage/stats/figures.py): a seat's rows of a session in one index
    # lookup with every column the aggregates add up, so that a player's page and a year's
    # ranking read the index and never the table. A seat's rows also say its side (a team's two
    # seats share one: partners, not opponents, in the head-to-head, which adds up games) and a
    # deal's row its number in the session (the CSV of a player's deals); results_of keeps the
    # day the rows were made for, so that a session whose day changes is worked out again. Rows
    # made before this step lack them: they are all made again, and the ratings with them.
    for table in ("seat_results", "game_results", "results_of"):
        db.execute(f"delete from {table}")
    db.table("seat_results").add_column("side", int, not_null_default=0)
    db.table("seat_results").add_column("number", int, not_null_default=0)
    db.table("game_results").add_column("side", int, not_null_default=0)
    db.table("results_of").add_column("played_on", str, not_null_default="")
    db.table("seat_results").create_index(
        ["session_id", "seat", "deal_id", "side", "number", "score", "points", "dealer"]
        + ["marked", "illegal_scarto"],
        index_name="seat_results_by_seat",
    )
    # A ranking adds up games, not deals: a game's row has its deals and the seat's total.
    db.table("game_results").create_index(
        ["session_id", "seat", "total", "deals", "won", "finished"],
        index_name="game_results_by_seat",
    )
    # A player's rating on a day: one seek (a player's games go up with the days); it does the
    # work of the index on (player_id, played_on), which only slowed the writing of ratings.
    db.table("ratings").create_index(["player_id", "played_on", "games"])
    db.execute("drop index if exists idx_ratings_player_id_played_on")
    db.execute("delete from ratings")
    db.execute("update rating_state set dirty_from = '0000-00-00' where id = 1")


@migrations()
def create_club_links(db: sqlite_utils.Database) -> None:
    # The club read link (issue "Players who last", Access): whoever opens it may read the
    # club's players and rankings, nothing else. One is live at a time; a new one ends it. The
    # token is kept as it is, like a session's read link, so that the keeper's page can show it
    # and its QR code again; "ended" says since when it no longer lets anyone in.
    db.table("club_links").create(
        {"id": int, "token": str, "created": str, "ended": str},
        pk="id",
        not_null={"token", "created"},
    )
    db.table("club_links").create_index(["token"], unique=True)
