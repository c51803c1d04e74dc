"""Import an export file as strictly as the app takes a session and its deals (flask import).

storage/exchange.py reads a file and checks each field's shape. A file edited by hand, or
written by another program, can have every field in shape and still hold what the app would
never have written: points that do not follow from the input, a problem whose template prints
thirty million spaces, a table name of two megabytes. So before anything is stored, each session
is checked as the app would have made it:

- the file is at most ``MAX_FILE_BYTES``, nested at most ``MAX_DEPTH`` deep, and holds at most
  ``MAX_SESSIONS`` sessions of at most ``MAX_DEALS`` deals (deleted ones too), each with at most
  ``MAX_HISTORY`` history entries; a session's deals not deleted are at most what a session
  holds (MAX_SESSION_DEALS, sessions/limits.py), as in the app;
- players, table name and place are cleaned and limited as a new session's are, and its
  language is one a new session may have (sessions.py);
- each deal's input is read as the API reads it (``parse_deal_input``) and audited again with the
  session's ruleset, players and the deal's dealer (``audit_deal``); the file's form, input,
  dealer, points, scores, problems and ok must be what that gives (``dealcheck.py``);
- scarto checks, history entries and a play saved part-way are what the app writes
  (``dealcheck.py``; the play saved part-way, here);
- a session of a version 2 file names the database and the session it was exported from: one
  imported before is refused, naming the session it became (storage/origins.py).

Anything else refuses the whole file with an ``ExchangeError`` naming the session (its place in
the file and its table name), the deal and the field, and nothing is stored. What the file may
have otherwise, and the import replaces by today's audit rather than refusing: the wording of
problems and the notes (see ``dealcheck.check_deal``). Each refusal keeps its English template
and values (storage/checks.py), so that ``flask import`` says it in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Any

import sqlite_utils

from ...rules import ScorekeeperError
from ...rules import find_ruleset
from ...rules import parse_card
from ...rules.problem import translatable
from ...rules.replay import replay
from ...rules.rotation import dealers_of
from ...rules.rotation import next_dealer
from ...storage import exchange
from ...storage.checks import AT_PLACE
from ...storage.checks import ExchangeError
from ...storage.checks import Phrase
from ...storage.checks import refusal
from ..errors import InputError
from ..text import clean_text
from .import_check import Row
from .import_check import Table
from .import_check import Where
from .import_check import check_deal
from .import_check import check_scarto_verdict
from .import_check import parsed_input
from .import_check import refuse_unknown
from .lifecycle import clean_label
from .lifecycle import clean_language
from .lifecycle import clean_players
from .limits import max_session_deals

MAX_FILE_BYTES = 50 * 2**20
"""50 MB: a club's whole database of years of sessions is a few MB of export."""
MAX_DEPTH = 16
"""An export nests 11 deep (a trick in a history entry's input); no more than a little over."""
MAX_SESSIONS = 10_000
"""A sitting a day for over twenty-five years."""
MAX_DEALS = 1_000
"""Deals of one session, deleted ones too: a sitting, not a season (a deal takes minutes)."""
MAX_HISTORY = 1_000
"""History entries of one deal: it is corrected, deleted, restored or counted again."""
MAX_COUNTER = 2**31 - 1
"""The highest position or version a deal may have: room to count on, and exact in JavaScript."""
DRAFT_FIELDS = {"scarto", "play", "dealer"}
"""A play saved part-way, as plays.save_play_draft keeps it."""
_AT_MOST = translatable("at most %(most)s, not %(count)s")
_SESSION_FULL = translatable(
    "a session holds at most %(most)s deals (MAX_SESSION_DEALS), not %(count)s"
)


@dataclass(frozen=True)
class Imported:
    """What an import stored."""

    session_ids: list[int]
    """The new sessions' ids, in file order."""
    reworded: int
    """Deals whose notes, or problems' wording, the file had otherwise: they take today's."""
    origin_ids: list[int | None] = field(default_factory=list)
    """Each new session's id in the database it was exported from (format version 2); None
    for a session of a version 1 file, which does not say."""


