"""Unsloth's dynamic levels said in words ("GLM-4.7 Dynamic 2-bit", "the unsloth dynamic quant", "dinamico a 1
bit"): the UD level of the bit count said (estimator.formats UD_BY_BITS), else the 2-bit one its guides recommend.

"dynamic" is also a plain word ("dynamic batching"), so alone it names a level only after "unsloth"/"ud" or
written "Dynamic" after something else, as Unsloth's pages write it; with a bit count beside it, always.
"""

from __future__ import annotations

import re

from answers.lexicon import lexicon
from answers.reading.tokens import Token
from catalog.text import fold
from estimator.formats import UD_BY_BITS, UD_DEFAULT

_BITS = re.compile(r"^(\d)(?:[.,]\d+)?-?bits?$")  # "2-bit", "1.58-bit", "4bit"
_MAKERS = frozenset({"unsloth", "ud", "unsloth's"})
_LINKS = frozenset({"a", "à", "de", "da", "zu", "mit"})  # "dinamico a 2 bit", "dynamique à 2 bits"


def _bits_after(toks: list[Token], i: int) -> tuple[int, list[Token]] | None:
    """The bit count right after token i (skipping one linking word), with the tokens that said it."""
    j = i + 1
    if j < len(toks) and toks[j].low in _LINKS:
        j += 1
    if j < len(toks) and (m := _BITS.match(toks[j].low)):
        return int(m.group(1)), [toks[j]]
    if j + 1 < len(toks) and re.fullmatch(r"\d(?:[.,]\d+)?", toks[j].low) and toks[j + 1].low in {"bit", "bits"}:
        return int(toks[j].low[0]), [toks[j], toks[j + 1]]
    return None


def _bits_before(toks: list[Token], i: int) -> tuple[int, list[Token]] | None:
    """"the 1-bit dynamic quant": the bit count right before token i."""
    if i > 0 and (m := _BITS.match(toks[i - 1].low)):
        return int(m.group(1)), [toks[i - 1]]
    return None


def dynamic_level(toks: list[Token]) -> str | None:
    """The UD level the question names in words, marking the words used; None when it names none."""
    words = lexicon().dynamic_words
    for i, t in enumerate(toks):
        if t.used or fold(t.low) not in words:
            continue
        said = _bits_after(toks, i) or _bits_before(toks, i)
        maker = i > 0 and toks[i - 1].low in _MAKERS
        if said is None and not maker and not (i > 0 and t.text[:1].isupper()):
            continue
        level = UD_BY_BITS.get(said[0]) if said else UD_DEFAULT
        if level is None:
            continue
        for used in [t, *(said[1] if said else [])]:
            used.used = True
        return level
    return None


__all__ = ["dynamic_level"]
