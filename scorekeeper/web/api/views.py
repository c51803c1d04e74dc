"""The JSON API, /api/v1: rulesets, counting, auditing, sessions and their deals.

Each view reads its body (``shape.py`` holds its keys and list sizes to the OpenAPI description,
``values.py`` checks every type), makes one call into the services or the rules core, and answers
JSON. Refusals come back as ``{"error": sentence, "problems": [...]}``:
400 a body that cannot be read, 404 no such session or deal, 409 a deal changed meanwhile,
412 a deal in no state its If-Match names, 413 a body over the size limit, 422 a deal whose
points are doubtful (nothing is stored). A deal has a stable id beside its number (its place,
which moves when an earlier deal is deleted), and an ETag that names the deal and its version;
a write by number or by id with If-Match changes only the deal the client read. A write of a
deal with an Idempotency-Key is made once: the same key again gets the first answer.
Seats are 0-based in order of play; in a team ruleset the results are per team (team 0 = seats
0 and 2).
"""

from __future__ import annotations

from typing import Any

import sqlite_utils
from flask import jsonify
from flask import request
from flask import url_for
from flask.views import MethodView
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import services
from ...rules import PRESETS
from ...rules import ScorekeeperError
from ...rules import check_count
from ...rules import count_pile
from ...rules.layout import seat_names
from ...services.deals import once as request_keys
from ...services.deals.inputs import audit_deal
from ...services.deals.inputs import parse_deal_input
from ...services.deals.record import find_deal
from ...services.sessions.details import correct_session
from ...services.sessions.lifecycle import ruleset_of
from ...services.sessions.protocol import build_protocol
from ...services.sessions.versions import session_version
from ...translate import error_text
from .. import errors
from ..access.auth import secret_hash
from ..conditional import entity_tag
from ..conditional import tagged
from ..conditional import unchanged
from ..converters import MAX_ID
from ..db import get_db
from . import bp
from . import etags
from . import once
from . import protocol as pj
from . import shape
from . import values as js

Answer = Response | tuple[Response, int] | tuple[Response, int, dict[str, str]]


@bp.errorhandler(ScorekeeperError)
def rules_error(error: ScorekeeperError) -> tuple[Response | str, int]:
    """The rules core refused the input (notation, ruleset, deal): a 400 with its sentence."""
    return errors.service_error(services.InputError(error_text(error)))


@bp.get("/rulesets")
def rulesets() -> Response:
    """Every preset with its options."""
    return jsonify([js.ruleset_json(ruleset) for ruleset in PRESETS.values()])


@bp.post("/count")
def count() -> Response:
    """Count a pile in threes; or, given "groups" and "claimed", check a count made at the table."""
    body = js.body_object()
    shape.count_body(body)
    ruleset = ruleset_of(body)
    if body.get("groups") is None:
        # At most a pack's worth of cards, counted before any is read; each card once.
        cards = js.pile_of(body.get("cards"), ruleset)
        return jsonify(js.pile_json(count_pile(cards, ruleset)))
    groups = js.groups_of(body["groups"], ruleset)
    claimed = js.whole_numbers(body.get("claimed"), "claimed")
    if len(claimed) != len(groups):
        raise services.InputError(
            _(
                "claimed must have a value for each of the %(n)s groups, not %(given)s",
                n=len(groups),
                given=len(claimed),
            ),
            "claimed",
        )
    return jsonify(js.count_check_json(check_count(groups, claimed, ruleset)))


@bp.post("/audit")
def audit() -> Response:
    """Audit a deal without storing it: points, scores, problems, the scarto, the piles."""
    body = js.body_object()
    shape.deal_body(body, "AuditRequest")
    ruleset = ruleset_of(body)
    deal = parse_deal_input(body, ruleset)
    if deal.form == "totals" and body.get("dealer") is None:
        dealer = 0  # the totals do not depend on who dealt
    else:
        dealer = js.seat_of(body.get("dealer"), ruleset, "dealer")
    names = js.names_of(body.get("players"), ruleset) or seat_names(ruleset, None)
    return jsonify(js.result_json(audit_deal(ruleset, dealer, deal, names)))


@bp.get("/sessions")
def session_list() -> Response:
    """Every session, newest first."""
    return jsonify([pj.session_summary_json(row) for row in services.list_sessions(get_db())])


@bp.post("/sessions")
def session_start() -> Answer:
    """Start a session; 201 with the session and the address of its page."""
    body = js.body_object()
    shape.session_body(body)
    session_id = services.start_session(get_db(), body, secret_hash())
    body = _protocol(session_id)
    return jsonify(body), 201, {"Location": body["url"]}


class SessionAt(MethodView):
    """One session: read, or correct. One rule for both methods, so that an id too large for a
    session (which the path's converter refuses) is a 404 for each, never a 405."""

    def get(self, session_id: int) -> Response:
        """A session's protocol: deals, running totals, games, standings, the next dealer. With
        its ETag; If-None-Match with it answers 304 while the session is unchanged."""
        stamp = session_version(get_db(), _checked_id(session_id))
        tag = entity_tag("session-json", stamp and stamp.version, request.host)
        if stamp is not None and (answer := unchanged(tag)):
            return answer
        session = services.load_session(get_db(), session_id)
        return tagged(jsonify(pj.protocol_json(build_protocol(session))), tag)

    def patch(self, session_id: int) -> Response:
        """Correct the day the session was played, or who sat at a seat; the session as now."""
        body = js.body_object()
        shape.check(body, "SessionCorrection")
        correct_session(get_db(), _checked_id(session_id), body)
        session = services.load_session(get_db(), session_id)
        return jsonify(pj.protocol_json(build_protocol(session)))


