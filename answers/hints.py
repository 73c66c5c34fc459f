"""Refinements read from a question beside the parser's intent and entities (answers/parse.py owns
the vocabulary of intents and names): a task filter, the KV-cache type, "which level", "the
biggest", every quantization level named, and the two halves of "who made X and when".
Words live in answers/data/hints.json.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from .parse import canonical_quant, clean, fold, tokenize


@dataclass(frozen=True)
class Hints:
    task: str | None = None
    cache_type: str | None = None
    quant_question: bool = False
    biggest: bool = False
    cheapest: bool = False  # "cheapest card for X": rank by launch price (answers/picks.py)
    quants: tuple[str, ...] = ()  # every level named, in order, without repeats
    intents: list[str] = field(default_factory=list)  # two asks in one question ("who … and when")


@cache
def name_words() -> dict:
    return json.loads((resources.files("answers") / "data" / "hints.json").read_text("utf-8"))


@cache
def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    alts = "|".join(re.escape(p).replace(r"\ ", r"[\s_-]+") for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w]){'(?:' + alts + ')'}(?![\w])")


def _has(text: str, phrases: list[str]) -> bool:
    return bool(phrases) and _pattern(tuple(phrases)).search(text) is not None


def read_hints(question: str) -> Hints:
    w = name_words()
    text = fold(clean(question or ""))
    task = next((t for t, words in w["tasks"].items() if _has(text, words)), None)
    cache_type = next((c for c, words in w["cache_types"].items() if _has(text, words)), None)
    rest = question or ""
    if cache_type is not None:  # "q8 kv cache" names the cache, not the weights' level
        for words in w["cache_types"].values():
            rest = _pattern(tuple(words)).sub(" ", fold(clean(rest)))
    quants: list[str] = []
    for tok in tokenize(clean(rest)):
        q = canonical_quant(tok.low)
        if q and q not in quants:
            quants.append(q)
    intents = ["maker", "release"] if _has(text, w["who"]) and _has(text, w["when"]) else []
    return Hints(task=task, cache_type=cache_type, quant_question=_has(text, w["quant_question"]),
                 biggest=_has(text, w["biggest"]), cheapest=_has(text, w.get("cheapest", [])), quants=tuple(quants), intents=intents)


def is_task_words(text: str | None) -> bool:
    """"coding", "for coding", "coding model": a task the parser took for an unknown model name."""
    if not text:
        return False
    words = [t.low for t in tokenize(clean(text))]
    vocab = {x for ws in name_words()["tasks"].values() for x in ws} | {"model", "models", "llm", "llms", "best", "good"}
    return bool(words) and all(w in vocab for w in words)
