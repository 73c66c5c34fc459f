"""The machine around the card: system RAM's bandwidth from what the asker says, and the CPU's speeds.

- **RAM bandwidth** = channels × 64 bits × MT/s (JEDEC: a DDR channel is 64 bits wide, LPDDR parts are
  counted as 64-bit channel equivalents, so a 128-bit LPDDR5X-8533 laptop is "2 channels": 136.5 GB/s).
  What the asker leaves out is assumed and said: the type (`default_type`), its speed (the type's
  desktop default, or its server default when the machine is a server), the channel count (2, a
  desktop's; a capacity only workstations and servers have implies theirs: `capacity_channels`).
- **What llama.cpp streams** is a share of that theoretical figure (`shares`): one for the CPU decoding
  alone (`cpu_only`), one for the CPU's part of a card + RAM split (`offload`: the card waits for the
  CPU's layers or experts each token, and the activations cross PCIe), each for a desktop (up to 4
  channels) and a server/workstation (8 channels or more: NUMA nodes and the CCD links cap what the
  cores pull, so the share is lower). Fitted on public measurements (benchmarks/offload_accuracy.py).
- **CPU prefill** follows matrix throughput: cores × clock × FLOPs per cycle (the vector unit: AVX2's
  two 256-bit FMA pipes = 32 FP32 FLOPs, AVX-512 with two 512-bit pipes = 64) × an efficiency, over
  2 FLOPs per active parameter per token.

Pure functions, no I/O: the figures (`setup_constants.json` → "machine") are read by answers.knowledge.profiles.
Both profiles use this one calibrated model: the reference site has no offload or CPU-only rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from msgspec import Struct

from .model import InvalidInput

Mode = Literal["cpu_only", "offload", "offload_moe"]
PlatformKind = Literal["desktop", "server"]  # which capacity rule applies (not the Platform record below)

CHANNEL_BITS = 64  # a DDR DIMM channel (two 32-bit sub-channels on DDR5): JEDEC JESD79-4 / JESD79-5
MAX_CHANNELS = 32  # two sockets of 12 channels is 24; more is a typo
MAX_MTS = 12000


class RamType(Struct, frozen=True):
    """A memory type's speeds: the desktop default, the server default, and the JEDEC range accepted."""

    name: str
    desktop_mts: int
    server_mts: int
    min_mts: int
    max_mts: int
    default_channels: int  # LPDDR: the 64-bit equivalents of a typical laptop's bus (128-bit → 2)


class CapacityRule(Struct, frozen=True):
    """RAM of at least `min_gb` of `kinds` is a workstation's or a server's: `channels` channels."""

    min_gb: float
    kinds: tuple[str, ...]
    channels: int
    platform: str  # as said in the answer: "a server (EPYC 9004/9005: 12 channels)"
    type_if_unsaid: str | None = None  # this much RAM of no stated type is taken as this type


class CapacityType(Struct, frozen=True):
    """A desktop capacity from `min_gb` to `max_gb` sold only as kits of `kind` (96 GB: 2 × 48 GB DDR5)."""

    min_gb: float
    max_gb: float
    kind: str


class CpuClass(Struct, frozen=True):
    """An assumed CPU for prefill when none is named: cores, all-core clock, vector unit."""

    cores: int
    ghz: float
    isa: str


class Platform(Struct, frozen=True):
    """A CPU platform's memory: type, the fastest JEDEC speed listed, channels per socket. A family named
    without a model number ("a threadripper", "an epyc") lists, in `by_type`, the generation each RAM type
    said points to ("epyc" with DDR5 is a Genoa's 12 channels, with DDR4 a Milan's 8)."""

    kind: str
    mts: int
    channels: int
    by_type: Mapping[str, str] = {}


def platform_for(m: MachineConstants, key: str | None, kind: str | None) -> Platform | None:
    """The platform a key names, or the generation of that family the RAM type said points to."""
    pl = m.platforms.get(key or "")
    if pl is None or kind is None:
        return pl
    generation = pl.by_type.get(kind.upper())
    return m.platforms[generation] if generation else pl


