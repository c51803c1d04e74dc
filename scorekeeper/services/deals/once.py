"""Saving a deal once: a write sent again with its request key is answered, not done again.

A phone on a weak signal sends a deal, loses the answer and sends it again; a keeper goes Back
and taps Save a second time. Each write of a deal may come with a key (a form's hidden
request_key, the API's Idempotency-Key header): the first time, the deal and the key with the
answer are stored in one transaction; the same key again in the session, within ``KEEP``
seconds, gets that answer back and stores nothing.

A page's form keeps its key through Back and a reload, and may then be filled in for another
deal: for a form, a write is the same one only with the same key *and* the same values
(``form_key``), so that a form used again never saves over the deal it saved before.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

import sqlite_utils
from flask_babel import gettext as _

from ...storage import request_keys as storage
from ..errors import InputError

KEEP = 48 * 3600
"""Seconds a key is honoured, then purged: a client retries within minutes; this leaves a day
to spare beyond the promised 24 hours."""
MAX_LENGTH = 200


@dataclass(frozen=True, slots=True)
class Answer:
    """The first answer to a deal's write, kept with its key to be given again."""

    deal_id: int
    status: int
    body: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    replayed: bool = False
    """Given again: the key had been used, and nothing was stored now."""
    same_request: bool = True
    """Replayed to the request the key first came with: same method, address and body."""


def new_request_key() -> str:
    """A fresh key for a form as it is shown: random, so no two forms share one."""
    return secrets.token_urlsafe(18)


def check_request_key(text: str, name: str) -> str:
    """The key as sent, if it is 1 to 200 printable ASCII characters; else InputError."""
    if not 0 < len(text) <= MAX_LENGTH or not all(" " <= c <= "~" for c in text):
        raise InputError(
            _(
                "%(name)s must be 1 to %(n)s printable ASCII characters",
                name=name,
                n=MAX_LENGTH,
            )
        )
    return text


def form_key(key: str, request: str) -> str:
    """The key a form's write is kept under: its request key and what it sends (its
    ``fingerprint``). The same form sent again with the same values is the same write; with
    other values, another one (a new deal, or a correction checked against its version)."""
    return f"{key}{FORM_SEPARATOR}{request[:24]}"


FORM_SEPARATOR = "+"
"""Between a form's request key and its values' fingerprint (``form_key``): a character a form's
key (secrets.token_urlsafe) never holds."""


def fingerprint(*request: object) -> str:
    """What makes two requests the same one: their method, address, body and the like."""
    text = json.dumps(request, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def write_once(
    db: sqlite_utils.Database,
    session_id: int,
    key: str,
    request: str,
    write: Callable[[sqlite_utils.Database], Answer],
) -> Answer:
    """Make a deal's ``write`` and keep its answer under ``key``, in one transaction; or, if the
    key was used, give the first answer again (``replayed``) and write nothing. ``request`` is
    the request's ``fingerprint``; ``write`` gets the database to write in."""
    now = time.time()
    with storage.write(db) as nested:
        storage.purge_request_keys(db, now - KEEP)
        used = storage.load_request_key(db, session_id, key, now - KEEP)
        if used is not None:
            same = used["fingerprint"] == request
            return replace(_answer_of(used), replayed=True, same_request=same)
        answer = write(nested)
        row = {
            "session_id": session_id,
            "key": key,
            "fingerprint": request,
            "deal_id": answer.deal_id,
            "status": answer.status,
            "answer": answer.body,
            "headers": dict(answer.headers),
            "at": now,
        }
        storage.save_request_key(db, row)
    return answer


def used_request_key(db: sqlite_utils.Database, session_id: int, key: str) -> Answer | None:
    """The first answer given with the session's ``key``, if it was used (and not yet purged)."""
    row = storage.load_request_key(db, session_id, key, time.time() - KEEP)
    return None if row is None else _answer_of(row)


def last_form_write(db: sqlite_utils.Database, session_id: int, key: str) -> Answer | None:
    """The answer to the last write a form's ``key`` made, whatever values it sent."""
    row = storage.load_last_form_key(db, session_id, key, FORM_SEPARATOR, time.time() - KEEP)
    return None if row is None else _answer_of(row)


def _answer_of(row: Mapping[str, Any]) -> Answer:
    return Answer(row["deal_id"], row["status"], row["answer"] or "", row["headers"])
