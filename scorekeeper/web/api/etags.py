"""Deal versions and entity tags: which state of a deal a client says it has seen.

A deal's ETag names its id and version (``"deal-17-v3"``); a write with ``If-Match`` or a
``"version"`` is made only if the deal is still in that state (views.py, services/deals/record.py).
"""

from __future__ import annotations

import re

from flask import request
from flask_babel import gettext as _

from ...services import InputError
from ..converters import MAX_ID


def deal_etag(deal_id: int, version: int) -> str:
    """A deal's strong entity tag, ``"deal-17-v3"``: its id and its version, which changes
    with every change to it, so the tag names one state of one deal."""
    return f'"deal-{deal_id}-v{version}"'


def version_of(value: object) -> int | None:
    """The optional version a client last saw of a deal, for optimistic locking."""
    if value is None:
        return None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 10:
        value = int(value)  # from a query string
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_ID:
        raise InputError(_("version must be a whole number"), "version")
    return value


def if_match() -> frozenset[tuple[int, int]] | None:
    """The deal states the request's If-Match names (``if_match_of``)."""
    given = request.headers.getlist("If-Match")
    return if_match_of(", ".join(given)) if given else None


def if_match_of(value: str | None) -> frozenset[tuple[int, int]] | None:
    """The deal states, (id, version), an If-Match value names with ``deal_etag``'s tags; None
    for no condition: no header, or "*" (any deal there: a missing one is a 404 anyway). A value
    that cannot be read names none, so that the write is refused (412), not made on a guess:
    the condition holds only if a tag listed matches (RFC 9110 13.1.1), and weak tags never do."""
    if value is None or value.strip(" \t") == "*":
        return None
    seen: set[tuple[int, int]] = set()
    position = 0
    while position < len(value):  # every match but the last takes a comma
        item = _ENTITY_TAGS.match(value, position)
        if item is None:
            return frozenset()
        weak, tag = item.groups()
        ours = _DEAL_TAG.fullmatch(tag or "")
        if ours and not weak:
            seen.add((int(ours[1]), int(ours[2])))
        position = item.end()
    return frozenset(seen)


_ENTITY_TAGS = re.compile(r'[ \t]*(?:(W/)?"([^"]*)")?[ \t]*(?:,|\Z)')
"""One element of an entity-tag list, and the comma after it: ``W/"x"``, ``"deal-17-v3"``."""
_DEAL_TAG = re.compile(r"deal-([0-9]{1,19})-v([0-9]{1,19})")
