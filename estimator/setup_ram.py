"""A setup's system RAM as worked out from what was said (type, speed, channels, capacity), and the share
of its bandwidth a card + RAM split streams at. Kept apart from the offload arithmetic
(estimator.setup_offload) because the answers also show the RAM on its own ("how much RAM do I need",
the RAM as assumed).
"""

from __future__ import annotations

from msgspec.structs import replace

from .cpu_machine import cpu_decode_gbps, cpu_ram
from .machine import RamSpec, numa_share
from .setup_constants import SetupConstants
from .setup_hardware import Setup

# RAM sizes people buy (GB), for "how much RAM do I need": the smallest that holds the need.
RAM_SIZES_GB: tuple[float, ...] = (8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048)


def setup_ram(c: SetupConstants, setup: Setup) -> RamSpec:
    """The setup's system RAM as worked out from what was said (estimator.machine.ram_spec), a named CPU
    filling what was not said (estimator.cpu_machine). Neither type nor CPU said, on a desktop: the type
    desktops are built with beside the newest of its cards (`ram_type_beside_cards`: DDR5 beside a card
    launched from 2025, or a laptop card from 2023), still said to be assumed."""
    spec = cpu_ram(c.machine, setup.cpu, setup.ram_type, setup.ram_mts, setup.ram_channels, setup.ram_gb)
    implied = _type_beside(c, setup)
    if implied is None or "type" not in spec.assumed or spec.platform != "desktop" \
            or spec.kind != c.machine.default_type or implied == spec.kind:
        return spec
    again = cpu_ram(c.machine, None, implied, setup.ram_mts, setup.ram_channels, setup.ram_gb)
    return replace(again, assumed=("type", *(a for a in again.assumed if a != "type")))


def _type_beside(c: SetupConstants, setup: Setup) -> str | None:
    """The RAM type a desktop built around the setup's newest card has, or a laptop around its laptop card (an RTX
    40 laptop has DDR5: `ram_type_beside_laptop_cards`); None: the default type."""
    laptop = any(getattr(d.card, "segment", "") == "laptop" for d in setup.devices)
    rule = c.ram_type_beside_laptop_cards if laptop and c.ram_type_beside_laptop_cards else c.ram_type_beside_cards
    if rule is None:
        return None
    since, kind = rule
    released = [r for d in setup.devices if (r := getattr(d.card, "release", None)) is not None]
    return kind if released and max(released).isoformat() >= since else None


def usual_ram_gb(c: SetupConstants, setup: Setup, default_gb: float) -> float:
    """The RAM to assume when none was said: a desktop's common amount (`default_gb`), or, for a workstation
    or server (a named CPU with 4 channels or more, or that many channels said), one module of
    `machine.usual_dimm_gb` per channel: an EPYC 9654's 12 channels are 384 GB, not a desktop's 32."""
    spec = setup_ram(c, setup)
    wide = (setup.cpu is not None and setup.cpu.segment in ("server", "workstation")) or setup.ram_channels
    if not wide or spec.channels < WIDE_CHANNELS:
        return default_gb
    return max(default_gb, spec.channels * c.machine.usual_dimm_gb)


WIDE_CHANNELS = 4  # a workstation's or server's board: every channel filled, as its builders do


def ram_bandwidth(c: SetupConstants, setup: Setup) -> tuple[str, float]:
    """(type, theoretical GB/s) of the setup's RAM; a bandwidth given outright wins."""
    spec = setup_ram(c, setup)
    if setup.ram_bandwidth_gbps is not None:
        return spec.kind, setup.ram_bandwidth_gbps
    return spec.kind, spec.theoretical_gbps


def offload_share(c: SetupConstants, spec: RamSpec, moe: bool = False, setup: Setup | None = None,
                  bpw: float | None = None, bandwidth_gbps: float | None = None) -> float:
    """The share of the RAM's bandwidth the CPU's part of a card + RAM split streams at: whole layers of a
    dense model (`-ngl`), or a mixture of experts' routed experts (`--n-cpu-moe`, `-ot exps=CPU`), whose
    CPU part is many small matrices, one round trip to the card per MoE layer. Several sockets stream less
    than their sum (NUMA); a named CPU too small to multiply the weights as fast as its RAM streams them
    holds the share to what its cores reach (estimator.cpu_machine.cpu_decode_gbps)."""
    share = c.machine.shares["offload_moe" if moe else "offload"][spec.platform] * numa_share(c.machine, spec)
    compute = cpu_decode_gbps(c.machine, setup.cpu, bpw) if setup is not None and bpw else None
    bw = bandwidth_gbps or spec.theoretical_gbps
    return share if compute is None or bw <= 0 else min(share, compute / bw)
