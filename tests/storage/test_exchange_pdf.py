"""Exports read out of a PDF (storage/exchange_pdf.py): real PDFs, made by WeasyPrint with its
own attachments as the session sheet carries its export, or built with pypdf's writer where a
PDF must be made wrong on purpose (a decompression bomb, encryption, another compression)."""

from __future__ import annotations

import io
import json
import tracemalloc
import zlib

import pytest
import weasyprint
from pypdf import PdfWriter
from pypdf.generic import ArrayObject
from pypdf.generic import DictionaryObject
from pypdf.generic import NameObject
from pypdf.generic import NumberObject
from pypdf.generic import TextStringObject

from scorekeeper.storage import exchange
from scorekeeper.storage.db import open_db
from scorekeeper.storage.exchange_pdf import MAX_ATTACHMENTS
from scorekeeper.storage.exchange_pdf import MAX_DEPTH
from scorekeeper.storage.exchange_pdf import PdfError
from scorekeeper.storage.exchange_pdf import exports_in_pdf

MOST = 2**20
"""The limit the tests read within: 1 MB (the app's is IMPORT_MAX_BYTES, 8 MB)."""
EXPORT = b'{"format": "scorekeeper-export", "version": 2, "sessions": []}\n'


def attachment(
    data: bytes | str, name: str = "scorekeeper-session-1.json"
) -> weasyprint.Attachment:
    """An attachment as the session sheet has it: relationship Data, described."""
    text = data if isinstance(data, str) else data.decode("utf-8")
    return weasyprint.Attachment(
        string=text, name=name, relationship="Data", description="scorekeeper export"
    )


def weasyprint_pdf(*attached: weasyprint.Attachment, variant: str | None = None) -> bytes:
    html = weasyprint.HTML(string="<h1>Protocol</h1><p>Anna, Bruno, Carla</p>")
    return html.write_pdf(attachments=list(attached), pdf_variant=variant)


