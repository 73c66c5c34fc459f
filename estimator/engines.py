"""Engines: which program runs the model, on which hardware, from which file formats.

llama.cpp is the default (every other rule of the estimator is llama.cpp's); Ollama and LM Studio are
llama.cpp with their own defaults; vLLM, SGLang, MLX, ExLlamaV2/V3, TensorRT-LLM and Transformers have
their own formats, hardware and speed (estimator.engine_speed). What each engine reads and where is data
(`data/engine_constants.json`, with its sources), passed in as `EngineConstants`; this module only
applies it:

- `check(c, engine, q, card)` → `Runs` (with the mode: native or weight-only) or `Refusal`: the engine
  cannot run on that card (MLX on NVIDIA), does not read that format (EXL2 under vLLM), or reads it but
  not on that card (FP8 under TensorRT-LLM on Ampere; NVFP4 before Blackwell). A refusal names the
  nearest that works: the engine's closest format that runs there, and another engine that runs the
  asked format on that card.

Pure: no file is read here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct, field

from .card import Card
from .model import InvalidInput, ModelSize
from .quants import Quant, quant

DEFAULT_ENGINE = "llama.cpp"
# The ranges of engine_constants.json that are not one engine's: every engine's single-card rows, and every
# engine's rows on several cards and with several users.
RANGE_GROUPS = ("pooled", "several cards", "several users")
# How people name the engines (casefolded, spaces and dots dropped) → the name used everywhere.
ENGINE_ALIASES: dict[str, str] = {
    "llamacpp": "llama.cpp", "llama-cpp": "llama.cpp", "llama_cpp": "llama.cpp", "llama-server": "llama.cpp",
    "ollama": "ollama", "lmstudio": "lm-studio", "lm-studio": "lm-studio", "vllm": "vllm", "sglang": "sglang",
    "mlx": "mlx", "mlx-lm": "mlx", "mlxlm": "mlx", "exllamav2": "exllamav2", "exllama2": "exllamav2",
    "exl2": "exllamav2", "exllama": "exllamav2", "tabbyapi": "exllamav2", "exllamav3": "exllamav3",
    "exllama3": "exllamav3", "exl3": "exllamav3", "tensorrt-llm": "tensorrt-llm", "tensorrtllm": "tensorrt-llm",
    "trt-llm": "tensorrt-llm", "trtllm": "tensorrt-llm", "transformers": "transformers", "hf": "transformers",
}


class UnknownEngine(ValueError):
    def __init__(self, text: str, known: Sequence[str]) -> None:
        super().__init__(f"unknown engine {text!r}; known: {', '.join(known)}")
        self.text = text


class HardwareRule(Struct, frozen=True):
    """A kind of card: a vendor, with NVIDIA's minimum compute capability or AMD's architectures."""

    vendor: str
    min_cc: float | None = None
    arch: tuple[str, ...] | None = None
    mode: str = "native"  # native | weight_only (FP8 through Marlin on Turing/Ampere)
    dense_only: bool = False  # the path has no mixture-of-experts kernel (FP8 Marlin)


class EngineMemory(Struct, frozen=True):
    utilization: float  # share of each card's memory the engine takes (weights + KV pool)
    overhead_gb: float  # activations, CUDA graphs, non-torch memory per card


class Engine(Struct, frozen=True):
    name: str
    label: str
    base: str | None = None  # Ollama, LM Studio: llama.cpp with their own defaults
    hardware: tuple[HardwareRule, ...] = ()
    formats: dict[str, tuple[HardwareRule, ...]] = field(default_factory=dict)
    split: str = "layer"  # how several cards are used by default: layer | tensor | none
    splits: tuple[str, ...] = ()
    speed: str = "profile"  # profile: the estimator profile's llama.cpp figures; engine: engine_speed
    ladder: tuple[str, ...] | None = None  # the formats tried, least compressed first (None: the profile's)
    miss_quant: str | None = None
    memory: EngineMemory | None = None
    default_quant: str | None = None
    default_context: tuple[tuple[float, int], ...] = ()  # (from GiB of VRAM, context) steps: Ollama
    default_parallel: int | None = None  # requests one loaded model answers at once by default (Ollama: 1)
    # A wrapper's decode speed on a mixture of experts as a share of its base engine's (Ollama's vendored
    # ggml lags llama.cpp's MoE kernels); 1 keeps the base's figure.
    moe_decode_share: float = 1.0


class DecodeConstants(Struct, frozen=True):
    share: float
    t0_ms: float
    fitted: bool = False


class EngineConstants(Struct, frozen=True):
    default_engine: str
    format_engines: dict[str, str]  # a format llama.cpp does not read → the engine it is usually run with
    nvidia_cc: dict[str, float]
    engines: dict[str, Engine]
    decode: dict[str, DecodeConstants]
    format_share: dict[str, float]
    format_mode_share: dict[str, float]
    tp_t0_per_card: float
    allreduce_us: dict[str, float]
    default_link: str
    layers_per_b: tuple[float, float]
    ranges: dict[str, tuple[float, float]]
    # factors on an engine's figure that hold the stated share of its public rows, from the leave-one-out
    # residuals (benchmarks/engines_accuracy.py --write); "pooled": every engine's rows, for engines with few
    engine_ranges: dict[str, tuple[float, float]] = field(default_factory=dict)
    # the fixed time per token on a class of card (estimator.measured.card_class) over a GeForce's: 1 if absent
    t0_card_class: dict[str, float] = field(default_factory=dict)
    moe_layer_us: float = 0.0  # routing + expert dispatch of one MoE layer for one token (one request)
    fixed_fitted: tuple[str, ...] = ()  # the engines whose rows fitted the two above (the others: neither)
    # a format's share on one vendor's cards, over `format_share` (int4 on ROCm: its kernels dequantize slower)
    format_vendor_share: dict[str, dict[str, float]] = field(default_factory=dict)
    # GB/s per lane and direction of each PCIe generation ("pcie": a generation not said, taken as 3.0): a link
    # said with its lanes ("pcie4x8", "x1") adds each all-reduce's bytes over them (estimator.engine_speed)
    lane_gbps: dict[str, float] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> EngineConstants:
        """Checked at load: every engine's base, ladder and miss level must exist (a typo names itself)."""
        engines = {name: _engine(name, e, d["engines"]) for name, e in d["engines"].items()}
        dec = d["decode"]
        decode = {k: DecodeConstants(v["share"], v["t0_ms"], v.get("fitted", False)) for k, v in dec["engines"].items()}
        implied = {k: v for k, v in d.get("format_engines", {}).items() if k != "note"}
        for fam, name in implied.items():
            if name not in engines:
                raise InvalidInput(f"engine_constants.json: format_engines names unknown engine {name!r} for {fam}")
        cc = {k: v for k, v in d["nvidia_cc"].items() if k != "source"}
        out = cls(d["default_engine"], implied, cc, engines, decode,
                  {k: v for k, v in dec["format_share"].items() if k != "source"}, dict(dec["format_mode_share"]),
                  dec["tp_t0_per_card"], dict(dec["allreduce_us"]), dec["default_link"],
                  (dec["layers_per_b"][0], dec["layers_per_b"][1]),
                  {k: (v[0], v[1]) for k, v in dec["ranges"].items()},
                  {k: (v["low"], v["high"]) for k, v in dec.get("engine_ranges", {}).items()},
                  {k: float(v) for k, v in dec.get("t0_card_class", {}).items() if k != "source"},
                  float(dec.get("moe_layer_us", 0.0)), tuple(dec.get("fixed_fitted", ())),
                  {fam: {v: float(x) for v, x in by.items()} for fam, by in dec.get("format_vendor_share", {}).items()
                   if fam != "source"},
                  {k: float(v) for k, v in dec.get("lane_gbps", {}).items() if k != "source"})
        if any(v <= 0 for v in out.lane_gbps.values()):
            raise InvalidInput("engine_constants.json: lane_gbps must be > 0")
        if out.moe_layer_us < 0 or any(f <= 0 for f in out.t0_card_class.values()):
            raise InvalidInput("engine_constants.json: moe_layer_us must be >= 0 and t0_card_class factors > 0")
        for e in engines.values():
            if e.speed == "engine" and e.name not in out.decode:
                raise InvalidInput(f"engine_constants.json: {e.name} has no decode constants")
        # No engine streams weights faster than the memory delivers them (decode ≤ bandwidth ÷ bytes per token).
        for name, dc in out.decode.items():
            if not (0 < dc.share <= 1) or dc.t0_ms < 0:
                raise InvalidInput(f"engine_constants.json: {name}'s share must be in (0, 1] and t0 ≥ 0")
        for e in engines.values():
            if not (0 < e.moe_decode_share <= 1):
                raise InvalidInput(f"engine_constants.json: {e.name}'s moe_decode_share must be in (0, 1]")
        for name, (lo, hi) in out.engine_ranges.items():
            if name not in RANGE_GROUPS and name not in engines:
                raise InvalidInput(f"engine_constants.json: engine_ranges names unknown engine {name!r}")
            if not (0 < lo <= 1 <= hi):
                raise InvalidInput(f"engine_constants.json: {name}'s range must hold its figure (0 < low <= 1 <= high)")
        vendor_shares = {f"{fam} on {v}": x for fam, by in out.format_vendor_share.items() for v, x in by.items()}
        for fam, s in {**out.format_share, **out.format_mode_share, **vendor_shares}.items():
            if not (0 < s <= 1):
                raise InvalidInput(f"engine_constants.json: the {fam} share must be in (0, 1]")
        return out

    def range_of(self, engine: str) -> tuple[float, float] | None:
        """The factors an engine's figure is stated with: its own rows' spread, else every engine's."""
        return self.engine_ranges.get(engine) or self.engine_ranges.get("pooled")

    def engine(self, name: str | None) -> Engine:
        return self.engines[engine_name(name, self.engines)]

    def root(self, name: str | None) -> Engine:
        """The engine whose kernels run it: Ollama and LM Studio are llama.cpp."""
        e = self.engine(name)
        return self.engines[e.base] if e.base else e


