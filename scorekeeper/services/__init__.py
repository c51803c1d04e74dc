"""Use cases: each loads, calls the rules core, and saves in one transaction."""

from .deals import check_scarto_first
from .deals import correct_deal
from .deals import dealer_for
from .deals import delete_deal
from .deals import deleted_deals
from .deals import preview_deal
from .deals import record_deal
from .deals import record_deal_in
from .deals import restore_deal
from .errors import ConflictError
from .errors import InputError
from .errors import NotFoundError
from .errors import PreconditionFailedError
from .errors import ServiceError
from .errors import UnrecordableDealError
from .loaded import Deal
from .loaded import Session
from .loaded import load_session
from .plays import import_record
from .plays import preview_play
from .plays import record_of
from .plays import replay_of
from .plays import save_play_draft
from .sessions import SESSION_LANGUAGES
from .sessions import delete_session
from .sessions import list_sessions
from .sessions import start_session

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
