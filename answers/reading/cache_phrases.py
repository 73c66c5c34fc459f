"""The KV cache's type a question states ("kv cache em q8_0", "KV-Cache in q4_0", "q8 kv cache", llama.cpp's
"-ctk q8_0"), and whether that level is the cache's alone; spellings in answers/lexicon/conditions.toml
(`cache_spellings`). Part of the conditions reader (answers/reading/conditions.py).
"""

from __future__ import annotations

import re
from functools import cache

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon.conditions import condition_words


@cache
def _cache_res() -> tuple[re.Pattern[str], re.Pattern[str]]:
    spellings = condition_words().cache_spellings
    alternation = "|".join(longest_first(re.escape(s) for s in spellings))
    kv = r"(?:kv[- ]?cache|cache[- ]kv|k/v[- ]?cache|kv)"
    flag = r"(?<![\w-])--?(?:ctk|ctv|cache-type-[kv]|cache_type_[kv])"  # llama.cpp's "-ctk q8_0 -ctv q8_0"
    links = r"in|en|em|im|a|at|to|auf|de|di|da|type|typ|tipo|:|=|as|come|comme|como"
    after = compile_cached(rf"(?:\b{kv}|{flag})(?:\s+(?:{links}))*\s*(?<![\w])({alternation})(?![\w])")
    before = compile_cached(rf"(?<![\w])({alternation})\s+(?:{kv}|cache)\b")
    return after, before


# Any quantization level written ("q8", "q4_k_m", "fp16"): a cache word a few words from one level is that
# level's place only when another level is said too ("qwen 32b q8 at 128k, kv cache at 4-bit... q4_0 ok?").
_LEVEL_WORD = compile_cached(r"(?<![\w.-])(?:[it]?q\d(?:_[a-z0-9]+)*|f16|fp16|bf16|fp8|int8|int4)(?![\w])")
NEAR_WORDS = 4  # words at most between the cache word and its level when they are not side by side


@cache
def _near_re() -> re.Pattern[str]:
    """The cache word, then its level a few words on ("the kv cache eats it all, at q4_0?"), no other level
    between; only that order: "q4_0 or q8_0, which kv cache size?" weighs two weights' levels."""
    spellings = condition_words().cache_spellings
    alternation = "|".join(longest_first(re.escape(s) for s in spellings))
    kv = r"(?:kv[- ]?cache|cache[- ]kv|k/v[- ]?cache|kv|cache)"
    gap = rf"(?:\s+(?!{_LEVEL_WORD.pattern})[^\s]+){{0,{NEAR_WORDS}}}?"
    return compile_cached(rf"\b{kv}\b{gap}\s+({alternation})(?![\w])")


def _cache_match(text: str) -> re.Match[str] | None:
    """The cache phrase with its level: side by side first, else a few words apart when two levels are said."""
    after, before = _cache_res()
    m = after.search(text) or before.search(text)
    if m is not None or len(set(_LEVEL_WORD.findall(text))) < 2:
        return m
    return _near_re().search(text)


def cache_type(text: str) -> str | None:
    """"kv cache em q8_0", "KV-Cache in q4_0", "q8 kv cache", "the kv cache eats it all, at q4_0 then?" beside
    a weights' level: the KV cache's type."""
    m = _cache_match(text)
    return condition_words().cache_spellings[m.group(1)] if m else None


def cache_level_only(text: str, cache_type: str | None) -> bool:
    """"kv cache em q8_0": the parser reads "q8_0" as the weights' level too; it is the cache's alone when the
    text writes that level nowhere but in a cache phrase."""
    if cache_type is None:
        return False
    after, before = _cache_res()
    rest = before.sub(" ", after.sub(" ", text))  # "-ctk q8_0 -ctv q8_0": both the cache's
    near = _cache_match(rest)  # the level a few words from its cache word
    if near is not None:
        rest = rest[:near.start(1)] + " " + rest[near.end(1):]
    spellings = [s for s, kind in condition_words().cache_spellings.items() if kind == cache_type]
    return not any(re.search(rf"(?<![\w]){re.escape(s)}(?![\w])", rest) for s in spellings)
