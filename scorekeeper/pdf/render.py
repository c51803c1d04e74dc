"""Render HTML to PDF with WeasyPrint, reading nothing but the app's own static files.

WeasyPrint is imported on the first sheet, not at start-up; one font configuration serves the
whole process (a new one per document leaks native memory), and each stylesheet is parsed once
per process (again when its file changes) instead of once per sheet.

Speed (issue "Speed"): WeasyPrint subsets the embedded fonts with HarfBuzz when Debian's
``libharfbuzz-subset0`` is installed, and falls back to fontTools, about 100 ms slower a sheet,
when it is not; ``harfbuzz_subsetting()`` says which.
"""

from __future__ import annotations

import mimetypes
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote
from urllib.parse import urlsplit

_lock = threading.Lock()
_state: dict[str, Any] = {}
_stylesheets: dict[Path, tuple[int, Any]] = {}  # path -> (mtime_ns, parsed weasyprint.CSS)


def render_pdf(html: str, static_dir: Path, stylesheets: Sequence[str] = ()) -> bytes:
    """Render an HTML document whose stylesheets, fonts and images live in static_dir.

    stylesheets: files in static_dir applied to the document, parsed once per process; the
    document itself may still link others, which WeasyPrint then parses on every call.
    """
    weasyprint, fetcher_class, font_config = _weasyprint()
    root = static_dir.resolve()
    fetcher = fetcher_class(root)
    sheets = [_stylesheet(weasyprint, root / name, fetcher, font_config) for name in stylesheets]
    document = weasyprint.HTML(string=html, base_url=root.as_uri() + "/", url_fetcher=fetcher)
    pdf: bytes = document.write_pdf(font_config=font_config, stylesheets=sheets)
    return pdf


def harfbuzz_subsetting() -> bool:
    """Whether WeasyPrint subsets fonts with HarfBuzz (fast) rather than fontTools."""
    from weasyprint.text.ffi import harfbuzz
    from weasyprint.text.ffi import harfbuzz_subset

    return harfbuzz_subset is not None and bool(harfbuzz.hb_version_atleast(4, 1, 0))


def _weasyprint() -> tuple[Any, Any, Any]:
    with _lock:
        if not _state:
            import weasyprint
            from weasyprint.text.fonts import FontConfiguration

            _state["module"] = weasyprint
            _state["fetcher"] = _static_fetcher_class(weasyprint)
            _state["fonts"] = FontConfiguration()
    return _state["module"], _state["fetcher"], _state["fonts"]


def _stylesheet(weasyprint: Any, path: Path, fetcher: Any, font_config: Any) -> Any:
    """The parsed stylesheet at path, from the process's cache unless the file changed."""
    mtime = path.stat().st_mtime_ns
    with _lock:
        cached = _stylesheets.get(path)
        if cached is None or cached[0] != mtime:
            css = weasyprint.CSS(filename=str(path), url_fetcher=fetcher, font_config=font_config)
            cached = _stylesheets[path] = (mtime, css)
    return cached[1]


def _static_fetcher_class(weasyprint: Any) -> type:
    class StaticFileFetcher(weasyprint.URLFetcher):  # type: ignore[misc]
        """Serve file: URLs inside the static folder; refuse everything else (no HTTP)."""

        def __init__(self, root: Path) -> None:
            super().__init__(allowed_protocols={"file"})
            self.root = root

        def fetch(self, url: str, headers: object = None) -> Any:
            parts = urlsplit(url)
            path = Path(unquote(parts.path)).resolve() if parts.scheme == "file" else None
            if path is None or not path.is_relative_to(self.root) or not path.is_file():
                raise ValueError(f"sheets may only use the app's static files, not {url}")
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            headers = {"Content-Type": kind}
            return weasyprint.urls.URLFetcherResponse(url, body=path.read_bytes(), headers=headers)

    return StaticFileFetcher
