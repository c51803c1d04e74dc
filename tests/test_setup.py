"""The set-up that `make run` and `make test` do: system packages, lock files, ranges.

scripts/system-packages runs here for real (bash), on a PATH of stand-ins: an ``ldconfig`` that
lists the libraries a test says are installed, an ``id`` that says who we are, an ``apt-get``
that "installs" by adding to that list, and ``chromium-headless-shell``/``pdftoppm`` where a
test wants them.
"""

from __future__ import annotations

import re
import shutil
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "system-packages"
LIBRARIES = {  # Debian package -> the library ldconfig lists for it
    "libpango-1.0-0": "libpango-1.0.so.0",
    "libpangoft2-1.0-0": "libpangoft2-1.0.so.0",
    "libharfbuzz-subset0": "libharfbuzz-subset.so.0",
}
COMMANDS = {"chromium-headless-shell": "chromium-headless-shell", "poppler-utils": "pdftoppm"}


class Machine:
    """A PATH of stand-ins on which the script sees only what a test installed."""

    def __init__(self, root: Path, *, uid: int) -> None:
        self.bin = root / "bin"
        self.bin.mkdir()
        self.cache = root / "ld.so.cache"
        self.cache.write_text("")
        self.installs = root / "apt-get.log"
        for tool in ("bash", "awk", "uname", "env", "cat"):
            (self.bin / tool).symlink_to(shutil.which(tool))
        self.tool("ldconfig", f'cat "{self.cache}"')
        self.tool("id", f"echo {uid}")
        packages = " ".join(f"{name}={lib}" for name, lib in LIBRARIES.items())
        commands = " ".join(f"{name}={cmd}" for name, cmd in COMMANDS.items())
        # apt-get install PACKAGE: logs it, and makes its library or command appear.
        self.tool(
            "apt-get",
            f"""[ "$1" = update ] && exit 0
package=${{@: -1}}
echo "$package" >> "{self.installs}"
for pair in {packages}; do
    [ "${{pair%%=*}}" = "$package" ] && printf '\\t%s (libc6,x86-64) => /lib/%s\\n' \\
        "${{pair#*=}}" "${{pair#*=}}" >> "{self.cache}"
done
for pair in {commands}; do
    [ "${{pair%%=*}}" = "$package" ] && printf '#!/bin/sh\\n' > "{self.bin}/${{pair#*=}}" &&
        chmod +x "{self.bin}/${{pair#*=}}"
done
exit 0""",
        )

    def tool(self, name: str, body: str) -> None:
        path = self.bin / name
        path.write_text(f"#!{shutil.which('bash')}\n{body}\n")
        path.chmod(path.stat().st_mode | stat.S_IXUSR)

    def have(self, *packages: str) -> None:
        for package in packages:
            if package in LIBRARIES:
                lib = LIBRARIES[package]
                with self.cache.open("a") as cache:
                    cache.write(f"\t{lib} (libc6,x86-64) => /lib/{lib}\n")
            else:
                self.tool(COMMANDS[package], "")

    def run(self, want: str, ci: bool = False) -> subprocess.CompletedProcess[str]:
        env = {"PATH": str(self.bin), "PYTHON": sys.executable, "HOME": str(self.bin)}
        if ci:
            env["CI"] = "true"
        return subprocess.run(
            [str(self.bin / "bash"), str(SCRIPT), want],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    def installed(self) -> list[str]:
        return self.installs.read_text().split() if self.installs.exists() else []


needs_bash = pytest.mark.skipif(
    not (shutil.which("bash") and shutil.which("awk")), reason="needs bash and awk"
)


@needs_bash
def test_a_machine_with_everything_installs_nothing_and_says_nothing(tmp_path):
    machine = Machine(tmp_path, uid=1000)
    machine.have(*LIBRARIES, *COMMANDS)
    result = machine.run("test", ci=True)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@needs_bash
def test_as_root_the_missing_packages_are_installed(tmp_path):
    machine = Machine(tmp_path, uid=0)
    result = machine.run("test")
    assert result.returncode == 0, result.stderr
    assert sorted(machine.installed()) == sorted([*LIBRARIES, *COMMANDS])
    assert "installing system packages" in result.stdout


@needs_bash
def test_make_run_installs_no_test_tools(tmp_path):
    machine = Machine(tmp_path, uid=0)
    assert machine.run("run").returncode == 0
    assert sorted(machine.installed()) == sorted(LIBRARIES)


@needs_bash
def test_without_root_a_missing_library_stops_set_up_with_the_command_to_run(tmp_path):
    machine = Machine(tmp_path, uid=1000)  # and no sudo on the PATH
    machine.have("libharfbuzz-subset0")
    result = machine.run("run")
    assert result.returncode == 1
    assert machine.installed() == []
    assert "missing: libpango-1.0-0, which scorekeeper needs" in result.stderr
    assert "sudo apt-get install libpango-1.0-0 libpangoft2-1.0-0" in result.stderr


@needs_bash
def test_without_harfbuzz_subset_only_a_note_is_printed(tmp_path):
    machine = Machine(tmp_path, uid=1000)
    machine.have("libpango-1.0-0", "libpangoft2-1.0-0")
    result = machine.run("run")
    assert result.returncode == 0
    assert "libharfbuzz-subset0; printed sheets work without it" in result.stderr


@needs_bash
@pytest.mark.parametrize(("ci", "status"), [(False, 0), (True, 1)])
def test_test_tools_are_skipped_outside_ci_and_required_in_it(tmp_path, ci, status):
    machine = Machine(tmp_path, uid=1000)
    machine.have(*LIBRARIES)
    result = machine.run("test", ci=ci)
    assert result.returncode == status
    if ci:
        assert "missing: chromium-headless-shell, which the tests need in CI" in result.stderr
    else:
        assert (
            "missing: chromium-headless-shell; the tests that need it will be skipped"
            in result.stderr
        )
    assert "sudo apt-get install chromium-headless-shell poppler-utils" in result.stderr


# The lock files


def locked(name: str) -> dict[str, list[tuple[str, str]]]:
    """Each package of a lock file: its (version, environment marker) pins."""
    text = (ROOT / "requirements" / name).read_text()
    pins: dict[str, list[tuple[str, str]]] = {}
    for match in re.finditer(r"^([A-Za-z0-9_.\-]+)==([^ ;\\]+)(?: ; ([^\\]+))? \\$", text, re.M):
        key = re.sub(r"[-_.]+", "-", match[1]).lower()
        pins.setdefault(key, []).append((match[2], (match[3] or "").strip()))
    return pins


def test_every_locked_package_is_pinned_with_hashes():
    for name in ("app.txt", "dev.txt"):
        text = (ROOT / "requirements" / name).read_text()
        entries = [e for e in re.split(r"\n(?=\S)", text) if e and not e.startswith("#")]
        assert entries
        for entry in entries:
            assert "==" in entry.split("\n")[0], entry
            assert "--hash=sha256:" in entry, entry


def test_the_app_lock_has_the_dev_locks_versions():
    app, dev = locked("app.txt"), locked("dev.txt")
    for package, pins in app.items():
        assert pins == dev[package], package


def test_every_runtime_dependency_has_an_upper_bound_and_its_locked_version_fits():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    app = locked("app.txt")
    for line in project["dependencies"]:
        requirement = Requirement(line)
        assert any(spec.operator in ("<", "<=", "==", "~=") for spec in requirement.specifier), line
        for version, _marker in app[re.sub(r"[-_.]+", "-", requirement.name).lower()]:
            assert requirement.specifier.contains(Version(version)), (line, version)


def test_every_development_tool_is_locked():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    dev = locked("dev.txt")
    for line in project["optional-dependencies"]["dev"]:
        requirement = Requirement(line)
        pins = dev[re.sub(r"[-_.]+", "-", requirement.name).lower()]
        assert all(requirement.specifier.contains(Version(v)) for v, _ in pins), line


def test_the_tests_run_on_the_locked_versions():
    from importlib.metadata import version

    for package, pins in locked("dev.txt").items():
        wanted = {v for v, marker in pins if not marker or _applies(marker)}
        if wanted:
            assert version(package) in wanted, package


def _applies(marker: str) -> bool:
    from packaging.markers import Marker

    return Marker(marker).evaluate()
