"""A deal's write made once per Idempotency-Key (services/deals/once.py): the same key again
in the session gets the first answer, with the header Idempotent-Replayed: true."""

from __future__ import annotations

from collections.abc import Callable

import sqlite_utils
from flask import jsonify
from flask import request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import services
from ...services.deals import once as request_keys
from ..db import get_db
from . import etags

HEADER = "Idempotency-Key"
Write = Callable[[sqlite_utils.Database], request_keys.Answer]
"""A deal's write in the database it is given, and its answer."""


def write_once(session_id: int, body: object, write: Write) -> Response:
    """Make the write once per key: the same key again in the session is given the first answer,
    and with another request (method, address, If-Match or body) 422; nothing is written either
    time. Without a key, every request writes."""
    given = request.headers.get(HEADER)
    if given is None:
        return sent(write(get_db()))
    key = request_keys.check_request_key(given, HEADER)
    same = (request.method, request.path, request.headers.get("If-Match"), body)
    answer = request_keys.write_once(
        get_db(), session_id, key, request_keys.fingerprint(*same), write
    )
    if not answer.same_request:
        message = _(
            "this %(header)s was used before with another request: nothing was stored; "
            "send a new key with a new request",
            header=HEADER,
        )
        refused = jsonify({"error": message, "problems": []})
        refused.status_code = 422
        return refused
    response = sent(answer)
    if answer.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


def kept(deal: services.Deal, body: object, status: int, **headers: str) -> request_keys.Answer:
    """A deal's answer as it is kept with its key: the JSON body as sent, status, ETag and the
    other headers given."""
    text = jsonify(body).get_data(as_text=True)
    etag = etags.deal_etag(deal.id, deal.version)
    return request_keys.Answer(deal.id, status, text, {"ETag": etag, **headers})


def sent(answer: request_keys.Answer) -> Response:
    """The answer as a response."""
    return Response(answer.body, answer.status, dict(answer.headers), mimetype="application/json")
