"""The keeper's page of the database's copies (issue "A club server that runs for years", §2):
"the keeper's page shows the last good copy and warns when there is none for a week"."""

from __future__ import annotations

import datetime

from scorekeeper.services.backups import Schedule
from scorekeeper.storage import access
from scorekeeper.web.db import get_db
from tests.passwords import quick_hash
from tests.web import helpers
from tests.web.helpers import page
from tests.web.helpers import text

PASSWORD = "secret123"
LAN = "192.168.1.20"


def club(tmp_path):
    """An app in club mode, its copies in tmp_path/backups; the keeper's client, and a reader's."""
    app = helpers.make_app(tmp_path, BACKUP_DIR=str(tmp_path / "backups"))
    with app.app_context():
        access.set_keeper_password_hash(get_db(), quick_hash(PASSWORD))
    keeper = app.test_client()
    keeper.environ_base["REMOTE_ADDR"] = LAN
    response = keeper.post("/login", data={"password": PASSWORD, "submit": "Log in"})
    assert response.status_code == 303
    reader = app.test_client()
    reader.environ_base["REMOTE_ADDR"] = LAN
    return app, keeper, reader


def taken_at(app, when: datetime.datetime) -> None:
    Schedule(app.config["DATABASE"], app.config["BACKUP_DIR"], clock=when.timestamp).take()


def test_without_a_copy_the_keeper_is_warned_on_the_sessions_page_and_the_copies_page(tmp_path):
    app, keeper, reader = club(tmp_path)
    home = page(keeper.get("/"))
    assert "The database has no copy yet." in text(home.select_one("[role=alert]"))
    assert home.select_one("header a[href='/keeper/copies']") is not None
    assert "The database has no copy yet." in text(page(keeper.get("/keeper/copies")))
    assert reader.get("/keeper/copies").status_code in (302, 303, 401, 403)


def test_a_copy_of_today_is_shown_and_nobody_is_warned(tmp_path):
    app, keeper, _reader = club(tmp_path)
    now = datetime.datetime.now().replace(microsecond=0)
    taken_at(app, now)
    soup = page(keeper.get("/keeper/copies"))
    assert soup.select_one("[role=alert]") is None
    assert "The last good copy:" in text(soup)
    rows = soup.select("table.listing tbody tr")
    assert len(rows) == 1
    assert f"scorekeeper-{now:%Y%m%d-%H%M%S}-auto.sqlite" in text(rows[0])
    assert "by the server" in text(rows[0])
    assert page(keeper.get("/")).select_one("[role=alert]") is None


def test_a_copy_older_than_a_week_is_warned_about(tmp_path):
    app, keeper, _reader = club(tmp_path)
    taken_at(app, datetime.datetime.now() - datetime.timedelta(days=8))
    warning = text(page(keeper.get("/")).select_one("[role=alert]"))
    assert "No good copy of the database for a week: the last one was taken" in warning
