"""The longest context a model takes on a card or a memory size (intent `longest_context`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from msgspec.structs import replace

from answers.facts.common import (
    MAX_MEMORY_GB,
    BadInput,
    Built,
    Entities,
    Estimates,
    EstimateSettings,
    base_facts,
    model_of,
)
from answers.facts.quant_advice import CACHE_ALTERNATIVES
from estimator.card import MemoryCard
from estimator.model import DEFAULT_CONTEXT, MAX_CONTEXT
from estimator.quants import Quant, quant


def _longest(fits: Callable[[int], bool], upper: int) -> int | None:
    """The largest context in [1, upper] that still fits, by bisection (need grows with context)."""
    if not fits(1):
        return None
    if fits(upper):
        return upper
    lo, hi = 1, upper  # fits(lo), not fits(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def longest_context(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    rec = model_of(e)
    rated = est.rated(rec, s)
    q = rated.query
    p = q.profile
    facts = base_facts(rated)
    if e.card is not None:
        card: Any = e.card
        facts["target"] = {"kind": "card", "card": e.card.name, "memory_gb": e.card.memory_gb}
    elif e.memory_gb is not None:
        if not (0 < e.memory_gb <= MAX_MEMORY_GB):
            raise BadInput("memory", memory_gb=e.memory_gb)
        card = MemoryCard(e.memory_gb)
        facts["target"] = {"kind": "memory", "memory_gb": e.memory_gb}
    else:
        # No card: the fastest card that runs it stands in (the question is about the model).
        if not rated.ordered:
            facts["target"] = None
            facts["levels"] = []
            # the question is the model's own window: said, with no verdict on cards nobody asked about
            facts["model_max_context"] = rec.architecture.max_context if rec.architecture else None
            facts["model_native_context"] = rec.architecture.native_context if rec.architecture else None
            return Built(facts, sources={"gpus"})
        card = rated.ordered[0].card
        facts["target"] = {"kind": "card", "card": card.name, "memory_gb": card.memory_gb, "stand_in": True}
    usable = p.usable_gb(card)
    model_max = rec.architecture.max_context if rec.architecture else None
    upper = min(model_max, MAX_CONTEXT) if model_max else MAX_CONTEXT
    levels = q.levels()

    def fits(lv: Quant) -> Callable[[int], bool]:
        return lambda c: q.need_gb(lv, c) <= usable

    out: list[dict[str, Any]] = []
    for lv in (levels[0], levels[-1]) if len(levels) > 1 else levels:
        longest = _longest(fits(lv), upper)
        out.append({"quant": lv.name, "context": longest})
    # "Its best level": the least compressed level that holds any context at all.
    best: dict[str, Any] | None = next((x for x in out if x["context"] is not None), None)
    if best is None or out[0]["context"] is None:
        for lv in levels:
            longest = _longest(fits(lv), upper)
            if longest is not None:
                best = {"quant": lv.name, "context": longest}
                break
    facts["best"] = best
    facts["lowest"] = out[-1] if len(out) > 1 else None
    facts["with_cache"] = None
    if best is not None and q.cache_type == "f16" and best["context"] < upper:
        # The KV cache is what limits the context here: a q8_0 cache (llama.cpp -ctk/-ctv q8_0) halves it.
        alt = replace(q, cache_type="q8_0")
        lv = quant(best["quant"])
        longer = _longest(lambda c: alt.need_gb(lv, c) <= usable, upper)
        if longer is not None and longer > best["context"]:
            facts["with_cache"] = {"cache_type": "q8_0", "quant": best["quant"], "context": longer}
    if s.cache_said and best is not None:  # "how much more context with a q8 KV cache": each type's tokens
        facts["by_cache"] = _by_cache(q, best, levels, usable, upper)
    if s.context > DEFAULT_CONTEXT and best is not None:  # "how much context? is 64k doable?": the length said
        facts["said"] = _said(q, levels, usable, s.context)
    facts["model_max_context"] = model_max
    # the window it was trained at, when the maximum needs rope scaling (Qwen3: 32,768, YaRN to 131,072)
    facts["model_native_context"] = rec.architecture.native_context if rec.architecture else None
    facts["cache_kind"] = p.cache_kind(q.model)
    facts["limit"] = upper
    return Built(facts, sources={"gpus"})


def _fits(q: Any, lv: Quant, usable: float) -> Callable[[int], bool]:
    return lambda c: bool(q.need_gb(lv, c) <= usable)


# The cache types weighed when the question names one ("how much more context does a q8 KV cache give"):
# llama.cpp's -ctk/-ctv default f16, then the smaller caches the level advice offers (q8_0, q4_0)
CACHE_TYPES = ("f16", *CACHE_ALTERNATIVES)
USUAL_LEVEL = "Q4_K_M"  # the level most people run: its figures beside the best level's


def _by_cache(q: Any, best: dict[str, Any], levels: Sequence[Quant], usable: float,
              upper: int) -> list[dict[str, Any]]:
    """The longest context at each cache type, at the best level and at Q4_K_M (when more compressed and
    allowed): what a quantized cache gains, in tokens."""
    names = [lv.name for lv in levels]
    wanted = [best["quant"]]
    if USUAL_LEVEL in names and names.index(USUAL_LEVEL) > names.index(best["quant"]):
        wanted.append(USUAL_LEVEL)
    out = []
    for name in wanted:
        lv = quant(name)
        contexts = []
        for ct in CACHE_TYPES:
            longest = _longest(_fits(replace(q, cache_type=ct), lv, usable), upper)
            contexts.append({"cache_type": ct, "context": longest})
        out.append({"quant": name, "contexts": contexts})
    return out


def _said(q: Any, levels: Sequence[Quant], usable: float, context: int) -> dict[str, Any]:
    """The context the asker names, answered yes or no: the least compressed level that holds it with the cache
    type in use; else the one that does with a `q4_0` cache (the smallest llama.cpp offers), said as the way."""
    held = next((lv for lv in levels if q.need_gb(lv, context) <= usable), None)
    out: dict[str, Any] = {"context": context, "cache_type": q.cache_type,
                           "quant": held.name if held is not None else None}
    if held is None and q.cache_type != "q4_0":
        small = replace(q, cache_type="q4_0")
        alt = next((lv for lv in levels if small.need_gb(lv, context) <= usable), None)
        out["alt"] = {"quant": alt.name, "cache_type": "q4_0"} if alt is not None else None
    return out