class MachineConstants(Struct, frozen=True):
    """The machine data (RAM types, channels, capacity rules, GPU shares, CPU prefill), checked."""
    types: Mapping[str, RamType]
    default_type: str
    desktop_channels: int
    server_min_channels: int  # from this many channels on, the server shares apply
    capacity_rules: tuple[CapacityRule, ...]
    shares: Mapping[str, Mapping[str, float]]  # mode → platform → share of the theoretical bandwidth
    flops_per_cycle: Mapping[str, float]  # ISA → FP32 FLOPs per core per cycle
    cpu_prefill_efficiency: float
    cpu_classes: Mapping[str, CpuClass]  # platform → the CPU assumed
    platforms: Mapping[str, Platform]  # "epyc 9004" → 12 × DDR5-4800 (answers/reading/ram_words.py names them)
    capacity_types: tuple[CapacityType, ...] = ()  # RAM of no stated type taken as the type its size is sold in
    cpu_decode_efficiency: float = 0.16  # share of the vector unit's peak a named CPU decodes at (compute bound)
    numa_socket_gain: float = 1.2  # two sockets stream this many single sockets' bandwidth (llama.cpp, NUMA)
    usual_dimm_gb: float = 32.0  # one module per channel on a workstation or server when no RAM is said
    # "in offload" with no hardware said: the usual offload machine, a 24 GB card beside a server's RAM
    offload_card: str = "GeForce RTX 3090"
    offload_platform: str = "epyc 7003"
    # a mixture of experts reads its prompt on the CPU at this share of a dense model's rate per active
    # parameter (many small expert matrices, each token's rows gathered per expert: setup_constants.json
    # machine.cpu_prefill_moe)
    cpu_prefill_moe_share: float = 1.0
    # a mixture of experts decoded by a server's CPU alone: the share of the theoretical bandwidth its experts
    # stream at, plus a fixed cost each token (threads meeting at every layer, the router): machine.cpu_moe_server
    cpu_moe_server_share: float = 0.6
    cpu_moe_token_ms: float = 0.0
    # a mixture of experts decoded by a desktop's or laptop's CPU alone: a factor on the RAM's stream over the
    # profile's bytes per token (machine.cpu_moe_desktop)
    cpu_moe_desktop_factor: float = 1.0

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MachineConstants:
        """From setup_constants.json's "machine" table (notes dropped); a bad figure raises ValueError."""
        try:
            types = {k.upper(): RamType(k.upper(), int(v["desktop_mts"]), int(v["server_mts"]), int(v["min_mts"]),
                                        int(v["max_mts"]), int(v["default_channels"]))
                     for k, v in data["ram_types"].items() if k != "note"}
            rules = tuple(CapacityRule(float(r["min_gb"]), tuple(str(k).upper() for k in r["kinds"]),
                                       int(r["channels"]), str(r["platform"]),
                                       str(r["type_if_unsaid"]).upper() if r.get("type_if_unsaid") else None)
                          for r in data["capacity_channels"]["rules"])
            shares = {m: {p: float(x) for p, x in v.items() if p != "note"}
                      for m, v in data["shares"].items() if m != "note"}
            flops = {k: float(v) for k, v in data["flops_per_cycle"].items() if k != "note"}
            cpus = {k: CpuClass(int(v["cores"]), float(v["ghz"]), str(v["isa"]))
                    for k, v in data["cpu_classes"].items() if k != "note"}
            platforms = {k: Platform(str(v["type"]).upper(), int(v["mts"]), int(v["channels"]),
                                     {str(t).upper(): str(g) for t, g in v.get("by_type", {}).items()})
                         for k, v in data["platforms"].items() if k != "note"}
            kinds = tuple(CapacityType(float(r["min_gb"]), float(r["max_gb"]), str(r["type"]).upper())
                          for r in data.get("capacity_types", {}).get("rules", []))
            out = cls(types, str(data["default_type"]).upper(), int(data["desktop_channels"]),
                      int(data["server_min_channels"]), rules, shares, flops, float(data["cpu_prefill_efficiency"]),
                      cpus, platforms, kinds, float(data["cpu_decode"]["efficiency"]),
                      float(data["numa"]["socket_gain"]), float(data["usual_ram"]["dimm_gb"]),
                      str(data["offload_stand_in"]["card"]), str(data["offload_stand_in"]["platform"]),
                      float(data.get("cpu_prefill_moe", {}).get("share", 1.0)),
                      float(data.get("cpu_moe_server", {}).get("share", 0.6)),
                      float(data.get("cpu_moe_server", {}).get("token_ms", 0.0)),
                      float(data.get("cpu_moe_desktop", {}).get("factor", 1.0)))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"machine constants: {exc!r}") from exc
        _check(out)
        return out


