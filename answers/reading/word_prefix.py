"""A plain word that only begins a model's name is not that model: "stable" (of "stable diffusion", "is nvfp4
stable") is not StableLM, "tiny" (of "whisper tiny", "a tiny model") is not TinyLlama, "deep" is not DeepSeek.

The fuzzy resolver scores a typed word that starts a name highly ("stable" → "stablelm", 97.5). Such a hit names
the model only when what the name adds after the word is a number or a version ("qwen" → "qwen3", "gemma" →
"gemma3"), never when the word runs on into more letters: then it is a word of its own.
"""

from __future__ import annotations

import re

from answers.reading.spans import Span

EXACT = 100.0
_GLUED = re.compile(r"[^a-z0-9]+")


def _glued(text: str) -> str:
    return _GLUED.sub("", text.casefold())


def only_starts_a_name(span: Span) -> bool:
    """A one-word model span of letters, matched not as a name but as the start of every name of its record
    that it begins, each running on into letters ("stable" → "stablelm 2 1.6b")."""
    best = span.res.best
    word = span.text.strip().casefold()
    if span.kind != "model" or best is None or best.score >= EXACT or not word.isalpha() or " " in word:
        return False
    record = best.key
    names = [getattr(record, "name", ""), *getattr(record, "aliases", ())]
    begun = [n for n in (_glued(x) for x in names) if n.startswith(word) and len(n) > len(word)]
    return bool(begun) and all(n[len(word)].isalpha() for n in begun)
