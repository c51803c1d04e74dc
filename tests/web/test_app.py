import sqlite_utils

from scorekeeper import create_app


def test_the_factory_uses_the_given_database_and_migrates_it(tmp_path):
    path = tmp_path / "given.sqlite"
    create_app({"TESTING": True, "DATABASE": str(path)})
    db = sqlite_utils.Database(path)
    assert "sessions" in db.table_names()
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_home_page_lists_every_preset(client):
    response = client.get("/")
    assert response.status_code == 200
    for name in ("Scarto (Wikipedia)", "Scarto (Swedish rules)", "Tarocchi a 3", "Piedicavallo"):
        assert name.encode() in response.data