def _check(m: MachineConstants) -> None:
    if m.default_type not in m.types:
        raise ValueError(f"machine constants: default type {m.default_type} is not listed")
    if m.offload_platform not in m.platforms:
        raise ValueError(f"machine constants: offload_stand_in.platform {m.offload_platform} is not listed")
    for mode in ("cpu_only", "offload", "offload_moe"):
        for platform in ("desktop", "server"):
            if not 0 < m.shares.get(mode, {}).get(platform, 0) <= 1:
                raise ValueError(f"machine constants: shares.{mode}.{platform} must be in (0, 1]")
    for t in m.types.values():
        if not t.min_mts <= t.desktop_mts <= t.max_mts or not t.min_mts <= t.server_mts <= t.max_mts:
            raise ValueError(f"machine constants: {t.name} defaults outside its speed range")
    for r in m.capacity_rules:
        if not set(r.kinds) <= set(m.types) or (r.type_if_unsaid and r.type_if_unsaid not in r.kinds):
            raise ValueError(f"machine constants: capacity rule names an unknown type {r.kinds}")
    for k in m.capacity_types:
        if k.kind not in m.types or not 0 < k.min_gb <= k.max_gb:
            raise ValueError(f"machine constants: capacity type {k.kind} {k.min_gb}–{k.max_gb} GB is not a kit")
    for name, pl in m.platforms.items():
        pt = m.types.get(pl.kind)
        if pt is None or not pt.min_mts <= pl.mts <= pt.max_mts or not 1 <= pl.channels <= MAX_CHANNELS:
            raise ValueError(f"machine constants: platform {name!r} is not a memory configuration")
        for kind, generation in pl.by_type.items():
            if kind not in m.types or m.platforms.get(generation, pl).kind != kind or generation not in m.platforms:
                raise ValueError(f"machine constants: platform {name!r} points {kind} to {generation!r}, "
                                 f"not a {kind} platform")
    if not 0 < m.cpu_prefill_moe_share <= 1:
        raise ValueError("machine constants: cpu_prefill_moe.share must be in (0, 1]")
    if not 0.5 <= m.cpu_moe_desktop_factor <= 2:
        raise ValueError("machine constants: cpu_moe_desktop.factor must be in [0.5, 2]")
    if not 0 < m.cpu_moe_server_share <= 1 or not 0 <= m.cpu_moe_token_ms <= 200:
        raise ValueError("machine constants: cpu_moe_server.share must be in (0, 1], token_ms in [0, 200]")
    if not 0 < m.cpu_decode_efficiency <= 1 or not 1 <= m.numa_socket_gain <= 2 or not 8 <= m.usual_dimm_gb <= 256:
        raise ValueError("machine constants: cpu_decode.efficiency must be in (0, 1], numa.socket_gain in [1, 2], "
                         "usual_ram.dimm_gb in [8, 256]")
    for c in m.cpu_classes.values():
        if c.isa not in m.flops_per_cycle:
            raise ValueError(f"machine constants: CPU class names an unknown ISA {c.isa}")


class BadRam(InvalidInput):
    """A RAM type, speed or channel count that is not a memory configuration."""


class RamSpec(Struct, frozen=True):
    """System RAM as worked out: what was said, what was assumed (`assumed`: "type", "speed",
    "channels"), and the capacity rule that set the channels when one did (`platform_rule`)."""

    kind: str
    mts: int
    channels: int
    gb: float | None
    assumed: tuple[str, ...]
    platform: PlatformKind
    platform_rule: str | None = None
    cpu: str | None = None  # the named processor whose platform filled what `assumed` lists
    socket_channels: int | None = None  # one socket's channels, when more are said than it has (NUMA)

    @property
    def theoretical_gbps(self) -> float:
        """channels × 64 bits × MT/s: 12 × 8 B × 6000 MT/s = 576 GB/s."""
        return self.channels * CHANNEL_BITS / 8 * self.mts / 1000


def _type_of(m: MachineConstants, kind: str | None, gb: float | None = None) -> RamType:
    """The type said, else the one a capacity only servers have implies, else the default type."""
    if kind is None and gb is not None:
        hits = [r for r in m.capacity_rules if r.type_if_unsaid and gb >= r.min_gb]
        if hits:
            return m.types[max(hits, key=lambda r: r.min_gb).type_if_unsaid or m.default_type]
        sold = [k.kind for k in m.capacity_types if k.min_gb <= gb <= k.max_gb]
        if sold:  # "96 GB": two 48 GB modules, made only in DDR5
            return m.types[sold[0]]
    name = (kind or m.default_type).upper()
    if name not in m.types:
        raise BadRam(f"{name} is not a RAM type we know ({', '.join(sorted(m.types))})")
    return m.types[name]


def capacity_rule(m: MachineConstants, kind: str, gb: float | None) -> CapacityRule | None:
    """The largest capacity rule this much RAM of this type meets (None: a desktop's capacity)."""
    if gb is None:
        return None
    hits = [r for r in m.capacity_rules if kind in r.kinds and gb >= r.min_gb]
    return max(hits, key=lambda r: r.min_gb) if hits else None


