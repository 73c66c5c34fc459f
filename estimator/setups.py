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

This module rates a setup (`rate_setup`, `lower_fit`) and is where the answers reach every setups rule;
each rule has its own module: the setup as described (`setup_hardware`), the figures
(`setup_constants`), the cards pooled and split (`setup_pool`), the RAM (`setup_ram`) and the offload
arithmetic (`setup_offload`).

Pure functions, no I/O: the constants (`data/setup_constants.json`) are read where the engine or the
profiles are opened (`answers.profiles.load_setup_constants`) and passed in as a `SetupConstants`.
Hardware is the catalog's: a card says itself whether it shares memory with the CPU (`unified_memory`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypedDict

from msgspec import Struct, field
from msgspec.structs import replace

from .machine import RamSpec
from .model import DEFAULT_CONTEXT, ModelSize, check_context
from .profile import Profile
from .quants import Quant, ladder, quant
from .setup_constants import ProfileSetupConstants, SetupConstants
from .setup_hardware import Device, Hardware, Setup
from .setup_offload import offload_seconds, output_bpw, output_gb
from .setup_pool import (
    Pool,
    device_usable,
    gpu_memory,
    machine_boundaries,
    pool_fit,
    pool_of,
    speed_range,
    split_seconds,
    unified_gpu_share,
)
from .setup_ram import RAM_SIZES_GB, offload_share, ram_bandwidth, setup_ram

# The setups surface the answers, tests and benchmarks import from here (the rules' own modules above).
__all__ = ["Device", "Hardware", "Pool", "ProfileSetupConstants", "Setup", "SetupConstants", "SetupRow",
           "offload_seconds", "offload_share", "output_bpw", "output_gb", "pool_of", "ram_bandwidth", "rate_setup",
           "setup_ram", "short_gb", "speed_range", "split_seconds", "unified_gpu_share", "lower_fit", "RAM_SIZES_GB"]


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
    machines_hop_ms: float | None


class _OffloadRig(_Rig):
    """Plus, when weights spill to RAM, that RAM as worked out."""

    why: str
    offload_gb: float
    ram_gb: float | None
    ram_type: str | None
    ram_bandwidth_gbps: float | None
    ram: RamSpec | None
    ram_effective_gbps: float | None


class SetupRow(Struct, frozen=True):
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
    split: str = "layer"  # several cards: layer (a token passes them in turn) | tensor | row (they share each layer)
    machines_hop_ms: float | None = None  # several machines (llama.cpp RPC): what each boundary adds per token
    tp_cards: int | None = None  # tensor parallel: fewer cards than named give the figure (the faster group)
    all_cards_tok_s: float | None = None  # then: all the named cards in one tensor-parallel group

    @property
    def runs(self) -> bool:
        return self.quant is not None and self.fit != "no"


def _levels(p: Profile, min_quality: str | None, forced: str | None,
            model: ModelSize | None = None) -> tuple[Quant, ...]:
    """The levels to try, least compressed first: the one forced, or the profile's ladder (the model's own
    file where the profile has one: gpt-oss in MXFP4) down to the minimum quality."""
    if forced is not None:
        return (quant(forced),)
    levels_for = getattr(p, "levels_for", None)
    levels = levels_for(model) if levels_for is not None and model is not None else p.levels
    return ladder(levels, min_quality, p.default_min_quality)


class _Rating(Struct, frozen=True):
    """What one `rate_setup` call works from, worked out once and shared by its steps (held whole,
    offload), so each step takes the rating rather than seven loose arguments."""

    c: SetupConstants
    p: Profile
    model: ModelSize
    context: int
    pool: Pool
    hop_ms: float
    cache_type: str = "f16"


