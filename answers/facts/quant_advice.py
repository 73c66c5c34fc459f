"""Quantization and KV-cache advice: every level that fits (also those below the minimum quality,
marked lower quality), the recommended one, the trade-off, and the cache type when that is what
makes a long context fit.

Rules (README, "Advice rules"):
- The minimum quality hides levels from tables; it never turns "which level fits" into "No": when
  nothing at or above the floor fits, the best lower level that fits is named, marked lower quality.
- Recommended: the least compressed level that fits within the minimum quality and still generates
  at reading speed (10 tok/s) when speeds are known; when none reaches it, the fastest of those within
  the minimum quality, said so; else the least compressed that fits within the minimum quality (what
  the tables show); if none does, the least compressed lower level that fits.
- Trade-off: from the recommended level one step down the fitting levels: memory saved, speed gained
  and the quality class of the lower level (`QUALITY`).
- Cache type: at a context above the default, with the f16 cache, if a q8_0 (else q4_0) cache lets
  the card hold a less compressed level (or any level), that is said, with the figures.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.facts.fits_instead import extended
from answers.facts.verdict import LevelRating, decide
from estimator.model import DEFAULT_CONTEXT
from estimator.profile import READING_SPEED_TOK_S
from estimator.quants import Quant, quant
from estimator.ranking import Query

CACHE_ALTERNATIVES = ("q8_0", "q4_0")

# How much a level costs in accuracy, by llama.cpp's usual perplexity results on 7–70 B models:
# 8-bit is indistinguishable, 5–6-bit very close, 4-bit a small loss (the usual balance), 3-bit a
# noticeable loss, 2-bit a large one.
QUALITY = {
    "F16": "lossless", "BF16": "lossless", "Q8_0": "lossless",
    "Q6_K": "very_close", "Q5_K_M": "very_close", "Q5_K_S": "very_close", "Q5_0": "very_close",
    "Q4_K_M": "small_loss", "Q4_K_S": "small_loss", "Q4_0": "small_loss", "IQ4_NL": "small_loss",
    "IQ4_XS": "small_loss", "MXFP4": "small_loss",
    "Q3_K_L": "noticeable", "Q3_K_M": "noticeable", "IQ3_M": "noticeable", "Q3_K_S": "noticeable",
    "IQ3_XXS": "noticeable",
    "Q2_K": "large_loss", "IQ2_M": "large_loss", "IQ2_XXS": "large_loss",
}


def floor_rank(query: Query) -> int:
    p = query.profile
    return quant(query.min_quality or p.default_min_quality).rank


def every_level(query: Query) -> tuple[Quant, ...]:
    """The profile's whole ladder, whatever the minimum quality (a forced level: just that one), with Unsloth's
    1-bit levels for the largest MoE models (answers/facts/fits_instead.py)."""
    if query.forced_quant is not None:
        return (quant(query.forced_quant),)
    return extended(tuple(query.profile.levels), query.model)


def level_rows(query: Query, card: Any | None, usable_gb: float | None = None) -> list[dict[str, Any]]:
    """Each level: need, whether it fits (on the card, or in the memory of `card`), speed when the
    card has a bandwidth, and whether it sits below the minimum quality. `usable_gb` overrides what the
    card can hold (a shared-memory machine: the GPU's share, as its own answer counts it)."""
    p = query.profile
    floor = floor_rank(query)
    out = []
    for lv in every_level(query):
        need = query.need_gb(lv)
        row: dict[str, Any] = {"quant": lv.name, "need_gb": need, "quality": QUALITY.get(lv.name, "small_loss"),
                               "lower_quality": lv.rank > floor, "fits": None, "fit": None, "tok_s": None}
        if card is not None:
            fits = need <= (p.usable_gb(card) if usable_gb is None else usable_gb)
            row["fits"] = fits
            if fits:
                row["fit"] = p.fit(need, card)
                if getattr(card, "bandwidth_gbps", 0) > 1:
                    row["tok_s"] = p.tok_s(query.model, card, lv)
        out.append(row)
    return out


def recommend(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The level the one verdict (answers/facts/verdict.py) recommends among `rows`: "which quant" and "can
    it run" about the same card name the same level."""
    levels = [LevelRating(r["quant"], r["need_gb"], bool(r["fits"]), r["lower_quality"], r["fit"], r["tok_s"])
              for r in rows]
    rec = decide(levels)["recommended"]
    return next((r for r in rows if rec is not None and r["quant"] == rec["quant"]), None)


def below_reading_speed(rec: dict[str, Any] | None) -> bool:
    """Whether the recommended level is known to generate slower than people read."""
    return bool(rec and rec["tok_s"] is not None and rec["tok_s"] < READING_SPEED_TOK_S)


def trade_off(rows: list[dict[str, Any]], rec: dict[str, Any] | None) -> dict[str, Any] | None:
    """From the recommended level one step down the fitting levels (or, at the bottom, one step up)."""
    if rec is None:
        return None
    fitting = [r for r in rows if r["fits"]]
    i = fitting.index(rec)
    if i + 1 < len(fitting):
        a, b = rec, fitting[i + 1]
    elif i > 0:
        a, b = fitting[i - 1], rec
    else:
        return None
    speedup = (b["tok_s"] / a["tok_s"] - 1) if a["tok_s"] and b["tok_s"] else None
    return {"from_quant": a["quant"], "to_quant": b["quant"], "saves_gb": a["need_gb"] - b["need_gb"],
            "speedup": speedup, "to_quality": b["quality"]}


def lower_fit(query: Query, card: Any) -> dict[str, Any] | None:
    """The least compressed level below the minimum quality that the card (or memory) holds."""
    floor = floor_rank(query)
    p = query.profile
    for lv in every_level(query):
        if lv.rank > floor:
            need = query.need_gb(lv)
            if need <= p.usable_gb(card):
                return {"quant": lv.name, "need_gb": need, "quality": QUALITY.get(lv.name, "noticeable")}
    return None


def cache_hint(query: Query, card: Any, held: Quant | None) -> dict[str, Any] | None:
    """At a long context with the default f16 cache: the first quantized cache type that lets the card
    hold a less compressed level than `held` (or any level when it holds none)."""
    if query.cache_type != "f16" or query.context <= DEFAULT_CONTEXT:
        return None
    p = query.profile
    for kind in CACHE_ALTERNATIVES:
        alt = replace(query, cache_type=kind)
        for lv in query.levels():
            if held is not None and lv.rank >= held.rank:
                break
            need = alt.need_gb(lv)
            if need <= p.usable_gb(card):
                fast = getattr(card, "bandwidth_gbps", 0) > 1  # a memory size alone has no speed
                return {"cache_type": kind, "quant": lv.name, "need_gb": need,
                        "need_f16_gb": query.need_gb(lv), "tok_s": p.tok_s(query.model, card, lv) if fast else None}
    return None


def hint_for(query: Query, card: Any, rec: dict[str, Any] | None) -> dict[str, Any] | None:
    """The level advice's cache hint ("Q4_K_M or drop to Q3 at 32k on a 3090?"): a quantized cache that holds a
    less compressed level than the one recommended with the f16 cache (None without a card or memory)."""
    if card is None:
        return None
    return cache_hint(query, card, quant(rec["quant"]) if rec else None)
