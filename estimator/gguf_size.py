"""A GGUF file's size from the model's shape, tensor group by tensor group.

    file = Σ over tensor groups: parameters × bits of the group's ggml type at the level ÷ 8

The groups come from the published config (`Layout.ffn`, `estimator.model.FfnShape`):

- routed experts: MoE layers × experts × hidden × expert width × 3 (gate, up, down);
- shared experts and dense layers (DeepSeek's first three, Llama 4 Maverick's every other one);
- a dense model's FFN: layers × hidden × width × 3;
- token embeddings and the output layer (vocab × hidden each; one matrix when tied);
- attention, norms and routers: what the parameter count leaves, split into q, k, v and o by the head counts;
- multi-token-prediction layers a GGUF keeps (GLM-4.5's), with their own embedding and head;
- not a vision tower (Gemma 3's SigLIP): llama.cpp keeps it in a separate mmproj file.

Each group takes its type from `estimator.gguf_mix` (llama.cpp's mixes, Unsloth's dynamic levels), with
llama.cpp's fallback when its rows (the input width) are not a multiple of a 256-wide block. Models whose FFN
shape is not on record have no tensor-level size (None): the caller keeps its average bits per weight.
"""

from __future__ import annotations

from msgspec import Struct

from .gguf_mix import BITS, BLOCK_256, FALLBACK, Mix, Recipe, Shape, recipe
from .model import FfnShape, Layout, ModelSize

GIB = 2**30
# A parameter count's remainder this far (share of the count) beyond what the attention heads hold is a part the
# GGUF does not keep, not rounding.
UNCOUNTED_SHARE = 0.01


class Group(Struct, frozen=True):
    """Parameters (billions) sharing one role and one input width."""
    role: str
    params_b: float
    ncols: int


def _type_for(t: str, ncols: int, role: str) -> str:
    if t in BLOCK_256 and ncols % 256:
        # llama.cpp quantizes an odd-width output layer at Q8_0; every other tensor takes the fallback type
        return "Q8_0" if role == "output" else FALLBACK[t]
    return t


def mix_bits(mix: Mix, ncols: int, role: str) -> float:
    """Average bits per weight of a group quantized with `mix`."""
    return sum(share * BITS[_type_for(t, ncols, role)] for t, share in mix)


def _moe_layers(f: FfnShape, layers: int) -> int:
    if not f.experts:
        return 0
    return (layers - f.first_dense) // max(1, f.moe_every)


def _ffn_groups(f: FfnShape, layers: int, hidden: int) -> list[Group]:
    out: list[Group] = []
    moe = _moe_layers(f, layers)
    dense_layers = layers - moe
    if moe and f.moe_intermediate:
        e = moe * f.experts * hidden * f.moe_intermediate / 1e9
        out += [Group("exp_gate_up", 2 * e, hidden), Group("exp_down", e, f.moe_intermediate)]
        width = f.shared_intermediate or f.moe_intermediate
        s = moe * f.shared_experts * hidden * width / 1e9
        if s:
            out += [Group("dense_gate_up", 2 * s, hidden), Group("dense_down", s, width)]
    if dense_layers and f.intermediate:
        d = dense_layers * hidden * f.intermediate / 1e9
        role = "dense" if moe else "ffn"
        out += [Group(f"{role}_gate_up", 2 * d, hidden), Group(f"{role}_down", d, f.intermediate)]
    return out


def _attention_groups(rest_b: float, layout: Layout, f: FfnShape, hidden: int) -> list[Group]:
    """What the parameter count leaves after the FFN and embeddings, split q : k : v : o by the head counts."""
    g = layout.groups[0] if layout.groups else None
    heads = f.attention_heads or 1
    kv = (g.kv_heads if g is not None and g.kv_heads else heads) or heads
    head_dim = g.head_dim if g is not None and g.head_dim else 128
    total = 2 * heads + 2 * kv
    return [Group("attn_q", rest_b * heads / total, hidden), Group("attn_k", rest_b * kv / total, hidden),
            Group("attn_v", rest_b * kv / total, hidden),
            Group("attn_o", rest_b * heads / total, heads * head_dim)]


def _attention_b(layout: Layout, f: FfnShape, hidden: int) -> float | None:
    """Attention weights (billions) as the head counts give them (q and o: heads × head width, k and v: KV
    heads × head width, each against the hidden width), when every layer is plain attention with its shape on
    record; None otherwise (MLA, linear layers or a missing width keep the parameter count's remainder)."""
    if not f.attention_heads or not layout.groups or sum(g.layers for g in layout.groups) != layout.layers:
        return None
    if any(g.kind not in ("full", "sliding") or not g.kv_heads or not g.head_dim for g in layout.groups):
        return None
    return sum(g.layers * hidden * 2 * (f.attention_heads + g.kv_heads) * g.head_dim for g in layout.groups) / 1e9