def ram_spec(m: MachineConstants, kind: str | None = None, mts: int | None = None, channels: int | None = None,
             gb: float | None = None) -> RamSpec:
    """The RAM the asker has, from what they said; the rest assumed (and listed in `assumed`)."""
    t = _type_of(m, kind, gb)
    if mts is not None and not (t.min_mts <= mts <= min(t.max_mts, MAX_MTS)):
        raise BadRam(f"{t.name}-{mts} is outside {t.name}'s speeds ({t.min_mts}–{t.max_mts} MT/s)")
    if channels is not None and not (1 <= channels <= MAX_CHANNELS):
        raise BadRam(f"{channels} memory channels is not a machine")
    assumed: list[str] = []
    if kind is None:
        assumed.append("type")
    rule = None
    if channels is None:
        rule = capacity_rule(m, t.name, gb)
        channels = rule.channels if rule else (t.default_channels or m.desktop_channels)
        assumed.append("channels")
    platform: PlatformKind = "server" if channels >= m.server_min_channels else "desktop"
    if mts is None:
        mts = t.server_mts if platform == "server" else t.desktop_mts
        assumed.append("speed")
    return RamSpec(t.name, int(mts), int(channels), gb, tuple(assumed), platform, rule.platform if rule else None)


def numa_share(m: MachineConstants, spec: RamSpec) -> float:
    """The share of several sockets' bandwidth llama.cpp streams: 1 on one socket. Across sockets the
    weights sit on one node or are interleaved, and every core reads half of them over the socket link, so
    the channels stream at most `numa_socket_gain` single sockets' worth (setup_constants.json machine.numa);
    a channel more never streams less."""
    per_socket = spec.socket_channels
    if not per_socket or spec.channels <= per_socket:
        return 1.0
    return min(1.0, per_socket * m.numa_socket_gain / spec.channels)


def effective_gbps(m: MachineConstants, spec: RamSpec, mode: Mode) -> float:
    """What llama.cpp's CPU code streams from this RAM: the theoretical figure × the fitted share (× the
    NUMA share when the channels said span several sockets)."""
    return spec.theoretical_gbps * m.shares[mode][spec.platform] * numa_share(m, spec)


# ---------------------------------------------------------------------------------------- CPU prefill


class CpuPrefill(Struct, frozen=True):
    """Prompt processing on the CPU: the rate and its range, from the cores, clock and instruction set."""
    tok_s: float
    tok_s_low: float
    tok_s_high: float
    cores: int
    ghz: float
    isa: str
    tflops: float  # the assumed CPU's FP32 peak


def cpu_prefill(m: MachineConstants, active_params_b: float, platform: PlatformKind = "desktop",
                cores: int | None = None, ghz: float | None = None, isa: str | None = None,
                flops_per_cycle: float | None = None, moe: bool = False,
                achieved_gflops: float | None = None) -> CpuPrefill:
    """Prompt tokens per second on the CPU alone: peak FLOPs × efficiency / (2 × active parameters).
    The CPU is the platform's assumed one unless cores, clock or vector unit are given (a board's cores give
    their own FLOPs a cycle: a Cortex-A76's two 128-bit pipes, 16); a mixture of experts (`moe`) reads at
    `cpu_prefill_moe_share` of that per active parameter. The range is wide (0.5–1.6×): builds
    (llamafile/ik_llama kernels), the quant's dot-product kernel and AMX vary. `achieved_gflops`, a rate
    llama.cpp reached there in a public run (a board's record), replaces peak × efficiency."""
    base = m.cpu_classes[platform]
    n, f, unit = cores or base.cores, ghz or base.ghz, isa or base.isa
    if unit not in m.flops_per_cycle:
        raise BadRam(f"{unit} is not a vector unit we know ({', '.join(sorted(m.flops_per_cycle))})")
    if n < 1 or not 0.5 <= f <= 7.0:
        raise BadRam("a CPU has at least one core and a clock between 0.5 and 7 GHz")
    peak = n * f * 1e9 * (flops_per_cycle or m.flops_per_cycle[unit])
    share = m.cpu_prefill_moe_share if moe else 1.0
    rate = achieved_gflops * 1e9 if achieved_gflops else peak * m.cpu_prefill_efficiency
    tok = rate * share / (2 * active_params_b * 1e9)
    return CpuPrefill(tok, 0.5 * tok, 1.6 * tok, n, f, unit, peak / 1e12)


__all__ = ["BadRam", "CapacityRule", "CpuClass", "CpuPrefill", "MachineConstants", "Platform", "PlatformKind",
           "RamSpec", "RamType", "capacity_rule", "cpu_prefill", "effective_gbps", "numa_share", "platform_for",
           "ram_spec"]
