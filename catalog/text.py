"""Text rules shared by name resolution (catalog.resolve) and question parsing (answers.parse):
one folding function, one vocabulary of memory units, one memory-size parser."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def fold(text: str) -> str:
    """Casefold and strip accents: "Régression" → "regression", "läuft" → "lauft", "ß" → "ss".

    NFKD on both sides of casefold: compatibility forms ("𝓐", "ﬁ") fold to plain letters first.
    """
    if text.isascii():
        return text.lower()  # the same result: ASCII has no accents or compatibility forms, and casefolds as lower()
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def phrase_key(text: str) -> str:
    """Folded words with punctuation as spaces, a dot kept inside a word ("sd 1.5", "flux.1"): how the media
    models' and devices' names are matched in a question (catalog.media, answers.knowledge.media_names)."""
    low = fold(text).replace("\u2019", "'")
    low = re.sub(r"(?<![\w])\.|\.(?![\w])", " ", low)
    low = re.sub(r"[^\w.+]+", " ", low)
    return " ".join(low.split())


def find_phrase(text: str, phrases: Sequence[tuple[str, T]]) -> tuple[str, T] | None:
    """The first (phrase, value) whose phrase (a `phrase_key`) is in `text` as whole words; the phrases come
    longest first, so the longest name found wins."""
    hay = f" {phrase_key(text)} "
    for phrase, value in phrases:
        if f" {phrase} " in hay:
            return phrase, value
    return None


# Units people write after a memory amount, folded (French "Go", "Gio"; GiB is taken as GB:
# people type them interchangeably and cards are sold in round numbers).
MEMORY_UNITS = r"gb|gbs|gib|go|gio|g|gigs?|giga(?:s|bytes?|octets?)?"
_MEMORY_RE = re.compile(rf"^\s*(\d+(?:[.,]\d+)?)\s*({MEMORY_UNITS})\s*(?:of\s+)?(?:v?ram)?\s*$", re.IGNORECASE)
_BARE_NUMBER_RE = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*$")


def parse_memory_size(text: str, *, bare_number: bool = False) -> float | None:
    """A memory size in GB if the whole text is one ("12 GB", "12 Go", "12GiB", "12,5 G", "24 GB VRAM"),
    else None. With `bare_number`, "12" alone counts too (a field that asks for a memory size)."""
    m = _MEMORY_RE.match(text) or (_BARE_NUMBER_RE.match(text) if bare_number else None)
    if not m:
        return None
    value = float(m.group(1).replace(",", "."))
    return value if value > 0 else None
