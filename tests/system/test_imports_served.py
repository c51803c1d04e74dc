"""An import through the real server (waitress, as ``make serve`` runs it): a body larger than
any other request may be is taken whole for POST /api/v1/imports and imported, while every
other request keeps the app's 256 KB."""

from __future__ import annotations

import json
from pathlib import Path

from tests.databases import add_session
from tests.databases import fresh_database
from tests.servers import Connection
from tests.servers import request_bytes

from .conftest import call

APP_LIMIT = 256 * 1024


def raw_post(port: int, path: str, body: bytes, content_type: str) -> tuple[int, bytes]:
    head = request_bytes("POST", path, headers={"Content-Type": content_type})
    request = head[:-2] + f"Content-Length: {len(body)}\r\n\r\n".encode() + body
    connection = Connection(port, timeout=30.0)
    try:
        status, _, answer = connection.send(request)
    finally:
        connection.close()
    return status, answer


def test_the_server_takes_an_import_larger_than_other_requests(servers, tmp_path: Path):
    database = Path(fresh_database(tmp_path / "served.sqlite"))
    add_session(database, ["Anna", "Bruno", "Carla"], [[30, 27, 21], [20, 30, 28]])
    running = servers(database)
    status, export = call(running.port, "GET", "/sessions/1/export.json")
    assert status == 200
    padded = export + b" " * (3 * APP_LIMIT)  # the same JSON, past twice the app's limit
    status, answer = raw_post(running.port, "/api/v1/imports", padded, "application/json")
    assert status == 201, answer
    assert json.loads(answer) == {"sessions": [{"id": 2, "origin_session_id": 1}]}
    status, answer = raw_post(running.port, "/api/v1/imports", padded, "application/json")
    assert status == 409
    assert json.loads(answer)["sessions"] == [{"id": 2, "origin_session_id": 1}]
    # Any other request of that size: the app's 413, in the API's words.
    status, answer = raw_post(running.port, "/api/v1/count", padded, "application/json")
    assert status == 413
    assert json.loads(answer)["problems"] == []