def _rules(rows: Sequence[Mapping[str, Any]]) -> tuple[HardwareRule, ...]:
    return tuple(HardwareRule(r["vendor"], r.get("min_cc"), tuple(r["arch"]) if "arch" in r else None,
                              r.get("mode", "native"), r.get("dense_only", False)) for r in rows)


def _engine(name: str, e: Mapping[str, Any], every: Mapping[str, Any]) -> Engine:
    base = e.get("base")
    if base is not None and base not in every:
        raise InvalidInput(f"engine_constants.json: {name} is based on unknown engine {base!r}")
    for level in [*(e.get("ladder") or ()), *filter(None, [e.get("miss_quant"), e.get("default_quant")])]:
        quant(level)  # an unknown level raises UnknownQuant naming it
    mem = e.get("memory")
    parallel = e.get("default_parallel")
    if parallel is not None and (not isinstance(parallel, int) or parallel < 1 or not e.get("default_parallel_source")):
        raise InvalidInput(f"engine_constants.json: {name}'s default_parallel must be a positive count with its source")
    return Engine(name, e["label"], base, _rules(e.get("hardware", ())),
                  {fam: _rules(rows) for fam, rows in e.get("formats", {}).items()}, e.get("split", "layer"),
                  tuple(e.get("splits", ())), e.get("speed", "profile"),
                  tuple(e["ladder"]) if e.get("ladder") else None, e.get("miss_quant"),
                  EngineMemory(mem["utilization"], mem["overhead_gb"]) if mem else None, e.get("default_quant"),
                  tuple((float(a), int(b)) for a, b in e.get("default_context", ())), parallel,
                  float(e.get("moe_decode_share", 1.0)))


