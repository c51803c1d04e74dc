"""Access: the keeper's password, the API's tokens, the keeper's logins, sessions' read links
and PINs, the club link, and the failed attempts counted against guessing.

Each of these is one statement on the access tables, in a transaction of its own where it
writes (storage/access.py, storage/logins.py): the web asks for them here, as for every other
use case, and never reaches past the services into storage.
"""

from werkzeug.security import generate_password_hash

from ..storage.access import active_tokens
from ..storage.access import add_token
from ..storage.access import club_link
from ..storage.access import end_club_link
from ..storage.access import forget_attempt
from ..storage.access import has_keeper_password
from ..storage.access import is_live_club_link
from ..storage.access import keeper_password_hash
from ..storage.access import list_tokens
from ..storage.access import new_club_link
from ..storage.access import reserve_attempt
from ..storage.access import revoke_token
from ..storage.access import session_by_read_token
from ..storage.access import session_secrets
from ..storage.access import set_keeper_password_hash
from ..storage.logins import active_logins
from ..storage.logins import end_login
from ..storage.logins import find_login
from ..storage.logins import start_login

DEFAULT_HASH = "scrypt"
"""How a keeper password or an edit PIN is hashed unless the app says otherwise
(SECRET_HASH_METHOD): slow on purpose, against guessing from a stolen database."""


def hash_secret(secret: str, method: str = DEFAULT_HASH) -> str:
    """What is stored of a keeper password or an edit PIN: werkzeug's salted hash by ``method``.
    Checking reads the method from the hash, so a hash made one way is still checked later."""
    return generate_password_hash(secret, method=method)


__all__ = [
    "DEFAULT_HASH",
    "hash_secret",
    "active_logins",
    "active_tokens",
    "add_token",
    "club_link",
    "end_club_link",
    "end_login",
    "find_login",
    "forget_attempt",
    "has_keeper_password",
    "is_live_club_link",
    "keeper_password_hash",
    "list_tokens",
    "new_club_link",
    "reserve_attempt",
    "revoke_token",
    "session_by_read_token",
    "session_secrets",
    "set_keeper_password_hash",
    "start_login",
]