def written(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def pdf_with_stream(encoded: bytes, filters: list[str], name: str = "bomb.json", **params):
    """A PDF whose one attachment is stored as ``encoded`` under ``filters``, as given."""
    writer = PdfWriter()
    writer.add_blank_page(200, 200)
    writer.add_attachment(name, b"")
    spec = writer.root_object["/Names"]["/EmbeddedFiles"]["/Names"][1].get_object()
    stream = spec["/EF"]["/F"].get_object()
    stream.set_data(encoded)  # the bytes as they are to be stored, not compressed again
    if filters:
        stream[NameObject("/Filter")] = ArrayObject(NameObject(f) for f in filters)
    if params:
        stream[NameObject("/Params")] = DictionaryObject(
            {NameObject(f"/{key}"): NumberObject(value) for key, value in params.items()}
        )
    return written(writer)


def zeros_deflated(megabytes: int) -> bytes:
    """A zlib stream of ``megabytes`` MB of zero bytes, made in a moment whatever its size:
    once the window is all zeros, every megabyte compresses to the same block."""
    block = bytes(2**20)
    deflater = zlib.compressobj(9)
    first = deflater.compress(block) + deflater.flush(zlib.Z_FULL_FLUSH)
    middle = deflater.compress(block) + deflater.flush(zlib.Z_FULL_FLUSH)
    last = deflater.compress(block) + deflater.flush()
    checksum = 1
    for _ in range(megabytes):
        checksum = zlib.adler32(block, checksum)
    return first + middle * (megabytes - 2) + last[:-4] + checksum.to_bytes(4, "big")


def refusal(raw: bytes, most: int = MOST) -> PdfError:
    with pytest.raises(PdfError) as refused:
        exports_in_pdf(raw, most)
    return refused.value


# What a sheet carries comes back


def test_the_export_a_sheet_carries_comes_back_byte_for_byte(tmp_path):
    db = open_db(tmp_path / "club.sqlite")
    data = exchange.dumps(exchange.export_sessions(db)).encode("utf-8")
    pdf = weasyprint_pdf(attachment(data), variant="pdf/a-3b")
    (found,) = exports_in_pdf(pdf, MOST)
    assert (found.name, found.data) == ("scorekeeper-session-1.json", data)


def test_every_export_attached_comes_back_in_the_pdfs_order_and_nothing_else():
    second = EXPORT.replace(b"[]", b"[ ]")
    pdf = weasyprint_pdf(
        attachment(b"not an export", "notes.txt"),
        attachment(EXPORT, "scorekeeper-session-1.json"),
        attachment(b'{"format": "another-program"}', "other.json"),
        attachment(second, "scorekeeper-session-2.json"),
    )
    found = exports_in_pdf(pdf, MOST)
    assert [(each.name, each.data) for each in found] == [
        ("scorekeeper-session-1.json", EXPORT),
        ("scorekeeper-session-2.json", second),
    ]


def test_an_export_stored_uncompressed_is_read_too():
    (found,) = exports_in_pdf(pdf_with_stream(EXPORT, []), MOST)
    assert found.data == EXPORT


def test_an_export_that_is_broken_inside_is_still_one_for_the_import_to_refuse():
    broken = b'{"format": "scorekeeper-export", "version": 2, "sessions": "none"}'
    (found,) = exports_in_pdf(weasyprint_pdf(attachment(broken)), MOST)
    assert json.loads(found.data)["sessions"] == "none"


# No export


@pytest.mark.parametrize(
    "attached",
    [(), ("a note",), ('{"format": "another"}',), ("[1, 2]",), ('{"format": ',)],
    ids=["no attachment", "text", "another format", "a list", "broken JSON"],
)
def test_a_pdf_without_a_scorekeeper_export_says_so(attached):
    pdf = weasyprint_pdf(*(attachment(text, f"file-{n}.json") for n, text in enumerate(attached)))
    refused = refusal(pdf)
    assert refused.code == "no-export-in-pdf"
    assert str(refused) == "no attachment of this PDF is a scorekeeper export (a session sheet)"


# Not a PDF, encrypted, damaged


@pytest.mark.parametrize("raw", [b"", b"%PD", EXPORT, b"\x89PNG\r\n\x1a\n"], ids=repr)
def test_what_is_not_a_pdf_is_refused_as_such(raw):
    refused = refusal(raw)
    assert refused.code == "not-a-pdf"
    assert str(refused) == "not a PDF file: it does not start with %PDF-"


def test_an_encrypted_pdf_is_refused_as_such():
    writer = PdfWriter()
    writer.add_blank_page(200, 200)
    writer.add_attachment("scorekeeper-session-1.json", EXPORT)
    writer.encrypt("secret")
    refused = refusal(written(writer))
    assert refused.code == "pdf-encrypted"


@pytest.mark.parametrize(
    "damage",
    [
        lambda pdf: pdf[: len(pdf) // 2],
        lambda pdf: pdf[:20] + bytes(len(pdf) - 20),
        lambda pdf: b"%PDF-1.7\n" + b"garbage " * 100,
        lambda pdf: pdf.replace(b"/Root", b"/Rxxx"),
    ],
    ids=["cut in half", "zeroed", "garbage", "no catalog"],
)
def test_a_damaged_pdf_is_refused_as_such(damage):
    refused = refusal(damage(weasyprint_pdf(attachment(EXPORT))))
    assert refused.code == "pdf-damaged"
    assert str(refused).startswith("the PDF")


def test_a_damaged_or_cut_deflated_attachment_is_refused_as_such():
    deflated = zlib.compress(EXPORT)
    assert refusal(pdf_with_stream(deflated[:-10], ["/FlateDecode"])).code == "pdf-damaged"
    garbled = deflated[:2] + b"\xff" * (len(deflated) - 2)
    assert refusal(pdf_with_stream(garbled, ["/FlateDecode"])).code == "pdf-damaged"


# Within limits


def test_the_zeros_of_the_bomb_are_a_sound_zlib_stream():
    small = zeros_deflated(4)
    assert zlib.decompress(small) == bytes(4 * 2**20)


def test_a_decompression_bomb_is_refused_within_the_limit_without_inflating_it_whole():
    bomb = pdf_with_stream(zeros_deflated(2048), ["/FlateDecode"])  # 2 GB of zeros
    assert len(bomb) < 3 * 2**20
    tracemalloc.start()
    try:
        refused = refusal(bomb)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert refused.code == "attachment-too-large"
    assert str(refused) == f"the attached file bomb.json is larger than {MOST} bytes"
    assert peak < 32 * MOST  # the PDF read and the limit, some megabytes: not gigabytes


def test_an_attachment_that_says_it_is_too_large_is_refused_before_it_is_read():
    small = zlib.compress(EXPORT)
    refused = refusal(pdf_with_stream(small, ["/FlateDecode"], Size=MOST + 1))
    assert refused.code == "attachment-too-large"


def test_an_honest_attachment_over_the_limit_is_refused_and_one_at_it_is_read():
    data = b'{"format": "scorekeeper-export", "pad": "' + b"x" * 2000 + b'"}'
    pdf = weasyprint_pdf(attachment(data))
    assert refusal(pdf, len(data) - 1).code == "attachment-too-large"
    assert [each.data for each in exports_in_pdf(pdf, len(data))] == [data]
    uncompressed = pdf_with_stream(data, [])
    assert refusal(uncompressed, len(data) - 1).code == "attachment-too-large"


def test_the_attachments_share_the_limit():
    pdf = weasyprint_pdf(attachment(EXPORT, "one.json"), attachment(EXPORT, "two.json"))
    assert len(exports_in_pdf(pdf, 2 * len(EXPORT))) == 2
    refused = refusal(pdf, 2 * len(EXPORT) - 1)
    assert refused.code == "attachment-too-large"
    assert "two.json" in str(refused)


def test_a_pdf_of_more_attached_files_than_are_read_is_refused():
    def many(count):  # an attachment is read once as a PDF is made: new ones each time
        return weasyprint_pdf(*(attachment(EXPORT, f"file-{n}.json") for n in range(count)))

    refused = refusal(many(MAX_ATTACHMENTS + 1), 100 * MOST)
    assert refused.code == "attachment-unreadable"
    assert str(refused) == f"the PDF has more than {MAX_ATTACHMENTS} attached files"
    assert len(exports_in_pdf(many(MAX_ATTACHMENTS), MOST)) == MAX_ATTACHMENTS


def test_an_attachment_compressed_another_way_is_refused_as_unread():
    hexed = EXPORT.hex().encode() + b">"
    refused = refusal(pdf_with_stream(hexed, ["/ASCIIHexDecode"]))
    assert refused.code == "attachment-unreadable"
    assert str(refused) == "the attached file bomb.json is compressed in a way not read here"


def pdf_with_name_tree(depth: int) -> bytes:
    """A PDF whose one attachment, an export, is a leaf of a name tree ``depth`` levels deep."""
    writer = PdfWriter()
    writer.add_blank_page(200, 200)
    writer.add_attachment("deep.json", EXPORT)
    tree = writer.root_object["/Names"]["/EmbeddedFiles"]
    node = DictionaryObject({NameObject("/Names"): tree["/Names"]})
    for _ in range(depth - 1):
        kids = ArrayObject([writer._add_object(node)])
        node = DictionaryObject({NameObject("/Kids"): kids})
    del tree["/Names"]
    tree[NameObject("/Kids")] = node["/Kids"] if depth > 1 else ArrayObject()
    if depth == 1:
        tree[NameObject("/Names")] = node["/Names"]
    tree[NameObject("/Limits")] = ArrayObject([TextStringObject("a"), TextStringObject("z")])
    return written(writer)


def test_the_name_tree_is_walked_to_its_depth_and_a_deeper_one_refused():
    assert [each.name for each in exports_in_pdf(pdf_with_name_tree(MAX_DEPTH), MOST)] == [
        "deep.json"
    ]
    assert [each.name for each in exports_in_pdf(pdf_with_name_tree(1), MOST)] == ["deep.json"]
    refused = refusal(pdf_with_name_tree(MAX_DEPTH + 1))
    assert refused.code == "attachment-unreadable"
    assert str(refused) == "the PDF's list of attached files is too large"
