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
  the time per token adds those bytes / (RAM bandwidth × `ram_share`). Dense models move whole layers
  (`-ngl`), the cache and runtime stay on the cards; MoE models move experts (`--n-cpu-moe`):
  attention and shared weights stay on the cards, and only the experts' share of the bytes read per
  token (`moe_expert_share_active`) comes from RAM in proportion to the experts held there. The
  answer is "runs with offload" when that speed is at least `offload_min_tok_s` (3 tok/s: slower
  than that is too slow to read along), at the profile's miss level (Q4_K_M, the level people
  download for this) unless a level is forced.

Pure functions: constants come from `data/setup_constants.json` (read on first use, not at import).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

from .card import Card
from .memory import weights_gb as ref_weights_gb
from .model import DEFAULT_CONTEXT, InvalidInput, ModelSize, check_context
from .profile import Profile
from .quants import Quant, ladder, quant

MAX_CARDS = 64  # more than this in one box is a typo, not a setup
MAX_RAM_GB = 16384


@cache
def load_constants() -> dict[str, Any]:
    return json.loads((resources.files("estimator") / "data" / "setup_constants.json").read_text("utf-8"))


# ---------------------------------------------------------------------------------------- the setup


@dataclass(frozen=True, slots=True)
class Device:
    """`count` identical cards, or one unified-memory machine (`unified`, total memory `memory_gb`)."""

    card: Card
    count: int = 1
    unified: bool | None = None  # None: read it from the card (unified_memory, else its memory type)
    memory_gb: float | None = None  # a unified machine's total memory when the asker named it

    def __post_init__(self) -> None:
        if not (1 <= self.count <= MAX_CARDS):
            raise InvalidInput(f"a setup holds 1 to {MAX_CARDS} cards of a kind, not {self.count}")
        if self.memory_gb is not None and not (0 < self.memory_gb <= MAX_RAM_GB):
            raise InvalidInput(f"{self.memory_gb:g} GB is not a memory size")

    @property
    def is_unified(self) -> bool:
        if self.unified is not None:
            return self.unified
        return is_unified_card(self.card)


@dataclass(frozen=True, slots=True)
class Setup:
    devices: tuple[Device, ...]
    ram_gb: float | None = None  # system RAM beside discrete cards (None: no offload)
    ram_type: str | None = None  # DDR4, DDR5…; None: the default type
    ram_bandwidth_gbps: float | None = None  # overrides the type's bandwidth

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
        parts = []
        for d in self.devices:
            name = d.card.name + (f" {d.memory_gb:g} GB" if d.memory_gb is not None and d.is_unified else "")
            parts.append(f"{d.count}× {name}" if d.count > 1 else name)
        return " + ".join(parts)


def is_unified_card(card: Card) -> bool:
    """The catalog's flag when it has one; otherwise LPDDR/DDR memory (not GDDR/HBM) means shared memory."""
    flag = getattr(card, "unified_memory", None)
    if flag is not None:
        return bool(flag)
    mem = (card.memory_type or "").upper()
    return "DDR" in mem and not mem.startswith("GDDR")


def unified_gpu_share(card: Card, total_gb: float) -> float:
    """Share of a unified machine's memory its GPU may use by default (see setup_constants.json)."""
    rule = load_constants()["unified_gpu_share"]
    if card.vendor == "Apple":
        # macOS' default wired limit: ~2/3 of RAM up to 36 GB, ~3/4 above (Metal's recommendedMaxWorkingSetSize).
        return rule["apple_small"] if total_gb <= rule["apple_small_max_gb"] else rule["apple_large"]
    return rule.get(card.vendor.lower(), rule["other"])


def ram_bandwidth(setup: Setup) -> tuple[str, float]:
    c = load_constants()
    kind = (setup.ram_type or c["default_ram_type"]).upper()
    if setup.ram_bandwidth_gbps is not None:
        return kind, setup.ram_bandwidth_gbps
    table = c["ram_bandwidth_gbps"]
    return kind, table.get(kind, table[c["default_ram_type"]])


# ---------------------------------------------------------------------------------------- the answer


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


def _gpu_memory(d: Device) -> tuple[float, float | None, float | None]:
    """(memory the GPU may use, the machine's total, the share) for one device."""
    if not d.is_unified:
        return d.card.memory_gb, None, None
    total = d.memory_gb if d.memory_gb is not None else d.card.memory_gb
    share = unified_gpu_share(d.card, total)
    return total * share, total, share


def _device_usable(p: Profile, d: Device) -> float:
    mem, total, _ = _gpu_memory(d)
    if total is None:
        return p.usable_gb(d.card)
    return p.usable_gb(_View(d.card.name, d.card.vendor, mem, d.card.bandwidth_gbps))


