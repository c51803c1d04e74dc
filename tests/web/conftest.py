"""The web tests' app: a fresh database in the test's folder, CSRF off (helpers.make_app).
A module that needs another app (a secret key, a blueprint) defines its own ``app``."""

import pytest

from tests.web import helpers


@pytest.fixture
def app(tmp_path):
    return helpers.make_app(tmp_path)
