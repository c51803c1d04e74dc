import pytest

from tests.web import helpers


@pytest.fixture
def other(tmp_path):
    """A second app on a database of its own: the deals as they should have been."""
    folder = tmp_path / "other"
    folder.mkdir()
    return helpers.make_app(folder)
