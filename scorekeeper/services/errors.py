"""What a service can refuse, mapped by the web layer to 400, 404, 409, 412, 413 and 422."""

from __future__ import annotations

from flask_babel import gettext
from flask_babel import gettext as _

from ..rules import Problem
from ..rules import ScorekeeperError
from ..rules.audit import DealResult
from ..rules.problem import Params
from ..translate import error_text
from ..translate import problem_text


class ServiceError(Exception):
    """Base of the refusals; ``str()`` is a sentence for the user."""


class InputError(ServiceError):
    """The input cannot be read: wrong type, missing field, unknown card (HTTP 400).

    Its sentence names the field as the JSON API does (``points``, ``piles[1]``); one made by
    ``field_error`` keeps its English template and values, so that a page can name the field by
    its label instead (web/forms.py ``field_text``).
    """

    def __init__(
        self,
        message: str,
        field: str | None = None,
        problems: tuple[Problem, ...] = (),
        *,
        template: str = "",
        params: Params = (),
    ) -> None:
        super().__init__(message)
        self.field = field
        self.problems = problems
        self.template = template
        self.params = params


def field_error(
    template: str, field: str, problems: tuple[Problem, ...] = (), **params: str | int
) -> InputError:
    """An InputError at ``field`` whose template names it as ``%(field)s``: the template is
    English, marked with ``translatable()``, and translated here."""
    values = {"field": field, **params}
    try:
        message = gettext(template) % values
    except (KeyError, TypeError, ValueError):  # a broken translation: the English is right
        message = template % values
    return InputError(message, field, problems, template=template, params=tuple(values.items()))


def rules_error(error: ScorekeeperError, field: str | None = None) -> InputError:
    """The rules core's refusal as an InputError, its sentence in the reader's language."""
    return InputError(error_text(error), field)


class NotFoundError(ServiceError):
    """No such session or deal (HTTP 404)."""


class UnrecordableDealError(ServiceError):
    """The deal can be read but its points are doubtful: nothing is stored (HTTP 422)."""

    def __init__(self, result: DealResult) -> None:
        blocking = [p for p in result.problems if p.code not in _RULE_ONLY]
        problems = "; ".join(problem_text(p) for p in blocking)
        super().__init__(_("this deal cannot be recorded: %(problems)s", problems=problems))
        self.result = result


class ConflictError(ServiceError):
    """The deal changed meanwhile on another device (HTTP 409)."""


class TooLargeError(ServiceError):
    """What was sent is larger than the service takes: nothing is read further (HTTP 413)."""


class PreconditionFailedError(ConflictError):
    """The deal is in none of the states the client says it has seen (HTTP 412)."""


_RULE_ONLY = {"scarto-illegal", "scarto-announcement"}
