"""How to run a mixture of experts with its experts in RAM, as an expert would say it in two lines: the
`--n-cpu-moe N` value that fits the card at the context asked (estimator.moe_layers, from the layer sizes), the
whole llama-server command, the threads to give it, and ik_llama.cpp where it pays (a big mixture on a server
or workstation CPU). `facts.moe_run` on an offload answer; written by templates/_moe_run.md.j2.
"""

from __future__ import annotations

from typing import Any

from estimator.model import ModelSize
from estimator.moe_layers import cpu_moe_layers, layer_gb_decimal
from estimator.profile import Profile
from estimator.quants import quant as quant_of
from estimator.setups import Setup, SetupConstants, SetupRow

# ik_llama.cpp (ikawrakow's fork) pays off for the large mixtures people run from RAM: its fused MoE kernels
# (`-fmoe`), MLA for DeepSeek and Kimi (`-mla 3`) and run-time repacking (`-rtr`) read prompts about 2-3x
# faster on the CPU part (the fork's README and the DeepSeek/Kimi guides in its discussions). Below this
# many parameters mainline llama.cpp is as good and simpler.
IK_MIN_PARAMS_B = 200.0
# A mixture this small on a server or workstation CPU (many cores) still gains from the fork's prompt speed.
IK_SERVER_SEGMENTS = frozenset({"server", "workstation"})
# A stated speed below this share of the estimate is worth working on (the wrong N, threads, mmap).
IMPROVABLE_SHARE = 0.75


def _context_flag(context: int) -> int:
    """The context for `-c`, rounded to the 1,024 tokens people type."""
    return max(1024, round(context / 1024) * 1024)


def moe_run(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
            row: SetupRow, cache_type: str = "f16") -> dict[str, Any] | None:
    """The command for an offloaded mixture of experts, or None (a dense model, a setup held whole)."""
    if row.fit != "offload" or row.quant is None or not model.is_moe:
        return None
    got = cpu_moe_layers(constants, profile, model, setup, quant_of(row.quant.name), context, cache_type)
    if got is None:
        return None
    cpu = setup.cpu
    threads = cpu.cores // max(1, cpu.sockets) if cpu is not None else None  # one socket's physical cores
    big = model.params_b >= IK_MIN_PARAMS_B
    ik = big or (cpu is not None and cpu.segment in IK_SERVER_SEGMENTS)
    parts = [f"llama-server -m {(model.name or 'model').replace(' ', '-')}-{row.quant.name}.gguf", "-ngl 99",
             "--cpu-moe" if got.on_card == 0 else f"--n-cpu-moe {got.n_cpu_moe}", f"-c {_context_flag(context)}",
             "-fa on"]
    if cache_type != "f16":
        parts.append(f"-ctk {cache_type} -ctv {cache_type}")
    parts.append(f"-t {threads}" if threads else "-t <physical cores>")
    if len(setup.cards()) > 1:
        parts.append("-ts " + ",".join(str(round(d.card.memory_gb)) for d in setup.cards()))
    return {"n_cpu_moe": got.n_cpu_moe, "layers": got.layers, "moe_layers": got.moe_layers, "on_card": got.on_card,
            "layer_gb": round(layer_gb_decimal(got), 2), "card_gb": round(got.card_gb, 1),
            "context": _context_flag(context), "threads": threads, "sockets": cpu.sockets if cpu else 1,
            "command": " ".join(parts), "ik_llama": ik, "big": big}


def improvable(seen: float, estimate: float) -> bool:
    """A speed someone gets is worth working on when it is well below the setup's estimate."""
    return seen < IMPROVABLE_SHARE * estimate


__all__ = ["IMPROVABLE_SHARE", "IK_MIN_PARAMS_B", "improvable", "moe_run"]