def engine_name(text: str | None, known: Mapping[str, Any] | Sequence[str] = ()) -> str:
    """The engine's name from what people write ("vLLM", "lm studio", "llama-cpp", "trt-llm")."""
    if text is None or not str(text).strip():
        return DEFAULT_ENGINE
    key = "".join(str(text).strip().lower().split()).replace(".", "")
    name = ENGINE_ALIASES.get(key, ENGINE_ALIASES.get(key.replace("_", "-"), key))
    if known and name not in known:
        raise UnknownEngine(str(text), list(known))
    return name


# ------------------------------------------------------------------------------------ who runs what


def compute_capability(c: EngineConstants, card: Card) -> float | None:
    """An NVIDIA card's compute capability from its architecture (None for other vendors or unknown)."""
    if card.vendor != "NVIDIA" or not card.architecture:
        return None
    return c.nvidia_cc.get(card.architecture, c.nvidia_cc.get(card.architecture.split(" ")[0]))


def _matches(c: EngineConstants, rule: HardwareRule, card: Card, model: ModelSize | None) -> bool:
    vendor = "AMD" if card.vendor == "ATI" else card.vendor
    if vendor != rule.vendor:
        return False
    if rule.dense_only and model is not None and model.is_moe:
        return False
    if rule.min_cc is not None:
        cc = compute_capability(c, card)
        return cc is not None and cc >= rule.min_cc
    if rule.arch is not None:
        return (card.architecture or "") in rule.arch
    return True


def runs_on(c: EngineConstants, engine: Engine, card: Card) -> bool:
    """The engine runs on this card at all (MLX: Apple only; vLLM: CUDA 7.0+ and recent ROCm parts)."""
    root = c.engines[engine.base] if engine.base else engine
    return any(_matches(c, r, card, None) for r in root.hardware)


