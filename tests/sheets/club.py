"""Club mode for the sheet tests: the QR code is printed only when phones can open its link."""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.storage import access
from scorekeeper.storage.db import open_db
from tests.passwords import quick_hash

LAN = "192.168.1.10"


def set_password(app) -> None:
    """Club mode: a keeper password is set."""
    access.set_keeper_password_hash(open_db(app.config["DATABASE"]), quick_hash("x"))


def reader(app, session_id: int, base_url: str = "http://localhost"):
    """A test client that opened the session's read link at base_url, as a scanned QR code does."""
    token = services.load_session(open_db(app.config["DATABASE"]), session_id).read_token
    client = app.test_client()
    assert client.get(f"/view/{token}", base_url=base_url).status_code in (302, 303)
    return client