bp.add_url_rule("/sessions/<int:session_id>", view_func=SessionAt.as_view("session_detail"))


@bp.post("/sessions/<int:session_id>/deals")
def deal_record(session_id: int) -> Response:
    """Record the next deal; 422 and nothing stored when its points are doubtful. Once per
    Idempotency-Key (once.py)."""
    body = js.body_object()
    shape.deal_body(body)
    session_id = _checked_id(session_id)

    def record(db: sqlite_utils.Database) -> request_keys.Answer:
        session, deal = services.record_deal_in(db, session_id, body)
        row = pj.deal_row_json(build_protocol(session), deal.number)
        address = url_for("api.deal_by_id", session_id=session_id, deal_id=deal.id)
        return once.kept(deal, row, 201, Location=address)

    return once.write_once(session_id, body, record)


class DealAt(MethodView):
    """The deal at a number: its place, which moves when an earlier deal is deleted."""

    def get(self, session_id: int, number: int) -> Answer:
        """The deal as the session's "deals" list shows it, with its ETag."""
        return _deal_answer(session_id, number, None)

    def put(self, session_id: int, number: int) -> Answer:
        """Replace its input; 412 unless it is in a state If-Match names, 409 if it changed
        since the "version" given."""
        return _correct(session_id, number, None)

    def delete(self, session_id: int, number: int) -> tuple[str, int]:
        """Delete it; later deals move up. If-Match, ?version= (or "version" in a JSON body)."""
        return _delete(session_id, number, None)


class DealById(MethodView):
    """The deal with an id, wherever it now is: the id stays with it."""

    def get(self, session_id: int, deal_id: int) -> Answer:
        return _deal_answer(session_id, None, deal_id)

    def put(self, session_id: int, deal_id: int) -> Answer:
        return _correct(session_id, None, deal_id)

    def delete(self, session_id: int, deal_id: int) -> tuple[str, int]:
        return _delete(session_id, None, deal_id)


# One rule per address for all its methods: with a rule per method, werkzeug answers a path
# whose id the converter refuses with 405 (another method's rule matched it), not 404.
bp.add_url_rule("/sessions/<int:session_id>/deals/<int:number>", view_func=DealAt.as_view("deal"))
bp.add_url_rule(
    "/sessions/<int:session_id>/deals/by-id/<int:deal_id>",
    view_func=DealById.as_view("deal_by_id"),
)


def _correct(session_id: int, number: int | None, deal_id: int | None) -> Response:
    body = js.body_object()
    shape.deal_body(body, "DealCorrection")
    version = etags.version_of(body.get("version"))
    seen, session_id = etags.if_match(), _checked_id(session_id)

    def correct(db: sqlite_utils.Database) -> request_keys.Answer:
        deal = services.correct_deal(db, session_id, number, body, version, deal_id, seen)
        return _deal_json(db, session_id, None, deal.id)

    return once.write_once(session_id, body, correct)


def _delete(session_id: int, number: int | None, deal_id: int | None) -> tuple[str, int]:
    given: Any = request.args.get("version")
    if given is None and request.content_length:
        given = js.body_object().get("version")
    version, seen = etags.version_of(given), etags.if_match()
    services.delete_deal(get_db(), _checked_id(session_id), number, version, deal_id, seen)
    return "", 204


def _deal_answer(session_id: int, number: int | None, deal_id: int | None) -> Response:
    return once.sent(_deal_json(get_db(), _checked_id(session_id), number, deal_id))


def _deal_json(
    db: sqlite_utils.Database, session_id: int, number: int | None, deal_id: int | None
) -> request_keys.Answer:
    """A deal as the session's "deals" list shows it, with the running totals after it."""
    session = services.load_session(db, session_id)
    deal = find_deal(session, number, deal_id)
    return once.kept(deal, pj.deal_row_json(build_protocol(session), deal.number), 200)


def _protocol(session_id: int) -> dict[str, Any]:
    session = services.load_session(get_db(), _checked_id(session_id))
    return pj.protocol_json(build_protocol(session))


def _checked_id(session_id: int) -> int:
    if session_id > MAX_ID:
        raise services.NotFoundError(_("no session %(id)s", id=session_id))
    return session_id


@bp.post("/sessions/<int:session_id>/replay")
def replay(session_id: int) -> Response:
    """Replay the next deal's play entered so far: who led and won, who plays next, problems."""
    session = services.load_session(get_db(), session_id)
    body = js.body_object()
    shape.deal_body(body, "ReplayRequest")
    played = services.preview_play(session, body)
    return jsonify(replay_json(played, session.players))


def replay_json(played: Any, players: tuple[str, ...]) -> dict[str, Any]:
    """A replay as JSON: each trick with its leader and winner, and the running points."""
    return {
        "complete": played.complete,
        "tricks": [
            {
                "number": number,
                "leader": t.leader,
                "winner": t.winner,
                "cards": [card.code for card in t.cards],
                "points": list(points),
            }
            for number, (t, points) in enumerate(
                zip(played.tricks, played.running, strict=True), start=1
            )
        ],
        "current": [card.code for card in played.current],
        "next_seat": played.next_seat,
        "next_player": None if played.next_seat is None else players[played.next_seat],
        "problems": js.problems_json(played.problems),
    }