def _profile_consts(p: Profile) -> dict[str, Any]:
    profiles = load_constants()["profiles"]
    return profiles.get(p.name, profiles["reference"])


def _weights(p: Profile, model: ModelSize, q: Quant) -> float:
    own = getattr(p, "weights_gb", None)
    if callable(own):
        return own(model, q)
    return ref_weights_gb(model.params_b, q.ref_bpw)


def _gb_per_token(p: Profile, model: ModelSize, q: Quant) -> float:
    """Bytes (1e9) read per token, as the profile counts them."""
    read = p.read_params_b(model) if hasattr(p, "read_params_b") else model.params_b  # type: ignore[attr-defined]
    bpw = p.read_bpw(model, q) if hasattr(p, "read_bpw") else q.ref_bpw  # type: ignore[attr-defined]
    return read * bpw / 8


def _ram_share(p: Profile, q: Quant) -> float:
    share = _profile_consts(p).get("ram_share")
    return share if share is not None else q.ref_eff  # reference: the level's efficiency, like a card


@dataclass(frozen=True, slots=True)
class _Pool:
    devices: list[Device]
    usable: list[float]
    total_usable: float
    memory_gb: float


def _pool(p: Profile, setup: Setup) -> _Pool:
    devices = setup.cards()
    usable = [max(0.0, _device_usable(p, d)) for d in devices]
    extra = _profile_consts(p)["extra_card_gb"] * (len(devices) - 1)
    memory = sum(_gpu_memory(d)[0] for d in devices)
    return _Pool(devices, usable, max(0.0, sum(usable) - extra), memory)


def vendor_speed(p: Profile, card: Card, factors: dict[str, float] | None = None) -> float:
    """A per-vendor speed factor for hardware the profile's own fit never saw (measured: Apple's Metal
    backend, fitted on the Apple rows; 1.0 elsewhere)."""
    table = _profile_consts(p).get("vendor_speed", {}) if factors is None else factors
    return table.get(card.vendor, 1.0)


def device_tok_s(p: Profile, model: ModelSize, card: Card, q: Quant, factors: dict[str, float] | None = None) -> float:
    return p.tok_s(model, card, q) * vendor_speed(p, card, factors)


def split_seconds(p: Profile, model: ModelSize, pool: _Pool, q: Quant, hop_ms: float | None = None,
                  factors: dict[str, float] | None = None) -> float:
    """Time per token with the model spread over the pool's cards in proportion to usable memory."""
    hop = (_profile_consts(p)["hop_ms"] if hop_ms is None else hop_ms) / 1000
    total = sum(pool.usable) or 1.0
    t = 0.0
    for d, u in zip(pool.devices, pool.usable):
        share = u / total if len(pool.devices) > 1 else 1.0
        if share > 0:
            t += share / device_tok_s(p, model, d.card, q, factors)
    return t + hop * (len(pool.devices) - 1)


def _range(p: Profile, model: ModelSize, pool: _Pool, q: Quant, tok: float, offload: bool) -> tuple[float, float, str]:
    # The card that takes longest per token sets the pace: its confidence and range stand for the setup.
    slowest = min(pool.devices, key=lambda d: device_tok_s(p, model, d.card, q)).card
    low, high, conf = p.tok_range(model, slowest, q, tok)
    if offload:
        return 0.6 * tok, 1.6 * tok, "low"  # RAM speed and the split chosen vary most: the widest range
    return low, high, conf


def _fit(p: Profile, need: float, pool: _Pool) -> str:
    view = _View("setup", pool.devices[0].card.vendor, pool.memory_gb, 1.0)
    return p.fit(need, view)


def _levels(p: Profile, min_quality: str | None, forced: str | None) -> tuple[Quant, ...]:
    if forced is not None:
        return (quant(forced),)
    return ladder(p.levels, min_quality, p.default_min_quality)


