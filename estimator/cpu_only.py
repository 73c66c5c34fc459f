"""No GPU at all: a model in system RAM, decoded and prompted by the CPU alone.

What a machine with no graphics card, or a question that asks to leave it out ("on CPU only"), runs
from. Decoding is bound by memory bandwidth as on a card; prefill by the CPU's arithmetic
(estimator.machine). Pure functions, no I/O: the constants come in as a SetupConstants.
"""

from __future__ import annotations

from msgspec import Struct

from .cpu_machine import SERVER_SEGMENTS, CpuSpec, cpu_decode_gbps, cpu_ram, cpu_spec_prefill
from .machine import RamSpec, effective_gbps, numa_share
from .model import DEFAULT_CONTEXT, InvalidInput, ModelSize, check_context
from .profile import Profile
from .quants import Quant, quant
from .setup_constants import SetupConstants
from .setup_hardware import MAX_RAM_GB
from .setup_offload import stored_active_gb
from .setup_ram import RAM_SIZES_GB
from .setups import _levels

# What a machine with no graphics card, or a question that asks to leave it out ("on CPU only"), runs
# from: the model in system RAM, each token read from RAM by the CPU. Decoding is bound by memory
# bandwidth as on a card: tok/s = (the RAM's theoretical bandwidth × the CPU-only share llama.cpp streams
# at, estimator.machine) / GB read per token; a mixture of experts reads its active parameters only (the
# profile's `gb_per_token`). Prefill follows the CPU's matrix throughput (estimator.machine.cpu_prefill).
# The model may fill `ram_usable_share` of the RAM, the OS and other programs keeping the rest but never more
# than `ram_reserve_base_gb` + `ram_reserve_per_gb` x the RAM (SetupConstants.ram_reserve_gb): a 256 GB server
# holds a 222 GB file, as people run
# DeepSeek's UD-Q2_K_XL there. Past the share it is a tight fit (`tight`): workable on a machine doing little
# else, at a modest context.


class CpuRow(Struct, frozen=True):
    """A model on system RAM alone: the level, what it needs, whether it fits and how fast it decodes."""

    quant: Quant
    need_gb: float  # weights + cache + runtime, as the profile counts them
    ram_needed_gb: float  # RAM to buy so the model fits in what the system leaves (SetupConstants.ram_for_offload_gb)
    ram_size_gb: float | None  # the smallest common RAM size that holds it (None beyond the list)
    ram_gb: float | None  # the RAM the asker has, when said
    fits: bool | None  # None when the RAM was not said
    ram_type: str
    ram_bandwidth_gbps: float  # theoretical: channels × 64 bits × MT/s
    tok_s: float
    tok_s_low: float
    tok_s_high: float
    usable: bool  # at least `offload_min_tok_s`: fast enough to read along
    ram: RamSpec | None = None
    ram_effective_gbps: float | None = None
    prefill_tok_s: float | None = None  # prompt tokens per second on the assumed CPU
    prefill_tok_s_low: float | None = None
    prefill_tok_s_high: float | None = None
    tight: bool = False  # fits only past `ram_usable_share`: little left for the system
    cores_bound: bool = False  # the named CPU's cores, not its RAM, set the pace (cpu_machine.cpu_decode_gbps)


def cpu_row(c: SetupConstants, p: Profile, model: ModelSize, q: Quant, context: int = DEFAULT_CONTEXT,
            ram_gb: float | None = None, ram_type: str | None = None, cache_type: str = "f16", *,
            ram_mts: int | None = None, ram_channels: int | None = None, cpu: CpuSpec | None = None) -> CpuRow:
    """One level on the CPU alone, from the RAM said (type, speed, channels; the rest from the named
    CPU's platform, else assumed as estimator.machine.ram_spec does: dual-channel DDR4-3200)."""
    check_context(context)
    if ram_gb is not None and not (0 < ram_gb <= MAX_RAM_GB):
        raise InvalidInput(f"{ram_gb:g} GB of RAM is not a memory size")
    spec = cpu_ram(c.machine, cpu, ram_type, ram_mts, ram_channels, ram_gb)
    bw = spec.theoretical_gbps
    by_ram = effective_gbps(c.machine, spec, "cpu_only")
    compute = cpu_decode_gbps(c.machine, cpu, q.bpw)
    moe = model.active_params_b is not None and model.active_params_b < model.params_b
    many_cores = cpu is not None and cpu.segment in SERVER_SEGMENTS
    if compute is not None and moe and not many_cores:
        # the cores multiply the weights as stored; the desktop stream is reckoned against the profile's bytes
        # per token (with their GPU MoE-kernel factor): the cores' figure in the same unit
        compute *= p.gb_per_token(model, q) / stored_active_gb(p, model, q)
    cores_bound = compute is not None and compute < by_ram
    eff = compute if compute is not None and cores_bound else by_ram  # a small or old CPU is held by its cores
    need = p.need_gb(model, q, context, cache_type)
    needed = c.ram_for_offload_gb(need)
    size = next((s for s in RAM_SIZES_GB if s >= needed), None)
    # a named server's cores stream a mixture's experts as the file stores them (no GPU kernel's factor)
    server_moe = moe and many_cores
    per_token = stored_active_gb(p, model, q) if server_moe else p.gb_per_token(model, q)
    tok = _decode_tok_s(c, spec, eff, per_token, server_moe, compute, moe and not many_cores)
    eff = tok * per_token
    fits = None if ram_gb is None else need <= c.offload_ram_gb(ram_gb)
    tight = bool(fits) and ram_gb is not None and need > ram_gb * c.ram_usable_share
    pre = cpu_spec_prefill(c.machine, cpu, model.active_params_b or model.params_b, spec.platform, moe=moe)
    low_f, high_f = c.speed_range("cpu_only")
    return CpuRow(q, need, needed, size, ram_gb, fits, spec.kind, bw, tok, low_f * tok, high_f * tok,
                  tok >= c.offload_min_tok_s, spec, eff, pre.tok_s, pre.tok_s_low, pre.tok_s_high, tight, cores_bound)


