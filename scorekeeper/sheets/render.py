"""Render HTML to PDF with WeasyPrint, reading nothing but the app's own static files.

WeasyPrint is imported on the first sheet, not at start-up; one font configuration serves the
whole process (a new one per document leaks native memory), and each stylesheet is parsed once
per process (again when its file changes) instead of once per sheet.

Speed (issue "Speed"): WeasyPrint subsets the embedded fonts with HarfBuzz when Debian's
``libharfbuzz-subset0`` is installed, and falls back to fontTools, about 100 ms slower a sheet,
when it is not; ``harfbuzz_subsetting()`` says which.

Speed (issue "Printed sheets as fast as plain WeasyPrint"): WeasyPrint's time goes into boxes,
each element's and each run of text's, far more than into fonts or stylesheets; so a document
is handed over without the whitespace between its blocks (``compact``).
"""

from __future__ import annotations

import base64
import datetime
import io
import mimetypes
import multiprocessing
import re
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote
from urllib.parse import unquote_to_bytes
from urllib.parse import urlsplit

from ..lifetime import exit_with_spawner
from ..lifetime import spawning

_lock = threading.Lock()
_state: dict[str, Any] = {}
_stylesheets: dict[Path, tuple[int, Any]] = {}  # path -> (mtime_ns, parsed weasyprint.CSS)
_fetchers: dict[Path, Any] = {}  # static folder -> its fetcher
# Elements around which whitespace means nothing to the layout (never <pre>: it keeps its own).
_BLOCKS = frozenset(
    {"html", "head", "body", "meta", "title", "link", "style", "div", "section", "p", "ul", "ol"}
    | {"li", "h1", "h2", "h3", "h4", "h5", "h6", "table", "caption", "colgroup", "col", "thead"}
    | {"tbody", "tfoot", "tr", "td", "th"}
)
# Whitespace after a tag and before the next one; autoescaping keeps "<" and ">" out of text
# and attribute values, so a tag never holds another "<" or ">".
_GAP = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)[^<>]*>(\s+)(?=</?([a-zA-Z][a-zA-Z0-9]*))")


@dataclass(frozen=True)
class Attached:
    """A file a sheet carries inside it (a session's export): the sheet is then a PDF/A-3b,
    the file one of its embedded files, in the catalog's associated files (/AF)."""

    name: str
    data: bytes
    description: str
    when: datetime.datetime
    """Its creation and change date: the session's last change, so that an unchanged session
    gives the same bytes."""
    media_type: str = "application/json"
    relationship: str = "Data"


def render_pdf(
    html: str, static_dir: Path, stylesheets: Sequence[str] = (), attached: Attached | None = None
) -> bytes:
    """Render an HTML document whose stylesheets, fonts and images live in static_dir: in the
    rendering process if one was started (``render_apart``), else here.

    stylesheets: files in static_dir applied to the document, parsed once per process; the
    document itself may still link others, which WeasyPrint then parses on every call.
    attached: a file to carry inside the PDF, which is then a PDF/A-3b.
    """
    if _apart:
        return _apart[0].submit(_render, html, static_dir, tuple(stylesheets), attached).result()
    return _render(html, static_dir, stylesheets, attached)


def render_apart() -> None:
    """Render every sheet from now on in a process of its own, WeasyPrint imported there at once
    (in the background: this returns before it is done).

    A sheet is 0.1 to 1.5 s of Python: in the server's process it held the interpreter lock
    while the keepers' requests waited, and under bench/club_load.py every level at which a
    sheet was printed failed its p99 of 100 ms for that alone (capacity 550 tables; README).
    The server's thread waits for the sheet without holding the lock. Started by the club
    server (scorekeeper/serve.py), not by tests or ``flask run``; "spawn", so that the new
    process inherits no open database or thread of the server's.
    """
    if not _apart:
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=_start_apart)
        # Started now, WeasyPrint imported there while the server already answers: a restart
        # serves the keepers at once, and only a sheet asked for in the first second waits.
        with spawning():
            pool.submit(int)
        _apart.append(pool)


_apart: list[ProcessPoolExecutor] = []


def stop_apart() -> None:
    """Stop the sheet process (the server stops): a sheet being made is let finish (a second or
    so), those waiting are dropped."""
    while _apart:
        _apart.pop().shutdown(wait=True, cancel_futures=True)


def _render(
    html: str, static_dir: Path, stylesheets: Sequence[str] = (), attached: Attached | None = None
) -> bytes:
    weasyprint, font_config = _weasyprint()
    root = static_dir.resolve()
    fetcher = _fetcher(weasyprint, root)
    sheets = [_stylesheet(weasyprint, root / name, fetcher, font_config) for name in stylesheets]
    document = weasyprint.HTML(
        string=compact(html), base_url=root.as_uri() + "/", url_fetcher=fetcher
    )
    carried: dict[str, Any] = {}
    if attached is not None:
        carried = {
            "pdf_variant": "pdf/a-3b",
            "attachments": [weasyprint_attachment(weasyprint, attached)],
            "finisher": one_entry_each,
        }
    pdf: bytes = document.write_pdf(font_config=font_config, stylesheets=sheets, **carried)
    return pdf


