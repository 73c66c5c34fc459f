""""How much context fits?" asked beside a fit or speed answer on a card or a memory size: the longest context
that fits beside the weights at the level the answer rates, with the f16 cache and with a q8_0 cache, so the
asker reads the tokens that fit, not only the model's own maximum.

    context_fit(est, e, s, level)   # {"quant", "memory_gb", "usable_gb", "ceiling", "f16", "q8_0"} or None

Pure: the same memory rule as every other answer (the profile's need and usable memory), bisected by
estimator.kv_room.longest_context.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from answers.facts.common import Entities, Estimates, EstimateSettings
from catalog.records import ModelRecord
from estimator.card import MemoryCard
from estimator.kv_room import longest_context
from estimator.quants import Quant, quant
from estimator.ranking import Query

FALLBACK_CEILING = 131072  # the longest context weighed when the record does not say the model's own
CACHE_TYPES = ("f16", "q8_0")  # llama.cpp's default cache and the near-lossless one that halves it


def memory_of(e: Entities) -> float | None:
    """The memory the answer is about: one card's, or the size said."""
    if e.card is not None and e.setup is None:
        return float(e.card.memory_gb)
    return e.memory_gb if e.setup is None else None


def context_fit(est: Estimates, rec: ModelRecord, memory_gb: float | None, s: EstimateSettings,
                level: str | None) -> dict[str, Any] | None:
    """The longest context `rec` fits in `memory_gb` at `level` with each cache type; None without a memory, a
    level the profile knows, or when not even the weights fit."""
    if not memory_gb or not level:
        return None
    try:
        lv = quant(level)
    except (KeyError, ValueError):
        return None
    q = est.rated(rec, s).query
    usable = q.profile.holds_rule(MemoryCard(memory_gb)).usable_gb(memory_gb)
    ceiling = q.model.max_context or FALLBACK_CEILING
    out: dict[str, Any] = {"quant": lv.name, "memory_gb": memory_gb, "usable_gb": usable, "ceiling": ceiling}
    for kind in CACHE_TYPES:
        out[kind] = longest_context(partial(_need, q, lv, kind), usable, ceiling)
    return out if out["q8_0"] else None


def _need(q: Query, lv: Quant, kind: str, context: int) -> float:
    return q.profile.need_gb(q.model, lv, context, kind)


def sides_fit(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> list[dict[str, Any]]:
    """"X vs Y (vs Z), which fits the most context on a 24 GB card?": each compared model's longest context at its
    own level in the memory both are weighed on, in the comparison's order."""
    records = {r.name: r for r in (e.model, e.model2, *getattr(e, "more_models", ())) if r is not None}
    rows = [facts.get("a"), facts.get("b"), *(facts.get("more") or ())]
    out = []
    for row in rows:
        if not isinstance(row, dict):
            continue
        name = row.get("model") if isinstance(row.get("model"), str) else (row.get("model") or {}).get("name")
        rec = records.get(name) if isinstance(name, str) else None
        memory = row.get("memory_gb") or memory_of(e)
        fit = context_fit(est, rec, memory, s, row.get("quant")) if rec is not None else None
        if fit is not None:
            out.append({"model": name, **fit})
    return out
