import os

import pytest

import tests.fuzzing  # noqa: F401  loads the Hypothesis profile before any test module is read
from scorekeeper import create_app
from tests import routes
from tests import templates
from tests.databases import fresh_database
from tests.passwords import QUICK_HASH

templates.compile_once()
routes.compile_once()
os.environ["SCOREKEEPER_SECRET_HASH_METHOD"] = QUICK_HASH  # every app, servers too (passwords.py)


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "test.sqlite")})


@pytest.fixture
def client(app):
    return app.test_client()
