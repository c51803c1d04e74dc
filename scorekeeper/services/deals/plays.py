"""Deals entered trick by trick: the play so far, drafts saved part-way, deal records."""

from __future__ import annotations

import sqlite_utils
from flask_babel import gettext as _

from ...rules import InvalidNotationError
from ...rules import parse_card
from ...rules.notation import DealRecord
from ...rules.notation import parse_record
from ...rules.replay import Replay
from ...rules.replay import replay
from ...storage import repository
from ..errors import InputError
from ..errors import rules_error
from ..sessions.limits import check_room
from ..sessions.loaded import Deal
from ..sessions.loaded import Session
from ..sessions.loaded import load_session
from .inputs import parse_deal_input
from .record import dealer_for
from .record import record_deal


def preview_play(session: Session, body: object, number: int | None = None) -> Replay:
    """Replay a play entered so far (complete or not), for the next deal or deal ``number``."""
    number = number or len(session.deals) + 1
    deal = parse_deal_input(body, session.ruleset)
    dealer = dealer_for(session, number, deal.data.get("dealer"))
    if deal.form != "play":
        raise InputError(_("a play is a list of tricks with the scarto"), "play")
    scarto = [parse_card(code) for code in deal.data["scarto"]]
    tricks = [[parse_card(code) for code in trick] for trick in deal.data["play"]]
    return replay(session.ruleset, dealer, scarto, tricks, session.players)


def replay_of(session: Session, deal: Deal) -> Replay:
    """Replay a recorded deal that was entered trick by trick."""
    scarto = [parse_card(code) for code in deal.input["scarto"]]
    tricks = [[parse_card(code) for code in trick] for trick in deal.input["play"]]
    return replay(session.ruleset, deal.dealer, scarto, tricks, session.players)


def record_of(session: Session, deal: Deal) -> DealRecord:
    """A deal entered trick by trick as a deal record, to export."""
    scarto = tuple(parse_card(code) for code in deal.input["scarto"])
    tricks = tuple(tuple(parse_card(code) for code in trick) for trick in deal.input["play"])
    return DealRecord(session.ruleset, session.players, deal.dealer, scarto, tricks)


def import_record(db: sqlite_utils.Database, session_id: int, text: str) -> Deal:
    """Record a deal from a deal record, if it fits the session's ruleset and next dealer."""
    try:
        imported = parse_record(text)
    except InvalidNotationError as error:
        raise rules_error(error, "record") from None
    session = load_session(db, session_id)
    check_room(len(session.deals))  # said first: no record fits a full session
    if imported.ruleset != session.ruleset:
        raise InputError(
            _(
                "the record is for %(other)s, not this session's ruleset",
                other=imported.ruleset.name,
            ),
            "record",
        )
    dealer = dealer_for(session, len(session.deals) + 1)
    if imported.dealer != dealer:
        raise InputError(
            _(
                "the record was dealt by seat %(seat)s, but the next dealer is %(name)s",
                seat=imported.dealer + 1,
                name=session.players[dealer],
            ),
            "record",
        )
    body = {
        "scarto": [c.code for c in imported.scarto],
        "play": [[c.code for c in trick] for trick in imported.tricks],
    }
    return record_deal(db, session_id, body)


def save_play_draft(db: sqlite_utils.Database, session_id: int, body: object) -> Replay:
    """Keep a play entered part-way, to resume it later on any device."""
    with repository.write(db):
        session = load_session(db, session_id)
        played = preview_play(session, body)
        deal = parse_deal_input(body, session.ruleset)
        draft = {"scarto": deal.data["scarto"], "play": deal.data["play"]}
        if "dealer" in deal.data:  # dealt out of turn: resumed with the same dealer
            draft["dealer"] = deal.data["dealer"]
        repository.set_pending_play(db, session_id, draft)
    return played
