"""Which ggml type each tensor of a GGUF file gets at each level: llama.cpp's quantization mixes and Unsloth's
dynamic levels, as the rules `estimator.gguf_size` multiplies parameter counts by.

A level is not one width. llama.cpp's `llama_tensor_get_type` (src/llama-quant.cpp, ggml-org/llama.cpp) gives
the output layer Q6_K, about half of the attention-value and FFN-down tensors Q6_K at Q4_K_M (`use_more_bits`),
Q8_0 to the attention keys and values of 8-expert models, and falls back to a wider type when a tensor's rows
are not a multiple of 256 (a K-quant's block): GLM-4.5-Air's experts are 1,408 wide, so their FFN-down tensors
become Q5_0/Q8_0 at Q4_K_M, which is why its files are ~5.3 bits per weight where Llama's are 4.9.

Unsloth's dynamic levels (`UD-…`) push the routed experts low and keep attention, shared experts, dense layers
and the embeddings high (unsloth.ai/blog/deepseekr1-dynamic: attention and the first dense layers at 4–6 bits,
MoE layers at 1.5–2.5; docs.unsloth.ai "Unsloth Dynamic 2.0 GGUFs"). Their exact per-tensor choices differ per
model and are not published as rules: the mixes below are the typical ones, fitted on the real files of
catalog/data/gguf_files.json (benchmarks/gguf_sizes.py measures how close they come).

Pure data and arithmetic; the sizes are `estimator.gguf_size`.
"""

from __future__ import annotations

from msgspec import Struct

# Bits per weight of each ggml type: its block's bytes × 8 ÷ its weights (ggml/src/ggml-common.h block structs).
BITS: dict[str, float] = {
    "F32": 32.0, "F16": 16.0, "BF16": 16.0, "Q8_0": 8.5, "Q6_K": 6.5625, "Q5_1": 6.0, "Q5_K": 5.5, "Q5_0": 5.5,
    "Q4_1": 5.0, "Q4_K": 4.5, "Q4_0": 4.5, "IQ4_NL": 4.5, "IQ4_XS": 4.25, "MXFP4": 4.25, "Q3_K": 3.4375,
    "IQ3_S": 3.4375, "IQ3_XXS": 3.0625, "Q2_K": 2.625, "IQ2_S": 2.5625, "IQ2_XS": 2.3125, "IQ2_XXS": 2.0625,
    "IQ1_M": 1.75, "IQ1_S": 1.5625, "TQ1_0": 1.6875,
}
# Types whose block is 256 weights wide; a tensor whose rows are not a multiple of 256 falls back
# (llama-quant.cpp `tensor_type_fallback`) to a 32-wide type.
BLOCK_256 = frozenset({"Q6_K", "Q5_K", "Q4_K", "Q3_K", "Q2_K", "IQ4_XS", "IQ3_S", "IQ3_XXS", "IQ2_S", "IQ2_XS",
                       "IQ2_XXS", "IQ1_M", "IQ1_S", "TQ1_0"})
FALLBACK: dict[str, str] = {
    "IQ1_S": "IQ4_NL", "IQ1_M": "IQ4_NL", "TQ1_0": "IQ4_NL", "IQ2_XXS": "IQ4_NL", "IQ2_XS": "IQ4_NL", "IQ2_S": "IQ4_NL",
    "IQ3_XXS": "IQ4_NL", "IQ3_S": "IQ4_NL", "IQ4_XS": "IQ4_NL", "Q2_K": "Q4_0", "Q3_K": "Q4_0", "Q4_K": "Q5_0",
    "Q5_K": "Q5_1", "Q6_K": "Q8_0",
}

Mix = tuple[tuple[str, float], ...]  # (ggml type, share of the tensor group's parameters)
ROLES = ("embd", "output", "attn_q", "attn_k", "attn_v", "attn_o", "ffn_gate_up", "ffn_down",
         "exp_gate_up", "exp_down", "dense_gate_up", "dense_down")


class Recipe(Struct, frozen=True):
    """The types of one level, per tensor role. `ffn_*` are a dense model's FFN; `exp_*` the routed experts;
    `dense_*` a MoE model's shared experts and dense layers."""
    types: dict[str, Mix]

    def mix(self, role: str) -> Mix:
        return self.types[role]


class Shape(Struct, frozen=True):
    """What llama.cpp's rules look at: layers, grouped-query ratio, routed experts."""
    layers: int
    gqa: int
    experts: int