def import_file(db: sqlite_utils.Database, raw: bytes) -> Imported:
    """Check every session of an export file as the app would have made it; store all or none.

    :raises ExchangeError: saying what is wrong and where; nothing is stored. A session imported
        before is an ``AlreadyImportedError`` (storage/origins.py).
    """
    checked, reworded = check_file(raw)
    return store_checked(db, checked, reworded)


def check_file(raw: bytes, most_sessions: int = MAX_SESSIONS) -> tuple[exchange.Checked, int]:
    """Every session of an export file as it is to be stored, checked as the app would have
    made it, and how many of its deals are reworded; nothing is stored. At most
    ``most_sessions`` sessions, counted before any is read.

    :raises ExchangeError: saying what is wrong and where.
    """
    checked: exchange.Checked = []
    reworded = 0
    for index, (session, deals) in enumerate(read_file(raw, most_sessions)):
        row, rows, changed = _check_session(session, deals, f"sessions[{index}]")
        checked.append((row, rows))
        reworded += changed
    return checked, reworded


def store_checked(db: sqlite_utils.Database, checked: exchange.Checked, reworded: int) -> Imported:
    """Store checked sessions, all or none (exchange.store_sessions)."""
    origins = [(row.get("origin") or {}).get("session") for row, _ in checked]
    return Imported(exchange.store_sessions(db, checked), reworded, origins)


