"""The facts of a rated setup (estimator.setups.SetupRow) described like one card, the RAM and the processor as
worked out, and the setup as the asker described it. Their own module because every answer that shows a setup
(the setup's rating, offload with an assumed RAM, serving, the CPU alone) writes its row the same way."""

from __future__ import annotations

from typing import Any

from answers.facts.describe import rating_facts
from estimator.cpu_machine import CpuSpec
from estimator.machine import RamSpec
from estimator.setups import Setup, SetupConstants, SetupRow


def row_facts(row: SetupRow) -> dict[str, Any]:
    """The setup described like one card (the keys of `answers.facts.row_facts`), plus how it was worked out."""
    return {
        "card": row.label,
        "vendor": row.vendor,
        "memory_gb": row.memory_gb,
        "bandwidth_gbps": row.bandwidth_gbps,
        "release": None,
        **rating_facts(row),
        "gpu_count": row.gpu_count,
        "why": row.why,
        "split": row.split,
        "usable_gb": row.usable_gb,
        "cards": list(row.cards),
        "single_tok_s": row.single_tok_s,
        "total_memory_gb": row.total_memory_gb,
        "gpu_share": row.gpu_share,
        "offload_gb": row.offload_gb,
        "ram_gb": row.ram_gb,
        "ram_type": row.ram_type,
        "ram_bandwidth_gbps": row.ram_bandwidth_gbps,
        "slow_tok_s": row.slow_tok_s,
        "slow_quant": row.slow_quant.name if row.slow_quant is not None else None,
        "machines_hop_ms": row.machines_hop_ms,
        "tp_cards": row.tp_cards,
        "all_cards_tok_s": row.all_cards_tok_s,
        **ram_facts(row.ram, row.ram_effective_gbps),
    }


def ram_facts(spec: RamSpec | None, effective_gbps: float | None) -> dict[str, Any]:
    """The RAM as worked out (estimator.machine): speed, channels, what was assumed, and what the CPU
    streams from it; empty keys when no RAM is involved."""
    if spec is None:
        return {"ram_mts": None, "ram_channels": None, "ram_guessed": [], "ram_platform": None,
                "ram_effective_gbps": None, "ram_cpu": None}
    return {"ram_mts": spec.mts, "ram_channels": spec.channels, "ram_guessed": list(spec.assumed),
            "ram_platform": spec.platform_rule, "ram_effective_gbps": effective_gbps, "ram_cpu": spec.cpu}


def cpu_assumed(constants: SetupConstants, spec: RamSpec | None, named: CpuSpec | None = None) -> dict[str, Any]:
    """The CPU the prefill figure assumes (estimator.machine cpu_classes; the named one when said), for the
    answer to say."""
    if named is not None:
        # two sockets: what llama.cpp streams of both (machine.numa.socket_gain), said with the NUMA advice
        return {"cores": named.cores, "ghz": named.ghz, "isa": named.isa, "name": named.name, "sockets": named.sockets,
                "numa_gain": constants.machine.numa_socket_gain if named.sockets > 1 else None}
    cpu = constants.machine.cpu_classes["server" if spec is not None and spec.platform == "server" else "desktop"]
    return {"cores": cpu.cores, "ghz": cpu.ghz, "isa": cpu.isa}


def setup_facts(setup: Setup) -> dict[str, Any]:
    return {
        "label": setup.label,
        "gpu_count": setup.gpu_count,
        "cards": [{"name": d.card.name, "count": d.count, "memory_gb": d.card.memory_gb,
                   "unified": d.is_unified} for d in setup.devices],
        "ram_gb": setup.ram_gb,
        "ram_type": setup.ram_type,
        "unified": setup.unified,
        "cpu": cpu_facts_of(setup.cpu),
    }




def cpu_facts_of(cpu: CpuSpec | None) -> dict[str, Any] | None:
    """The named processor as the estimate took it (None when none was named)."""
    if cpu is None:
        return None
    return {"name": cpu.name, "cores": cpu.cores, "channels": cpu.channels, "ram_type": cpu.ram[0][0],
            "ram_mts": cpu.ram[0][1], "isa": cpu.isa, "amx": cpu.amx, "segment": cpu.segment}