def weasyprint_attachment(weasyprint: Any, attached: Attached) -> Any:
    """The file as WeasyPrint attaches it (dated, described, its relationship said)."""
    return weasyprint.Attachment(
        file_obj=io.BytesIO(attached.data),
        name=attached.name,
        description=attached.description,
        created=attached.when,
        modified=attached.when,
        relationship=attached.relationship,
    )


def one_entry_each(_document: Any, pdf: Any) -> None:
    """The catalog's associated files (/AF) each named once. WeasyPrint 70.0 lists every
    attachment twice there (Kozea/WeasyPrint#2917, fixed after 70.0); a PDF/A validator counts
    that as an error. To go once a fixed release is pinned (tests/sheets/test_sheet_data.py
    holds the entries unique either way)."""
    listed = pdf.catalog.get("AF")
    if listed is not None:
        unique = list(dict.fromkeys(listed))
        listed.clear()
        listed.extend(unique)


def compact(html: str) -> str:
    """The document without the whitespace between a block's tags (the templates' indentation).

    Laid out, such whitespace shows nothing, yet WeasyPrint builds, styles and lays out an
    anonymous box for each run of it. Whitespace between inline elements ("<b>a</b> <i>b</i>")
    is kept: there it is a space.
    """

    def gap(match: re.Match[str]) -> str:
        tag = match[0]
        if match[2].lower() in _BLOCKS or match[4].lower() in _BLOCKS:
            return tag[: len(tag) - len(match[3])]
        return tag

    return _GAP.sub(gap, html)


def harfbuzz_subsetting() -> bool:
    """Whether WeasyPrint subsets fonts with HarfBuzz (fast) rather than fontTools."""
    from weasyprint.text.ffi import harfbuzz
    from weasyprint.text.ffi import harfbuzz_subset

    return harfbuzz_subset is not None and bool(harfbuzz.hb_version_atleast(4, 1, 0))


def _start_apart() -> None:
    """The sheet process: it ends with the server process that started it, then preloads."""
    exit_with_spawner()
    preload()


def preload() -> None:
    """Import WeasyPrint and make its font configuration now (about 0.4 s), as the club server
    does in the background once it listens: the first sheet then does not stop the keepers'
    requests while it imports (bench/club_load.py: the first sheet of an evening took the server
    past its capacity). Also the hyphenation dictionaries of the sheets' languages (print.css
    hyphenates the reference card): pyphen reads one in about 0.1 s, then keeps it; and a first
    small PDF."""
    weasyprint, font_config = _weasyprint()
    # One small page made once: what WeasyPrint loads on its first PDF (its C declarations for
    # font subsetting, the styles of its first cascade) is then loaded before the first sheet.
    weasyprint.HTML(string="<p lang=en>Scorekeeper</p>").write_pdf(font_config=font_config)
    import pyphen

    for language in HYPHENATED:
        pyphen.Pyphen(lang=language)


HYPHENATED = ("en", "it", "de", "sv")
"""The languages a sheet may be printed in (services.SESSION_LANGUAGES)."""


def _weasyprint() -> tuple[Any, Any]:
    """WeasyPrint and the process's font configuration."""
    with _lock:
        if not _state:
            import weasyprint
            from weasyprint.text.fonts import FontConfiguration

            _state["module"] = weasyprint
            _state["fonts"] = FontConfiguration()
    return _state["module"], _state["fonts"]


def _fetcher(weasyprint: Any, root: Path) -> Any:
    """The fetcher of the static folder at root, one per process (it keeps no state)."""
    with _lock:
        fetcher = _fetchers.get(root)
        if fetcher is None:
            fetcher = _fetchers[root] = _static_fetcher_class(weasyprint)(root)
    return fetcher


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
        """Serve file: URLs inside the static folder, and data: URLs (an image the document
        carries, such as a sheet's QR code: nothing is read); refuse everything else (no HTTP)."""

        def __init__(self, root: Path) -> None:
            super().__init__(allowed_protocols={"file", "data"})
            self.root = root

        def fetch(self, url: str, headers: object = None) -> Any:
            parts = urlsplit(url)
            if parts.scheme == "data":
                kind, body = _data_url(parts.path)
                return weasyprint.urls.URLFetcherResponse(
                    url, body=body, headers={"Content-Type": kind}
                )
            path = Path(unquote(parts.path)).resolve() if parts.scheme == "file" else None
            if path is None or not path.is_relative_to(self.root) or not path.is_file():
                raise ValueError(f"sheets may only use the app's static files, not {url}")
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            headers = {"Content-Type": kind}
            return weasyprint.urls.URLFetcherResponse(url, body=path.read_bytes(), headers=headers)

    return StaticFileFetcher


def _data_url(path: str) -> tuple[str, bytes]:
    """The media type and the bytes of a data: URL's path ("image/png;base64,iVBOR...")."""
    header, comma, payload = path.partition(",")
    if not comma:
        raise ValueError("a data: URL without data")
    kind, *params = header.split(";")
    if "base64" in params:
        return kind or "text/plain", base64.b64decode(payload, validate=True)
    return kind or "text/plain", unquote_to_bytes(payload)