def more_bits_share(n: int) -> float:
    """Share of layers llama.cpp's `use_more_bits` picks: the first and last eighth, and every third between."""
    picked = sum(1 for i in range(n) if i < n // 8 or i >= 7 * n // 8 or (i - n // 8) % 3 == 2)
    return picked / n if n else 0.0


def first_share(n: int, part: int) -> float:
    """Share of layers with index below n / part (C integer division, as llama.cpp writes it)."""
    return (n // part) / n if n else 0.0


def _split(high: str, low: str, share: float) -> Mix:
    return ((high, share), (low, 1.0 - share)) if 0 < share < 1 else (((high if share >= 1 else low), 1.0),)


def _uniform(t: str, output: str) -> dict[str, Mix]:
    out: dict[str, Mix] = {role: ((t, 1.0),) for role in ROLES}
    out["output"] = ((output, 1.0),)
    return out


def _standard(level: str, s: Shape) -> dict[str, Mix] | None:  # noqa: C901 — one branch per llama.cpp ftype
    more, eighth = more_bits_share(s.layers), first_share(s.layers, 8)
    base = {"Q5_K_M": "Q5_K", "Q5_K_S": "Q5_K", "Q4_K_M": "Q4_K", "Q4_K_S": "Q4_K", "Q3_K_L": "Q3_K",
            "Q3_K_M": "Q3_K", "Q3_K_S": "Q3_K", "IQ3_M": "IQ3_S", "IQ2_M": "IQ2_S"}.get(level, level)
    if base not in BITS:
        return None
    if level in ("F16", "BF16", "Q8_0"):
        return _uniform(base, base)
    low = level in ("IQ2_XXS", "IQ2_XS", "IQ2_S", "IQ2_M", "IQ1_S", "IQ1_M")
    wide = level in ("IQ2_S", "IQ2_M")  # llama.cpp gives these IQ3_S where the 1- and 2-bit XXS/XS levels get Q2_K
    t = _uniform(base, "Q5_K" if low or level == "IQ3_XXS" else "Q6_K")
    down, v = t["ffn_down"], t["attn_v"]
    if level in ("Q5_K_M", "Q4_K_M"):
        down = v = _split("Q6_K", base, more)
    elif level == "Q4_K_S":
        down = _split("Q5_K", base, eighth)
    elif level in ("Q4_0", "Q5_0"):
        down = _split("Q4_1" if level == "Q4_0" else "Q5_1", base, eighth)
    elif level in ("IQ4_NL", "IQ4_XS"):
        v = (("Q5_K" if s.gqa >= 4 else base, 1.0),)
    elif level == "Q3_K_L":
        down = v = t["attn_o"] = (("Q5_K", 1.0),)
    elif level == "Q3_K_M":
        down = _split("Q5_K", "Q4_K", first_share(s.layers, 16))
        v = t["attn_o"] = (("Q4_K", 1.0),)
    elif level == "IQ3_M":
        down = _split("Q4_K", base, more if s.experts == 8 else eighth)
        v = t["attn_o"] = (("Q4_K", 1.0),)
    elif level == "IQ3_XXS":
        v = (("Q4_K" if s.gqa >= 4 else base, 1.0),)
        t["attn_q"] = t["attn_k"] = (("IQ2_S", 1.0),)
        t["attn_o"] = t["embd"] = (("IQ3_S", 1.0),)
    elif level == "Q2_K":
        v = (("Q4_K" if s.gqa >= 4 else "Q3_K", 1.0),)
        down = t["attn_o"] = (("Q3_K", 1.0),)
    elif low:
        v = (("Q4_K", 1.0),) if s.gqa >= 4 or s.experts >= 4 else (("IQ3_S" if wide else "Q2_K", 1.0),)
        down = _split("IQ3_S" if wide else "Q2_K", base, eighth)
        t["embd"] = (("IQ3_S" if wide else "Q2_K", 1.0),)
        if level == "IQ2_M":
            t["attn_o"] = (("IQ3_S", 1.0),)
    t["ffn_down"] = t["exp_down"] = t["dense_down"] = down
    t["attn_v"] = v
    if s.experts == 8:  # llama.cpp's Mixtral rule: keys and values at Q8_0, and the attention output at Q5_K
        t["attn_k"] = t["attn_v"] = (("Q8_0", 1.0),)
        if level not in ("Q5_K_M", "Q5_K_S", "Q6_K", "Q3_K_L", "Q4_0", "Q5_0"):
            t["attn_o"] = (("Q5_K", 1.0),)
    return t


# Unsloth's dynamic levels: (expert gate/up, expert down, attention, shared experts and dense layers,
# token embeddings, output). The expert mixes carry the share of layers each type covers.
_UD: dict[str, tuple[Mix, Mix, str, str, str, str]] = {
    # UD-TQ1_0: ternary expert gate/up, the down projections about 2.25 bits (fitted on Kimi K2's 245 GB file)
    "UD-TQ1_0": ((("TQ1_0", 1.0),), (("IQ2_XXS", 0.25), ("IQ2_XS", 0.75)), "Q5_K", "Q6_K", "Q4_K", "Q6_K"),
    "UD-IQ1_S": ((("IQ1_S", 1.0),), (("IQ1_S", 0.75), ("IQ2_XXS", 0.25)), "Q5_K", "Q6_K", "Q4_K", "Q6_K"),
    "UD-IQ1_M": ((("IQ1_M", 1.0),), (("IQ2_XXS", 0.5), ("IQ3_XXS", 0.5)), "Q5_K", "Q6_K", "Q4_K", "Q6_K"),
    "UD-IQ2_XXS": ((("IQ2_XXS", 1.0),), (("IQ2_XXS", 0.5), ("IQ3_XXS", 0.5)), "Q5_K", "Q6_K", "Q4_K", "Q6_K"),
    "UD-Q2_K_XL": ((("Q2_K", 1.0),), (("Q2_K", 0.5), ("Q3_K", 0.5)), "Q5_K", "Q6_K", "Q4_K", "Q6_K"),
    "UD-Q3_K_XL": ((("Q3_K", 1.0),), (("Q3_K", 0.5), ("Q4_K", 0.5)), "Q5_K", "Q6_K", "Q4_K", "Q6_K"),
    "UD-IQ4_XS": ((("IQ4_XS", 1.0),), (("IQ4_NL", 1.0),), "Q5_K", "Q6_K", "Q4_K", "Q6_K"),
    "UD-Q4_K_XL": ((("Q4_K", 1.0),), (("Q4_K", 0.5), ("Q5_K", 0.5)), "Q6_K", "Q6_K", "Q4_K", "Q6_K"),
    "UD-Q5_K_XL": ((("Q5_K", 1.0),), (("Q5_K", 0.5), ("Q6_K", 0.5)), "Q8_0", "Q8_0", "Q6_K", "Q8_0"),
    "UD-Q6_K_XL": ((("Q6_K", 1.0),), (("Q6_K", 1.0),), "Q8_0", "Q8_0", "Q8_0", "Q8_0"),
    "UD-Q8_K_XL": ((("Q8_0", 1.0),), (("Q8_0", 1.0),), "BF16", "Q8_0", "BF16", "BF16"),
}


def _dynamic(level: str) -> dict[str, Mix] | None:
    entry = _UD.get(level)
    if entry is None:
        return None
    gate_up, down, attn, dense, embd, output = entry
    t: dict[str, Mix] = {"embd": ((embd, 1.0),), "output": ((output, 1.0),),
                         "dense_gate_up": ((dense, 1.0),), "dense_down": ((dense, 1.0),)}
    for role in ("attn_q", "attn_k", "attn_v", "attn_o"):
        t[role] = ((attn, 1.0),)
    # A dense model's FFN is its bulk: it takes the level's own width, as a MoE model's experts do.
    t["exp_gate_up"] = t["ffn_gate_up"] = gate_up
    t["exp_down"] = t["ffn_down"] = down
    return t


def recipe(level: str, shape: Shape) -> Recipe | None:
    """The mix of `level` (a llama.cpp level, "MXFP4" as llama.cpp's MXFP4_MOE, or an Unsloth dynamic level);
    None for a level that is no GGUF mix (AWQ, FP8, EXL2, MLX…)."""
    if level == "MXFP4":  # MXFP4_MOE: routed experts MXFP4, every other tensor Q8_0
        t = _uniform("Q8_0", "Q8_0")
        t["exp_gate_up"] = t["exp_down"] = (("MXFP4", 1.0),)
        return Recipe(t)
    if level == "Q2_K_XS":  # Unsloth's first V3 files: Q2_K everywhere, embeddings Q4_K, output Q6_K
        t = _uniform("Q2_K", "Q6_K")
        t["embd"] = (("Q4_K", 1.0),)
        return Recipe(t)
    types = _dynamic(level) if level.startswith("UD-") else _standard(level, shape)
    return None if types is None else Recipe(types)


__all__ = ["BITS", "BLOCK_256", "FALLBACK", "ROLES", "Mix", "Recipe", "Shape", "first_share", "more_bits_share",
           "recipe"]
