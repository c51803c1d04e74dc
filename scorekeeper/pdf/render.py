"""Render HTML to PDF with WeasyPrint, reading nothing but the app's own static files.

WeasyPrint is imported on the first sheet, not at start-up; one font configuration serves the
whole process (a new one per document leaks native memory).
"""

from __future__ import annotations

import mimetypes
import threading
from pathlib import Path
from typing import Any
from urllib.parse import unquote
from urllib.parse import urlsplit

_lock = threading.Lock()
_state: dict[str, Any] = {}


def render_pdf(html: str, static_dir: Path) -> bytes:
    """Render an HTML document whose stylesheets, fonts and images live in static_dir."""
    weasyprint, fetcher_class, font_config = _weasyprint()
    root = static_dir.resolve()
    document = weasyprint.HTML(
        string=html, base_url=root.as_uri() + "/", url_fetcher=fetcher_class(root)
    )
    pdf: bytes = document.write_pdf(font_config=font_config)
    return pdf


def _weasyprint() -> tuple[Any, Any, Any]:
    with _lock:
        if not _state:
            import weasyprint
            from weasyprint.text.fonts import FontConfiguration

            _state["module"] = weasyprint
            _state["fetcher"] = _static_fetcher_class(weasyprint)
            _state["fonts"] = FontConfiguration()
    return _state["module"], _state["fetcher"], _state["fonts"]


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