def read_file(raw: bytes, most_sessions: int = MAX_SESSIONS) -> exchange.Checked:
    """An export file's sessions, checked for size, depth, count and shape, in that order: no
    session is read before their number is known to be within ``most_sessions``."""
    if len(raw) > MAX_FILE_BYTES:
        too_large = translatable("the file is larger than %(most)s MB")
        raise ExchangeError(too_large, most=MAX_FILE_BYTES // 2**20)
    data = exchange.loads(raw)
    if _deeper_than(data, MAX_DEPTH):
        too_deep = translatable("the file is nested more than %(most)s deep")
        raise ExchangeError(too_deep, most=MAX_DEPTH)
    listed = data.get("sessions") if isinstance(data, dict) else None
    if isinstance(listed, list) and len(listed) > most_sessions:
        raise refusal("sessions", _AT_MOST, most=most_sessions, count=len(listed))
    return exchange.check_export(data)


def _deeper_than(value: object, most: int) -> bool:
    """Are lists and objects nested more than ``most`` deep? (No recursion: any depth is read.)"""
    level: list[Any] = [value]  # the values at one depth: the file's at 1, its items' at 2...
    for _depth in range(most):
        level = [
            child
            for item in level
            if isinstance(item, list | dict)
            for child in (item.values() if isinstance(item, dict) else item)
        ]
        if not level:
            return False
    return any(isinstance(item, list | dict) for item in level)


Deals = list[tuple[exchange.Row, list[exchange.Row]]]


def _check_session(
    session: exchange.Row, deals: Deals, path: str
) -> tuple[exchange.Row, Deals, int]:
    """The session's row and deals as they are to be stored, and how many deals are reworded."""
    ruleset = find_ruleset(session["ruleset"], session["overrides"] or None)  # shape checked it
    try:
        players = clean_players(session["players"], ruleset)
        clean_language(session["language"])
        labels = {
            name: None if session[name] is None else clean_label(session[name], name)
            for name in ("table_name", "place")
        }
    except InputError as error:
        raise ExchangeError(AT_PLACE, where=f"{path}.{error.field}", error=error) from None
    name = labels["table_name"]
    where = Where(path, Phrase(translatable('table "%(name)s"'), name=name) if name else None)
    if len(deals) > MAX_DEALS:
        raise where.at("deals").refused(_AT_MOST, most=MAX_DEALS, count=len(deals))
    live, most = sum(1 for deal, _ in deals if not deal["deleted"]), max_session_deals()
    if live > most:
        raise where.at("deals").refused(_SESSION_FULL, most=most, count=live)
    table = Table(ruleset, tuple(players))
    rows, dealer = _check_deals(table, where, session["first_dealer"], deals)
    pending = {
        "pending_scarto": check_scarto_verdict(
            table, where.at("pending_scarto"), session["pending_scarto"]
        ),
        "pending_play": _check_pending_play(
            table, where.at("pending_play"), session["pending_play"], dealer
        ),
    }
    overrides = None if session["overrides"] is None else dict(ruleset.overrides)
    seated = session.get("seats")
    if seated is not None:  # each person's name kept as a new player's is (clean_text)
        seated = [
            None if person is None else person | {"name": clean_text(person["name"])}
            for person in seated
        ]
        if not all(person is None or person["name"] for person in seated):
            raise where.at("seats").refused(translatable("every person needs a name"))
    row = {**session, **labels, "players": players, "overrides": overrides, **pending}
    row["seats"] = seated
    reworded = sum(1 for (old, _), (new, _) in zip(deals, rows, strict=True) if old != new)
    return row, rows, reworded


def _check_deals(
    table: Table, session: Where, first_dealer: int, deals: Deals
) -> tuple[Deals, int]:
    """The deals as they are to be stored, and the dealer of the deal after them.

    A deal not deleted has the dealer the rotation gives it (``dealers_of``), as the app keeps
    it after every deletion, restoration and correction; a deleted one keeps the dealer it had.
    """
    live = [index for index, (deal, _) in enumerate(deals) if not deal["deleted"]]
    numbers = {index: number for number, index in enumerate(live, start=1)}
    places = [_deal_where(session, index, numbers.get(index)) for index in range(len(deals))]
    inputs = [
        parsed_input(table, places[index].at("input"), deal["input"])
        for index, (deal, _) in enumerate(deals)
    ]
    given = [inputs[index].data.get("dealer") for index in live]
    rotation = dict(zip(live, dealers_of(table.ruleset, first_dealer, given), strict=True))
    rows: Deals = []
    position = 0
    for index, (deal, history) in enumerate(deals):
        where = places[index]
        if not position < deal["position"] <= MAX_COUNTER:
            template = translatable(
                "must be above the deal before's (%(before)s) and at most %(most)s, not %(value)s"
            )
            raise where.at("position").refused(
                template, before=position, most=MAX_COUNTER, value=deal["position"]
            )
        position = deal["position"]
        if deal["version"] > MAX_COUNTER:
            raise where.at("version").refused(translatable("at most %(most)s"), most=MAX_COUNTER)
        if len(history) > MAX_HISTORY:
            template = translatable("at most %(most)s entries")
            raise where.at("history").refused(template, most=MAX_HISTORY)
        dealer: int = deal["dealer"]  # a deleted deal: the dealer it had
        if index in rotation:
            dealer = rotation[index]
        elif "dealer" in inputs[index].data:
            dealer = inputs[index].data["dealer"]
        rows.append(check_deal(table, where, deal, inputs[index], dealer, history))
    after = next_dealer(table.ruleset, first_dealer, [rotation[index] for index in live])
    return rows, after


def _deal_where(session: Where, index: int, number: int | None) -> Where:
    deal = Phrase(translatable("a deleted deal"))
    if number is not None:
        deal = Phrase(translatable("deal %(number)s"), number=number)
    if session.about is not None:
        deal = Phrase(translatable("%(table)s, %(deal)s"), table=session.about, deal=deal)
    return Where(f"{session.path}.deals[{index}]", deal)


def _check_pending_play(table: Table, where: Where, value: Row | None, dealer: int) -> Row | None:
    """A play saved part-way for the next deal, as the app keeps it, that replays.

    ``dealer`` is the next deal's in the rotation, for a play that does not name its own.
    """
    if value is None:
        return None
    refuse_unknown(where, value, DRAFT_FIELDS)
    parsed = parsed_input(table, where, value)
    if parsed.form != "play":
        template = translatable("must be a play (scarto and tricks), not %(form)s")
        raise where.refused(template, form=parsed.form)
    scarto = [parse_card(code) for code in parsed.data["scarto"]]
    tricks = [[parse_card(code) for code in trick] for trick in parsed.data["play"]]
    try:
        replay(table.ruleset, parsed.data.get("dealer", dealer), scarto, tricks, table.players)
    except ScorekeeperError as error:
        raise where.refused_with(error) from None
    return value
