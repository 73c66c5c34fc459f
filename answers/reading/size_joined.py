"""A model's family and its size said apart by a short function word of any language ("qwen3 de 32b", "gemma 3
di 12b", "llama 3.1 von 8b", "the 32b qwen3", "un 14b de qwen3"): one name, the family at that size, when the
catalog has it exactly. Without this the family alone was read (its default size) and the size was lost.

Pure: tokens and the spans found in, the spans with the joined name out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from answers.reading.sizes import BILLIONS_TOKEN_RE
from answers.reading.versus_words import and_re, versus_re

if TYPE_CHECKING:
    from answers.reading.spans import Span
    from answers.reading.tokens import Token
    from catalog.resolve import Resolver

# Function words allowed between the family and its size ("de", "da", "von", "of the"): at most this many.
BETWEEN = 2


def _joins(tok: Token, words: frozenset[str]) -> bool:
    """A short function word that ties a size to a name; never "and"/"or"/"vs" (those name a second model:
    "qwen3 or a 70b")."""
    return (not tok.used and tok.low in words
            and and_re().fullmatch(tok.low) is None and versus_re().fullmatch(tok.low) is None)


def _sized(text: str) -> bool:
    return any(BILLIONS_TOKEN_RE.match(w) for w in text.casefold().split())


def _size_at(toks: list[Token], spans: list[Span], k: int) -> bool:
    return (0 <= k < len(toks) and not toks[k].used and BILLIONS_TOKEN_RE.match(toks[k].low) is not None
            and not any(sp.start <= k < sp.end for sp in spans))


def _size_near(toks: list[Token], spans: list[Span], sp: Span, words: frozenset[str]) -> tuple[int, int] | None:
    """(start, end) of the stretch from the family through its size, the size after it ("qwen3 de 32b") or
    before it ("the 32b qwen3", "un 32b de qwen3"), with only function words between; None when there is none."""
    k = sp.end
    while k < len(toks) and k - sp.end < BETWEEN and _joins(toks[k], words):
        k += 1
    if k > sp.end and _size_at(toks, spans, k):
        return sp.start, k + 1
    k = sp.start - 1
    while k >= 0 and sp.start - 1 - k < BETWEEN and _joins(toks[k], words):
        k -= 1
    if _size_at(toks, spans, k):
        return k, sp.end
    return None


def join_sizes(toks: list[Token], spans: list[Span], models: Resolver, words: frozenset[str]) -> list[Span]:
    """The spans, each model named without a size that has one said apart beside it replaced by the family at
    that size when the catalog knows that name exactly (kept as found otherwise: "mistral small de 70b" names no
    model)."""
    out: list[Span] = []
    for sp in spans:
        near = None if sp.kind != "model" or _sized(sp.text) else _size_near(toks, spans, sp, words)
        if near is not None:
            size = toks[near[1] - 1] if near[1] > sp.end else toks[near[0]]
            text = f"{sp.text} {size.text}"
            res = models.lookup(text)
            if res is not None and res.best is not None:
                sp = replace(sp, start=near[0], end=near[1], res=res, text=text)
        out.append(sp)
    return out
