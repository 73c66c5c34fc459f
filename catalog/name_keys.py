"""The keys names are compared by: words, normalized names, number tokens, order-free keys, and the
Match/Resolution results. Shared by the generic resolver (resolve.py) and the GPU rules
(gpu_names.py), below both, so neither has to import the other's internals.
"""

from __future__ import annotations

import re
from typing import Generic, TypeVar

from msgspec import Struct, field

from .text import fold

# Words that say who sells it, not what it is. Dropped on both sides so "nvidia rtx 4090",
# "geforce 4090" and "RTX 4090" agree. Series words (rtx, gtx, rx) are kept in the main key
# because they matter ("RTX A6000" vs "A6000"), and dropped only in the GPU derived key.
VENDOR_WORDS = frozenset({"nvidia", "geforce", "amd", "radeon", "intel"})
# "apple" is a series word for GPUs: "M4 Pro 48GB" and "Apple M4 Pro 48 GB" agree, while the main key
# keeps it, so a bare "M4" still has both the Apple chip and the Tesla M4 to choose from (defaults rule).
GPU_SERIES_WORDS = frozenset({"rtx", "gtx", "rx", "gts", "gt", "tesla", "quadro", "instinct", "arc", "apple"})

# Letters and digits of any script ("PanGu-Σ" keeps its Σ); "_" is punctuation here.
_WORD_RE = re.compile(r"[^\W_]+")
# A number, with "." or "," between digits kept inside it: "3.1", "4.5", "12,5".
_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)*")


T = TypeVar("T")


class Match(Struct, Generic[T], frozen=True):
    """One name found for a text, the records it names and how well it matched."""
    name: str  # display name
    payloads: tuple[T, ...]  # the caller's payloads under this name (several when entries share it)
    score: float  # 0–100; 100 for exact normalized name or alias

    @property
    def key(self) -> T:
        """The first payload passed under this name (catalog order)."""
        return self.payloads[0]


class Resolution(Struct, Generic[T], frozen=True):
    """What a name resolves to: the best match, the other candidates, and whether it is ambiguous."""
    best: Match[T] | None  # None when nothing clears the cut-off, or when ambiguous
    candidates: list[Match[T]]  # ranked, best first; includes `best` when there is one
    ambiguous: bool
    # Set when `best` was picked by the defaults rule among several variants ("h100" → H100 SXM5 80 GB):
    # then `default` is `best` and `alternatives` are the other variants, so an answer can name them.
    default: Match | None = None
    alternatives: list[Match] = field(default_factory=list)


def name_words(text: str, drop: frozenset[str] = VENDOR_WORDS) -> list[str]:
    # "+" is part of some names ("Command R+", "PointNet++"), so it becomes a word.
    text = fold(text).replace("+", " plus ")
    return [w for w in _WORD_RE.findall(text) if w not in drop]


def normalize(text: str) -> str:
    """Comparison key: casefolded, accents, punctuation, spaces and vendor words removed."""
    return "".join(name_words(text))


NumberToken = tuple[str, str, str]


def number_tokens(text: str) -> tuple[NumberToken, ...]:
    """Numbers in reading order as (digits, integer part, as written with "."):
    "Llama 3.1 8B" → (("31", "3", "3.1"), ("8", "8", "8")).

    Matching uses the digits, so "glm45v" and "GLM-4.5V" agree; the written form only breaks
    ties between names that normalize alike ("OPT-1.3B" vs "OPT-13B").
    """
    out: list[NumberToken] = []
    for m in _NUMBER_RE.finditer(fold(text)):
        raw = m.group().replace(",", ".")
        parts = raw.split(".")
        out.append(("".join(parts), parts[0], raw))
    return tuple(out)


_SIZE_GLUE_RE = re.compile(r"(\d)(gb|gib|go)\b")


def model_bag_key(text: str) -> str:
    """Order-free model key: the name's words, sorted ("gemma 3 27b qat" = "Gemma 3 QAT 27B")."""
    return " ".join(sorted(name_words(text)))


def bag_key(text: str) -> str:
    """Order-free GPU key: words without vendor and series words, sorted ("40gb" counts as "40 gb")."""
    return " ".join(sorted(name_words(_SIZE_GLUE_RE.sub(r"\1 \2", fold(text)), VENDOR_WORDS | GPU_SERIES_WORDS)))
