"""A question about the KV cache itself ("how much vram does the kv cache take at 128k, f16 and q4_0?", "why does
ollama use 30 GB, is it num_ctx?", "q8 kv cache or Q6 down to Q4 for more context?"): the cache named with a
word that asks its size or how it is worked out, or weighed against a lower weights' level. The words are data
(answers/lexicon/kv_cache.toml); the record is `Asked.kv` (answers/records/asked.py)."""

from __future__ import annotations

import re
from functools import cache

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon.conditions import condition_words
from answers.lexicon.kv_cache import kv_words
from answers.records.asked import KvAsked
from catalog.text import fold

# A quantization level as written ("q8", "q4_k_m", "fp16", "8-bit"): the cache's when it is a cache type, the
# weights' otherwise ("q6", "q4_k_m", "q3").
_LEVEL = compile_cached(r"(?<![\w.-])(?:[it]?q\d(?:_[a-z0-9]+)*|f16|fp16|bf16|f32|fp32|int8|int4|\d+[- ]?bit)(?![\w])")


@cache
def _phrases_re(kind: str) -> re.Pattern[str]:
    w = kv_words()
    phrases: tuple[str, ...] = getattr(w, kind)
    alternation = "|".join(longest_first(re.escape(p).replace(r"\ ", r"\s+") for p in phrases))
    return compile_cached(rf"(?<![\w/-])(?:{alternation})(?![\w/-])")


def _said(text: str, kind: str) -> bool:
    return _phrases_re(kind).search(text) is not None


def read(question: str, cache_type: str | None = None) -> KvAsked | None:
    """The KV-cache question `question` asks (None when it asks none). `cache_type` is the type the conditions
    reader found beside a cache word ("kv cache em q8_0"), the cache's for sure."""
    text = " ".join(fold(question).replace("’", "'").split())
    if not _said(text, "cache_words"):
        return None
    spellings = condition_words().cache_spellings
    levels = [m.group().replace(" ", "-") for m in _LEVEL.finditer(text)]
    cache_like = [spellings[x] for x in levels if x in spellings]
    weights_like = [x for x in levels if x not in spellings]
    setting = _said(text, "context_settings")
    # "bajar el modelo de q6 a q4 o cuantizar la kv cache a q8?": a weights' level weighed against the cache's type
    # ("… kv cache in q8 or the model from q8 to q4?": two more levels beside the cache's are the weights')
    weighed = bool(weights_like) or (cache_type is not None and len(levels) >= 3)
    trade = weighed and _said(text, "better") and (cache_type is not None or bool(cache_like))
    if not (trade or setting or _said(text, "size") or len(set(cache_like)) >= 2):
        return None  # "q8 kv cache, how fast on a 3090?": the cache's type is a condition, not the question
    types: tuple[str, ...]
    if trade:
        types = (cache_type or next((t for t in cache_like if t != "f16"), "q8_0"),)
    else:
        types = tuple(dict.fromkeys([*([cache_type] if cache_type else []), *cache_like]))
    return KvAsked(types=types, trade=trade, context_setting=setting)
