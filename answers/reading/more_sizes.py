"""A model asked about by its size alone after another one named, in a further clause of the same message
("qwen3 8b at q8 on my 3090? and a 70b at q4 split with ram?", "y con un 70b a q4?", "und ein 32b?"): the size
and the level said right after it, answered in its own part (answers/engine.py), never dropped. Pure: tokens in,
the size and its level out; the level said with the size is that part's, not the first model's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from answers.reading.sizes import BILLIONS_TOKEN_RE
from answers.reading.units import canonical_quant
from answers.reading.versus_words import and_re, versus_re

if TYPE_CHECKING:
    from answers.reading.spans import Span
    from answers.reading.tokens import Token

# Words between the size and its level ("a 70b at q4", "un 70b a q4_k_m", "ein 70b in q4"): at most this many.
LEVEL_WITHIN = 3


def size_apart(toks: list[Token], spans: list[Span],
               model_span: Span | None) -> tuple[float, str | None, str | None] | None:
    """(size in billions, its level or None, the first model's line at that size or None) of the first bare size
    after the model named, with an "and" or a comparison word of any language between them; None when no model is
    named by name, or no such size follows. The line is offered when the size comes right after that word ("llama
    3.1 8b and 70b", "qwen3 8b vs 14b": Llama 3.1 70B, Qwen3 14B), never after an article ("and a 70b")."""
    if model_span is None or BILLIONS_TOKEN_RE.match(model_span.text.casefold().replace(" ", "")):
        return None
    joined_at = None
    for i in range(model_span.end, len(toks)):
        tok = toks[i]
        if and_re().fullmatch(tok.low) or versus_re().fullmatch(tok.low):
            joined_at = i
            continue
        m = BILLIONS_TOKEN_RE.match(tok.low)
        if m is None or joined_at is None or any(sp.start <= i < sp.end for sp in spans):
            continue
        level = next((q for t in toks[i + 1:i + 1 + LEVEL_WITHIN] if (q := canonical_quant(t.low))), None)
        line = [t.low for t in toks[model_span.start:model_span.end]]
        sized = [k for k, w in enumerate(line) if BILLIONS_TOKEN_RE.match(w)]
        same = " ".join([*line[:sized[0]], tok.low]) if joined_at == i - 1 and sized else None
        return float(m.group(1)), level, same
    return None


def sizes_beside(toks: list[Token], spans: list[Span], chosen: float) -> tuple[float, str | None, None] | None:
    """Another bare size beside the one a size-only question is answered for ("the speed of a 7b and of a 30b-a3b",
    "un 7b o un 14b"), with an "and" or a comparison word in the message: (size, its level, None), answered in its
    own part; None when no other size is typed."""
    if not any(and_re().fullmatch(t.low) or versus_re().fullmatch(t.low) for t in toks):
        return None
    for i, tok in enumerate(toks):
        m = BILLIONS_TOKEN_RE.match(tok.low)
        if m is None or any(sp.start <= i < sp.end for sp in spans) or float(m.group(1)) in (0.0, chosen):
            continue
        level = next((q for t in toks[i + 1:i + 1 + LEVEL_WITHIN] if (q := canonical_quant(t.low))), None)
        return float(m.group(1)), level, None
    return None
