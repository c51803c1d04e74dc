"""Exports attached to a PDF: a session sheet carries its session's export (PDF/A-3b, an
embedded file ``scorekeeper-session-<id>.json``, relationship Data), and reading the sheet gives
the export back, to be imported as an export file is (services/sessions/uploads.py).

The PDF is read with pypdf, and only as far as its attachments: the catalog's embedded files
(its ``/Names /EmbeddedFiles`` name tree) and associated files (``/AF``). A PDF comes from
anyone, so every step is bounded before it is taken:

- it starts with ``%PDF-``, is not encrypted, and declares at most ``MAX_OBJECTS`` objects;
  pypdf's own limits on what it reads (arrays, dictionaries, declared stream lengths, the
  streams of the PDF's structure it inflates) are set (``_configuration``);
- at most ``MAX_NODES`` nodes of the name tree, ``MAX_DEPTH`` deep, and ``MAX_ATTACHMENTS``
  attached files are looked at;
- an attached file is stored as it is or deflated (FlateDecode, as WeasyPrint writes it): it is
  inflated here by zlib itself, asked for one byte more than is left of the limit, ``most``,
  which all the attached files share. A decompression bomb (a small PDF whose attachment
  inflates to gigabytes) is so refused after ``most`` bytes, never inflated whole.

An attachment is a scorekeeper export if it is JSON whose ``format`` is the export's; what is
in it is checked as any export file is, by the import. Each refusal is a ``PdfError`` with a
stable code: ``not-a-pdf``, ``pdf-encrypted``, ``pdf-damaged``, ``attachment-too-large``,
``attachment-unreadable`` (too many, or compressed another way) and ``no-export-in-pdf``.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pypdf
from pypdf.generic import ArrayObject
from pypdf.generic import DictionaryObject
from pypdf.generic import IndirectObject
from pypdf.generic import StreamObject

from ..rules.problem import translatable
from .checks import ExchangeError
from .exchange import loads
from .exchange_format import FORMAT

PDF_START = b"%PDF-"
"""How a PDF file starts (ISO 32000: its header), and how an import file is told to be one."""
MAX_OBJECTS = 100_000
"""Objects a PDF may declare: a sheet of the largest session has a few hundred."""
MAX_ATTACHMENTS = 16
"""Attached files looked at: a sheet has one."""
MAX_NODES = 64
"""Nodes of the embedded files' name tree walked through."""
MAX_DEPTH = 8
"""How deep the name tree is walked: one level holds thousands of names."""
STRUCTURE_MOST = 16 * 2**20
"""What pypdf may inflate of a stream of the PDF's own structure (its cross-references, its
objects packed in streams): a sheet's are a few KB."""


_TREE_TOO_LARGE = translatable("the PDF's list of attached files is too large")


class PdfError(ExchangeError):
    """A PDF that gives no export to import, with a stable code (``no-export-in-pdf``)."""

    def __init__(self, code: str, template: str, /, **params: str | int) -> None:
        super().__init__(template, **params)
        self.code = code


@dataclass(frozen=True)
class Attachment:
    """A scorekeeper export attached to a PDF."""

    name: str
    """Its file name in the PDF (``scorekeeper-session-12.json``)."""
    data: bytes
    """The export file, as attached (UTF-8 JSON)."""


def exports_in_pdf(raw: bytes, most: int) -> list[Attachment]:
    """The scorekeeper exports attached to a PDF, in the order the PDF lists them.

    ``most`` bounds the bytes inflated from all its attached files together (IMPORT_MAX_BYTES).

    :raises PdfError: not a PDF, encrypted, damaged, an attachment over the limit or in a form
        not read here, or no attachment that is a scorekeeper export.
    """
    if not raw.startswith(PDF_START):
        template = translatable("not a PDF file: it does not start with %(start)s")
        raise PdfError("not-a-pdf", template, start=PDF_START.decode())
    found: list[Attachment] = []
    left = most
    with pypdf.apply_configuration(**_configuration(len(raw))):
        try:
            for name, stream in _attached_files(_catalog(raw)):
                data = _contents(name, stream, left)
                left -= len(data)
                if _is_export(data):
                    found.append(Attachment(name, data))
        except PdfError:
            raise
        except Exception as error:  # pypdf, reading a damaged file, raises any of a dozen kinds
            damaged = translatable("the PDF cannot be read: %(error)s")
            said = _short(str(error) or type(error).__name__)
            raise PdfError("pdf-damaged", damaged, error=said) from None
    if not found:
        raise PdfError(
            "no-export-in-pdf",
            translatable("no attachment of this PDF is a scorekeeper export (a session sheet)"),
        )
    return found


def _configuration(size: int) -> dict[str, Any]:
    """pypdf's limits for this file: no stream it reads may be said to be longer than the file,
    and what it inflates of the PDF's own structure is bounded too (the attachments it leaves
    to ``_contents``)."""
    return {
        "maximum_declared_stream_length": size,
        "array_maximum_element_count": 10_000,
        "dictionary_maximum_element_count": 10_000,
        "zlib_maximum_output_length": STRUCTURE_MOST,
        "zlib_maximum_recovery_input_length": 64 * 1024,
        "stream_decoding_work_maximum_length": 2 * STRUCTURE_MOST,
    }


