"""Players as persons: their rows, the links from sessions' seats to them, and merges.

A session keeps its names as typed; each seat is linked to a player (session_players). A name is
the same player as another when they are equal but for case, accents and spaces (``name_key``).
A merge moves every seat of one player to another and keeps which seats it moved, so that undoing
it puts back exactly those; the merged player stays, pointing at the one it joined, so that its
spelling typed again finds that one.
"""

from __future__ import annotations

import json
import re
import unicodedata

import sqlite_utils

from .repository import Row
from .repository import now
from .repository import select

# Names a table types for a seat it has no name for: they are nobody, and stay unlinked.
PLACEHOLDER = re.compile(
    r"(?:player|giocatore|spieler|spelare|joueur|seat|posto|platz|plats|\?+|-+|_+)?\s*\d*",
    re.IGNORECASE,
)


def name_key(name: str) -> str:
    """A name as compared: accents and case dropped, spaces collapsed ("Nicolò" is "nicolo")."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def is_placeholder(name: str) -> bool:
    """Whether a seat's name names nobody: empty, or "Player 2", "Giocatore 3", "?"."""
    return PLACEHOLDER.fullmatch(name.strip()) is not None


def find_by_key(db: sqlite_utils.Database, key: str) -> Row | None:
    """The player a name stands for: the one with that key, or the one it was merged into."""
    return merged_into(
        db, next(select(db, "select * from players where name_key = ?", [key]), None)
    )


def merged_into(db: sqlite_utils.Database, row: Row | None) -> Row | None:
    """The player a row stands for now: itself, or the one it was merged into (onward)."""
    seen = set()
    while row is not None and row["merged_into"] is not None and row["id"] not in seen:
        seen.add(row["id"])
        row = get(db, row["merged_into"])
    return row


def holder(db: sqlite_utils.Database, key: str) -> Row | None:
    """The row that has this name key, merged or not: no two rows may share one."""
    return next(select(db, "select * from players where name_key = ?", [key]), None)


def get(db: sqlite_utils.Database, player_id: int) -> Row | None:
    return next(select(db, "select * from players where id = ?", [player_id]), None)


def insert(db: sqlite_utils.Database, name: str, nickname: str = "", created: str = "") -> int:
    cursor = db.execute(
        "insert into players (name, name_key, nickname, created, archived) values (?, ?, ?, ?, 0)",
        [name, name_key(name), nickname, created or now()],
    )
    return int(cursor.lastrowid or 0)


def link_name(db: sqlite_utils.Database, name: str, created: str = "") -> int | None:
    """The player a typed name stands for, made when new; None for a placeholder."""
    if is_placeholder(name):
        return None
    found = find_by_key(db, name_key(name))
    return int(found["id"]) if found else insert(db, name.strip(), created=created)


def link_seats(db: sqlite_utils.Database, session_id: int, player_ids: list[int | None]) -> None:
    """Each seat of a new session to its player (or to nobody)."""
    db.conn.executemany(
        "insert into session_players (session_id, seat, player_id) values (?, ?, ?)",
        [(session_id, seat, player_id) for seat, player_id in enumerate(player_ids)],
    )


def relink_seat(
    db: sqlite_utils.Database, session_id: int, seat: int, player_id: int | None
) -> None:
    db.execute(
        "update session_players set player_id = ? where session_id = ? and seat = ?",
        [player_id, session_id, seat],
    )


def seat_players(db: sqlite_utils.Database, session_id: int) -> list[int | None]:
    """The player of each seat of a session, in order of play."""
    sql = "select seat, player_id from session_players where session_id = ? order by seat"
    return [row["player_id"] for row in select(db, sql, [session_id])]


def listing(db: sqlite_utils.Database, archived: bool = True) -> list[Row]:
    """Every player not merged into another, by name, with the sessions each played."""
    sql = """
        select players.*, count(distinct sessions.id) as sessions from players
        left join session_players on session_players.player_id = players.id
        left join sessions on sessions.id = session_players.session_id and sessions.deleted = 0
        where players.merged_into is null and (? or players.archived = 0)
        group by players.id order by players.name_key
    """
    return list(select(db, sql, [int(archived)]))


def _like(key: str) -> str:
    """A name key as a LIKE pattern that finds it anywhere, its own % and _ taken as they are."""
    return "%" + key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def page_of(db: sqlite_utils.Database, key: str, limit: int, offset: int) -> list[Row]:
    """A page of the players not merged into another whose name key holds ``key``: the active
    ones by name, then the archived ones; with the sessions each played. Only the page's
    players are counted, not every player's sessions."""
    sql = """
        select page.*, (
            select count(distinct sessions.id) from session_players
            join sessions on sessions.id = session_players.session_id and sessions.deleted = 0
            where session_players.player_id = page.id
        ) as sessions
        from (
            select * from players
            where merged_into is null and name_key like ? escape '\\'
            order by archived, name_key limit ? offset ?
        ) as page
        order by page.archived, page.name_key
    """
    return list(select(db, sql, [_like(key), limit, offset]))


def count_matching(db: sqlite_utils.Database, key: str) -> int:
    """How many players not merged into another have a name key holding ``key``."""
    sql = "select count(*) from players where merged_into is null and name_key like ? escape '\\'"
    return int(db.execute(sql, [_like(key)]).fetchone()[0])