def _decode_tok_s(c: SetupConstants, spec: RamSpec, eff_gbps: float, gb_per_token: float, moe: bool,
                  compute_gbps: float | None, desktop_moe: bool = False) -> float:
    """Tokens per second from the stream. A mixture of experts on a named server or workstation CPU alone (many
    cores: the fixed cost is theirs, so it holds whatever channels are said and more channels never slow it)
    reads its experts at
    `cpu_moe_server_share` of the theoretical bandwidth (× the NUMA share) and pays `cpu_moe_token_ms` each token
    whatever its size: small-active models (Qwen3-30B-A3B, GLM-4.7-Flash) reach 20-30 tok/s on 12-channel
    EPYCs, not the 60-100 their bytes alone give, while DeepSeek and Kimi K2 stay near their bytes' figure."""
    m = c.machine
    if desktop_moe:
        return eff_gbps * m.cpu_moe_desktop_factor / gb_per_token
    if not moe:
        return eff_gbps / gb_per_token
    stream = spec.theoretical_gbps * m.cpu_moe_server_share * numa_share(m, spec)
    if compute_gbps is not None:  # a server with few cores (an EPYC 9175F's 16) is held by them first
        stream = min(stream, compute_gbps)
    return 1.0 / (gb_per_token / stream + m.cpu_moe_token_ms / 1000.0)


def cpu_rows(c: SetupConstants, p: Profile, model: ModelSize, context: int = DEFAULT_CONTEXT,
             min_quality: str | None = None, forced_quant: str | None = None, ram_gb: float | None = None,
             ram_type: str | None = None, cache_type: str = "f16", *, ram_mts: int | None = None,
             ram_channels: int | None = None, cpu: CpuSpec | None = None) -> list[CpuRow]:
    """Every level of the profile's ladder down to the minimum quality (or the forced level), least
    compressed first. A level below the format a model ships in ("gpt-oss-120b at q2") is that file: the
    quantizers keep gpt-oss's MXFP4 experts, so its Q2_K and Q3_K files are the MXFP4 file's size."""
    if forced_quant and model.native is not None and quant(forced_quant).bpw < model.native.bpw:
        forced_quant = model.native.format
    return [cpu_row(c, p, model, q, context, ram_gb, ram_type, cache_type, ram_mts=ram_mts, ram_channels=ram_channels,
                   cpu=cpu)
            # gpt-oss: its own MXFP4 file, never a "Q2_K" that is the same file relabelled
            for q in _levels(p, min_quality, forced_quant, model if model.native is not None else None)]


def cpu_pick(rows: list[CpuRow], miss_quant: str, reading_tok_s: float) -> CpuRow:
    """The level to quote. RAM said: among the levels that fit, the least compressed that reaches reading
    speed, else the most compressed (on a CPU a smaller file is a faster one); none fits: the most
    compressed. RAM not said: the level people download (`miss_quant`, Q4_K_M) when listed."""
    if rows and rows[0].ram_gb is not None:
        fitting = [r for r in rows if r.fits]
        if not fitting:
            return rows[-1]
        return next((r for r in fitting if r.tok_s >= reading_tok_s), fitting[-1])
    return next((r for r in rows if r.quant.name == miss_quant), rows[-1])


__all__ = ["CpuRow", "cpu_pick", "cpu_row", "cpu_rows"]