def _catalog(raw: bytes) -> DictionaryObject:
    reader = pypdf.PdfReader(io.BytesIO(raw), strict=True)
    if reader.is_encrypted:
        raise PdfError("pdf-encrypted", translatable("the PDF is encrypted: it cannot be read"))
    declared = reader.trailer.get("/Size", 0)
    if not isinstance(declared, int) or declared > MAX_OBJECTS:
        template = translatable("the PDF declares more than %(most)s objects")
        raise PdfError("pdf-damaged", template, most=MAX_OBJECTS)
    catalog = reader.trailer["/Root"].get_object()
    if not isinstance(catalog, DictionaryObject):
        raise PdfError("pdf-damaged", translatable("the PDF has no catalog"))
    return catalog


def _attached_files(catalog: DictionaryObject) -> Iterator[tuple[str, StreamObject]]:
    """Each attached file once: its name and its stream, from the name tree, then /AF."""
    specs = list(_named_files(catalog))
    associated = _resolved(catalog.get("/AF"))
    if isinstance(associated, ArrayObject):
        specs += [("", entry) for entry in associated[: MAX_ATTACHMENTS + 1]]
    seen: set[tuple[int, int]] = set()
    for given_name, entry in specs:
        spec = _resolved(entry)
        files = _resolved(spec.get("/EF")) if isinstance(spec, DictionaryObject) else None
        if not isinstance(files, DictionaryObject):
            continue  # a file specification that names a file outside the PDF
        reference = files.get("/F", files.get("/UF"))
        stream = _resolved(reference)
        if not isinstance(stream, StreamObject) or _key(reference) in seen:
            continue
        seen.add(_key(reference))
        if len(seen) > MAX_ATTACHMENTS:
            template = translatable("the PDF has more than %(most)s attached files")
            raise PdfError("attachment-unreadable", template, most=MAX_ATTACHMENTS)
        yield given_name or str(spec.get("/UF", spec.get("/F", ""))), stream


def _named_files(catalog: DictionaryObject) -> Iterator[tuple[str, Any]]:
    """The entries of the embedded files' name tree, walked within its bounds."""
    names = _resolved(catalog.get("/Names"))
    root = _resolved(names.get("/EmbeddedFiles")) if isinstance(names, DictionaryObject) else None
    level = [root] if isinstance(root, DictionaryObject) else []
    nodes = entries = 0
    for _depth in range(MAX_DEPTH):
        kids: list[Any] = []
        for node in level:
            nodes += 1
            if nodes > MAX_NODES:
                raise PdfError("attachment-unreadable", _TREE_TOO_LARGE)
            pairs = _resolved(node.get("/Names"))
            if isinstance(pairs, ArrayObject):
                for index in range(0, min(len(pairs), 2 * (MAX_ATTACHMENTS + 1)) - 1, 2):
                    entries += 1
                    yield str(_resolved(pairs[index])), pairs[index + 1]
            more = _resolved(node.get("/Kids"))
            if isinstance(more, ArrayObject):
                kids += [_resolved(kid) for kid in more[: MAX_NODES + 1]]
        level = [kid for kid in kids if isinstance(kid, DictionaryObject)]
        if not level or entries > MAX_ATTACHMENTS:
            return
    raise PdfError("attachment-unreadable", _TREE_TOO_LARGE)  # deeper than MAX_DEPTH


def _contents(name: str, stream: StreamObject, most: int) -> bytes:
    """An attached file's bytes, at most ``most`` of them: stored as they are, or inflated."""
    too_large = translatable("the attached file %(name)s is larger than %(most)s bytes")
    size = _resolved(_resolved(stream.get("/Params")) or {}).get("/Size")
    if isinstance(size, int) and size > most:  # said before it is inflated
        raise PdfError("attachment-too-large", too_large, name=_short(name), most=most)
    filters = _resolved(stream.get("/Filter"))
    filters = [] if filters is None else filters if isinstance(filters, ArrayObject) else [filters]
    parameters = _resolved(stream.get("/DecodeParms"))
    if [str(_resolved(f)) for f in filters] not in ([], ["/FlateDecode"]) or (
        isinstance(parameters, DictionaryObject) and parameters.get("/Predictor", 1) != 1
    ):
        template = translatable("the attached file %(name)s is compressed in a way not read here")
        raise PdfError("attachment-unreadable", template, name=_short(name))
    encoded = StreamObject.get_data(stream)  # the bytes as stored: the base class's reader
    if not filters:
        data = encoded
    else:
        inflater = zlib.decompressobj()
        try:
            data = inflater.decompress(encoded, most + 1)  # never more than one byte over
        except zlib.error as error:
            template = translatable("the attached file %(name)s is damaged: %(error)s")
            raise PdfError("pdf-damaged", template, name=_short(name), error=str(error)) from None
        if len(data) <= most and not inflater.eof:
            template = translatable("the attached file %(name)s is cut short")
            raise PdfError("pdf-damaged", template, name=_short(name))
    if len(data) > most:
        raise PdfError("attachment-too-large", too_large, name=_short(name), most=most)
    return data


def _is_export(data: bytes) -> bool:
    """Is this attached file a scorekeeper export (whatever else is right or wrong in it)?"""
    if not data.lstrip().startswith(b"{"):
        return False
    try:
        parsed = loads(data)
    except ExchangeError:
        return False
    return isinstance(parsed, dict) and parsed.get("format") == FORMAT


def _resolved(value: Any) -> Any:
    """An object, its reference followed."""
    return value.get_object() if isinstance(value, IndirectObject) else value


def _key(reference: Any) -> tuple[int, int]:
    """An object's number and generation; a direct object is its own (a number of its own)."""
    if isinstance(reference, IndirectObject):
        return reference.idnum, reference.generation
    return -id(reference), 0


def _short(text: str, most: int = 80) -> str:
    """A name or a library's sentence from the file, cut short."""
    return text if len(text) <= most else text[: most - 1] + "…"
