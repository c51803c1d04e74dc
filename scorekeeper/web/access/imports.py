"""The keeper's import page, /keeper/import (issue #34): an export file (.json) or a session
sheet (.pdf) that carries one, uploaded and imported as new sessions, all or nothing, as the
API's POST /api/v1/imports does (services/sessions/uploads.py). A refusal is shown beside the
form with its status: 400 what is wrong with the file, 409 sessions imported before (with links
to what they became), 413 over IMPORT_MAX_BYTES.

The upload may be larger than any other request (``larger_body``). The form checks its own
token (FlaskForm, as every form's is checked), so the form-token guard, which reads a form
before its view at the limit of every other request, leaves this page to it.
"""

from __future__ import annotations

from typing import Any

from flask import abort
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import SubmitField

from ...services import ServiceError
from ...services.sessions.uploads import ImportedBeforeError
from ...services.sessions.uploads import import_max_bytes
from ...services.sessions.uploads import import_upload
from ...services.sessions.uploads import too_large
from ..db import get_db
from ..errors import larger_body
from ..errors import status_of
from ..forms import csrf
from ..forms import field_text
from . import bp
from .auth import is_keeper

FRAMING = 64 * 1024
"""What a form's upload holds besides the file: the form token, the button, the parts' heads."""
SHOWN = 50
"""Sessions named after an import: a file of a club's whole history has thousands."""


class ImportForm(FlaskForm):
    upload = FileField(_l("An export file (.json) or a session sheet (.pdf)"))
    submit = SubmitField(_l("Import"))


@bp.route("/keeper/import", methods=["GET", "POST"])
@larger_body("IMPORT_MAX_BYTES", FRAMING)
def imports() -> Any:
    """Import an uploaded export file or session sheet; after it, the sessions it made."""
    if not is_keeper():
        abort(403)
    made = _ids(request.args.get("imported", ""))
    try:
        form = ImportForm()
        submitted = form.validate_on_submit()
    except RequestEntityTooLarge:
        form = ImportForm(formdata=None)
        return _page(form, made, field_text(too_large())), 413
    if not submitted:
        return _page(form, made), 400 if form.is_submitted() else 200
    upload = form.upload.data
    if not upload:
        return _page(form, made, _("Choose a file to import.")), 400
    try:
        imported = import_upload(get_db(), upload.read(import_max_bytes() + 1))
    except ServiceError as error:
        before = error.sessions if isinstance(error, ImportedBeforeError) else []
        return _page(form, made, field_text(error), before), status_of(error)
    listed = ",".join(map(str, imported.session_ids[:SHOWN]))
    return redirect(url_for("access.imports", imported=listed), 303)


csrf.exempt(imports)  # its form checks its token itself: above


def _page(form: ImportForm, made: list[int], error: str = "", before: Any = ()) -> str:
    if error:  # beside the file's field, as its own error
        form.upload.errors = [*form.upload.errors, error]
    return render_template(
        "keeper/import.html",
        form=form,
        made=made,
        before=before,
        most_mb=import_max_bytes() / 2**20,
    )


def _ids(value: str) -> list[int]:
    """Session ids from the page's address after an import (``?imported=12,13``)."""
    parts = value.split(",")[:SHOWN]
    return [int(part) for part in parts if part.isascii() and part.isdigit() and len(part) < 19]
