"""The JSON API's imports (issue #34): an export file, or a PDF that carries exports (a session
sheet), imported as new sessions, all or nothing (services/sessions/uploads.py).

The body is the file itself, up to IMPORT_MAX_BYTES (8 MB unless the config says otherwise;
every other request keeps MAX_CONTENT_LENGTH): ``application/json`` or ``application/pdf``, any
other type 415. 201 ``{"sessions": [{"id", "origin_session_id"}]}``; 400 what is wrong with the
file (``no-export-in-pdf``...); 409 ``already-imported`` with the sessions the file's became; 413
over the limit. A write, as the others: a read-write token once a keeper password is set.
"""

from __future__ import annotations

from flask import abort
from flask import jsonify
from flask import request
from flask_babel import gettext as _

from ...services.sessions.uploads import import_upload
from ..db import get_db
from ..errors import larger_body
from . import bp
from .views import Answer

KINDS = {"application/json": "json", "application/pdf": "pdf"}
"""The bodies an import takes, by their Content-Type, and how each is read."""


@bp.post("/imports")
@larger_body("IMPORT_MAX_BYTES")
def imports() -> Answer:
    """Import the sessions of an export file, or of the exports a PDF carries: 201."""
    kind = KINDS.get(request.mimetype)
    if kind is None:
        abort(
            415,
            _(
                "An import is an export file (application/json) or a PDF that carries one "
                "(application/pdf), not %(type)s.",
                type=request.mimetype or _("a body without a type"),
            ),
        )
    imported = import_upload(get_db(), request.get_data(), kind)
    made = zip(imported.session_ids, imported.origin_ids, strict=True)
    sessions = [{"id": new, "origin_session_id": origin} for new, origin in made]
    return jsonify({"sessions": sessions}), 201
