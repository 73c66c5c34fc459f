"""Setups: the hardware people own — several cards, a unified-memory machine, a card plus system RAM.

Three rules on top of a profile's single-card rules (`Profile.need_gb`, `usable_gb`, `tok_s`,
`tok_range`), so both profiles answer setups the same way they answer one card:

- **split** (several cards, identical or mixed; llama.cpp's default layer split): usable memory adds up,
  less each extra card's own runtime/compute buffer; weights and cache go to each card in proportion
  to its usable memory; a token passes the cards in turn, so the time per token is the sum over cards
  of (share held × that card's time per token) plus a hop per card boundary — about one card's speed,
  never N×.
- **unified** (Apple silicon, Strix Halo, DGX Spark, Jetson): the GPU may use only part of the
  machine's memory by default (`unified_gpu_share`: macOS' wired-memory limit, AMD's graphics-memory
  maximum, the OS share under Linux); bandwidth is the chip's.
- **offload** (a model bigger than the cards, system RAM given): what does not fit is read from RAM;
  the time per token adds those bytes / (RAM bandwidth × the offload share). The RAM's bandwidth is
  worked out from what the asker said (type, speed, channels; capacity implies a server's channels)
  by `estimator.machine`, and the share is the one llama.cpp streams at in a card + RAM split. Dense models move
  whole layers (`-ngl`), the cache and runtime stay on the cards; MoE models move experts (`--n-cpu-moe`):
  attention and shared weights stay on the cards, and only the experts' share of the bytes read per
  token (`moe_expert_share_active`) comes from RAM in proportion to the experts held there. The
  answer is "runs with offload" when that speed is at least `offload_min_tok_s` (3 tok/s: slower
  than that is too slow to read along), at the profile's miss level (Q4_K_M, the level people
  download for this) unless a level is forced.

Pure functions, no I/O: the constants (`data/setup_constants.json`) are read where the engine or the
profiles are opened (`answers.profiles.load_setup_constants`) and passed in as a `SetupConstants`.
Hardware is the catalog's: a card says itself whether it shares memory with the CPU (`unified_memory`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypedDict

from .card import Card
from .machine import MachineConstants, RamSpec, ram_spec
from .memory import GIB
from .model import DEFAULT_CONTEXT, InvalidInput, ModelSize, check_context
from .profile import Profile
from .quants import Quant, ladder, quant

MAX_CARDS = 64  # more than this in one box is a typo, not a setup
MAX_RAM_GB = 16384


# ---------------------------------------------------------------------------------------- constants


@dataclass(frozen=True, slots=True)
class ProfileSetupConstants:
    """Per profile: the time a hop between cards adds and each extra card's own buffer. (The RAM side
    is one calibrated model for both profiles: `SetupConstants.machine`.)"""

    hop_ms: float
    extra_card_gb: float


@dataclass(frozen=True, slots=True)
class SetupConstants:
    """The setups rules' figures (setup_constants.json, whose notes give the sources)."""

    machine: MachineConstants
    offload_min_tok_s: float
    ram_usable_share: float
    moe_expert_share_active: float
    unified_gpu_share: Mapping[str, float]
    profiles: Mapping[str, ProfileSetupConstants]
    # a raised Mac share leaves this (estimator/wired_limit.py)
    unified_gpu_share_leave_gb: tuple[float, ...] = (8.0, 6.0, 4.0)
    igpu_chips: tuple[str, ...] = ()  # iGPUs on ordinary system RAM: the `igpu` share

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SetupConstants:
        """From the JSON's parsed content (notes dropped); a missing or mistyped figure raises."""
        def figures(table: Mapping[str, Any]) -> dict[str, float]:
            return {k: float(v) for k, v in table.items() if k != "note"}

        try:
            profiles = {
                name: ProfileSetupConstants(float(p["hop_ms"]), float(p["extra_card_gb"]))
                for name, p in data["profiles"].items() if name != "note"
            }
            out = cls(MachineConstants.from_dict(data["machine"]),
                      float(data["offload_min_tok_s"]), float(data["ram_usable_share"]),
                      float(data["moe_expert_share_active"]), figures(data["unified_gpu_share"]), profiles,
                      tuple(float(x) for x in data["apple_raise_leave_gb"]["leave_gb"]),
                      tuple(str(n) for n in data["igpu_chips"]["names"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"setup constants: {exc!r}") from exc
        if "reference" not in profiles:
            raise ValueError("setup constants: the reference profile must be listed")
        return out

    @property
    def default_ram_type(self) -> str:
        return self.machine.default_type

    def for_profile(self, name: str) -> ProfileSetupConstants:
        return self.profiles.get(name, self.profiles["reference"])


class Hardware(Card, Protocol):
    """A card as a setup needs it: the catalog's GpuRecord, which says whether it shares memory with the CPU."""

    @property
    def unified_memory(self) -> bool: ...

    @property
    def segment(self) -> str: ...  # "console/handheld" APUs keep the OS's default share (see the rule)


# ---------------------------------------------------------------------------------------- the setup


@dataclass(frozen=True, slots=True)
class Device:
    """`count` identical cards, or one unified-memory machine (the catalog record of one memory
    configuration, "Apple M4 Max 128 GB": its `memory_gb` is the machine's whole memory)."""

    card: Hardware
    count: int = 1
    unified: bool | None = None  # None: the card's own flag

    def __post_init__(self) -> None:
        if not (1 <= self.count <= MAX_CARDS):
            raise InvalidInput(f"a setup holds 1 to {MAX_CARDS} cards of a kind, not {self.count}")

    @property
    def is_unified(self) -> bool:
        return self.card.unified_memory if self.unified is None else self.unified


@dataclass(frozen=True, slots=True)
class Setup:
    """Cards (with counts) and the system RAM beside them, as rated together."""
    devices: tuple[Device, ...]
    ram_gb: float | None = None  # system RAM beside discrete cards (None: no offload)
    ram_type: str | None = None  # DDR4, DDR5…; None: the default type (or the one its capacity implies)
    ram_bandwidth_gbps: float | None = None  # overrides the theoretical bandwidth worked out below
    ram_mts: int | None = None  # "DDR5-6000": 6000; None: the type's default speed
    ram_channels: int | None = None  # None: 2, or what a capacity only servers have implies

    def __post_init__(self) -> None:
        if not self.devices:
            raise InvalidInput("a setup needs at least one card")
        if sum(d.count for d in self.devices) > MAX_CARDS:
            raise InvalidInput(f"a setup holds at most {MAX_CARDS} cards")
        if self.ram_gb is not None and not (0 < self.ram_gb <= MAX_RAM_GB):
            raise InvalidInput(f"{self.ram_gb:g} GB of RAM is not a memory size")
        if self.ram_bandwidth_gbps is not None and not (self.ram_bandwidth_gbps > 0):
            raise InvalidInput("RAM bandwidth must be above zero")

    @property
    def gpu_count(self) -> int:
        return sum(d.count for d in self.devices)

    @property
    def unified(self) -> bool:
        return any(d.is_unified for d in self.devices)

    def cards(self) -> list[Device]:
        """One entry per physical device (a count of 3 becomes three entries)."""
        return [replace(d, count=1) for d in self.devices for _ in range(d.count)]

    @property
    def label(self) -> str:
        return " + ".join(f"{d.count}× {d.card.name}" if d.count > 1 else d.card.name for d in self.devices)


def unified_gpu_share(c: SetupConstants, card: Hardware, total_gb: float) -> float:
    """Share of a unified machine's memory its GPU may use by default (see setup_constants.json)."""
    rule = c.unified_gpu_share
    if card.vendor == "Apple":
        # macOS' default wired limit: ~2/3 of RAM up to 36 GB, ~3/4 above (Metal's recommendedMaxWorkingSetSize).
        return rule["apple_small"] if total_gb <= rule["apple_small_max_gb"] else rule["apple_large"]
    if any(card.name.startswith(n + " ") for n in c.igpu_chips):
        # A laptop or desktop iGPU on the system RAM: the OS's default share, as on a handheld.
        return rule["igpu"]
    if card.segment == "console/handheld":
        # Handheld and console APUs (Steam Deck, ROG Ally) run a stock OS: its default GPU share of RAM.
        return rule["console/handheld"]
    return rule.get(card.vendor.lower(), rule["other"])


def setup_ram(c: SetupConstants, setup: Setup) -> RamSpec:
    """The setup's system RAM as worked out from what was said (estimator.machine.ram_spec)."""
    return ram_spec(c.machine, setup.ram_type, setup.ram_mts, setup.ram_channels, setup.ram_gb)


def ram_bandwidth(c: SetupConstants, setup: Setup) -> tuple[str, float]:
    """(type, theoretical GB/s) of the setup's RAM; a bandwidth given outright wins."""
    spec = setup_ram(c, setup)
    if setup.ram_bandwidth_gbps is not None:
        return spec.kind, setup.ram_bandwidth_gbps
    return spec.kind, spec.theoretical_gbps


def offload_share(c: SetupConstants, spec: RamSpec) -> float:
    """The share of the RAM's bandwidth the CPU's part of a card + RAM split streams at."""
    return c.machine.shares["offload"][spec.platform]


# ---------------------------------------------------------------------------------------- the answer


class _Rig(TypedDict):
    """SetupRow's fields that are the same for every level tried on one setup."""

    label: str
    gpu_count: int
    memory_gb: float
    usable_gb: float
    bandwidth_gbps: float
    total_memory_gb: float | None
    gpu_share: float | None
    vendor: str
    cards: tuple[str, ...]


class _OffloadRig(_Rig):
    """Plus, when weights spill to RAM, that RAM as worked out."""

    why: str
    offload_gb: float
    ram_gb: float | None
    ram_type: str | None
    ram_bandwidth_gbps: float | None
    ram: RamSpec | None
    ram_effective_gbps: float | None


@dataclass(frozen=True, slots=True)
class SetupRow:
    """A setup rated like one card (the `facts.row` of an answer), plus how it was worked out."""

    label: str
    gpu_count: int
    why: str  # card | split | unified | offload
    memory_gb: float  # memory the GPU(s) may use, as printed (unified: the GPU's share)
    usable_gb: float  # what the model may fill
    bandwidth_gbps: float  # slowest device's bandwidth (the pace of its share of each token)
    quant: Quant | None
    need_gb: float
    fit: str  # comfortable | tight | offload | no
    tok_s: float | None
    tok_s_low: float | None
    tok_s_high: float | None
    confidence: str | None
    total_memory_gb: float | None = None  # a unified machine's whole memory
    gpu_share: float | None = None  # unified: share of it the GPU may use
    single_tok_s: float | None = None  # split: the fastest card alone, when it holds the model alone
    offload_gb: float | None = None  # offload: GB of weights read from RAM
    ram_gb: float | None = None
    ram_type: str | None = None
    ram_bandwidth_gbps: float | None = None
    slow_tok_s: float | None = None  # offload below the threshold: the speed it would crawl at
    slow_quant: Quant | None = None  # the level of that crawl when it is below the usual offload level
    ram: RamSpec | None = None  # offload: the RAM as worked out (speed, channels, what was assumed)
    ram_effective_gbps: float | None = None  # what the CPU streams from it in this split
    vendor: str = ""
    cards: tuple[str, ...] = field(default=())

    @property
    def runs(self) -> bool:
        return self.quant is not None and self.fit != "no"


@dataclass(frozen=True, slots=True)
class _View:
    """A card as the profile's memory rules should see it: a unified machine's GPU share, or the
    pooled memory of several cards (class-neutral memory type, so no second OS share is taken)."""

    name: str
    vendor: str
    memory_gb: float
    bandwidth_gbps: float
    architecture: str | None = None
    memory_type: str | None = None
    position: int = -1


def _gpu_memory(c: SetupConstants, d: Device) -> tuple[float, float | None, float | None]:
    """(memory the GPU may use, the machine's total, the share) for one device."""
    if not d.is_unified:
        return d.card.memory_gb, None, None
    total = d.card.memory_gb
    share = unified_gpu_share(c, d.card, total)
    return total * share, total, share


def _device_usable(c: SetupConstants, p: Profile, d: Device) -> float:
    mem, total, _ = _gpu_memory(c, d)
    if total is None:
        return p.usable_gb(d.card)
    return p.usable_gb(_View(d.card.name, d.card.vendor, mem, d.card.bandwidth_gbps))


def _weights(p: Profile, model: ModelSize, q: Quant) -> float:
    """The weights alone, as the profile sizes them (native low-bit parts included); context-free."""
    return p.memory_parts(model, q, DEFAULT_CONTEXT).weights_gb


def _gb_per_token(p: Profile, model: ModelSize, q: Quant) -> float:
    """Bytes (1e9) read per token, as the profile counts them."""
    return p.gb_per_token(model, q)


@dataclass(frozen=True, slots=True)
class Pool:
    """The memory a setup's devices give a model: what each may fill (`usable`), the total and the memory."""
    devices: list[Device]
    usable: list[float]
    total_usable: float
    memory_gb: float


def pool_of(c: SetupConstants, p: Profile, setup: Setup) -> Pool:
    """One entry per physical device, each with what the model may fill on it; the total less the
    extra cards' own buffers."""
    devices = setup.cards()
    usable = [max(0.0, _device_usable(c, p, d)) for d in devices]
    extra = c.for_profile(p.name).extra_card_gb * (len(devices) - 1)
    memory = sum(_gpu_memory(c, d)[0] for d in devices)
    return Pool(devices, usable, max(0.0, sum(usable) - extra), memory)


def split_seconds(p: Profile, model: ModelSize, pool: Pool, q: Quant, hop_ms: float) -> float:
    """Time per token with the model spread over the pool's cards in proportion to usable memory."""
    total = sum(pool.usable) or 1.0
    t = 0.0
    for d, u in zip(pool.devices, pool.usable, strict=True):
        share = u / total if len(pool.devices) > 1 else 1.0
        if share > 0:
            t += share / p.tok_s(model, d.card, q)
    return t + hop_ms / 1000 * (len(pool.devices) - 1)


def speed_range(p: Profile, model: ModelSize, pool: Pool, q: Quant, tok: float,
                offload: bool) -> tuple[float, float, str]:
    # The card that takes longest per token sets the pace: its confidence and range stand for the setup.
    slowest = min(pool.devices, key=lambda d: p.tok_s(model, d.card, q)).card
    low, high, conf = p.tok_range(model, slowest, q, tok)
    if offload:
        return 0.6 * tok, 1.6 * tok, "low"  # RAM speed and the split chosen vary most: the widest range
    return low, high, conf


def _fit(p: Profile, need: float, pool: Pool) -> str:
    view = _View("setup", pool.devices[0].card.vendor, pool.memory_gb, 1.0)
    return p.fit(need, view)


def _levels(p: Profile, min_quality: str | None, forced: str | None) -> tuple[Quant, ...]:
    if forced is not None:
        return (quant(forced),)
    return ladder(p.levels, min_quality, p.default_min_quality)


def offload_seconds(c: SetupConstants, p: Profile, model: ModelSize, pool: Pool, q: Quant, need: float,
                    ram_bw: float, hop_ms: float, share: float) -> tuple[float, float]:
    """(time per token, GB of weights read from RAM) with what does not fit on the cards in RAM, the CPU
    streaming `share` of the RAM bandwidth `ram_bw`."""
    weights = _weights(p, model, q)
    rest = max(0.0, need - weights)  # cache, runtime, compute buffers: they stay on the cards
    room = max(0.0, pool.total_usable - rest)  # GB of weights the cards can hold
    t_gpu = split_seconds(p, model, pool, q, hop_ms)
    per_token = _gb_per_token(p, model, q)
    if model.is_moe:
        assert model.active_params_b is not None
        x = c.moe_expert_share_active
        nonexpert_b = model.active_params_b * (1 - x)
        nonexpert_gb = weights * nonexpert_b / model.params_b
        expert_gb = weights - nonexpert_gb
        if room >= nonexpert_gb and expert_gb > 0:
            in_ram = min(expert_gb, max(0.0, weights - room))
            f = in_ram / expert_gb  # share of the experts (and of the expert bytes per token) in RAM
            t = (1 - x * f) * t_gpu + x * f * per_token / (ram_bw * share)
            return t, in_ram
    out_b = model.layout.output_params_b if model.layout is not None else None
    if out_b and room < weights:
        return _dense_spill_seconds(q, model.params_b, weights, room, t_gpu, per_token, out_b, ram_bw * share)
    in_ram = min(weights, max(0.0, weights - room))
    f = in_ram / weights if weights else 0.0
    t = (1 - f) * t_gpu + f * per_token / (ram_bw * share)
    return t, in_ram


# llama.cpp stores the output matrix (or the tied token embedding that serves as it) at Q6_K whatever the
# level, at Q5_K for the 1–3-bit I-quant levels, and keeps Q8_0 and 16-bit levels as they are
# (llama_tensor_get_type in llama-quant.cpp).
_OUTPUT_Q5_K_LEVELS = frozenset({"IQ1_S", "IQ1_M", "IQ2_XXS", "IQ2_XS", "IQ2_S", "IQ2_M", "IQ3_XXS"})
Q6_K_BPW = 210 * 8 / 256  # ggml block_q6_K: 210 bytes per 256 weights
Q5_K_BPW = 176 * 8 / 256  # ggml block_q5_K: 176 bytes per 256 weights


def output_bpw(q: Quant) -> float:
    """Bits per weight of the output matrix in a llama.cpp file of level `q`."""
    if q.bpw >= quant("Q8_0").bpw:
        return q.bpw
    return Q5_K_BPW if q.name in _OUTPUT_Q5_K_LEVELS else Q6_K_BPW


def output_gb(model: ModelSize, q: Quant) -> float | None:
    """GiB of the output matrix (vocab × hidden at `output_bpw`); None when the layout lacks either."""
    out_b = model.layout.output_params_b if model.layout is not None else None
    return None if out_b is None else out_b * 1e9 * output_bpw(q) / 8 / GIB


def _dense_spill_seconds(q: Quant, params_b: float, weights: float, room: float, t_gpu: float, per_token: float,
                         out_b: float, cpu_gbps: float) -> tuple[float, float]:
    """A dense model that does not fit, as llama.cpp places it. `-ngl` offloads the repeating layers from
    the last one down and the output layer only when every repeating layer is on the cards
    (llama_model::load_tensors: the output is "layer n_layer"), so whenever layers spill, the output matrix
    (vocab × hidden, `output_bpw`) sits in RAM beside them and the CPU reads it for every token. The cards
    hold repeating layers only. Returns (time per token, GiB read from RAM)."""
    out_share = min(1.0, out_b / params_b)  # the output matrix's share of the parameters
    out_read = out_b * output_bpw(q) / 8  # GB the CPU reads per token for the output layer
    layers = weights * (1 - out_share)  # the rest, as the profile counts weights and bytes read
    layers_read = per_token * (1 - out_share)
    in_ram = min(layers, max(0.0, layers - room))
    f = in_ram / layers if layers > 0 else 1.0
    # The cards run the layers they hold: that share of the single-card time (its fixed cost included).
    t = (1 - f) * (1 - out_share) * t_gpu + (f * layers_read + out_read) / cpu_gbps
    return t, in_ram + out_read * 1e9 / GIB


def rate_setup(p: Profile, model: ModelSize, setup: Setup, context: int = DEFAULT_CONTEXT,
               min_quality: str | None = None, forced_quant: str | None = None, *,
               constants: SetupConstants) -> SetupRow:
    """The setup's level, fit and speed: the first level it holds whole, else offload, else no."""
    check_context(context)
    c = constants
    hop_ms = c.for_profile(p.name).hop_ms
    pool = pool_of(c, p, setup)
    devices = pool.devices
    unified = [d for d in devices if d.is_unified]
    why = "unified" if unified else ("split" if len(devices) > 1 else "card")
    levels = _levels(p, min_quality, forced_quant)
    needs = [p.need_gb(model, q, context) for q in levels]
    slow_bw = min(d.card.bandwidth_gbps for d in devices)
    total_mem = gpu_share = None
    if unified:
        _, total_mem, gpu_share = _gpu_memory(c, unified[0])
    base = _Rig(label=setup.label, gpu_count=setup.gpu_count, memory_gb=pool.memory_gb,
                usable_gb=pool.total_usable, bandwidth_gbps=slow_bw, total_memory_gb=total_mem,
                gpu_share=gpu_share, vendor=devices[0].card.vendor, cards=tuple(d.card.name for d in devices))
    for q, need in zip(levels, needs, strict=True):
        if need <= pool.total_usable:
            tok = 1 / split_seconds(p, model, pool, q, hop_ms)
            low, high, conf = speed_range(p, model, pool, q, tok, offload=False)
            single = None
            if len(devices) > 1:
                best = max(devices, key=lambda d: p.tok_s(model, d.card, q))
                if need <= _device_usable(c, p, best):
                    single = p.tok_s(model, best.card, q)
            return SetupRow(why=why, quant=q, need_gb=need, fit=_fit(p, need, pool), tok_s=tok, tok_s_low=low,
                            tok_s_high=high, confidence=conf, single_tok_s=single, **base)
    miss = quant(p.miss_quant)
    # Offload: discrete cards with RAM beside them (a unified machine's rest of memory is not counted).
    if setup.ram_gb is not None and not unified:
        # The usual offload level first; when the rest does not fit in that RAM, more compressed levels, down
        # past the minimum quality (the answer says so): 24 GB + 128 GB holds Qwen3-235B at Q3, not at Q4.
        start = quant(forced_quant) if forced_quant else (miss if miss in levels else levels[-1])
        tries = [start] if forced_quant else [start, *(lv for lv in p.levels if lv.rank > start.rank)]
        spec = setup_ram(c, setup)
        kind, bw = ram_bandwidth(c, setup)
        share = offload_share(c, spec)
        first: tuple[float, _OffloadRig] | None = None
        # A more compressed level whose rest fits the RAM but crawls: "not at a usable speed, even at IQ2_XXS"
        # says more than "the RAM cannot take the rest" (the most compressed such level: the best case).
        crawl: tuple[Quant, float, float, _OffloadRig] | None = None
        for q in tries:
            need = p.need_gb(model, q, context)
            t, in_ram = offload_seconds(c, p, model, pool, q, need, bw, hop_ms, share)
            at: _OffloadRig = {**base, "offload_gb": in_ram, "ram_gb": setup.ram_gb, "ram_type": kind,
                               "ram_bandwidth_gbps": bw, "why": "offload", "ram": spec,
                               "ram_effective_gbps": bw * share}
            if in_ram <= setup.ram_gb * c.ram_usable_share:
                tok = 1 / t
                if tok >= c.offload_min_tok_s:
                    low, high, conf = speed_range(p, model, pool, q, tok, offload=True)
                    return SetupRow(quant=q, need_gb=need, fit="offload", tok_s=tok, tok_s_low=low, tok_s_high=high,
                                    confidence=conf, **at)
                if q is start:  # a crawl is reported at the usual level; a lower one must reach a usable speed
                    return SetupRow(quant=None, need_gb=need, fit="no", tok_s=None, tok_s_low=None, tok_s_high=None,
                                    confidence=None, slow_tok_s=tok, **at)
                crawl = (q, tok, need, at)
            if first is None:
                first = (need, at)
        if crawl is not None:
            q, tok, need, at = crawl
            return SetupRow(quant=None, need_gb=need, fit="no", tok_s=None, tok_s_low=None, tok_s_high=None,
                            confidence=None, slow_tok_s=tok, slow_quant=q, **at)
        assert first is not None
        return SetupRow(quant=None, need_gb=first[0], fit="no", tok_s=None, tok_s_low=None, tok_s_high=None,
                        confidence=None, **first[1])
    need = p.need_gb(model, levels[-1], context)
    return SetupRow(why=why, quant=None, need_gb=need, fit="no", tok_s=None, tok_s_low=None, tok_s_high=None,
                    confidence=None, **base)


def short_gb(row: SetupRow) -> float:
    """How much memory the setup lacks for the level it was last tried at."""
    return max(0.0, row.need_gb - row.usable_gb)


__all__ = ["Device", "Hardware", "Pool", "ProfileSetupConstants", "Setup", "SetupConstants", "SetupRow",
           "offload_seconds", "offload_share", "output_bpw", "output_gb", "pool_of", "ram_bandwidth", "rate_setup",
           "setup_ram", "short_gb", "speed_range", "split_seconds", "unified_gpu_share", "lower_fit", "RAM_SIZES_GB"]


# ---------------------------------------------------------------------------------------- lower levels
def lower_fit(p: Profile, model: ModelSize, setup: Setup, context: int = DEFAULT_CONTEXT,
              min_quality: str | None = None, *, constants: SetupConstants) -> SetupRow | None:
    """The least compressed level below the minimum quality that the setup's cards hold whole (system RAM
    ignored), or None. The minimum quality hides levels from tables; it never turns "fits lower" into "No"."""
    floor = quant(min_quality or p.default_min_quality).rank
    bare = replace(setup, ram_gb=None)
    for q in p.levels:
        if q.rank > floor:
            row = rate_setup(p, model, bare, context, None, q.name, constants=constants)
            if row.runs:
                return row
    return None


# RAM sizes people buy (GB), for "how much RAM do I need": the smallest that holds the need.
RAM_SIZES_GB: tuple[float, ...] = (8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048)
