"""A question about the KV cache itself (`Asked.kv`, answers/reading/kv_words.py), answered beside the memory
answer: the cache at each type asked (and f16, q8_0, q4_0) at the context, what a token of context costs, the
cache at the contexts a runtime opens a model with (Ollama's num_ctx), and with a memory size said, which level
fits with each cache type and how long a context fits. Pure: the figures come from the profile's own memory
rule (the same need every other answer uses)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec import Struct

from answers.records.asked import KvAsked
from estimator.card import MemoryCard
from estimator.engines import Engine
from estimator.kv_room import longest_context
from estimator.model import DEFAULT_CONTEXT
from estimator.quants import Quant, quant
from estimator.ranking import Query

SHOWN_TYPES = ("f16", "q8_0", "q4_0")  # the types every KV answer gives (llama.cpp's usual three)
ROOM_TYPES = ("f16", "q8_0")  # the room answer weighs the default cache against the near-lossless one
# The contexts people meet: llama.cpp's and Ollama's small default, a long chat or code context, the long ones
# models are made for now. Only those up to the model's own length are shown.
USUAL_CONTEXTS = (4096, 32768, 131072)
FALLBACK_CEILING = 131072  # the longest context weighed when the record does not say the model's own


class KvCache(Struct, kw_only=True):
    """`facts.kv_cache`: the answer to a question about the KV cache itself."""

    kv_cache: dict[str, Any]


def build(q: Query, kv: KvAsked, memory_gb: float | None, levels_named: tuple[str, ...],
          ollama: Engine | None, context_said: bool) -> KvCache:
    """The KV-cache facts for query `q` (its model, context and profile); `memory_gb` the memory said or the
    card's, `levels_named` the weights' levels the asker weighs, `ollama` the engine when it opens models with its
    own context."""
    ctx = q.context
    types = tuple(dict.fromkeys((*SHOWN_TYPES, *(t for t in kv.types if "/" not in t))))
    lead = q.levels()[0]
    out: dict[str, Any] = {
        "context": ctx, "asked_types": list(kv.types),
        "types": [{"type": t, "cache_gb": _cache(q, lead, ctx, t)} for t in types],
        "per_token_kb": _cache(q, lead, ctx, "f16") * 2**20 / ctx,
    }
    layout = q.model.layout
    if layout is not None and any(g.kind == "sliding" for g in layout.groups):
        # "sliding window attention makes it smaller, right?": the same layers keeping the whole context
        out["no_window_gb"] = sum(g.layers * g.kv_heads * g.head_dim * ctx * 4 for g in layout.groups
                                  if g.kind in ("full", "sliding")) / 2**30
    if ollama is not None or kv.context_setting or not context_said:
        ceiling = q.model.max_context or FALLBACK_CEILING
        shown = sorted({c for c in USUAL_CONTEXTS if c <= ceiling} | ({ctx} if context_said else set()))
        out["at_contexts"] = [{"context": c, "f16_gb": _cache(q, lead, c, "f16"),
                               "q8_0_gb": _cache(q, lead, c, "q8_0")} for c in shown]
    if ollama is not None or kv.context_setting:
        out["ollama_steps"] = [[gb, c] for gb, c in (ollama.default_context if ollama else ())]
    if memory_gb:
        out |= _room(q, kv, memory_gb, levels_named)
    return KvCache(kv_cache=out)


def _cache(q: Query, lv: Quant, ctx: int, kind: str) -> float:
    return q.profile.memory_parts(q.model, lv, ctx, kind).cache_gb


def _need(q: Query, lv: Quant, ctx: int, kind: str) -> float:
    return q.profile.need_gb(q.model, lv, ctx, kind)


def _room(q: Query, kv: KvAsked, memory_gb: float, levels_named: tuple[str, ...]) -> dict[str, Any]:
    """Which level fits `memory_gb` with each cache type at the context, and the longest context each
    level-and-type pair fits."""
    usable = q.profile.holds_rule(MemoryCard(memory_gb)).usable_gb(memory_gb)
    ceiling = q.model.max_context or FALLBACK_CEILING
    ladder = q.levels()
    out: dict[str, Any] = {"memory_gb": memory_gb, "usable_gb": usable, "floor": ladder[-1].name}
    best = {}
    for kind in ROOM_TYPES:
        fit = next((lv for lv in ladder if _need(q, lv, q.context, kind) <= usable), None)
        best[kind] = {"type": kind, "quant": fit.name if fit else None,
                      "need_gb": _need(q, fit, q.context, kind) if fit else None}
    out["best"] = [best[k] for k in ROOM_TYPES]
    if kv.trade and len(levels_named) >= 2:
        hi, lo = _ordered(levels_named[0], levels_named[1])
        kind = next((t for t in kv.types if t != "f16"), "q8_0")
        rows = [(hi, "f16"), (hi, kind), (lo, "f16"), (lo, kind)]
        out["trade"] = {
            "from": hi.name, "to": lo.name, "type": kind,
            "weights_saved_gb": _need(q, hi, q.context, "f16") - _need(q, lo, q.context, "f16"),
            "rows": [{"quant": lv.name, "type": t, "ceiling": ceiling,
                      "longest": longest_context(_need_of(q, lv, t), usable, ceiling)} for lv, t in rows],
        }
    return out


def _need_of(q: Query, lv: Quant, kind: str) -> Callable[[int], float]:
    """The need at level `lv` and cache type `kind` as a function of the context."""
    return lambda ctx: _need(q, lv, ctx, kind)


def _ordered(a: str, b: str) -> tuple[Quant, Quant]:
    """The two levels, the one with more bits first ("Q6_K to Q4_K_M")."""
    qa, qb = quant(a), quant(b)
    return (qa, qb) if qa.ref_bpw >= qb.ref_bpw else (qb, qa)


def records(est: Any, e: Any, s: Any, q: Query) -> tuple[KvCache, ...]:
    """The KV-cache record of a memory answer (answers/facts/rating.py vram) when the question asks about the
    cache itself; none otherwise."""
    if e.kv is None:
        return ()
    memory = e.memory_gb or (e.card.memory_gb if e.card is not None else None)
    engine = est.profiles.engine_constants().engine(s.engine) if s.engine else None
    ollama = engine if engine is not None and engine.default_context else None
    built = build(q, e.kv, memory, e.levels, ollama, s.context != DEFAULT_CONTEXT)
    if e.model2 is not None:  # "why is X's cache so small next to Y's?": Y's at the same context
        q2 = est.rated(e.model2, s).query
        built.kv_cache["other"] = {
            "model": e.model2.name, "per_token_kb": _cache(q2, q2.levels()[0], q.context, "f16") * 2**20 / q.context,
            "types": [{"type": t, "cache_gb": _cache(q2, q2.levels()[0], q.context, t)} for t in SHOWN_TYPES]}
    return (built,)


# A fit within this share of the card's memory at a long context is called tight for the cache's sake: the runtime's
# compute buffers grow with the context too (without flash attention, Ollama's default for many models, by about
# context × batch × heads × 4 bytes), so the last few percent decide whether everything stays on the card.
SQUEEZE_SHARE = 0.95
SQUEEZE_MIN_CACHE_GB = 1.0  # a cache smaller than this is not what fills the card


def squeeze(q: Query, row: dict[str, Any] | None, context: int, engine: str | None) -> dict[str, Any] | None:
    """`facts.cache_squeeze`: a long context that fits the card only just with the f16 cache: the weights, the
    cache and the runtime against the card, the total with a q8_0 cache, and whether Ollama runs it (it then keeps
    layers in system RAM when the sum passes the card). None when it is not tight or the cache is not the cause."""
    if row is None or row.get("fit") != "tight" or context <= DEFAULT_CONTEXT or q.cache_type != "f16":
        return None
    try:
        level = quant(row["quant"])
    except (KeyError, TypeError, ValueError):
        return None
    parts = q.profile.memory_parts(q.model, level, context, "f16")
    memory = row.get("memory_gb") or 0.0
    if parts.cache_gb < SQUEEZE_MIN_CACHE_GB or not memory or parts.total_gb < SQUEEZE_SHARE * memory:
        return None
    return {"context": context, "quant": level.name, "weights_gb": parts.weights_gb, "cache_gb": parts.cache_gb,
            "runtime_gb": parts.runtime_gb, "need_gb": parts.total_gb, "memory_gb": memory,
            "q8_need_gb": q.profile.need_gb(q.model, level, context, "q8_0"), "ollama": engine == "ollama"}
