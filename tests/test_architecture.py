"""The architecture, held: the rules core is pure (importing it loads no web, storage or PDF
library); no module imports one that imports it back; the web reaches storage only through the
services; a module is one idea a reader takes in at once."""

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
RULES = PACKAGE / "rules"
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


def _imports_within(package: Path, name: str) -> dict[str, set[str]]:
    """Each module of the package and the modules of it that it imports, anywhere in its code
    (at the top, in a function, under TYPE_CHECKING)."""
    graph: dict[str, set[str]] = {}
    for path in package.rglob("*.py"):
        module = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        is_package = path.name == "__init__.py"
        base = module.split(".") if is_package else module.split(".")[:-1]
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                parts = base[: len(base) - node.level + 1] + (node.module or "").split(".")
                found.add(".".join(p for p in parts if p))
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(name):
                found.add(node.module or "")
        graph[module] = {target for target in found if target != module}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of imports, if there is one (depth-first search)."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return path[path.index(module) :] + [module]
        if module in done or module not in graph:
            return None
        for target in sorted(graph[module]):
            found = visit(target, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, [])
        if found:
            return found
    return None


def test_no_module_of_the_rules_core_imports_one_that_imports_it_back():
    """counting and ruleset used to import each other (ruleset inside a function): one depends
    on the other now, counting on ruleset's attributes through a Protocol."""
    graph = _imports_within(RULES, "scorekeeper.rules")
    graph.pop("rules", None)  # the package's __init__ re-exports every module
    assert _cycle(graph) is None


def _modules_imported(package: Path) -> dict[str, set[str]]:
    """Each module of the whole package and the package's modules it imports, ``from p import m``
    read as importing the module p.m where there is one. A package's __init__ is left out: it
    re-exports its modules and registers them, which is no circle."""
    paths = {
        ".".join(p.relative_to(package.parent).with_suffix("").parts): p
        for p in package.rglob("*.py")
    }
    modules = {name.removesuffix(".__init__") for name in paths}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        if name.endswith("__init__"):
            continue
        base = name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                parts = base[: len(base) - node.level + 1] + (node.module or "").split(".")
                source = ".".join(part for part in parts if part)
            else:
                source = node.module or ""
            if not source.startswith(package.name):
                continue
            for alias in node.names:
                found.add(
                    f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source
                )
        graph[name] = found - {name}
    return graph


def test_no_module_imports_one_that_imports_it_back():
    """A migration once called the live players.link_name: storage.db, migrations, their players'
    step, players, repository and db again. A migration now uses only what it defines."""
    assert _cycle(_modules_imported(PACKAGE)) is None


def test_the_web_reaches_storage_only_through_the_services():
    """One way down: web, then services, then storage. The web opens the database file itself
    (web/__init__.py migrates it, web/db.py connects a request to it), and nothing else."""
    opens = {"scorekeeper.storage.db"}
    reaching = sorted(
        f"{module} imports {target}"
        for module, targets in _modules_imported(PACKAGE).items()
        if module.startswith("scorekeeper.web.")
        for target in targets
        if target.startswith("scorekeeper.storage") and target not in opens
    )
    assert reaching == []


def test_nothing_below_the_web_imports_it():
    """The services, storage, the rules core, charts and sheets are called by the web and call
    nothing of it: a use case needed by a page and by a service lives in the services."""
    above = ("scorekeeper.web", "scorekeeper.serve", "scorekeeper.wsgi")
    reaching = sorted(
        f"{module} imports {target}"
        for module, targets in _modules_imported(PACKAGE).items()
        if not module.startswith(above)
        for target in targets
        if target.startswith("scorekeeper.web")
    )
    assert reaching == []


LINES, FUNCTION_LINES = 300, 50
LONGER = {
    "rules/notation.py": "deal records read and written back: one idea, split for the size once",
    "rules/ruleset.py": "what a ruleset is, and the four presets of the seeds: read side by side",
}
"""Modules longer than LINES, each with the reason it stays whole. The size is a signal to look
again, not a law that cuts one idea in two."""


def test_a_module_past_the_size_signal_is_named_with_its_reason():
    """Small, clear code (the developers' guide): a module a reader takes in at once, a function
    on a screen."""
    too_long = []
    for path in PACKAGE.rglob("*.py"):
        name, text = path.relative_to(PACKAGE).as_posix(), path.read_text()
        if len(text.splitlines()) > LINES and name not in LONGER:
            too_long.append(f"{name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > FUNCTION_LINES:
                    too_long.append(f"{name}: {node.name}, {length} lines")
    assert too_long == []
    still_long = {name for name in LONGER if len((PACKAGE / name).read_text().splitlines()) > LINES}
    assert still_long == set(LONGER), "an exception no longer needed: take it off the list"
