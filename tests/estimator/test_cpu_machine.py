"""A named processor fills the machine: its platform's RAM when the asker leaves it out, its cores for
prompt processing. Golden figures are independent arithmetic (channels × 8 bytes × MT/s; cores × GHz ×
FLOPs per cycle) on the vendors' spec figures."""

from __future__ import annotations

import pytest

from answers.knowledge.cpus import find_cpu
from answers.knowledge.profiles import load_setup_constants
from estimator.cpu_machine import CpuSpec, cpu_ram, cpu_spec_prefill
from estimator.machine import BadRam, ram_spec

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
