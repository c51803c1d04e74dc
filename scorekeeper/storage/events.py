"""The event tables (issue "Club evenings"): an event, its entrants, rounds, tables and its
ledger of adjustments. Rows come in and go out as plain dicts, JSON columns as values."""

from __future__ import annotations

import json
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any

import sqlite_utils

from .repository import now
from .repository import select

Row = dict[str, Any]
JSON_COLUMNS = frozenset(
    (
        "overrides",
        "ranking",
        "player_ids",
        "player_names",
        "tables",
        "first_dealers",
        "sitting_out",
        "cost",
    )
)


def _dump(row: Row) -> Row:
    return {k: json.dumps(v) if k in JSON_COLUMNS else v for k, v in row.items()}


def _load(row: Row) -> Row:
    return {k: json.loads(v) if k in JSON_COLUMNS and v is not None else v for k, v in row.items()}


def _insert(db: sqlite_utils.Database, table: str, row: Row) -> int:
    dumped = _dump(row)
    columns = ", ".join(dumped)
    marks = ", ".join("?" for _ in dumped)
    cursor = db.execute(f"insert into {table} ({columns}) values ({marks})", list(dumped.values()))
    return int(cursor.lastrowid or 0)


def insert_event(db: sqlite_utils.Database, row: Row) -> int:
    return _insert(db, "events", {**row, "created": now()})


def touch(db: sqlite_utils.Database, event_id: int) -> None:
    """The event changed: its revision (its sheets' version) moves on, and when it changed (its
    export's date)."""
    sql = "update events set revision = revision + 1, updated = ? where id = ?"
    db.execute(sql, [now(), event_id])


def get_event(db: sqlite_utils.Database, event_id: int) -> Row | None:
    rows = list(select(db, "select * from events where id = ?", [event_id]))
    return _load(rows[0]) if rows else None


def event_by_read_token(db: sqlite_utils.Database, token: str) -> int | None:
    rows = list(select(db, "select id from events where read_token = ?", [token]))
    return int(rows[0]["id"]) if rows else None


def list_events(db: sqlite_utils.Database) -> list[Row]:
    """Every event, the last played first, with its entrants and rounds counted."""
    sql = """select events.id, name, ruleset, played_on, place, rounds, created,
                    (select count(*) from event_entrants e where e.event_id = events.id)
                        as entrant_count,
                    (select count(*) from event_rounds r
                     where r.event_id = events.id and r.state = 'closed') as closed_rounds,
                    (select count(*) from event_rounds r where r.event_id = events.id)
                        as drawn_rounds
             from events order by played_on desc, id desc"""
    return list(select(db, sql))


def insert_entrant(db: sqlite_utils.Database, event_id: int, row: Row) -> None:
    _insert(db, "event_entrants", {**row, "event_id": event_id})


def entrants(db: sqlite_utils.Database, event_id: int) -> list[Row]:
    sql = "select * from event_entrants where event_id = ? order by no"
    return [_load(row) for row in select(db, sql, [event_id])]


def withdraw(db: sqlite_utils.Database, event_id: int, no: int, from_round: int) -> None:
    sql = "update event_entrants set withdrawn_from = ? where event_id = ? and no = ?"
    db.execute(sql, [from_round, event_id, no])


def insert_keep_apart(
    db: sqlite_utils.Database, event_id: int, pairs: Iterable[Sequence[int]]
) -> None:
    for a, b in pairs:
        sql = "insert or ignore into event_keep_apart (event_id, a, b) values (?, ?, ?)"
        db.execute(sql, [event_id, min(a, b), max(a, b)])


def keep_apart(db: sqlite_utils.Database, event_id: int) -> list[tuple[int, int]]:
    sql = "select a, b from event_keep_apart where event_id = ? order by a, b"
    return [(row["a"], row["b"]) for row in select(db, sql, [event_id])]


def rounds(db: sqlite_utils.Database, event_id: int) -> list[Row]:
    sql = "select * from event_rounds where event_id = ? order by number"
    return [_load(row) for row in select(db, sql, [event_id])]


def insert_round(db: sqlite_utils.Database, event_id: int, row: Row) -> None:
    _insert(db, "event_rounds", {**row, "event_id": event_id, "drawn_at": now()})


def update_round(db: sqlite_utils.Database, event_id: int, number: int, changes: Row) -> None:
    dumped = _dump(changes)
    sets = ", ".join(f"{column} = ?" for column in dumped)
    sql = f"update event_rounds set {sets} where event_id = ? and number = ?"
    db.execute(sql, [*dumped.values(), event_id, number])


def insert_table(
    db: sqlite_utils.Database, event_id: int, round_no: int, number: int, session_id: int
) -> None:
    sql = """insert into event_tables (event_id, round, number, session_id)
             values (?, ?, ?, ?)"""
    db.execute(sql, [event_id, round_no, number, session_id])


def end_table(db: sqlite_utils.Database, event_id: int, round_no: int, number: int) -> None:
    sql = """update event_tables set ended_at = ?
             where event_id = ? and round = ? and number = ? and ended_at is null"""
    db.execute(sql, [now(), event_id, round_no, number])


def tables(db: sqlite_utils.Database, event_id: int) -> list[Row]:
    """Each published table with its session's deals counted and its last save (UTC)."""
    sql = """select t.round, t.number, t.session_id, t.ended_at, s.read_token,
                    count(d.id) as deals,
                    max(coalesce(d.updated, d.created)) as last_save_at
             from event_tables t join sessions s on s.id = t.session_id
             left join deals d on d.session_id = t.session_id and d.deleted = 0
             where t.event_id = ?
             group by t.round, t.number order by t.round, t.number"""
    return list(select(db, sql, [event_id]))


def table_scores(db: sqlite_utils.Database, event_id: int) -> dict[int, list[list[int]]]:
    """Each table session's deal scores in order (a list per side), deleted deals left out."""
    sql = """select d.session_id, d.scores from deals d
             join event_tables t on t.session_id = d.session_id
             where t.event_id = ? and d.deleted = 0
             order by d.session_id, d.position"""
    scores: dict[int, list[list[int]]] = {}
    for row in select(db, sql, [event_id]):
        scores.setdefault(row["session_id"], []).append(json.loads(row["scores"]))
    return scores


def event_of_session(db: sqlite_utils.Database, session_id: int) -> Row | None:
    """The event, round and table a session is, if it is one."""
    sql = "select event_id, round, number from event_tables where session_id = ?"
    rows = list(select(db, sql, [session_id]))
    return rows[0] if rows else None


def insert_adjustment(db: sqlite_utils.Database, event_id: int, row: Row) -> int:
    return _insert(db, "event_adjustments", {**row, "event_id": event_id, "created": now()})


def adjustments(db: sqlite_utils.Database, event_id: int) -> list[Row]:
    sql = "select * from event_adjustments where event_id = ? order by id"
    return list(select(db, sql, [event_id]))


def remove_adjustment(db: sqlite_utils.Database, event_id: int, adjustment_id: int) -> bool:
    sql = """update event_adjustments set removed_at = ?
             where event_id = ? and id = ? and removed_at is null"""
    return db.execute(sql, [now(), event_id, adjustment_id]).rowcount == 1


def set_hide_standings(db: sqlite_utils.Database, event_id: int, hidden: bool) -> None:
    db.execute("update events set hide_standings = ? where id = ?", [int(hidden), event_id])
