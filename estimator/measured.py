"""The `measured` profile: llama.cpp decode speed and memory calibrated on real measurements.

Speed (one request, decode):

    1/tok_s = t0 + bytes_per_token / (bw · share)

- `bytes_per_token` = parameters read per token × llama.cpp's real bits per weight / 8. Dense models read
  every weight; MoE models read `moe_read_factor × active` parameters (a fitted factor). gpt-oss (the only
  family released natively in MXFP4) keeps its experts in MXFP4 whatever the file's label: the label only
  sets the precision of the attention/embedding tensors.
- `share` = effective share of the card's bandwidth: per quant kind (f16, q8, k, iq, legacy, mxfp4) ×
  vendor × card class (hbm = data-centre HBM, gddr = consumer/workstation, legacy = NVIDIA before Volta,
  unified = LPDDR/unified-memory parts) × a quantized-kinds factor per class, each fitted where the data
  has it (I-quants have no measurements: K-quant share × 0.95). The backend is not known for a card:
  NVIDIA is CUDA, AMD sits halfway between ROCm and Vulkan (which differ by ~45 % in the data).
- `t0` = a fixed per-token time (kernel launches, synchronisation), per card class, growing with the
  model's size as (max(read params, 4 B) / 8 B)^t0_size_exp. On data-centre cards it dominates small
  models, which is why their 4-bit speeds sit far below bandwidth / bytes.

Memory (GiB, against the card's memory read as GiB — GPU memory comes in binary sizes):

    need = weights: a published file's size (catalog/data/gguf_files.json), else the file modelled tensor by
           tensor from the model's shape (estimator.gguf_size), else real bpw (+ a small per-kind overhead
           for the higher-precision embeddings/output)
         + cache (architecture when known, else the size estimate) + compute buffer (grows with context;
           at least the logits of a micro-batch when the vocabulary is known)
    usable = memory − a fixed driver/runtime reserve (minus an OS share on unified-memory parts)

Ranges come from the cross-validated errors of the fit (benchmarks/fit_measured.py): the confidence
label says how close the question is to a measured row (vendor, card class, size, quant kind,
bandwidth), capped
for card classes whose measured rows the fit predicts badly (today: legacy → low, unified → medium).

Every constant is in `data/measured_constants.json`; `benchmarks/fit_measured.py` refits them. Runtime
code here is pure Python and reads no file: the constants are passed in (answers.profiles).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from .card import Card, is_legacy_nvidia
from .gguf_size import file_gib as gguf_file_gib
from .gguf_size import read_bpw as gguf_read_bpw
from .memory import DEFAULT_CACHE_TYPE, GIB, cache_gb, size_cache_gb
from .model import DEFAULT_CONTEXT, ModelSize
from .profile import MIN_SECONDS_PER_TOKEN, HoldsRule, MemoryParts
from .quants import BY_NAME, Quant, quant
from .rows import Row, rate

NAME = "measured"

# Least compressed first. F16/BF16 are not offered by default (a card that holds F16 of a small model
# would otherwise be shown at half the speed people really run it at); `--quant F16` still reaches them.
LADDER: tuple[Quant, ...] = tuple(
    BY_NAME[n]
    for n in ("Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS", "Q3_K_M", "IQ3_M", "IQ3_XXS", "Q2_K", "IQ2_M", "IQ2_XXS")
)
DEFAULT_MIN_QUALITY = "IQ4_XS"  # 4-bit floor, as the reference: below it quality drops visibly
MISS_QUANT = "Q4_K_M"  # the level the closest miss is measured at

KINDS = ("f16", "q8", "k", "iq", "legacy", "mxfp4")
CLASSES = ("gddr", "hbm", "legacy", "unified")
CONFIDENCE = ("high", "medium", "low")
_NATIVE_MXFP4 = re.compile(r"gpt[-_ ]?oss", re.IGNORECASE)


# llama.cpp sizes its compute graph for one micro-batch (n_ubatch, 512 by default) and reserves it with an
# output row per token: the logits tensor is n_vocab f32 values × 512 (Llama 3's 128,256 tokens: 250.5 MiB,
# which is most of the 258.5 MiB compute buffer llama.cpp reports for Llama 3 8B at n_ubatch 512).
LLAMA_UBATCH = 512
LOGIT_BYTES = 4


def logits_gb(model: ModelSize | None) -> float:
    """GiB of the logits buffer for one micro-batch; 0 when the model's vocabulary is not known."""
    vocab = model.layout.vocab_size if model is not None and model.layout is not None else None
    return 0.0 if vocab is None else vocab * LLAMA_UBATCH * LOGIT_BYTES / GIB


