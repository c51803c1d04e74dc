"""The rules core is pure: importing it loads no web, storage or PDF library."""

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "scorekeeper" / "rules"
FORBIDDEN = ("flask", "wtforms", "flask_wtf", "sqlite_utils", "weasyprint", "sqlite3")


def test_importing_the_rules_core_loads_no_framework():
    code = (
        "import sys, scorekeeper.rules, scorekeeper.rules.game, scorekeeper.rules.generator; "
        f"print(' '.join(m for m in {FORBIDDEN!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_rules_core_imports_only_the_standard_library():
    allowed = set(sys.stdlib_module_names)
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


def test_the_rules_core_does_no_io_and_reads_no_clock():
    # open(), print(), time and datetime, unseeded module-level random: none in rules/
    for path in RULES.glob("*.py"):
        text = path.read_text()
        for word in (
            "open(",
            "print(",
            "import time",
            "import datetime",
            "random.random(",
            "random.shuffle(",
            "import os",
        ):
            assert word not in text, f"{path.name} uses {word}"