def rate_setup(p: Profile, model: ModelSize, setup: Setup, context: int = DEFAULT_CONTEXT,
               min_quality: str | None = None, forced_quant: str | None = None, *,
               constants: SetupConstants, cache_type: str = "f16") -> SetupRow:
    """The setup's level, fit and speed: the first level it holds whole, else offload, else no. `cache_type`
    is llama.cpp's KV-cache type (`-ctk`/`-ctv`): a smaller cache leaves the cards more room for weights."""
    levels, needs = _ladder_needs(p, model, context, min_quality, forced_quant, cache_type)
    return _rated(constants, p, model, setup, context, levels, needs, forced_quant, cache_type)


def rate_machines(p: Profile, model: ModelSize, machines: Sequence[Hardware], context: int = DEFAULT_CONTEXT,
                  min_quality: str | None = None, forced_quant: str | None = None, *,
                  constants: SetupConstants) -> list[SetupRow]:
    """`rate_setup` of each machine alone (every Mac and Ryzen AI Max of a ranking): the levels and their
    memory needs do not depend on the machine, so they are worked out once for all of them."""
    levels, needs = _ladder_needs(p, model, context, min_quality, forced_quant)
    return [_rated(constants, p, model, Setup((Device(m),)), context, levels, needs, forced_quant)
            for m in machines]


def _ladder_needs(p: Profile, model: ModelSize, context: int, min_quality: str | None,
                  forced: str | None, cache_type: str = "f16") -> tuple[tuple[Quant, ...], list[float]]:
    """The levels to try, least compressed first, and the model's memory need at each: the same for every
    piece of hardware."""
    check_context(context)
    levels = _levels(p, min_quality, forced, model)
    return levels, [p.need_gb(model, q, context, cache_type) for q in levels]


def _rated(c: SetupConstants, p: Profile, model: ModelSize, setup: Setup, context: int, levels: Sequence[Quant],
           needs: Sequence[float], forced_quant: str | None, cache_type: str = "f16") -> SetupRow:
    pool = pool_of(c, p, setup)
    r = _Rating(c, p, model, context, pool, c.for_profile(p.name).hop_ms, cache_type)
    unified = [d for d in pool.devices if d.is_unified]
    why = "unified" if unified else ("split" if len(pool.devices) > 1 else "card")
    base = _rig(c, setup, pool, unified)
    whole = _held_whole(r, levels, needs, why, base)
    if whole is not None:
        return whole
    # Offload: discrete cards with RAM beside them (a unified machine's rest of memory is not counted).
    if setup.ram_gb is not None and not unified:
        return _offloaded(r, setup, setup.ram_gb, levels, forced_quant, base)
    return SetupRow(why=why, quant=None, need_gb=needs[-1], fit="no", tok_s=None, tok_s_low=None, tok_s_high=None,
                    confidence=None, **base)


def _rig(c: SetupConstants, setup: Setup, pool: Pool, unified: Sequence[Device]) -> _Rig:
    """The row's fields that do not depend on the level: what the setup is and the memory it pools
    (a unified machine: its whole memory and the GPU's share of it)."""
    devices = pool.devices
    total_mem = gpu_share = None
    if unified:
        _, total_mem, gpu_share = gpu_memory(c, unified[0])
        # two Strix Halo boxes: the GPU share of 256 GB, not of one machine's 128
        total_mem = sum(gpu_memory(c, d)[1] or 0.0 for d in unified) or total_mem
    return _Rig(label=setup.label, gpu_count=setup.gpu_count, memory_gb=pool.memory_gb,
                usable_gb=pool.total_usable, bandwidth_gbps=min(d.card.bandwidth_gbps for d in devices),
                total_memory_gb=total_mem, gpu_share=gpu_share, vendor=devices[0].card.vendor,
                cards=tuple(d.card.name for d in devices),
                machines_hop_ms=pool.rpc_hop_ms if machine_boundaries(devices, pool.hosts_cards) else None)