def tensor_groups(model: ModelSize) -> list[Group] | None:
    """The model's tensor groups, or None when its FFN shape, vocabulary or width is not on record."""
    layout = model.layout
    if layout is None or layout.ffn is None or not layout.hidden_size or not layout.vocab_size:
        return None
    f, hidden, layers = layout.ffn, layout.hidden_size, layout.layers
    vocab = layout.vocab_size * hidden / 1e9
    # Tied embeddings are one matrix, which llama.cpp quantizes as the output layer (Q6_K at most levels).
    groups = [Group("output", vocab, hidden)] if f.tied_embeddings else [Group("embd", vocab, hidden),
                                                                          Group("output", vocab, hidden)]
    groups += _ffn_groups(f, layers, hidden)
    # A vision tower goes to llama.cpp's separate mmproj file, not the model's GGUF.
    rest = max(0.0, model.params_b - f.vision_params_b - sum(g.params_b for g in groups))
    heads_b = _attention_b(layout, f, hidden)
    if heads_b is not None and rest - heads_b > UNCOUNTED_SHARE * model.params_b:
        # A count that also holds parts no GGUF keeps (a vision tower not on record: Mistral Small 3.2's 24 B
        # holds Pixtral's 0.4 B) would otherwise swell attention past what its heads can hold. Less than that
        # is the count's rounding, norms and biases, left as they were.
        rest = heads_b
    groups += _attention_groups(rest, layout, f, hidden)
    if f.mtp_layers and _moe_layers(f, layers):
        # One more MoE layer per MTP layer (experts, shared experts, attention), plus its own embedding and head.
        moe = _moe_layers(f, layers)
        per_layer = [Group(g.role, g.params_b / (moe if g.role.startswith(("exp", "dense")) else layers), g.ncols)
                     for g in groups if g.role not in ("embd", "output")]
        extra = per_layer + [Group("embd", vocab, hidden), Group("output", vocab, hidden)]
        groups += [Group(g.role, g.params_b * f.mtp_layers, g.ncols) for g in extra]
    return groups


def _shape(model: ModelSize) -> Shape:
    layout = model.layout
    assert layout is not None and layout.ffn is not None
    f = layout.ffn
    g = layout.groups[0] if layout.groups else None
    kv = g.kv_heads if g is not None and g.kv_heads else 0
    gqa = (f.attention_heads or 0) // kv if kv else 1
    return Shape(layout.layers, gqa, f.experts)


def _capped(mix: Mix, cap: str) -> Mix:
    """Each type of `mix` no wider than `cap` (the narrower ones kept: a 2-bit level still goes below INT4)."""
    return tuple((cap if BITS[t] > BITS[cap] else t, share) for t, share in mix)


def _native_expert_mix(model: ModelSize, mix: Recipe) -> Recipe:
    """gpt-oss keeps its routed experts in MXFP4 whatever the file's label (estimator.model.NativeShare); a model
    whose experts were released at low precision (FfnShape.expert_cap: Kimi K2.5's INT4) keeps them no wider."""
    layout = model.layout
    cap = layout.ffn.expert_cap if layout is not None and layout.ffn is not None else None
    if model.native is None and cap is None:
        return mix
    types = dict(mix.types)
    if model.native is not None:
        native: Mix = ((model.native.format, 1.0),)
        types["exp_gate_up"] = types["exp_down"] = native
    elif cap is not None:
        types["exp_gate_up"], types["exp_down"] = _capped(types["exp_gate_up"], cap), _capped(types["exp_down"], cap)
    return Recipe(types)


def file_gib(model: ModelSize, level: str) -> float | None:
    """The modelled size of the model's GGUF file at `level`, in GiB; None when the shape is not on record or
    the level is no GGUF mix."""
    groups = tensor_groups(model)
    if groups is None:
        return None
    mix = recipe(level, _shape(model))
    if mix is None:
        return None
    mix = _native_expert_mix(model, mix)
    bits = sum(g.params_b * 1e9 * mix_bits(mix.mix(g.role), g.ncols, g.role) for g in groups)
    return bits / 8 / GIB


def read_bpw(model: ModelSize, level: str) -> float | None:
    """Average bits per weight over the parameters one token reads, from the same recipe as `file_gib`: every
    tensor but the routed experts, and the share of the routed experts the active size leaves. None when the
    shape is not on record or the level is no GGUF mix. This is what decode reads for Unsloth's dynamic
    levels, whose experts sit far narrower than their attention and shared layers: a whole-file average
    would overstate the bytes an R1 token reads at UD-IQ1_S by about a half."""
    groups = tensor_groups(model)
    mix = recipe(level, _shape(model)) if groups is not None else None
    if groups is None or mix is None:
        return None
    mix = _native_expert_mix(model, mix)
    expert = [g for g in groups if g.role.startswith("exp_")]
    expert_b = sum(g.params_b for g in expert)
    other_b = sum(g.params_b for g in groups) - expert_b
    share = 1.0
    if model.is_moe and model.active_params_b is not None and expert_b > 0:
        share = min(1.0, max(0.0, model.active_params_b - other_b) / expert_b)
    read_b = other_b + share * expert_b
    if read_b <= 0:
        return None
    bits = sum(g.params_b * (share if g in expert else 1.0) * mix_bits(mix.mix(g.role), g.ncols, g.role)
               for g in groups)
    return bits / read_b


def file_params_b(model: ModelSize) -> float | None:
    """Parameters the GGUF file holds (the model's, plus any MTP layers it keeps), in billions."""
    groups = tensor_groups(model)
    return None if groups is None else sum(g.params_b for g in groups)


__all__ = ["GIB", "Group", "file_gib", "file_params_b", "mix_bits", "read_bpw", "tensor_groups"]
