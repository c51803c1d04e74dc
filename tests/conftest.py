import pytest

import tests.fuzzing  # noqa: F401  loads the Hypothesis profile before any test module is read
from scorekeeper import create_app
from tests.databases import fresh_database
from tests.templates import compile_once

compile_once()


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "test.sqlite")})


@pytest.fixture
def client(app):
    return app.test_client()
