"""Memory need: weights + runtime allowance + cache (ESTIMATOR.md §2)."""

from __future__ import annotations

from .model import DEFAULT_CONTEXT, Layout, ModelSize

GIB = 2**30
RUNTIME_ALLOWANCE_GB = 0.635
SIZE_CACHE_COEFF = 0.14443  # cache at 4,096 tokens ≈ 0.14443 · P^(2/3), from size alone
KV_BYTES = 2  # 16-bit cache entries


def weights_gb(params_b: float, bpw: float) -> float:
    # The reference divides by 2^30 although it prints "GB"; we keep that so figures match.
    return params_b * 1e9 * bpw / 8 / GIB


def model_weights_gb(model: ModelSize, bpw: float) -> float:
    """Weights at a level's bits per weight; natively low-bit tensors (gpt-oss' MXFP4 experts) keep
    their own width whatever the level. Identical to `weights_gb` for every other model."""
    nat = model.native
    if nat is None:
        return weights_gb(model.params_b, bpw)
    return weights_gb(nat.params_b, nat.bpw) + weights_gb(model.params_b - nat.params_b, bpw)


def read_bpw(model: ModelSize, bpw: float) -> float:
    """Average bits per weight of the parameters read per token: for a native-format model, its
    share of the active parameters at the native width and the rest at the level's."""
    nat = model.native
    if nat is None:
        return bpw
    active = model.active_params_b if model.is_moe else model.params_b
    assert active is not None
    share = min(1.0, (nat.active_params_b if nat.active_params_b is not None else nat.params_b) / active)
    return share * nat.bpw + (1 - share) * bpw


def size_cache_gb(params_b: float, context: int = DEFAULT_CONTEXT) -> float:
    """The size-only cache estimate, linear in context (the reference's term is at 4,096 tokens)."""
    return SIZE_CACHE_COEFF * params_b ** (2 / 3) * context / DEFAULT_CONTEXT


def layout_cache_gb(layout: Layout, context: int) -> float:
    """Cache for one sequence of `context` tokens from the attention layout."""
    total = 0.0
    for g in layout.groups:
        if g.kind == "full":
            total += 2 * g.layers * g.kv_heads * g.head_dim * context * KV_BYTES
        elif g.kind == "sliding":
            total += 2 * g.layers * g.kv_heads * g.head_dim * min(context, g.window or context) * KV_BYTES
        elif g.kind == "mla":
            total += g.layers * ((g.latent_dim or 0) + (g.rope_dim or 0)) * context * KV_BYTES
        elif g.kind == "linear":
            total += g.layers * (g.state_bytes or 0)
    return total / GIB


def cache_gb(model: ModelSize, context: int) -> tuple[float, str]:
    """The cache and how it was estimated: "layout" when the attention layout is known, else "size"."""
    if model.layout is not None:
        return layout_cache_gb(model.layout, context), "layout"
    return size_cache_gb(model.params_b, context), "size"
