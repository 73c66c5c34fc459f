"""What fits instead, when the level asked does not: the largest level (the least compressed) that the card,
the memory size or the setup holds whole, with its need and speed, so that a "no" always names it.

For the largest mixture-of-experts models (DeepSeek-R1/V3, Kimi K2, Qwen3-235B…) the llama.cpp ladder
ends too early: people run Unsloth's dynamic 1-bit files (UD-IQ1_M, UD-IQ1_S, estimator/formats.py with
their sources) on 192–512 GB Macs and servers, so those levels extend the ladder for them. Pure: no text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from estimator.model import DEFAULT_CONTEXT, ModelSize
from estimator.profile import Profile
from estimator.quants import Quant, quant
from estimator.ranking import Query
from estimator.setups import Setup, SetupConstants, rate_setup

# Unsloth's dynamic 1-bit files are the fallback people use for the giant MoE models (its DeepSeek-R1 blog:
# 671 B in 131 GB; then Kimi K2, Qwen3-Coder-480B) on 192–512 GB machines; below ~300 B a 2-bit level or
# offloading is the usual answer, so the ladder is only extended for the giants.
UD_EXTRA_MIN_PARAMS_B = 300.0
UD_EXTRA = ("UD-IQ1_M", "UD-IQ1_S")


# What people mean by "Q2" for those giants: Unsloth's dynamic UD-Q2_K_XL, smaller than llama.cpp's plain
# Q2_K yet better kept (DeepSeek-R1: 212 GB, unsloth.ai/blog/deepseekr1-dynamic; its files and sizes:
# catalog/data/gguf_files.json), the one their model cards and the forums point to.
USUAL_FILE = {"Q2_K": "UD-Q2_K_XL"}


# Below this speed an offload is slow enough that a smaller level held whole in the cards' memory is named
# first (it runs several times faster); the answers about a long prompt use the same line.
SLOW_OFFLOAD_TOK_S = 10.0

# An offload that leaves at most this share of the model's need in RAM misses the cards by a little ("can I
# keep Qwen3-30B-A3B all in VRAM at q4" on a 16 GB laptop card: 2.1 GB over): the level one step down that the
# cards hold whole is named too, however fast the offload, so the asker sees how to avoid the spill.
NEAR_MISS_SHARE = 0.15


def near_miss(offload_gb: float | None, need_gb: float) -> bool:
    """The part in RAM is a small share of the model's need (`NEAR_MISS_SHARE`)."""
    return offload_gb is not None and 0 < offload_gb <= NEAR_MISS_SHARE * need_gb


def usual_file(model: ModelSize, asked: str | None) -> str | None:
    """The file people mean by the level asked for a very large MoE model ("q2" of DeepSeek: UD-Q2_K_XL),
    None when the plain level is the one meant."""
    if asked is None or not (model.is_moe and model.params_b >= UD_EXTRA_MIN_PARAMS_B):
        return None
    return USUAL_FILE.get(quant(asked).name)


def extended(levels: tuple[Quant, ...], model: ModelSize) -> tuple[Quant, ...]:
    """The ladder, plus Unsloth's 1-bit dynamic levels after its last level for a very large MoE model."""
    if not (model.is_moe and model.params_b >= UD_EXTRA_MIN_PARAMS_B):
        return levels
    return levels + tuple(quant(name) for name in UD_EXTRA if quant(name).name not in {lv.name for lv in levels})


def after(levels: tuple[Quant, ...], asked: str) -> tuple[Quant, ...]:
    """The levels more compressed than the one asked (by bits per weight, so UD levels sort by their size)."""
    named = quant(asked)
    return tuple(lv for lv in levels if lv.name != named.name and lv.bpw < named.bpw)


def first_fit(levels: tuple[Quant, ...], rate: Callable[[Quant], dict[str, Any] | None]) -> dict[str, Any] | None:
    """The first of `levels` (least compressed first) that `rate` says fits: {"quant", "need_gb", "tok_s"…}."""
    for lv in levels:
        row = rate(lv)
        if row is not None:
            return {"quant": lv.name, **row}
    return None


def on_card(query: Query, card: Any, asked: str | None) -> dict[str, Any] | None:
    """The largest level more compressed than `asked` (any level when None) the card or memory size holds:
    its need and, when the card has a bandwidth, its speed."""
    p = query.profile
    levels = extended(tuple(p.levels), query.model)
    usable = p.usable_gb(card)
    runs = getattr(p, "runs", None)  # an engine other than llama.cpp: only the formats it runs on this card

    def rate(lv: Quant) -> dict[str, Any] | None:
        need = query.need_gb(lv)
        if need > usable or (runs is not None and not runs(query.model, card, lv)):
            return None
        if getattr(card, "bandwidth_gbps", 0) <= 1:
            return {"need_gb": need, "tok_s": None}
        tok = p.tok_s(query.model, card, lv)
        low, high, _ = p.tok_range(query.model, card, lv, tok)  # the range said with every other figure
        return {"need_gb": need, "tok_s": tok, "tok_s_low": low, "tok_s_high": high}

    return first_fit(after(levels, asked) if asked else levels, rate)


def shorter_context(query: Query, card: Any, level: Quant) -> dict[str, Any] | None:
    """A long context that keeps `level` off the card: the longest context, halving from the one asked down to
    4,096 tokens, at which the card holds `level` whole, with its need and speed; None when the context asked
    is not long or even 4,096 tokens do not fit."""
    p = query.profile
    usable = p.usable_gb(card)
    fast = getattr(card, "bandwidth_gbps", 0) > 1
    context = query.context // 2
    while context >= DEFAULT_CONTEXT:
        need = query.need_gb(level, context)
        if need <= usable:
            return {"context": context, "quant": level.name, "need_gb": need,
                    "tok_s": p.tok_s(query.model, card, level) if fast else None}
        context //= 2
    return None


def on_setup(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
             asked: str | None) -> dict[str, Any] | None:
    """The largest level more compressed than `asked` the setup's cards (or machine) hold whole, its system
    RAM left out: the level, its need and speed."""
    bare = replace(setup, ram_gb=None)
    levels = extended(tuple(profile.levels), model)

    def rate(lv: Quant) -> dict[str, Any] | None:
        row = rate_setup(profile, model, bare, context, None, lv.name, constants=constants)
        return {"need_gb": row.need_gb, "tok_s": row.tok_s, "tok_s_low": row.tok_s_low,
                "tok_s_high": row.tok_s_high} if row.runs else None

    return first_fit(after(levels, asked) if asked else levels, rate)
