"""End-to-end fixtures: the real app over real HTTP, driven by Debian's Chromium (its headless
build) through Playwright.

The app runs in a thread with its own SQLite file and CSRF on, so the browser submits the real
forms with their tokens. Without Chromium (or the playwright package), or with a Chromium that
cannot start, the tests skip on a laptop, with the reason, and fail in CI, where they must run.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.servers import in_thread

# Chromium's headless build (Debian's chromium-headless-shell, what Playwright itself runs
# headless): the same Blink and V8 as the browser, without its windowing, for half the CPU
# (the browser tests took 183 s on two cores with the full browser, 97 s with it). The full
# browser where only it is installed (macOS), or CHROMIUM=/usr/bin/chromium to look with it.
CHROMIUM = (
    os.environ.get("CHROMIUM")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/lib/chromium/chromium-headless-shell"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    # This machine's network is closed: Chromium must not try to phone home at start.
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"viewport": {"width": 412, "height": 915}, "is_mobile": True, "has_touch": True}
NARROW_PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
TIMEOUT_MS = 10_000

# Fixture names avoid pytest-playwright's (page, context, browser, browser_type, playwright):
# that plugin, when installed, parametrizes any test using them and launches its own browsers.


# The test server is Werkzeug's, in a thread. When Chromium drops a connection while the server
# drains what is left of the request (werkzeug/serving.py, execute's finally), the read raises
# before the response is closed, and a static file it was sending (the favicon, on a 304) is
# left to the collector: a ResourceWarning in the server, not in the app ("make serve" runs
# waitress). Only that warning, for a static file, is let through.
DROPPED_STATIC_FILE = pytest.mark.filterwarnings(
    r"ignore:Exception ignored in. <_io\.FileIO name='[^']*/static/"
    r":pytest.PytestUnraisableExceptionWarning"
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.path).replace(os.sep, "/"):
            item.add_marker(DROPPED_STATIC_FILE)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; browser tests must run in CI", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a free local port with a fresh SQLite file; yields its base URL."""
    yield from serve(tmp_path_factory.mktemp("e2e") / "e2e.sqlite")


def serve(database: Path) -> Iterator[str]:
    """The app on a free local port, CSRF on, on this SQLite file; yields its base URL."""
    with in_thread(database, "e2e") as base_url:
        yield base_url


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Any]:
    """Debian's Chromium, headless, launched once for the whole run."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright not installed: pip install -e '.[dev]'")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable("Chromium not installed: apt-get install chromium-headless-shell")
    from playwright.sync_api import Error as PlaywrightError

    driver = sync_playwright().start()
    try:
        try:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except PlaywrightError as error:
            # Installed but unable to start: a shared library it links is missing (Debian's
            # chromium links libharfbuzz-subset0, which a run may hide to test sheets without it).
            reason = next((line for line in str(error).splitlines() if "error" in line), "")
            _unavailable(f"Chromium cannot start: {reason.strip() or error}")
        try:
            yield browser
        finally:
            browser.close()
    finally:
        driver.stop()


def _page(browser: Any, live_server: str, options: dict[str, Any]) -> Iterator[Any]:
    context = browser.new_context(base_url=live_server, locale="en-GB", **options)
    context.set_default_timeout(TIMEOUT_MS)
    broken: list[str] = []

    def note_server_error(response: Any) -> None:
        if response.status >= 500:
            broken.append(f"{response.request.method} {response.url} -> {response.status}")

    try:
        page = context.new_page()
        # A server error shows in the browser only as a page the test then waits on in vain:
        # name it (its traceback is in the captured log).
        page.on("response", note_server_error)
        yield page
    finally:
        context.close()
    if broken:
        pytest.fail("the server failed: " + "; ".join(broken), pytrace=False)


@pytest.fixture
def phone_page(chromium_browser: Any, live_server: str) -> Iterator[Any]:
    """A phone-sized touch page (412x915), in its own browser context."""
    yield from _page(chromium_browser, live_server, PHONE)


@pytest.fixture
def narrow_phone_page(chromium_browser: Any, live_server: str) -> Iterator[Any]:
    """A narrow phone's touch page (360x780), the width of most phones sold, in its own context."""
    yield from _page(chromium_browser, live_server, NARROW_PHONE)


@pytest.fixture
def desktop_page(chromium_browser: Any, live_server: str) -> Iterator[Any]:
    """A desktop-sized page (1280x900), in its own browser context."""
    yield from _page(chromium_browser, live_server, DESKTOP)


@contextmanager
def kept_tabs(open_page: Callable[[str], Any]) -> Iterator[Callable[[str], Any]]:
    """A tab for each key (a size, a language), opened by ``open_page`` the first time and used
    by each test in turn: a new tab costs a new renderer, as much as measuring a page. Each test
    gets it with its storage cleared; the tabs close with the block."""
    made: dict[str, Any] = {}

    def tab(key: str) -> Any:
        if key not in made:
            made[key] = open_page(key)
        page = made[key]
        if page.url.startswith("http"):
            page.evaluate("() => { sessionStorage.clear(); localStorage.clear(); }")
        return page

    try:
        yield tab
    finally:
        for page in made.values():
            page.context.close()


class Console:
    """What a page reports while it is used: console errors and warnings, uncaught exceptions,
    failed requests and answers of 400 and up. A request the page itself ends by moving on
    (net::ERR_ABORTED: an image of the page left, a prefetch) is no problem."""

    def __init__(self, page: Any) -> None:
        self.problems: list[str] = []
        page.on("console", self.message)
        page.on("pageerror", lambda error: self.problems.append(f"uncaught: {error}"))
        page.on("requestfailed", self.failed)
        page.on("response", self.answered)

    def message(self, message: Any) -> None:
        if message.type in ("error", "warning"):
            where = message.location.get("url", "")
            self.problems.append(f"console {message.type}: {message.text} ({where})")

    def failed(self, request: Any) -> None:
        if request.failure != "net::ERR_ABORTED":
            self.problems.append(f"{request.method} {request.url} failed: {request.failure}")

    def answered(self, response: Any) -> None:
        if response.status >= 400:
            self.problems.append(f"{response.request.method} {response.url}: {response.status}")


@pytest.fixture
def screenshot_dir(tmp_path: Path) -> Path:
    """Where the screenshots go: $SCREENSHOT_DIR, else the test's tmp_path."""
    target = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    target.mkdir(parents=True, exist_ok=True)
    return target


@pytest.fixture(scope="session")
def axe() -> Any:
    """axe-core, injected into each page by axe-playwright-python (its script ships inside)."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        reason = "axe-playwright-python not installed: pip install -e '.[dev]'"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}; the accessibility tests must run in CI", pytrace=False)
        pytest.skip(reason)
    return Axe()
