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


def test_no_module_over_300_lines_and_no_function_over_50():
    """Small, clear code (the developers' guide): a module a reader takes in at once."""
    package = RULES.parent
    too_long = []
    for path in package.rglob("*.py"):
        text = path.read_text()
        if len(text.splitlines()) > 300:
            too_long.append(f"{path.relative_to(package)}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > 50:
                    too_long.append(f"{path.relative_to(package)}: {node.name}, {length} lines")
    assert too_long == []
