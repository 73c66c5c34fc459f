"""Decode speed once the conversation has filled a long context.

Each new token reads the weights (what the one-request speed measures, at an almost empty context) and the
whole conversation cache so far, and computes its attention over that cache. The reads go through the same
memory at the same effective bandwidth (the one the profile's speed implies, as estimator/users.py counts a
user's cache); the attention's arithmetic runs at a share of the card's matrix rate. So

    1/tok_s(depth) = 1/tok_s(0) · (1 + cache_bytes(depth) / bytes_read_per_token) + attention_flops(depth) / rate

A mixture of experts reads only its active weights per token but the whole cache, so a long context costs it
relatively more. Grouped-query attention does a few FLOPs per cache byte (the reads dominate); multi-head latent
attention (DeepSeek V3/R1, Kimi K2) keeps a small latent cache but every one of its 128 query heads works over
it, some 240 FLOPs per cached byte, so on a card with few matrix FLOPs per byte of bandwidth (Apple silicon) its
speed falls with depth although its cache stays small. Pure functions.
"""

from __future__ import annotations

from .memory import GIB
from .model import LayerGroup, ModelSize


def _heads(model: ModelSize, group: LayerGroup) -> int:
    """Query heads of an attention layer: the published count, else hidden width / head width, else the KV heads."""
    lay = model.layout
    if lay is not None and lay.ffn is not None and lay.ffn.attention_heads:
        return lay.ffn.attention_heads
    if lay is not None and lay.hidden_size and group.head_dim:
        return max(1, lay.hidden_size // group.head_dim)
    return max(1, group.kv_heads)


def attention_gflops(model: ModelSize, depth: int) -> float:
    """GFLOPs one new token spends attending to `depth` cached tokens (Q·Kᵀ and the weighted sum of V, 2 FLOPs a
    multiply-add, per query head): full layers 4·d·H·D; sliding-window layers over at most their window; latent
    attention as decoders run it (absorbed: keys of latent + rope width, values of latent width)
    2·d·H·(2·latent + rope); linear-attention/state layers none. 0 without a layout."""
    if model.layout is None or depth <= 0:
        return 0.0
    flops = 0.0
    for g in model.layout.groups:
        heads = _heads(model, g)
        if g.kind == "mla" and g.latent_dim:
            flops += g.layers * 2 * depth * heads * (2 * g.latent_dim + (g.rope_dim or 0))
        elif g.kind in ("full", "sliding") and g.head_dim:
            span = min(depth, g.window) if g.kind == "sliding" and g.window else depth
            flops += g.layers * 4 * span * heads * g.head_dim
    return flops / 1e9


def slowdown(cache_gib: float, read_gb: float, attention_s: float = 0.0, tok_s: float = 0.0) -> float:
    """How many times slower a token is with `cache_gib` (GiB) of cache read beside `read_gb` (1e9 bytes) of
    weights, plus `attention_s` seconds of attention arithmetic on a token that took 1/`tok_s` at no context;
    1 with neither."""
    reads = 1.0 + (cache_gib * GIB / 1e9 / read_gb if read_gb > 0 and cache_gib > 0 else 0.0)
    return reads + max(0.0, attention_s) * max(0.0, tok_s)


def attention_seconds(model: ModelSize, depth: int, tflops: float | None) -> float:
    """Seconds of attention arithmetic per token at `depth` on `tflops` (TFLOPS the decode kernels reach; None or
    ≤ 0: unknown, counted as none)."""
    if not tflops or tflops <= 0:
        return 0.0
    return attention_gflops(model, depth) / (tflops * 1000)


def tok_s_at_depth(tok_s: float, cache_gib: float, read_gb: float, attention_s: float = 0.0) -> float:
    """The one-request decode speed once `cache_gib` of conversation cache is filled."""
    return tok_s / slowdown(cache_gib, read_gb, attention_s, tok_s)
