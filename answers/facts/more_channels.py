"""What more memory channels would give a CPU-only machine: the same RAM speed on 4 channels (Threadripper,
Xeon W-2400, a quad-channel board) and on 8 (Threadripper PRO, EPYC, Xeon W-3400).

Decoding on a CPU reads every weight once per token, so its speed follows the RAM's bandwidth, channels × 64
bits × MT/s, times the share llama.cpp streams (estimator.machine shares: an 8-channel platform counts as a
server and streams a smaller share). People with a dual-channel desktop ask whether a workstation would help;
the figures come from the same estimator, the generic CPU of that class (its cores do not bind)."""

from __future__ import annotations

from typing import Any

from answers.knowledge.cpus import find_cpu
from estimator.cpu_only import cpu_row
from estimator.model import ModelSize
from estimator.profile import Profile
from estimator.quants import quant
from estimator.setup_constants import SetupConstants

WIDER = (4, 8)  # the channel counts people compare a desktop against: quad-channel HEDT, 8-channel workstation


def more_channels(c: SetupConstants, p: Profile, model: ModelSize, cpu: dict[str, Any], context: int,
                  cache_type: str) -> list[dict[str, Any]] | None:
    """Each wider platform's decode speed at the quoted level, with the RAM type and speed of the machine as
    taken; None when it already has more than two channels, when it has one (a mini PC's N100, whose owner compares
    it with no workstation), or nothing was quoted."""
    pick, channels = cpu.get("pick"), cpu.get("ram_channels")
    if not pick or channels is None or channels != 2 or cpu.get("ram_mts") is None:
        return None
    named = find_cpu(cpu["ram_cpu"]) if cpu.get("ram_cpu") else None
    if named is not None and named.segment in ("laptop", "apple"):
        return None  # a laptop's soldered or two-slot memory: no wider platform to move to
    out = []
    for n in WIDER:
        row = cpu_row(c, p, model, quant(pick["quant"]), context, None, cpu["ram_type"], cache_type,
                      ram_mts=cpu["ram_mts"], ram_channels=n)
        out.append({"channels": n, "tok_s": row.tok_s, "bandwidth_gbps": row.ram_bandwidth_gbps,
                    "gain": row.tok_s / pick["tok_s"] if pick.get("tok_s") else None})
    return out


__all__ = ["WIDER", "more_channels"]