def unlinked(db: sqlite_utils.Database) -> list[Row]:
    """The seats of live sessions linked to nobody: names for the keeper to link by hand."""
    sql = """
        select sessions.id as session_id, session_players.seat, sessions.players,
               sessions.played_on from session_players
        join sessions on sessions.id = session_players.session_id
        where session_players.player_id is null and sessions.deleted = 0
        order by sessions.played_on desc, sessions.id desc, session_players.seat
    """
    rows = []
    for row in select(db, sql):
        names = json.loads(row.pop("players"))
        rows.append(row | {"name": names[row["seat"]] if row["seat"] < len(names) else ""})
    return rows


def update(db: sqlite_utils.Database, player_id: int, changes: Row) -> None:
    if "name" in changes:
        changes = changes | {"name_key": name_key(changes["name"])}
    columns = ", ".join(f"{name} = ?" for name in changes)
    db.execute(f"update players set {columns} where id = ?", [*changes.values(), player_id])


def shared_session(db: sqlite_utils.Database, player_id: int, other_id: int) -> Row | None:
    """A live session both players sit in, if any: its id, day, names and both seats."""
    sql = """
        select sessions.id, sessions.played_on, sessions.players, a.seat, b.seat as other_seat
        from session_players as a
        join session_players as b on b.session_id = a.session_id and b.player_id = ?
        join sessions on sessions.id = a.session_id
        where a.player_id = ? and sessions.deleted = 0
        order by sessions.played_on limit 1
    """
    row = next(select(db, sql, [other_id, player_id]), None)
    return row and row | {"players": json.loads(row["players"])}


def merge(db: sqlite_utils.Database, player_id: int, into_id: int) -> int:
    """Move every seat of one player to another; the merge is kept, to be undone."""
    sql = "select session_id, seat from session_players where player_id = ? order by 1, 2"
    seats = [[row["session_id"], row["seat"]] for row in select(db, sql, [player_id])]
    db.execute("update session_players set player_id = ? where player_id = ?", [into_id, player_id])
    db.execute("update players set merged_into = ? where id = ?", [into_id, player_id])
    cursor = db.execute(
        "insert into player_merges (player_id, into_id, seats, at) values (?, ?, ?, ?)",
        [player_id, into_id, json.dumps(seats), now()],
    )
    return int(cursor.lastrowid or 0)


def merged_names(db: sqlite_utils.Database, player_id: int) -> list[str]:
    """The names of the players merged into this one, directly or onward, by name."""
    sql = """
        with recursive gone(id, name) as (
            select id, name from players where merged_into = ?
            union select players.id, players.name from players join gone
            on players.merged_into = gone.id
        )
        select name from gone order by name
    """
    return [row["name"] for row in select(db, sql, [player_id])]


def note_merged_seat(db: sqlite_utils.Database, player_id: int, session_id: int, seat: int) -> None:
    """A seat written with the name of this merged player (and linked to the one it went into)
    is one its merges moved: each merge along the way lists it, so that undoing them moves it
    back (``undo_merge``)."""
    row = get(db, player_id)
    seen: set[int] = set()
    while row is not None and row["merged_into"] is not None and row["id"] not in seen:
        seen.add(row["id"])
        sql = "select * from player_merges where player_id = ? and undone is null order by id desc"
        merge = next(select(db, sql, [row["id"]]), None)
        if merge is not None:
            seats = json.loads(merge["seats"]) + [[session_id, seat]]
            db.execute(
                "update player_merges set seats = ? where id = ?", [json.dumps(seats), merge["id"]]
            )
        row = get(db, row["merged_into"])


def merge_row(db: sqlite_utils.Database, merge_id: int) -> Row | None:
    return next(select(db, "select * from player_merges where id = ?", [merge_id]), None)


def undo_merge(db: sqlite_utils.Database, merge_id: int) -> Row | None:
    """Put back the seats a merge moved (those still with the player they went to)."""
    row = next(select(db, "select * from player_merges where id = ?", [merge_id]), None)
    if row is None or row["undone"]:
        return None
    for session_id, seat in json.loads(row["seats"]):
        db.execute(
            "update session_players set player_id = ? "
            "where session_id = ? and seat = ? and player_id = ?",
            [row["player_id"], session_id, seat, row["into_id"]],
        )
    db.execute("update players set merged_into = null where id = ?", [row["player_id"]])
    db.execute("update player_merges set undone = ? where id = ?", [now(), merge_id])
    return row


def merges(db: sqlite_utils.Database) -> list[Row]:
    """Every merge, newest first, with both players' names."""
    sql = """
        select player_merges.*, a.name as player_name, b.name as into_name from player_merges
        join players a on a.id = player_merges.player_id
        join players b on b.id = player_merges.into_id
        order by player_merges.id desc
    """
    return [row | {"seats": json.loads(row["seats"])} for row in select(db, sql)]


def sessions_of(db: sqlite_utils.Database, player_id: int) -> list[Row]:
    """The live sessions a player sat in, newest first, with the seat."""
    sql = """
        select sessions.id, sessions.ruleset, sessions.players, sessions.played_on,
               session_players.seat from session_players
        join sessions on sessions.id = session_players.session_id
        where session_players.player_id = ? and sessions.deleted = 0
        order by sessions.played_on desc, sessions.id desc
    """
    return [row | {"players": json.loads(row["players"])} for row in select(db, sql, [player_id])]
