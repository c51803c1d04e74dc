"""Import what a keeper uploads (issue #34): an export file, or a PDF that carries exports (a
session sheet), through the API (POST /api/v1/imports), the keeper's page or ``flask import``.

A PDF is told by its first bytes (``%PDF-``), or by what the request says it is; its attached
exports are read within ``IMPORT_MAX_BYTES`` (storage/exchange_pdf.py) and imported together as
an export file is (importing.py): every session checked as the app would have made it, then all
stored in one transaction, or none. The web's refusals are the services' errors: 400 with the
file's fault, and a stable code where there is one (``no-export-in-pdf``...); 409
``already-imported`` naming the sessions the file's became before; 413 over the limit.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils
from flask import current_app
from flask import has_app_context

from ...rules import Problem
from ...rules.problem import translatable
from ...storage.checks import AT_PLACE
from ...storage.checks import ExchangeError
from ...storage.exchange_pdf import PDF_START
from ...storage.exchange_pdf import Attachment
from ...storage.exchange_pdf import exports_in_pdf
from ...storage.origins import AlreadyImportedError
from ...translate import error_text
from ..errors import ConflictError
from ..errors import InputError
from ..errors import TooLargeError
from . import importing
from .importing import Imported

UPLOAD_MAX_SESSIONS = 100
"""Sessions of one upload (the API's, the keeper's page's): a club's evenings of a season. Each
is checked deal by deal and all are stored in one write: a request holds a worker and then the
database's write lock for no more than that (100 sessions of 30 deals: 4 MB, 0.7 s of CPU
here). ``flask import`` takes a file of up to MAX_SESSIONS."""
IMPORT_MAX_BYTES = 8 * 2**20
"""8 MB: what an upload may be, and what the exports attached to a PDF may inflate to. A session
sheet is some 100 KB, its export some 10 to 100 KB; the config's IMPORT_MAX_BYTES says otherwise."""
_TOO_LARGE = translatable(
    "the file is larger than an import may be: %(most)s MB (IMPORT_MAX_BYTES)"
)


class ImportedBeforeError(ConflictError):
    """Sessions of the upload were imported before (HTTP 409, problem ``already-imported``):
    nothing is stored. ``answer`` adds them to the API's refusal: ``{"sessions": [{"id",
    "origin_session_id"}]}``, each the session it became here, with its id in its database."""

    def __init__(self, error: AlreadyImportedError) -> None:
        super().__init__(error_text(error))
        self.problems = (_problem(error),)
        self.sessions = [{"id": here, "origin_session_id": there} for here, there in error.sessions]
        self.answer: dict[str, Any] = {"sessions": self.sessions}


def import_max_bytes() -> int:
    """The most an upload may be: the app's IMPORT_MAX_BYTES where the services run in one."""
    if has_app_context():
        return int(current_app.config.get("IMPORT_MAX_BYTES", IMPORT_MAX_BYTES))
    return IMPORT_MAX_BYTES


def checked_limit(value: object) -> int:
    """The IMPORT_MAX_BYTES a config gives, if it is a whole number of bytes, at least 1."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"IMPORT_MAX_BYTES must be a whole number of bytes, not {value!r}")
    return value


def import_upload(db: sqlite_utils.Database, raw: bytes, kind: str | None = None) -> Imported:
    """Import an upload, all or nothing: a PDF or an export file as ``kind`` says (``"pdf"``,
    ``"json"``), or as its first bytes say.

    :raises TooLargeError: over IMPORT_MAX_BYTES.
    :raises InputError: what is wrong with the file, and where.
    :raises ImportedBeforeError: sessions imported before.
    """
    if len(raw) > import_max_bytes():
        raise too_large()
    try:
        return import_exports(db, read_upload(raw, kind))
    except AlreadyImportedError as error:
        raise ImportedBeforeError(error) from None
    except ExchangeError as error:
        problems = (_problem(error),) if error.code else ()
        raise InputError(error_text(error), problems=problems) from None


def too_large() -> TooLargeError:
    """The refusal of an upload over IMPORT_MAX_BYTES, in the reader's language."""
    most = f"{import_max_bytes() / 2**20:.3g}"
    return TooLargeError(error_text(ExchangeError(_TOO_LARGE, most=most)))


def read_upload(raw: bytes, kind: str | None = None) -> list[Attachment]:
    """The export files of an upload: the exports a PDF carries, or the upload itself.

    :raises ExchangeError: a PDF that gives none (storage/exchange_pdf.py).
    """
    if kind == "pdf" or (kind is None and raw.startswith(PDF_START)):
        if len(raw) > importing.MAX_FILE_BYTES:  # the largest file flask import reads
            too_large = translatable("the file is larger than %(most)s MB")
            raise ExchangeError(too_large, most=importing.MAX_FILE_BYTES // 2**20)
        return exports_in_pdf(raw, import_max_bytes())
    return [Attachment("", raw)]


def import_exports(db: sqlite_utils.Database, files: list[Attachment]) -> Imported:
    """Import export files together: each checked, then all their sessions stored in one
    transaction, or none. A fault in one of several is said with its file's name.

    :raises ExchangeError: what is wrong and where (AlreadyImportedError: imported before).
    """
    checked = []
    reworded = 0
    left = UPLOAD_MAX_SESSIONS  # for all the files together
    for attached in files:
        try:
            sessions, changed = importing.check_file(attached.data, left)
        except ExchangeError as error:
            if len(files) == 1:
                raise
            raise ExchangeError(AT_PLACE, where=attached.name, error=error) from None
        checked += sessions
        reworded += changed
        left -= len(sessions)
    return importing.store_checked(db, checked, reworded)


def _problem(error: ExchangeError) -> Problem:
    """The refusal as a problem with its code, its words kept for the reader's language."""
    params = tuple((name, value) for name, value in error.params if isinstance(value, str | int))
    return Problem(error.code, str(error), None, error.template, params)