def card_class(card: Card) -> str:
    """hbm (data-centre HBM), unified (LPDDR/DDR shared with the CPU), legacy (NVIDIA before Volta), gddr."""
    mem_type = (card.memory_type or "").upper()
    if is_legacy_nvidia(card):
        return "legacy"
    if mem_type.startswith("HBM"):
        return "hbm"
    if "DDR" in mem_type and not mem_type.startswith("GDDR"):
        return "unified"
    return "gddr"


def vendor_of(card: Card) -> str:
    return "AMD" if card.vendor == "ATI" else card.vendor


def native_mxfp4(model: ModelSize) -> bool:
    """Released with MXFP4 experts (gpt-oss): llama.cpp files keep them MXFP4 at every label.
    The catalog record says so (`native`); a bare name (measured rows, `--params`) is matched too."""
    if model.native is not None:
        return model.native.format == "MXFP4"
    return bool(model.name and _NATIVE_MXFP4.search(model.name)) and model.is_moe


def with_published_dynamic(levels: tuple[Quant, ...], model: ModelSize) -> tuple[Quant, ...]:
    """`levels` with the model's published Unsloth dynamic levels, each just before the level of its rank
    (the larger file first where several share one)."""
    dynamic = sorted((quant(name) for name, _ in model.files if name.startswith("UD-")),
                     key=lambda q: -(model.file_gib(q.name) or 0.0))
    if not dynamic:
        return levels
    out: list[Quant] = []
    for level in levels:
        out += [q for q in dynamic if q.rank == level.rank and q not in out]
        out.append(level)
    return tuple(out)


CLOSENESS_KEPT = 100_000  # confidence labels remembered per profile (a few MB at most)


