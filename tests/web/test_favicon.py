"""/favicon.ico answers with the app's icon (issue "The keeper's phone, round 3"): browsers ask
for it by themselves, and a 404 there is a failed request in the console."""

from __future__ import annotations

import io

from PIL import Image

from scorekeeper.storage import access
from scorekeeper.web.db import get_db
from tests.passwords import quick_hash
from tests.web.test_manifest import ICO
from tests.web.test_manifest import STATIC


def icon(client, **options) -> bytes:
    """The body of /favicon.ico, checked for its status and image type; the file closed."""
    with client.get("/favicon.ico", **options) as response:
        assert response.status_code == 200, response.status_code
        assert response.mimetype in ICO, response.mimetype
        return response.data


def test_favicon_ico_is_the_apps_icon(client):
    data = icon(client)
    assert data == (STATIC / "favicon.ico").read_bytes()
    image = Image.open(io.BytesIO(data))
    assert image.format == "ICO"
    assert (32, 32) in image.info["sizes"]


def test_a_phone_in_club_mode_gets_the_favicon_without_a_login(app):
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash("secret123"))
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.40"
    assert icon(phone, base_url="http://192.168.1.10:8000")
