"""Two models loaded at once on one card ("llama 3.1 8b and qwen3 8b at the same time on a 4090", "a 7b
and a 14b together on 24gb"): read in the question, then answered as `can_run` with `together`
(answers/facts/together.py holds the answer's rules).

The phrases live in answers/lexicon/<lang>.toml (`at_once_words`).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from answers.knowledge.pickled import compile_cached
from answers.lexicon import lexicon
from answers.reading.sizes import BILLIONS_IN_TEXT_RE
from answers.reading.versus_words import and_re, first_two_models
from catalog.text import fold

if TYPE_CHECKING:
    from answers.reading.spans import Span
    from answers.reading.tokens import Token

MAX_BETWEEN = 4  # words between the two models ("llama 8b and also qwen 8b")


@cache
def at_once_re() -> re.Pattern[str]:
    phrases = sorted({fold(p) for lx in lexicon().languages.values() for p in lx.at_once_words},
                     key=lambda p: (-len(p), p))
    alts = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in phrases)
    return compile_cached(rf"(?<![\w]){'(?:' + alts + ')' if alts else '(?!)'}(?![\w])")


def says_at_once(folded: str) -> bool:
    return at_once_re().search(folded) is not None


def model_pair(toks: list[Token], spans: list[Span]) -> tuple[Span, Span] | None:
    """The first two different models named, joined by an "and" word (or nothing but punctuation), in a
    question that says they run at once; None otherwise."""
    question = " ".join(t.low for t in toks)
    if not says_at_once(question):
        return None
    pair = first_two_models(spans)
    if pair is None:
        return None
    a, b = pair
    gap = toks[a.end:b.start]
    between = " ".join(t.low for t in gap)
    if len(gap) > MAX_BETWEEN or not (not between.strip() or and_re().search(between) or "+" in between):
        return None
    return a, b


def generic_sizes(question: str) -> list[float]:
    """The bare sizes typed ("a 7b and a 14b"), in reading order, each once."""
    out: list[float] = []
    for m in BILLIONS_IN_TEXT_RE.finditer(fold(question)):
        v = float(m.group(1))
        if v > 0 and v not in out:
            out.append(v)
    return out
