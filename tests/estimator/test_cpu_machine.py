"""A named processor fills the machine: its platform's RAM when the asker leaves it out, its cores for
prompt processing. Golden figures are independent arithmetic (channels × 8 bytes × MT/s; cores × GHz ×
FLOPs per cycle) on the vendors' spec figures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answers.knowledge.cpus import find_cpu, spec_of
from answers.knowledge.profiles import load_profile, load_setup_constants
from catalog.cpus import load_cpus
from estimator.cpu_machine import CpuSpec, cpu_ram, cpu_spec_prefill
from estimator.cpu_only import cpu_row
from estimator.machine import BadRam, ram_spec
from estimator.model import ModelSize
from estimator.quants import quant

MACHINE = load_setup_constants().machine


def _cpu(name: str) -> CpuSpec:
    spec = find_cpu(name)
    assert spec is not None
    return spec


def test_a_server_cpu_brings_its_twelve_channels() -> None:
    # "EPYC 9654 with 256 GB": 12 × DDR5-4800 = 460.8 GB/s, not a desktop's two channels
    spec = cpu_ram(MACHINE, _cpu("EPYC 9654"), gb=256)
    assert (spec.kind, spec.mts, spec.channels) == ("DDR5", 4800, 12)
    assert spec.theoretical_gbps == pytest.approx(12 * 8 * 4800 / 1000)
    assert spec.platform == "server" and spec.cpu == "AMD EPYC 9654"
    assert set(spec.assumed) == {"type", "speed", "channels"}
    assert ram_spec(MACHINE, None, None, None, 256).theoretical_gbps < spec.theoretical_gbps


def test_what_is_said_wins_over_the_cpu() -> None:
    # "7950X, DDR5-6000": the speed said, the Ryzen 7000's two channels: 2 × 8 × 6000 = 96 GB/s
    spec = cpu_ram(MACHINE, _cpu("7950X"), "DDR5", 6000)
    assert spec.theoretical_gbps == pytest.approx(96.0)
    assert spec.assumed == ("channels",)
    spec = cpu_ram(MACHINE, _cpu("EPYC 9654"), "DDR5", 4400, 8)
    assert spec.theoretical_gbps == pytest.approx(8 * 8 * 4400 / 1000) and spec.assumed == ()


def test_a_type_the_cpu_lists_takes_its_speed() -> None:
    # an i9-13900K on DDR4: Intel lists DDR4-3200 beside DDR5-5600
    spec = cpu_ram(MACHINE, _cpu("i9-13900k"), "DDR4")
    assert (spec.kind, spec.mts, spec.channels) == ("DDR4", 3200, 2)


def test_a_speed_outside_the_type_is_still_refused() -> None:
    with pytest.raises(BadRam):
        cpu_ram(MACHINE, _cpu("EPYC 9654"), "DDR5", 20000)


def test_prefill_counts_the_named_cpus_cores() -> None:
    # 96 Zen 4 cores at 3.5 GHz, 32 FP32 FLOPs a cycle: 10.75 TFLOPS; an 8B model's prompt at 2 FLOPs a parameter
    pre = cpu_spec_prefill(MACHINE, _cpu("EPYC 9654"), 8.0)
    assert pre.tflops == pytest.approx(96 * 3.5 * 32 / 1000)
    assert pre.tok_s == pytest.approx(96 * 3.5e9 * 32 * MACHINE.cpu_prefill_efficiency / (2 * 8e9))
    desktop = cpu_spec_prefill(MACHINE, None, 8.0)
    assert pre.tok_s > 5 * desktop.tok_s
    assert cpu_spec_prefill(MACHINE, find_cpu("EPYC 9654", cores=48), 8.0).tok_s == pytest.approx(pre.tok_s / 2)


def test_no_cpu_named_is_the_old_rule() -> None:
    assert cpu_ram(MACHINE, None, "DDR5", None, None, 64) == ram_spec(MACHINE, "DDR5", None, None, 64)


# ------------------------------------------------------------------ physics over the whole CPU table

CONSTANTS = load_setup_constants()
CPUS = load_cpus()


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CPUS), st.floats(min_value=1, max_value=700), st.sampled_from(["Q8_0", "Q4_K_M", "IQ2_XXS"]),
       st.sampled_from(["reference", "measured"]))
def test_a_named_cpu_never_decodes_faster_than_its_ram_allows(record, params_b, level, profile) -> None:
    """Every processor in the table: its RAM is channels × 8 bytes × MT/s, and CPU-only decoding never
    beats that bandwidth over the bytes each token reads; every range holds its point."""
    cpu = spec_of(record)
    p = load_profile(profile)
    model = ModelSize(params_b)
    row = cpu_row(CONSTANTS, p, model, quant(level), cpu=cpu)
    assert row.ram is not None and row.ram.cpu == record.full_name
    assert row.ram_bandwidth_gbps == pytest.approx(record.channels * 8 * record.ram_mts / 1000)
    assert row.tok_s <= row.ram_bandwidth_gbps / p.gb_per_token(model, quant(level)) * (1 + 1e-9)
    assert row.tok_s_low <= row.tok_s <= row.tok_s_high
    assert row.prefill_tok_s_low <= row.prefill_tok_s <= row.prefill_tok_s_high  # type: ignore[operator]


def test_a_mixture_of_experts_reads_its_prompt_slower_per_active_parameter() -> None:
    # Public rows: a Ryzen 9 7950X reads Qwen3-30B-A3B's prompt at about 210 tok/s on mainline llama.cpp, far
    # below the ~260 a dense 3.3B model's arithmetic gives (many small expert matrices): a MoE's rate is a share
    # of the dense one, and the share is below 1.
    spec = _cpu("Ryzen 9 7950X")
    dense = cpu_spec_prefill(MACHINE, spec, 3.3)
    moe = cpu_spec_prefill(MACHINE, spec, 3.3, moe=True)
    assert 0 < MACHINE.cpu_prefill_moe_share < 1
    assert moe.tok_s == pytest.approx(dense.tok_s * MACHINE.cpu_prefill_moe_share)
    assert 150 < moe.tok_s < 260  # the public row (210) sits near the figure, not beside the dense one


def test_cpu_row_uses_the_moe_rate_only_for_a_mixture_of_experts() -> None:
    c, p = load_setup_constants(), load_profile("measured")
    spec = _cpu("Ryzen 9 7950X")
    moe = cpu_row(c, p, ModelSize(30.5, active_params_b=3.3), quant("Q4_K_M"), cpu=spec)
    dense = cpu_row(c, p, ModelSize(3.3), quant("Q4_K_M"), cpu=spec)
    assert moe.prefill_tok_s == pytest.approx(dense.prefill_tok_s * c.machine.cpu_prefill_moe_share)
