"""Names and labels as typed: normalised before they are kept, and how long they may be."""

from __future__ import annotations

import unicodedata

MAX_NAME = 40
MAX_LABEL = 80


def clean_text(text: str) -> str:
    """Normalise a name: NFC, no control characters, single spaces."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return " ".join(text.split())
