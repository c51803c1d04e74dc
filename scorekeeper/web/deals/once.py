"""Saving a deal from its form once (services/deals/once.py): each form, as it is shown,
carries a fresh request key; a save is recorded with it, and the same key with the same values
again records nothing. The same key with other values is another write: a form brought back by
Back or a reload and filled in again records a new deal, never over the one it saved
(a correction form is checked against the version it was opened at).

static/save.js asks ``request_state`` when a form comes back (Back, or a page kept by the
browser), and keeps a save that did not reach the server to send it again with its key.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils
from flask import request
from flask import url_for
from flask_babel import gettext as _

from ... import services
from ...services.deals import once as request_keys
from ..db import get_db

FIELD = "request_key"


def give_key(form: Any) -> None:
    """A form shown without a key (a new page, or one sent by an older page) gets a fresh one;
    a form shown again (Check, a refusal) keeps the one it came with."""
    if not form.request_key.data:
        form.request_key.data = request_keys.new_request_key()


def save_deal(
    session: services.Session, form: Any, body: dict[str, Any], number: int | None
) -> request_keys.Answer:
    """Record the deal, or correct deal ``number``, once per the form's request key. The answer
    says where to go (Location: the protocol at the deal), or that the key was used
    (``replayed``), with the deal it saved."""

    def write(db: sqlite_utils.Database) -> request_keys.Answer:
        moved = False
        if number is None:
            now, deal = services.record_deal_in(db, session.id, body)
            last = now.deals[-2].id if len(now.deals) > 1 else 0
            moved = bool(form.after.data) and _number(form.after.data) != last
        else:
            version, deal_id = _number(form.version.data), _number(form.deal_id.data)
            deal = services.correct_deal(db, session.id, number, body, version, deal_id)
        location = protocol_at(session.id, deal, moved)
        return request_keys.Answer(deal.id, 303, headers={"Location": location})

    key = request_keys.check_request_key(form.request_key.data, FIELD)
    sent = request_keys.fingerprint(request.method, request.path, body)
    stored_as = request_keys.form_key(key, sent)
    return request_keys.write_once(get_db(), session.id, stored_as, sent, write)


def protocol_at(session_id: int, deal: services.Deal, moved: bool = False) -> str:
    """The protocol, scrolled to the deal just saved, which it names (saved=); ``moved``: a
    new deal saved after deals recorded since its form was opened (after=)."""
    extra: dict[str, Any] = {"moved": 1} if moved else {}
    return url_for(
        "sessions.detail",
        session_id=session_id,
        saved=deal.id,
        _anchor=f"deal-{deal.number}",
        **extra,
    )


def saved_deal(session: services.Session, deal_id: int) -> services.Deal | None:
    """The deal a key saved, where it now is; None if it was deleted since."""
    return next((deal for deal in session.deals if deal.id == deal_id), None)


def request_state(session_id: int, key: str) -> dict[str, Any]:
    """Whether a form's key saved a deal already (static/save.js), with the sentences the
    script shows, in the page's language. Asked each time an entry page is shown: the session
    is read only when the key was used."""
    texts = {
        "correct": _("Correct it"),
        "unsent": _(
            "Not saved: the connection dropped. Everything you typed is kept here; it will be "
            "sent by itself when the connection is back, or tap Save again."
        ),
        "kept": _(
            "Not saved yet: what you typed was kept and is shown again. It will be sent by "
            "itself when the connection is back, or tap Save again."
        ),
    }
    used = request_keys.last_form_write(get_db(), session_id, key)
    if used is None:
        return {"saved": False, "texts": texts}
    session = services.load_session(get_db(), session_id)
    deal = saved_deal(session, used.deal_id)
    if deal is None:  # deleted since: its form offers to record it anew
        return {"saved": False, "texts": texts}
    following = len(session.deals) + 1
    return {
        "saved": True,
        "number": deal.number,
        "correct_url": url_for("deals.edit", session_id=session_id, number=deal.number),
        "protocol_url": used.headers.get("Location") or protocol_at(session_id, deal),
        "texts": texts
        | {
            "saved": _("Deal %(n)s was saved.", n=deal.number),
            # A new deal's form brought back is the next deal's form now (form_key).
            "next": _("Deal %(n)s", n=following),
        },
    }


def _number(text: str | None) -> int | None:
    return int(text) if text and text.isascii() and text.isdigit() else None