class Runs(Struct, frozen=True):
    mode: str = "native"  # native | weight_only


class Refusal(Struct, frozen=True):
    """Why an engine cannot run a format on a card, and the nearest that can (the answers render it)."""

    reason: str  # engine_hardware | format_engine | format_hardware
    engine: str
    quant: str
    card: str
    nearest_quant: str | None = None  # the engine's closest format that runs on this card
    other_engine: str | None = None  # another engine that runs the asked format on this card
    nearest_engine: str | None = None  # the engine of `nearest_quant` when it is not `engine` (llama.cpp)


def _format_rule(c: EngineConstants, engine: Engine, q: Quant, card: Card,
                 model: ModelSize | None) -> tuple[bool, HardwareRule | None]:
    """(the engine reads the format at all, the first hardware rule that runs it on this card)."""
    root = c.engines[engine.base] if engine.base else engine
    rules = root.formats.get(q.family)
    if rules is None:
        return False, None
    return True, next((r for r in rules if _matches(c, r, card, model)), None)


def check(c: EngineConstants, engine_text: str | None, q: Quant, card: Card,
          model: ModelSize | None = None) -> Runs | Refusal:
    """Whether `engine` runs `q` on `card` (for `model`: FP8 Marlin has no MoE path)."""
    engine = c.engine(engine_text)
    if not runs_on(c, engine, card):
        # Another engine for the same file, else llama.cpp (it runs on every card) at its nearest level.
        other = _other_engine(c, engine, q, card, model)
        nearest = None if other else _nearest_quant(c, c.engines[DEFAULT_ENGINE], q, card, model)
        return Refusal("engine_hardware", engine.name, q.name, card.name, nearest, other,
                       None if other else DEFAULT_ENGINE)
    reads, rule = _format_rule(c, engine, q, card, model)
    if rule is not None:
        return Runs(rule.mode)
    return Refusal("format_hardware" if reads else "format_engine", engine.name, q.name, card.name,
                   _nearest_quant(c, engine, q, card, model), _other_engine(c, engine, q, card, model))


def engine_levels(c: EngineConstants, engine: Engine, profile_levels: Sequence[Quant]) -> tuple[Quant, ...]:
    """The formats an engine tries, least compressed first: its own ladder, or the profile's (llama.cpp)."""
    root = c.engines[engine.base] if engine.base else engine
    if root.ladder is None:
        return tuple(profile_levels)
    return tuple(quant(n) for n in root.ladder)


def _nearest_quant(c: EngineConstants, engine: Engine, q: Quant, card: Card, model: ModelSize | None) -> str | None:
    """The engine's format that runs on this card with the closest size (a tie: the larger, better one)."""
    root = c.engines[engine.base] if engine.base else engine
    pool = list(engine_levels(c, root, ())) if root.ladder else [quant(n) for n in ("Q8_0", "Q6_K", "Q4_K_M")]
    ok = [x for x in pool if _format_rule(c, engine, x, card, model)[1] is not None]
    if not ok:
        return None
    return min(ok, key=lambda x: (abs(math.log(x.bpw / q.bpw)), -x.bpw)).name


def _other_engine(c: EngineConstants, engine: Engine, q: Quant, card: Card, model: ModelSize | None) -> str | None:
    """Another engine (not a llama.cpp front end) that runs this very format on this card."""
    for other in c.engines.values():
        if other.name == engine.name or other.base is not None:
            continue
        if runs_on(c, other, card) and _format_rule(c, other, q, card, model)[1] is not None:
            return other.name
    return None


def implied_engine(c: EngineConstants, engine: str | None, q: Quant) -> str | None:
    """The engine to rate with: the one asked, else the one a format llama.cpp cannot read is run with
    ("qwen 32b awq" → vLLM, "exl2 4.0bpw" → ExLlamaV2), else None (llama.cpp)."""
    if engine:
        return engine
    root = c.engines[c.default_engine]
    if q.family in root.formats:
        return None
    return c.format_engines.get(q.family)


def default_context(engine: Engine, vram_gb: float) -> int | None:
    """The context an engine opens a model with by default (Ollama: by VRAM); None: the estimator's."""
    ctx = None
    for from_gb, value in engine.default_context:
        if vram_gb >= from_gb:
            ctx = value
    return ctx


__all__ = ["DEFAULT_ENGINE", "ENGINE_ALIASES", "DecodeConstants", "Engine", "EngineConstants", "EngineMemory",
           "HardwareRule", "Refusal", "Runs", "UnknownEngine", "check", "compute_capability", "default_context",
           "engine_levels", "engine_name", "implied_engine", "runs_on"]