def _held_whole(r: _Rating, levels: Sequence[Quant], needs: Sequence[float], why: str,
                base: _Rig) -> SetupRow | None:
    """The least compressed level the cards hold whole, at the split's speed; None when none fits."""
    p, model, pool = r.p, r.model, r.pool
    runs = getattr(p, "runs", None)  # an engine that cannot run a format on these cards skips it
    for q, need in zip(levels, needs, strict=True):
        if runs is not None and not all(runs(model, d.card, q) for d in pool.devices):
            continue
        if need <= pool.total_usable:
            t, split, group = _pool_seconds(r, q)
            tok = 1 / t
            low, high, conf = speed_range(r.c, p, model, pool, q, tok, offload=False)
            return SetupRow(why=why, quant=q, need_gb=need, fit=pool_fit(r.c, p, need, pool), tok_s=tok,
                            tok_s_low=low, tok_s_high=high, confidence=conf, single_tok_s=_single_card(r, q, need),
                            split=split, tp_cards=group[0] if group else None,
                            all_cards_tok_s=group[1] if group else None, **base)
    return None


def _pool_seconds(r: _Rating, q: Quant) -> tuple[float, str, tuple[int, float] | None]:
    """Time per token over the pool and how the cards share it: the engine's own split when it has one
    (tensor parallelism under vLLM, `-sm row`: estimator.engine_profile), else llama.cpp's layer split; with
    (cards in the group, all the cards' speed) when a smaller tensor-parallel group is the faster."""
    own = getattr(r.p, "pool_group", None)
    got = own(r.model, [d.card for d in r.pool.devices], q) if own is not None else None
    if got is not None:
        k, t, every = got
        # every == 0: all the cards cannot form one group (3 cards, the heads do not divide): the speed left out
        return t, getattr(r.p, "split", "tensor"), ((k, 1 / every if every else 0.0) if k < len(r.pool.devices)
                                                    else None)
    return split_seconds(r.p, r.model, r.pool, q, r.hop_ms), "layer", None


def _single_card(r: _Rating, q: Quant, need: float) -> float | None:
    """Several cards: the fastest one's own speed when it holds the model alone (the answer says a
    second card adds memory, not speed); None for one card or when the fastest cannot hold it."""
    devices = r.pool.devices
    if len(devices) < 2:
        return None
    best = max(devices, key=lambda d: r.p.tok_s(r.model, d.card, q))
    if need <= device_usable(r.c, r.p, best):
        return r.p.tok_s(r.model, best.card, q)
    return None


# Below IQ2_XXS, the big mixtures of experts people run from RAM have Unsloth's 1-bit dynamic files
# (attention, shared experts and the first dense layers kept at 4–6 bits, routed experts at 1.5–2): DeepSeek-R1
# UD-IQ1_S 131 GB and UD-IQ1_M 158 GB (unsloth.ai/blog/deepseekr1-dynamic); Kimi K2, Qwen3-235B and
# GLM-4.5 have them too. A last resort when no ladder level leaves little enough for the RAM.
DYNAMIC_TAIL: tuple[str, ...] = ("UD-IQ1_M", "UD-IQ1_S")
DYNAMIC_TAIL_MIN_PARAMS_B = 200.0


def _dynamic_tail(model: ModelSize) -> tuple[Quant, ...]:
    if not model.is_moe or model.params_b < DYNAMIC_TAIL_MIN_PARAMS_B:
        return ()
    return tuple(quant(n) for n in DYNAMIC_TAIL)


def _descent(p: Profile, model: ModelSize, start: Quant) -> list[Quant]:
    """The levels offload tries from `start` down: the model's ladder (its published Unsloth dynamic files
    included: estimator.measured.with_published_dynamic), then the 1-bit dynamic tail."""
    levels_for = getattr(p, "levels_for", None)
    ladder_all = levels_for(model) if levels_for is not None else p.levels
    out = [start, *(lv for lv in ladder_all if lv.rank > start.rank)]
    return out + [q for q in _dynamic_tail(model) if q not in out]


