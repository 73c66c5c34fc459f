"""A named processor as the machine around the model: it fills what the asker left out of the RAM
(type, speed, channels) and sets the CPU's prompt-processing arithmetic (cores, clock, vector unit).

What is said always wins: "EPYC 9654 with DDR5-4400" keeps 4400; "7950X, DDR5-6000" keeps 6000 and
takes the Ryzen 7000's two channels. What the CPU fills is listed (`RamSpec.assumed` keeps naming
"speed"/"channels"/"type", `RamSpec.cpu` names the processor they came from) so the answer can say it
and how to correct it. Pure: the CPU's figures come in as a CpuSpec (the caller reads
catalog/data/hardware/cpus.json through catalog.cpu_names).
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from .machine import BadRam, CpuPrefill, MachineConstants, RamSpec, cpu_prefill, ram_spec

SERVER_SEGMENTS = frozenset({"server", "workstation"})


class CpuSpec(Struct, frozen=True):
    """What a processor brings: its cores, clock and vector unit, and its memory platform."""

    name: str  # "AMD EPYC 9654"
    cores: int
    ghz: float
    isa: str
    channels: int
    ram: tuple[tuple[str, int], ...]  # (type, fastest listed MT/s); the first is the one assumed
    segment: str = "desktop"
    amx: bool = False
    sockets: int = 1  # "2x Xeon Gold 6430", "dual EPYC": `cores` counts both, `channels` is one socket's

    def mts_for(self, kind: str) -> int | None:
        return next((mts for k, mts in self.ram if k == kind.upper()), None)


def cpu_ram(m: MachineConstants, cpu: CpuSpec | None, kind: str | None = None, mts: int | None = None,
            channels: int | None = None, gb: float | None = None) -> RamSpec:
    """The RAM as worked out with the CPU's platform filling what was not said (estimator.machine.ram_spec
    without a CPU). A type the CPU does not list is kept as said, at that type's usual speed."""
    if cpu is None:
        return ram_spec(m, kind, mts, channels, gb)
    said = (kind or "").upper() or None
    use_kind = said or cpu.ram[0][0]
    use_mts = mts if mts is not None else cpu.mts_for(use_kind)
    use_channels = channels if channels is not None else cpu.channels * cpu.sockets
    spec = ram_spec(m, use_kind, use_mts, use_channels, gb)
    assumed = tuple(a for a, given in (("type", said), ("speed", mts), ("channels", channels)) if given is None)
    # "2x EPYC 9355, 24 channels": more channels than a server socket has are two sockets' (NUMA,
    # machine.numa_share); the share is one socket's platform's (a workstation has one socket)
    several = cpu.segment == "server" and spec.channels > cpu.channels
    per_socket = cpu.channels if several else spec.channels
    platform = "server" if cpu.segment in SERVER_SEGMENTS and per_socket >= m.server_min_channels else "desktop"
    return replace(spec, assumed=assumed, platform=platform, platform_rule=None, cpu=cpu.name,
                   socket_channels=cpu.channels if several else None)


def cpu_decode_gbps(m: MachineConstants, cpu: CpuSpec | None, bpw: float) -> float | None:
    """The weights a named CPU's cores can multiply per second when decoding, in GB/s: cores × clock ×
    FP32 FLOPs per cycle × `cpu_decode_efficiency`, over 2 FLOPs per weight, × the weight's bytes (bpw / 8).
    Decoding is bound by whichever is slower, this or the RAM's stream: a Core 2 Quad or a two-core
    laptop is held by its cores, a server by its RAM. None without a named CPU (the RAM alone bounds it)."""
    if cpu is None or cpu.isa not in m.flops_per_cycle:
        return None
    peak = cpu.cores * cpu.ghz * m.flops_per_cycle[cpu.isa]  # GFLOP/s
    return peak * m.cpu_decode_efficiency / 2 * bpw / 8


def cpu_spec_prefill(m: MachineConstants, cpu: CpuSpec | None, active_params_b: float,
                     platform: str = "desktop", moe: bool = False) -> CpuPrefill:
    """Prompt tokens per second on this CPU (the platform's assumed CPU when none is named); `moe` for a
    mixture of experts (estimator.machine.cpu_prefill)."""
    if cpu is None:
        return cpu_prefill(m, active_params_b, "server" if platform == "server" else "desktop", moe=moe)
    if cpu.isa not in m.flops_per_cycle:
        raise BadRam(f"{cpu.isa} is not a vector unit we know")
    return cpu_prefill(m, active_params_b, "server" if cpu.segment in SERVER_SEGMENTS else "desktop",
                       cpu.cores, cpu.ghz, cpu.isa, moe=moe)


__all__ = ["CpuSpec", "cpu_decode_gbps", "cpu_ram", "cpu_spec_prefill"]
