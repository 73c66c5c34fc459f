"""Memory need: weights + runtime allowance + cache (ESTIMATOR.md §2)."""

from __future__ import annotations

from msgspec import Struct

from .model import DEFAULT_CONTEXT, Layout, ModelSize

GIB = 2**30
RUNTIME_ALLOWANCE_GB = 0.635
SIZE_CACHE_COEFF = 0.14443  # cache at 4,096 tokens ≈ 0.14443 · P^(2/3), from size alone
KV_BYTES = 2  # 16-bit cache entries

# llama.cpp's KV-cache types (--cache-type-k / --cache-type-v) and their bytes per cached value: the
# block formats store 32 values per block (q8_0: 34 bytes, q4_0: 18 bytes…). f16 is the default.
CACHE_TYPE_BYTES: dict[str, float] = {
    "f32": 4.0, "f16": 2.0, "bf16": 2.0, "q8_0": 34 / 32, "q5_1": 24 / 32, "q5_0": 22 / 32,
    "q4_1": 20 / 32, "q4_0": 18 / 32, "iq4_nl": 18 / 32,
}
DEFAULT_CACHE_TYPE = "f16"


class UnknownCacheType(ValueError):
    def __init__(self, text: str) -> None:
        super().__init__(f"unknown KV-cache type {text!r}; known: {', '.join(CACHE_TYPE_BYTES)} "
                         "(or K/V, e.g. q8_0/f16)")
        self.text = text


def cache_type(text: str | None) -> str:
    """Canonical cache type: "q8_0", or "K/V" when keys and values differ ("q8_0/f16"); "q8" → "q8_0"."""
    if text is None or not str(text).strip():
        return DEFAULT_CACHE_TYPE
    parts = [p.strip().lower().replace("-", "_") for p in str(text).replace(",", "/").split("/")]
    out = []
    for p in parts:
        p = {"q8": "q8_0", "q4": "q4_0", "q5": "q5_0", "fp16": "f16", "fp32": "f32", "8bit": "q8_0",
             "4bit": "q4_0"}.get(p, p)
        if p not in CACHE_TYPE_BYTES:
            raise UnknownCacheType(str(text))
        out.append(p)
    if len(out) > 2:
        raise UnknownCacheType(str(text))
    k, v = out[0], out[-1]
    return k if k == v else f"{k}/{v}"


def cache_bytes(kind: str) -> tuple[float, float]:
    """Bytes per cached key and per cached value for a canonical cache type."""
    k, _, v = cache_type(kind).partition("/")
    return CACHE_TYPE_BYTES[k], CACHE_TYPE_BYTES[v or k]


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


def size_cache_gb(params_b: float, context: int = DEFAULT_CONTEXT, kind: str = DEFAULT_CACHE_TYPE) -> float:
    """The size-only cache estimate, linear in context (the reference's term is at 4,096 tokens, f16),
    scaled by the cache type's bytes per value."""
    gb = SIZE_CACHE_COEFF * params_b ** (2 / 3) * context / DEFAULT_CONTEXT
    if kind == DEFAULT_CACHE_TYPE:
        return gb
    k, v = cache_bytes(kind)
    return gb * (k + v) / (2 * KV_BYTES)


def layout_cache_gb(layout: Layout, context: int, kind: str = DEFAULT_CACHE_TYPE) -> float:
    """Cache for one sequence of `context` tokens from the attention layout. Keys and values take the
    cache type's bytes (llama.cpp stores MLA's latent in the key cache); recurrent states do not."""
    k, v = (KV_BYTES, KV_BYTES) if kind == DEFAULT_CACHE_TYPE else cache_bytes(kind)
    total = 0.0
    for g in layout.groups:
        if g.kind == "full":
            total += g.layers * g.kv_heads * g.head_dim * context * (k + v)
        elif g.kind == "sliding":
            total += g.layers * g.kv_heads * g.head_dim * min(context, g.window or context) * (k + v)
        elif g.kind == "mla":
            total += g.layers * ((g.latent_dim or 0) + (g.rope_dim or 0)) * context * k
        elif g.kind == "linear":
            total += g.layers * (g.state_bytes or 0)
    return total / GIB


def cache_gb(model: ModelSize, context: int, kind: str = DEFAULT_CACHE_TYPE) -> tuple[float, str]:
    """The cache and how it was estimated: "layout" when the attention layout is known, else "size"."""
    if model.layout is not None:
        return layout_cache_gb(model.layout, context, kind), "layout"
    return size_cache_gb(model.params_b, context, kind), "size"


class CacheShape(Struct, frozen=True):
    """Why a model's cache is the size it is, from its attention layout: the layers whose cache grows with
    every token of context, the layers that keep only a window of recent tokens, and the bytes per token."""

    layers: int  # every layer with attention (linear-attention layers keep a fixed state, counted apart)
    growing_layers: int  # full-attention and MLA layers: their cache grows with the whole context
    sliding_layers: int  # layers that keep only the last `window` tokens
    window: int | None  # the sliding layers' window (the smallest, when groups differ)
    kv_heads: int  # key/value heads of the growing full-attention layers (0 for MLA only)
    head_dim: int
    latent_dim: int  # MLA: the compressed latent plus its rotary part per token (0 otherwise)
    kb_per_token: float  # KiB the cache grows by per token of context at f16, once past the window


def cache_shape(layout: Layout) -> CacheShape | None:
    """The layout's cache summary (None when no layer's cache grows with the context: nothing to explain)."""
    full = [g for g in layout.groups if g.kind == "full"]
    mla = [g for g in layout.groups if g.kind == "mla"]
    sliding = [g for g in layout.groups if g.kind == "sliding"]
    growing = sum(g.layers for g in full) + sum(g.layers for g in mla)
    if growing == 0:
        return None
    per_token = sum(g.layers * g.kv_heads * g.head_dim * 2 * KV_BYTES for g in full)
    per_token += sum(g.layers * ((g.latent_dim or 0) + (g.rope_dim or 0)) * KV_BYTES for g in mla)
    lead = max(full, key=lambda g: g.layers) if full else None
    windows = [g.window for g in sliding if g.window]
    return CacheShape(
        layers=growing + sum(g.layers for g in sliding), growing_layers=growing,
        sliding_layers=sum(g.layers for g in sliding), window=min(windows) if windows else None,
        kv_heads=lead.kv_heads if lead else 0, head_dim=lead.head_dim if lead else 0,
        latent_dim=max(((g.latent_dim or 0) + (g.rope_dim or 0) for g in mla), default=0),
        kb_per_token=per_token / 1024)
