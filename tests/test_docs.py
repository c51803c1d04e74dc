"""The README stays complete: every ruleset id and option is described there."""

import configparser
import shlex
from pathlib import Path

from scorekeeper.rules import OPTIONS
from scorekeeper.rules import RULESET_IDS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def test_every_ruleset_id_is_in_the_readme():
    for ruleset_id in RULESET_IDS:
        assert f"`{ruleset_id}`" in README


def test_every_option_is_in_the_readme():
    for name in OPTIONS:
        assert f"`{name}`" in README


def problem_codes() -> set[str]:
    """Every problem code the rules core and the services write: problem("code", ...)."""
    import re

    root = Path(__file__).resolve().parents[1] / "scorekeeper"
    found: set[str] = set()
    for source in [*root.glob("rules/*.py"), *root.glob("services/*.py")]:
        found |= set(re.findall(r'(?:problem|Problem)\(\s*"([a-z-]+)"', source.read_text()))
    return found - {"input"}  # audit-all's own word for an input it cannot read


def test_every_problem_code_is_in_the_readme_and_the_openapi_description():
    from scorekeeper.web.api.openapi import description

    codes = problem_codes()
    assert {"last-trick-winner-needed", "fool-exchange", "single-leftover-card"} <= codes
    described = description()["components"]["schemas"]["Problem"]["properties"]["code"]
    for code in codes:
        assert f"`{code}`" in README, code
        assert code in described["description"], code


def test_every_reading_of_a_preset_is_in_the_readme():
    from scorekeeper.rules.readings import READINGS

    for preset, readings in READINGS.items():
        for sentence in readings.values():
            assert sentence in " ".join(README.split()), (preset, sentence)


def test_the_systemd_unit_starts_the_club_server_and_restarts_it():
    unit = configparser.ConfigParser(strict=True, interpolation=None)
    unit.optionxform = str  # systemd's keys are case-sensitive
    unit.read(ROOT / "docs" / "scorekeeper.service")
    service = unit["Service"]
    assert shlex.split(service["ExecStart"])[1:] == ["-m", "scorekeeper.serve"]
    assert service["Restart"] == "on-failure"
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    assert "docs/scorekeeper.service" in README
