"""Use cases: each loads, calls the rules core, and saves in one transaction."""

from .deals.plays import import_record
from .deals.plays import preview_play
from .deals.plays import record_of
from .deals.plays import replay_of
from .deals.plays import save_play_draft
from .deals.record import check_scarto_first
from .deals.record import correct_deal
from .deals.record import dealer_for
from .deals.record import delete_deal
from .deals.record import deleted_deals
from .deals.record import preview_deal
from .deals.record import record_deal
from .deals.record import record_deal_in
from .deals.record import restore_deal
from .errors import ConflictError
from .errors import InputError
from .errors import NotFoundError
from .errors import PreconditionFailedError
from .errors import ServiceError
from .errors import UnrecordableDealError
from .sessions.lifecycle import SESSION_LANGUAGES
from .sessions.lifecycle import delete_session
from .sessions.lifecycle import list_sessions
from .sessions.lifecycle import start_session
from .sessions.loaded import Deal
from .sessions.loaded import Session
from .sessions.loaded import load_session

__all__ = [
    "ConflictError",
    "PreconditionFailedError",
    "SESSION_LANGUAGES",
    "Deal",
    "InputError",
    "NotFoundError",
    "ServiceError",
    "Session",
    "UnrecordableDealError",
    "check_scarto_first",
    "correct_deal",
    "dealer_for",
    "delete_deal",
    "delete_session",
    "deleted_deals",
    "restore_deal",
    "list_sessions",
    "load_session",
    "preview_deal",
    "preview_play",
    "save_play_draft",
    "import_record",
    "record_deal",
    "record_deal_in",
    "record_of",
    "replay_of",
    "start_session",
]
