"""At home on the phone: the web app manifest, its icons and the favicon, linked from every page.

The manifest lets a phone add the app to its home screen and open it without the browser's bars;
its colours are the palette of static/style.css.
"""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urljoin

from PIL import Image

from scorekeeper.storage import access
from scorekeeper.web.db import get_db
from tests.passwords import quick_hash
from tests.web import helpers

STATIC = Path(__file__).resolve().parents[2] / "static"
MANIFEST = "/static/manifest.webmanifest"
ICO = ("image/vnd.microsoft.icon", "image/x-icon")  # Python's name; some mime.types files'


def palette() -> dict[str, str]:
    """The colour variables of the screen stylesheet: --accent, --paper, ..."""
    css = (STATIC / "style.css").read_text()
    return dict(re.findall(r"--([a-z]+):\s*(#[0-9a-f]{3,6})", css))


def served(client, url, mimetype, **options):
    """The body of a static file, checked for its status and type; the file closed."""
    with client.get(url, **options) as response:
        assert response.status_code == 200, url
        assert response.mimetype in ICO if mimetype in ICO else response.mimetype == mimetype, url
        return response.data


def test_the_manifest_is_served_as_a_manifest_and_describes_the_app(client):
    manifest = json.loads(served(client, MANIFEST, "application/manifest+json"))
    assert manifest["name"] == "Scorekeeper"
    assert 0 < len(manifest["short_name"]) <= 12  # what a home screen shows under the icon
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    colours = palette()
    assert manifest["theme_color"] == colours["accent"] == "#8a1c1c"
    assert manifest["background_color"] == colours["paper"] == "#fbfaf7"


def test_every_icon_of_the_manifest_is_served_at_its_size_and_type(client):
    manifest = json.loads(served(client, MANIFEST, "application/manifest+json"))
    sizes = set()
    for icon in manifest["icons"]:
        data = served(client, urljoin(MANIFEST, icon["src"]), icon["type"])
        if icon["type"] == "image/png":
            image = Image.open(io.BytesIO(data))
            assert image.format == "PNG"
            assert f"{image.width}x{image.height}" == icon["sizes"]
            sizes.add(icon["sizes"])
        else:
            assert ET.fromstring(data).tag == "{http://www.w3.org/2000/svg}svg"
    assert {"192x192", "512x512"} <= sizes  # what Chrome asks to install an app
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])


def test_every_page_links_the_manifest_the_icons_and_the_theme_colour(client):
    soup = helpers.page(client.get("/"))
    head = soup.head
    assert head.find("meta", attrs={"name": "theme-color"})["content"] == "#8a1c1c"
    links = {tuple(link["rel"]): link for link in head.find_all("link")}
    assert links[("manifest",)]["href"] == MANIFEST
    icons = [link for link in head.find_all("link") if link["rel"] == ["icon"]]
    assert {link["href"] for link in icons} == {"/static/favicon.ico", "/static/icons/icon.svg"}
    served(client, "/static/favicon.ico", "image/vnd.microsoft.icon")
    served(client, "/static/icons/icon.svg", "image/svg+xml")
    touch = served(client, links[("apple-touch-icon",)]["href"], "image/png")
    assert Image.open(io.BytesIO(touch)).size == (180, 180)  # iOS's size, no transparency
    assert Image.open(io.BytesIO(touch)).mode == "RGB"


def test_a_phone_in_club_mode_gets_the_manifest_and_icons_without_a_login(app):
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash("secret123"))
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.40"
    base = "http://192.168.1.10:8000"
    served(phone, MANIFEST, "application/manifest+json", base_url=base)
    served(phone, "/static/icons/icon-192.png", "image/png", base_url=base)
    served(phone, "/static/favicon.ico", "image/vnd.microsoft.icon", base_url=base)