class MeasuredProfile:
    """Satisfies `estimator.profile.Profile`; constants from a dict (answers.profiles reads the packaged
    JSON, benchmarks/fit_measured.py passes the ones it fits)."""

    name = NAME
    levels = LADDER
    default_min_quality = DEFAULT_MIN_QUALITY
    miss_quant = MISS_QUANT

    def __init__(self, constants: dict[str, Any], gpu_share: Callable[[Card], float] | None = None) -> None:
        c = constants
        self.constants = c
        # The share of a unified-memory machine's memory its GPU may use (estimator.setups'
        # `unified_gpu_share`, from setup_constants.json): given, every line that rates such a machine
        # as a card holds what the machine's own answer says it can use. Absent (the fit in
        # benchmarks/fit_measured.py): the OS keeps `unified_os_share`.
        self.gpu_share = gpu_share
        self.t0_s = {k: v / 1000 for k, v in c["t0_ms"].items()}
        self.t0_size_exp = c["t0_size_exp"]
        self.t0_min_read_b = c.get("t0_min_read_b", 0.0)
        self.share_kind = c["share_kind"]
        self.share_vendor = c["share_vendor"]
        self.share_class = c["share_class"]
        self.share_backend = c.get("share_backend", {})  # per vendor/backend, for measured rows
        self.share_default_backend = c.get("share_default_backend", {})  # per vendor, backend unknown
        self.share_quantized_class = c.get("share_quantized_class", {})  # quantized kinds only
        self.moe_read_factor = c["moe_read_factor"]
        # Whole-speed factors for vendors the single-card fit never saw (Apple's Metal: fitted on the Apple
        # rows by benchmarks/setups_accuracy.py), so one Apple chip and a setup holding it agree.
        self.vendor_speed = c.get("vendor_speed", {})
        # Whole-speed factors for devices the fit never saw, by name prefix (Jetson Orin modules: public runs,
        # the source beside the figure in measured_constants.json).
        self.device_speed: tuple[tuple[str, float], ...] = tuple(c.get("device_speed", {}).items())
        # … and by vendor and architecture where no card of it is a fitted row (AMD's Polaris: public runs).
        self.architecture_speed: dict[str, float] = dict(c.get("architecture_speed", {}))
        # … and per engine for model families a per-token floor holds far below their active bytes (Qwen3-Next:
        # 512 tiny experts and linear-attention layers), by name prefix, public runs beside the figures.
        self.model_speed: tuple[tuple[str, dict[str, float]], ...] = tuple(
            (prefix, dict(f)) for prefix, f in c.get("model_speed", {}).items())
        # Dense models that read fewer parameters per token than they hold (Gemma 3n's per-layer embeddings are
        # looked up, not streamed), by name prefix: billions read per token.
        self.streamed_params_b: tuple[tuple[str, float], ...] = tuple(c.get("streamed_params_b", {}).items())
        self.mx = c["native_mxfp4"]
        m = c["memory"]
        self.weights_overhead = m["weights_overhead"]
        self.compute_gb = m["compute_gb"]
        self.compute_gb_per_4k = m["compute_gb_per_4k_context"]
        self.reserve_gb = m["reserve_gb"]
        self.unified_os_share = m["unified_os_share"]
        self.comfortable_share = m["comfortable_share"]
        self.ranges = c.get("ranges")
        self.confidence_caps = c.get("confidence_caps", {})  # card class → best label it may get
        self.anchors = [tuple(a) for a in c.get("anchors", [])]
        self.distance = c.get("distance", {})
        # Closeness to the measured runs, by the features it is measured in: every list rates the same
        # cards for the same model several times (table, picks, machines, levels). Bounded: a bot runs
        # for weeks over thousands of models.
        self._closeness: dict[tuple[str, str, float, str, float], str] = {}

    def levels_for(self, model: ModelSize) -> tuple[Quant, ...]:
        """The levels a model is offered at: gpt-oss ships its native MXFP4 file (experts MXFP4, the rest
        Q8_0: ggml-org's gpt-oss GGUFs), then the Q4_K_M files of the usual quantizers (experts still MXFP4,
        the rest narrower) for a card a little short; the other labels change only the small non-expert part
        and are not offered (still reachable with --quant). A model with published Unsloth dynamic files
        (catalog/data/gguf_files.json: DeepSeek-R1's 1.58-bit and UD-Q2_K_XL, GLM-4.6's, Kimi K2's) is offered those
        too, each before the llama.cpp level of its rank: they are the files people download for these models."""
        if native_mxfp4(model):
            return (BY_NAME["MXFP4"], BY_NAME["Q4_K_M"])
        return with_published_dynamic(self.levels, model)

    # ------------------------------------------------------------------ memory

    def weights_gb(self, model: ModelSize, q: Quant) -> float:
        """A published file's size where one is on record; else the file modelled tensor by tensor
        (estimator.gguf_size) when the model's FFN shape is known; else the level's average width."""
        published = model.file_gib(q.name)
        if published is not None:
            return published
        modelled = gguf_file_gib(model, q.name)
        if modelled is not None:
            return modelled
        if native_mxfp4(model):
            if model.native is not None:  # the record's own split (model card)
                nonexpert_b = model.params_b - model.native.params_b
            else:
                nonexpert_b = self.mx["nonexpert_b"] + self.mx["nonexpert_per_b"] * model.params_b
            nonexpert_b = min(nonexpert_b, model.params_b)
            bits = (model.params_b - nonexpert_b) * BY_NAME["MXFP4"].bpw + nonexpert_b * self._nonexpert_bpw(q)
            return bits * 1e9 / 8 / GIB
        return model.params_b * 1e9 * q.bpw / 8 / GIB * (1 + self.weights_overhead.get(q.kind, 0.0))

    def _nonexpert_bpw(self, q: Quant) -> float:
        """gpt-oss' attention/embedding tensors are 2880 wide (not a multiple of 256): llama.cpp falls
        back from K/I-quants to wider types there, so they never go below `nonexpert_min_bpw`."""
        if q.kind == "mxfp4":
            return BY_NAME["Q8_0"].bpw
        return max(q.bpw, self.mx["nonexpert_min_bpw"])

    def cache_gb(self, model: ModelSize, context: int, cache_type: str = DEFAULT_CACHE_TYPE) -> float:
        if model.layout is None and model.is_moe:
            # Size-only estimate for MoE: attention is sized like a dense model between active and total.
            assert model.active_params_b is not None
            return size_cache_gb(math.sqrt(model.params_b * model.active_params_b), context, cache_type)
        return cache_gb(model, context, cache_type)[0]

    def compute_buffer_gb(self, context: int, model: ModelSize | None = None) -> float:
        """llama.cpp's compute buffer on the card. Its graph allocator reuses memory from stage to stage, so
        the buffer is the larger of two peaks: the layers' (attention at this context: the fitted constants)
        and the output's, the f32 logits of a whole micro-batch (`logits_gb`), which only a large
        vocabulary lifts above the first (Gemma's 262k tokens: 0.5 GiB)."""
        layers = self.compute_gb + self.compute_gb_per_4k * context / DEFAULT_CONTEXT
        return max(layers, logits_gb(model)) if model is not None else layers

    def need_gb(self, model: ModelSize, q: Quant, context: int, cache_type: str = DEFAULT_CACHE_TYPE) -> float:
        return (self.weights_gb(model, q) + self.cache_gb(model, context, cache_type)
                + self.compute_buffer_gb(context, model))

    def memory_parts(self, model: ModelSize, q: Quant, context: int,
                     cache_type: str = DEFAULT_CACHE_TYPE) -> MemoryParts:
        return MemoryParts(self.weights_gb(model, q), self.cache_gb(model, context, cache_type),
                           self.compute_buffer_gb(context, model))

    def holds_rule(self, card: Card) -> HoldsRule:
        if self.gpu_share is not None and getattr(card, "unified_memory", False):
            return HoldsRule(self.gpu_share(card), self.reserve_gb)
        os_share = self.unified_os_share if card_class(card) == "unified" else 0.0
        return HoldsRule(1 - os_share, self.reserve_gb)

    def cache_kind(self, model: ModelSize) -> str:
        return "layout" if model.layout is not None else "size"

    def usable_gb(self, card: Card) -> float:
        return self.holds_rule(card).usable_gb(card.memory_gb)

    def fit(self, need: float, card: Card) -> str:
        return "comfortable" if need <= self.comfortable_share * self.usable_gb(card) else "tight"

    # ------------------------------------------------------------------ speed

    def read_params_b(self, model: ModelSize) -> float:
        if model.is_moe:
            assert model.active_params_b is not None
            return min(self.moe_read_factor * model.active_params_b, model.params_b)
        name = (model.name or "").casefold()
        streamed = next((b for prefix, b in self.streamed_params_b if name.startswith(prefix.casefold())), None)
        return model.params_b if streamed is None else min(streamed, model.params_b)

    def gb_per_token(self, model: ModelSize, q: Quant) -> float:
        return self.read_params_b(model) * self.read_bpw(model, q) / 8

    def read_bpw(self, model: ModelSize, q: Quant) -> float:
        if native_mxfp4(model):
            f = self.mx["expert_share_active"]
            nat = model.native
            if nat is not None and nat.active_params_b is not None and model.active_params_b:
                f = min(1.0, nat.active_params_b / model.active_params_b)
            return f * BY_NAME["MXFP4"].bpw + (1 - f) * self._nonexpert_bpw(q)
        if q.name.startswith("UD-"):
            return self._dynamic_read_bpw(model, q)
        return q.bpw

    def _dynamic_read_bpw(self, model: ModelSize, q: Quant) -> float:
        """An Unsloth dynamic level reads what its per-tensor recipe (estimator.gguf_mix) gives the parameters a
        token touches, the recipe that also sizes the file, scaled as the published file is to the modelled one
        where a file is on record: size and speed rest on the same bytes. A model whose shape is not on record
        keeps the level's average width (estimator.formats: one real file's bits per weight)."""
        bits = gguf_read_bpw(model, q.name)
        if bits is None:
            return q.bpw
        published, modelled = model.file_gib(q.name), gguf_file_gib(model, q.name)
        return bits * (published / modelled) if published and modelled else bits

    def speed_kind(self, model: ModelSize, q: Quant) -> str:
        return "mxfp4" if native_mxfp4(model) else q.kind

    def share(self, model: ModelSize, card: Card, q: Quant, backend: str | None = None) -> float:
        kind, vendor, klass = self.speed_kind(model, q), vendor_of(card), card_class(card)
        s = self.share_kind[kind] * self.share_vendor.get(vendor, 1.0) * self.share_class.get(klass, 1.0)
        if kind != "f16":
            s *= self.share_quantized_class.get(klass, 1.0)
        if backend is None:
            s *= self.share_default_backend.get(vendor, 1.0)
        else:
            s *= self.share_backend.get(f"{vendor}/{backend}", 1.0)
        return s

    def seconds_per_token(self, model: ModelSize, card: Card, q: Quant, backend: str | None = None) -> float:
        read_b = self.read_params_b(model)
        gb = read_b * self.read_bpw(model, q) / 8
        t0 = self.t0_s[card_class(card)] * (max(read_b, self.t0_min_read_b) / 8) ** self.t0_size_exp
        # The fitted t0 is already above the shared floor; the max() keeps it so under any refit.
        # No card streams more than its bandwidth: the fitted shares (the unified class's 1.17) stand for
        # bytes the fit's counting overstates, but a figure above bandwidth ÷ bytes read is impossible
        # (issue 28: Jetsons and the GB10 were rated at 100–105% of theirs), so the share stops at 1.
        streamed = gb / (card.bandwidth_gbps * min(1.0, self.share(model, card, q, backend)))
        t = (t0 + streamed) / (self.vendor_speed.get(vendor_of(card), 1.0) * self._device_speed(card)
                               * self.model_speed_of(model))
        return max(t, MIN_SECONDS_PER_TOKEN)

    def model_speed_of(self, model: ModelSize, engine: str = "llama.cpp") -> float:
        """The whole-speed factor of the model's family under `engine` (1 when none is on record)."""
        name = (model.name or "").casefold()
        factors = next((f for prefix, f in self.model_speed if name.startswith(prefix.casefold())), None)
        return 1.0 if factors is None else factors.get(engine, 1.0)

    def _device_speed(self, card: Card) -> float:
        name = getattr(card, "name", "")
        by_name = next((f for prefix, f in self.device_speed if name.startswith(prefix)), None)
        if by_name is not None:
            return by_name
        return self.architecture_speed.get(f"{vendor_of(card)} {card.architecture or ''}", 1.0)

    def tok_s(self, model: ModelSize, card: Card, q: Quant) -> float:
        return 1 / self.seconds_per_token(model, card, q)

    # ------------------------------------------------------------------ range and confidence

    def features(self, model: ModelSize, card: Card, q: Quant) -> tuple[str, str, float, str, float]:
        """(vendor, card class, ln read params, quant kind, ln bandwidth): what closeness is measured in."""
        return (vendor_of(card), card_class(card), math.log(self.read_params_b(model)), self.speed_kind(model, q),
                math.log(card.bandwidth_gbps))

    def confidence(self, model: ModelSize, card: Card, q: Quant) -> str:
        if not self.anchors:
            return "low"
        features = self.features(model, card, q)
        label = self._closeness.get(features)
        if label is None:
            if len(self._closeness) >= CLOSENESS_KEPT:
                self._closeness.clear()
            label = self._closeness[features] = self._confidence(*features)
        return label

    def _confidence(self, vendor: str, klass: str, logp: float, kind: str, logbw: float) -> str:
        d = self.distance
        best = min(
            d["vendor"] * (vendor != a[0]) + d["class"] * (klass != a[1])
            + abs(logp - a[2]) / d["log_params_unit"] + d["kind"] * (kind != a[3])
            + abs(logbw - a[4]) / d["log_bandwidth_unit"]
            for a in self.anchors
        )
        label = "high" if best <= d["high_max"] else "medium" if best <= d["medium_max"] else "low"
        cap = self.confidence_caps.get(klass)
        return cap if cap and CONFIDENCE.index(cap) > CONFIDENCE.index(label) else label

    def tok_range(self, model: ModelSize, card: Card, q: Quant, tok_s: float) -> tuple[float, float, str]:
        conf = self.confidence(model, card, q)
        if not self.ranges:
            return 0.6 * tok_s, 1.6 * tok_s, "low"
        lo, hi = self.ranges[conf]  # factors on the estimate, within 0.6–1.6
        return lo * tok_s, hi * tok_s, conf

    def rate_many(self, model: ModelSize, cards: Sequence[Card], levels: Sequence[Quant], needs: Sequence[float],
                  miss_need: float) -> list[Row]:
        return [rate(self, model, card, levels, needs, miss_need) for card in cards]

    # ------------------------------------------------------------------ for fitting and scoring

    def row_tok_s(self, row: Any, with_backend: bool = False) -> float:
        """Estimate for a measured row (benchmarks.accuracy.MeasuredRow)."""
        q = row.quant
        return 1 / self.seconds_per_token(row.size, row.card, q, row.backend if with_backend else None)

    def row_range(self, row: Any, est: float) -> tuple[float, float, str]:
        return self.tok_range(row.size, row.card, row.quant, est)


__all__ = ["MeasuredProfile", "card_class", "logits_gb", "native_mxfp4", "LADDER"]