def offload_seconds(p: Profile, model: ModelSize, pool: _Pool, q: Quant, need: float, ram_bw: float,
                    hop_ms: float | None = None, ram_share: float | None = None,
                    factors: dict[str, float] | None = None) -> tuple[float, float]:
    """(time per token, GB of weights read from RAM) with what does not fit on the cards in RAM."""
    c = load_constants()
    weights = _weights(p, model, q)
    rest = max(0.0, need - weights)  # cache, runtime, compute buffers: they stay on the cards
    room = max(0.0, pool.total_usable - rest)  # GB of weights the cards can hold
    t_gpu = split_seconds(p, model, pool, q, hop_ms, factors)
    per_token = _gb_per_token(p, model, q)
    share = _ram_share(p, q) if ram_share is None else ram_share
    if model.is_moe:
        assert model.active_params_b is not None
        x = c["moe_expert_share_active"]
        nonexpert_b = model.active_params_b * (1 - x)
        nonexpert_gb = weights * nonexpert_b / model.params_b
        expert_gb = weights - nonexpert_gb
        if room >= nonexpert_gb and expert_gb > 0:
            in_ram = min(expert_gb, max(0.0, weights - room))
            f = in_ram / expert_gb  # share of the experts (and of the expert bytes per token) in RAM
            t = (1 - x * f) * t_gpu + x * f * per_token / (ram_bw * share)
            return t, in_ram
    in_ram = min(weights, max(0.0, weights - room))
    f = in_ram / weights if weights else 0.0
    t = (1 - f) * t_gpu + f * per_token / (ram_bw * share)
    return t, in_ram


def rate_setup(p: Profile, model: ModelSize, setup: Setup, context: int = DEFAULT_CONTEXT,
               min_quality: str | None = None, forced_quant: str | None = None) -> SetupRow:
    """The setup's level, fit and speed: the first level it holds whole, else offload, else no."""
    check_context(context)
    c = load_constants()
    pool = _pool(p, setup)
    devices = pool.devices
    unified = [d for d in devices if d.is_unified]
    why = "unified" if unified else ("split" if len(devices) > 1 else "card")
    levels = _levels(p, min_quality, forced_quant)
    needs = [p.need_gb(model, q, context) for q in levels]
    slow_bw = min(d.card.bandwidth_gbps for d in devices)
    total_mem = gpu_share = None
    if unified:
        _, total_mem, gpu_share = _gpu_memory(unified[0])
    base = dict(label=setup.label, gpu_count=setup.gpu_count, memory_gb=pool.memory_gb,
                usable_gb=pool.total_usable, bandwidth_gbps=slow_bw, total_memory_gb=total_mem,
                gpu_share=gpu_share, vendor=devices[0].card.vendor, cards=tuple(d.card.name for d in devices))
    for q, need in zip(levels, needs):
        if need <= pool.total_usable:
            tok = 1 / split_seconds(p, model, pool, q)
            low, high, conf = _range(p, model, pool, q, tok, offload=False)
            single = None
            if len(devices) > 1:
                best = max(devices, key=lambda d: device_tok_s(p, model, d.card, q))
                if need <= _device_usable(p, best):
                    single = device_tok_s(p, model, best.card, q)
            return SetupRow(why=why, quant=q, need_gb=need, fit=_fit(p, need, pool), tok_s=tok, tok_s_low=low,
                            tok_s_high=high, confidence=conf, single_tok_s=single, **base)
    miss = quant(p.miss_quant)
    # Offload: discrete cards with RAM beside them (a unified machine's rest of memory is not counted).
    if setup.ram_gb is not None and not unified:
        q = quant(forced_quant) if forced_quant else (miss if miss in levels else levels[-1])
        need = p.need_gb(model, q, context)
        kind, bw = ram_bandwidth(setup)
        t, in_ram = offload_seconds(p, model, pool, q, need, bw)
        base.update(offload_gb=in_ram, ram_gb=setup.ram_gb, ram_type=kind, ram_bandwidth_gbps=bw, why="offload")
        if in_ram <= setup.ram_gb * c["ram_usable_share"]:
            tok = 1 / t
            if tok >= c["offload_min_tok_s"]:
                low, high, conf = _range(p, model, pool, q, tok, offload=True)
                return SetupRow(quant=q, need_gb=need, fit="offload", tok_s=tok, tok_s_low=low, tok_s_high=high,
                                confidence=conf, **base)
            return SetupRow(quant=None, need_gb=need, fit="no", tok_s=None, tok_s_low=None, tok_s_high=None,
                            confidence=None, slow_tok_s=tok, **base)
        return SetupRow(quant=None, need_gb=need, fit="no", tok_s=None, tok_s_low=None, tok_s_high=None,
                        confidence=None, **base)
    need = p.need_gb(model, levels[-1], context)
    return SetupRow(why=why, quant=None, need_gb=need, fit="no", tok_s=None, tok_s_low=None, tok_s_high=None,
                    confidence=None, **base)


def short_gb(row: SetupRow) -> float:
    """How much memory the setup lacks for the level it was last tried at."""
    return max(0.0, row.need_gb - row.usable_gb)


__all__ = ["Device", "Setup", "SetupRow", "rate_setup", "split_seconds", "offload_seconds", "is_unified_card",
           "unified_gpu_share", "ram_bandwidth", "load_constants", "short_gb"]
