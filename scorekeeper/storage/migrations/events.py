"""The steps of the issue "Club evenings": events, their entrants, rounds, tables and the
ledger of adjustments."""

from __future__ import annotations

import sqlite_utils

from .steps import migrations


@migrations()
def create_events(db: sqlite_utils.Database) -> None:
    # An event is an evening (or one evening of a championship) of several tables at once. Its
    # entrants keep their number for good: a withdrawn entrant stays in the standings with what
    # he played (``withdrawn_from``: the first round he is not drawn in; ``joined_at``: the
    # first he is drawn in, for those added at the door).
    db.execute(
        """create table events (
               id integer primary key,
               name text not null, ruleset text not null, overrides text not null,
               language text not null, played_on text not null, place text not null,
               rounds integer not null, deals_per_round integer not null,
               ranking text not null, seed integer not null, read_token text not null,
               pin_hash text, hide_standings integer not null default 0,
               created text not null, updated text, revision integer not null default 0
           )"""
    )
    db.execute(
        """create table event_entrants (
               event_id integer not null references events(id),
               no integer not null, name text not null, player_ids text not null,
               player_names text not null,
               joined_at integer not null, withdrawn_from integer,
               primary key (event_id, no)
           )"""
    )
    db.execute(
        """create table event_keep_apart (
               event_id integer not null references events(id),
               a integer not null, b integer not null,
               primary key (event_id, a, b)
           )"""
    )


@migrations()
def create_event_rounds(db: sqlite_utils.Database) -> None:
    # A round is a draft until published: its tables (entrants in seat order), first dealers
    # (a seat a table) and sit-outs as JSON, redrawn or swapped. Publishing makes one session a
    # table (event_tables); the director may end a table before its deals are played. The
    # adjustments are a ledger: a removed one stays, with when.
    db.execute(
        """create table event_rounds (
               event_id integer not null references events(id),
               number integer not null, state text not null, attempt integer not null,
               tables text not null, first_dealers text not null, sitting_out text not null,
               cost text not null, drawn_at text not null, published_at text,
               closed_at text,
               primary key (event_id, number)
           )"""
    )
    db.execute(
        """create table event_tables (
               event_id integer not null references events(id),
               round integer not null, number integer not null,
               session_id integer not null unique references sessions(id),
               ended_at text,
               primary key (event_id, round, number)
           )"""
    )
    db.execute(
        """create table event_adjustments (
               id integer primary key,
               event_id integer not null references events(id),
               entrant integer not null, round integer, points text not null,
               reason text not null, created text not null, removed_at text
           )"""
    )
    db.execute("create index event_adjustments_by_event on event_adjustments (event_id)")
