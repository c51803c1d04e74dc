"""Refusals as pages or JSON: 400, 404, 409, 412, 413, 415, 422; never a 500 for bad input.

Every request's body is held to MAX_CONTENT_LENGTH (256 KB), but for the views marked with
``larger_body``, which take a larger one (an import, IMPORT_MAX_BYTES)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Flask
from flask import current_app
from flask import render_template
from flask import request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from ..services import ConflictError
from ..services import InputError
from ..services import NotFoundError
from ..services import PreconditionFailedError
from ..services import ServiceError
from ..services import UnrecordableDealError
from ..services.errors import TooLargeError
from ..translate import error_text
from ..translate import problem_text
from .api.values import problems_json

STATUS = {
    InputError: 400,
    NotFoundError: 404,
    ConflictError: 409,
    PreconditionFailedError: 412,
    TooLargeError: 413,
    UnrecordableDealError: 422,
}


def status_of(error: ServiceError) -> int:
    """The status of a refusal: its class's, or the nearest base class's (a LookAlikeError is
    a ConflictError: 409)."""
    return next((STATUS[kind] for kind in type(error).__mro__ if kind in STATUS), 400)


def init_app(app: Flask) -> None:
    app.before_request(whole_body_within_limit)
    app.register_error_handler(ServiceError, service_error)
    app.register_error_handler(HTTPException, http_error)


View = TypeVar("View", bound=Callable[..., object])


def larger_body(setting: str, margin: int = 0) -> Callable[[View], View]:
    """Mark a view that takes a body larger than MAX_CONTENT_LENGTH: up to the app's config
    ``setting``, and ``margin`` bytes more (a form's other fields and framing around a file)."""

    def mark(view: View) -> View:
        view.body_limit = (setting, margin)  # type: ignore[attr-defined]
        return view

    return mark


def whole_body_within_limit() -> None:
    """A body sent in chunks, without a Content-Length, is read up to the size limit and no
    further (Werkzeug's LimitedStream); a body that fills the limit was cut there and is refused
    with 413, rather than read as a shorter body it is not. The limit is the view's own where
    it is marked with ``larger_body``, and MAX_CONTENT_LENGTH for every other."""
    view = current_app.view_functions.get(request.endpoint or "")
    own: tuple[str, int] | None = getattr(view, "body_limit", None)
    if own is not None:
        request.max_content_length = int(current_app.config[own[0]]) + own[1]
    limit = request.max_content_length
    streamed = request.content_length is None and request.environ.get("wsgi.input_terminated")
    if not streamed or limit is None or request.method in ("GET", "HEAD", "OPTIONS"):
        return
    if len(request.get_data()) >= limit:
        raise RequestEntityTooLarge()


def wants_json() -> bool:
    return request.path.startswith("/api/")


def service_error(error: ServiceError) -> tuple[Response | str, int]:
    status = status_of(error)
    problems = getattr(error, "problems", ())
    if isinstance(error, UnrecordableDealError):
        problems = error.result.problems
    message = error_text(error)  # the services' sentences are in the reader's language
    if wants_json():
        body = {"error": message, "problems": problems_json(problems)}
        body |= getattr(error, "answer", {})  # what a refusal adds: an import's sessions
        return app_json(body), status
    # A page says each sentence once: a problem that is the refusal itself (session-full) is not
    # listed again under it.
    problems = tuple(p for p in problems if problem_text(p) != message)
    return render_template("error.html", message=message, problems=problems), status


def http_error(error: HTTPException) -> tuple[Response | str, int, list[tuple[str, str]]]:
    status = error.code or 500
    # The error's own headers, but for its content type: a 405 keeps the Allow that RFC 9110
    # requires of it (which methods the address takes).
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    message = {
        400: _("The request could not be read."),
        404: _("There is no such page."),
        405: _("This address does not take that method."),
        413: _("The request is too large."),
    }.get(status, error.description or error.name)
    if error.description and error.description != type(error).description:
        message = error.description  # the app's own sentence, given to abort()
    if wants_json():
        return app_json({"error": message, "problems": []}), status, headers
    return render_template("error.html", message=message, problems=()), status, headers


def app_json(body: object) -> Response:
    from flask import jsonify

    return jsonify(body)
