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


def memory_of(e: Entities, facts: dict[str, Any] | None = None) -> float | None:
    """The memory the answer is about: one card's, or the size said; on one machine of shared memory (a Mac, a
    Strix Halo) the part its graphics may use, as the answer's row rates it ("how much context before it swaps?")."""
    if e.card is not None and e.setup is None:
        return float(e.card.memory_gb)
    if e.setup is not None and len(e.setup.devices) == 1 and e.setup.devices[0].count == 1 and facts is not None:
        row = facts.get("row")
        if isinstance(row, dict) and row.get("fit") in ("comfortable", "tight") and row.get("memory_gb"):
            return float(row["memory_gb"])
        return None
    return e.memory_gb if e.setup is None else None


def usable_of(e: Entities, facts: dict[str, Any]) -> float | None:
    """The usable memory of one shared-memory machine as its row rates it; None otherwise (the size's own rule)."""
    row = facts.get("row")
    if e.setup is None or memory_of(e, facts) is None or not isinstance(row, dict):
        return None
    return float(row["usable_gb"]) if row.get("usable_gb") else None


def context_fit(est: Estimates, rec: ModelRecord, memory_gb: float | None, s: EstimateSettings,
                level: str | None, usable_gb: float | None = None) -> dict[str, Any] | None:
    """The longest context `rec` fits in `memory_gb` at `level` with each cache type; None without a memory, a
    level the profile knows, or when not even the weights fit. `usable_gb`: the part the answer's own row may use
    (a Mac's graphics share under MLX), instead of a bare memory size's."""
    if not memory_gb or not level:
        return None
    try:
        lv = quant(level)
    except (KeyError, ValueError):
        return None
    q = est.rated(rec, s).query
    usable = usable_gb or q.profile.holds_rule(MemoryCard(memory_gb)).usable_gb(memory_gb)
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
