"""The README stays complete: every ruleset id and option is described there."""

from pathlib import Path

from scorekeeper.rules import OPTIONS
from scorekeeper.rules import RULESET_IDS

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def test_every_ruleset_id_is_in_the_readme():
    for ruleset_id in RULESET_IDS:
        assert f"`{ruleset_id}`" in README


def test_every_option_is_in_the_readme():
    for name in OPTIONS:
        assert f"`{name}`" in README