def _offloaded(r: _Rating, setup: Setup, ram_gb: float, levels: Sequence[Quant], forced_quant: str | None,
               base: _Rig) -> SetupRow:
    """Discrete cards with `ram_gb` of RAM beside them: the first level that offloads at a usable speed.

    The usual offload level first; when the rest does not fit in that RAM, more compressed levels, down
    past the minimum quality (the answer says so): 24 GB + 128 GB holds Qwen3-235B at Q3, not at Q4.
    The level is chosen with the RAM's usable share; only when none runs that way, with all but the system's
    bounded reserve (`SetupConstants.offload_ram_gb`): 256 GB beside a 4090 still runs DeepSeek-V3.2 at Q2.
    """
    p, c, model = r.p, r.c, r.model
    miss = quant(p.miss_quant)
    # a model shipped in its own format (gpt-oss in MXFP4) offloads that file, not the usual GGUF level
    own = levels[0] if levels and levels[0].name == "MXFP4" else None
    start = quant(forced_quant) if forced_quant else (own or (miss if miss in levels else levels[-1]))
    tries = [start] if forced_quant else _descent(p, model, start)
    spec = setup_ram(c, setup)
    kind, bw = ram_bandwidth(c, setup)
    share = offload_share(c, spec, model.is_moe)
    rated: dict[str, tuple[float, float, float]] = {}  # level → (need, time per token, GB in RAM)

    def at_level(q: Quant) -> tuple[float, float, float]:
        if q.name not in rated:
            need = p.need_gb(model, q, r.context, r.cache_type)
            share_q = offload_share(c, spec, model.is_moe, setup, q.bpw, bw)  # a small CPU's cores may bound it
            rated[q.name] = (need, *offload_seconds(c, p, model, r.pool, q, need, bw, r.hop_ms, share_q))
        return rated[q.name]

    rig: _OffloadRig = {**base, "offload_gb": 0.0, "ram_gb": ram_gb, "ram_type": kind, "ram_bandwidth_gbps": bw,
                        "why": "offload", "ram": spec, "ram_effective_gbps": bw * share}
    row = _first_offload(c, p, model, r.pool, tries, start, ram_gb * c.ram_usable_share, at_level, rig)
    if row.fit == "offload" or c.offload_ram_gb(ram_gb) <= ram_gb * c.ram_usable_share:
        return row
    return _first_offload(c, p, model, r.pool, tries, start, c.offload_ram_gb(ram_gb), at_level, rig)


def _first_offload(c: SetupConstants, p: Profile, model: ModelSize, pool: Pool, tries: Sequence[Quant],
                   start: Quant, limit_gb: float, at_level: Callable[[Quant], tuple[float, float, float]],
                   rig: _OffloadRig) -> SetupRow:
    """The first of `tries` whose rest fits `limit_gb` of RAM and runs at a usable speed; else the crawl, or
    the RAM's shortfall at the first level."""
    first: tuple[float, _OffloadRig] | None = None
    # A more compressed level whose rest fits the RAM but crawls: "not at a usable speed, even at IQ2_XXS"
    # says more than "the RAM cannot take the rest" (the most compressed such level: the best case).
    crawl: tuple[Quant, float, float, _OffloadRig] | None = None
    for q in tries:
        need, t, in_ram = at_level(q)
        at: _OffloadRig = {**rig, "offload_gb": in_ram}
        if in_ram <= limit_gb:
            tok = 1 / t
            if tok >= c.offload_min_tok_s:
                low, high, conf = speed_range(c, p, model, pool, q, tok, offload=True)
                return SetupRow(quant=q, need_gb=need, fit="offload", tok_s=tok, tok_s_low=low, tok_s_high=high,
                                confidence=conf, **at)
            if q is start:  # a crawl is reported at the usual level; a lower one must reach a usable speed
                return SetupRow(quant=None, need_gb=need, fit="no", tok_s=None, tok_s_low=None, tok_s_high=None,
                                confidence=None, slow_tok_s=tok, **at)
            if crawl is None or in_ram < crawl[3]["offload_gb"]:  # the smallest rest: the most compressed
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


def short_gb(row: SetupRow) -> float:
    """How much memory the setup lacks for the level it was last tried at."""
    return max(0.0, row.need_gb - row.usable_gb)



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
