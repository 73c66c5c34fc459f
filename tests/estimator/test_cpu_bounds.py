"""What bounds a named CPU's decoding besides its RAM: its cores (a Core 2 Quad, a two-core laptop), and
across two sockets the NUMA link. Physics as properties over every processor in the table; golden figures
from independent arithmetic on the vendors' spec figures (cores × GHz × FLOPs per cycle; channels × 8 bytes
× MT/s) and from the seen public rows the efficiency was fitted on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from answers.knowledge.cpus import find_cpu, spec_of
from answers.knowledge.profiles import load_profile, load_setup_constants
from catalog.cpus import load_cpus
from catalog.gpus import load_current_records
from estimator.cpu_machine import CpuSpec, cpu_decode_gbps, cpu_ram
from estimator.cpu_only import cpu_row
from estimator.machine import effective_gbps
from estimator.model import ModelSize
from estimator.quants import quant
from estimator.setups import Device, Setup, rate_setup

CONSTANTS = load_setup_constants()
MACHINE = CONSTANTS.machine
CPUS = load_cpus()
LEVELS = st.sampled_from(["Q8_0", "Q4_K_M", "IQ2_XXS"])
PROFILES = st.sampled_from(["reference", "measured"])
SIZES = st.sampled_from([1.1, 3.0, 8.0, 32.0, 70.0, 235.0])
BOARD_CHANNELS = (1, 2, 3, 4, 6, 8, 12, 16, 24)  # laptops to two-socket servers


def _cpu(name: str) -> CpuSpec:
    spec = find_cpu(name)
    assert spec is not None, name
    return spec


def test_an_old_quad_core_is_held_by_its_cores() -> None:
    # Core 2 Quad Q8400: 4 cores × 2.66 GHz × 8 FP32 FLOPs (SSE, no FMA) = 85 GFLOP/s, far below what its
    # dual-channel DDR3-1066 (17 GB/s) streams for a 1.1B model: the cores set the pace, not the RAM.
    cpu = _cpu("Core 2 Quad Q8400")
    q = quant("Q4_K_M")
    row = cpu_row(CONSTANTS, load_profile("measured"), ModelSize(1.1), q, cpu=cpu)
    by_cores = 4 * 2.66 * 8 * MACHINE.cpu_decode_efficiency / 2 * q.bpw / 8
    assert row.ram_effective_gbps == pytest.approx(by_cores)
    assert row.ram_effective_gbps < effective_gbps(MACHINE, cpu_ram(MACHINE, cpu), "cpu_only")
    # the public row the efficiency was fitted on: TinyLlama at 4.04 tok/s inside the range
    assert row.tok_s_low <= 4.04 <= row.tok_s_high


def test_a_modern_desktop_is_still_held_by_its_ram() -> None:
    # 16 Zen 4 cores: 16 × 4.8 × 32 × 0.16 / 2 × 4.85 / 8 ≈ 119 GB/s of Q4_K_M weights, above the 0.75 × 83 GB/s
    # its dual-channel DDR5-5200 streams
    cpu = _cpu("Ryzen 9 7950X")
    row = cpu_row(CONSTANTS, load_profile("measured"), ModelSize(8.0), quant("Q4_K_M"), cpu=cpu)
    assert row.ram_effective_gbps == pytest.approx(effective_gbps(MACHINE, cpu_ram(MACHINE, cpu), "cpu_only"))


def test_two_sockets_do_not_stream_both_sockets_bandwidth() -> None:
    # 2 × EPYC 9355, 24 channels of DDR5-6000: one socket's 12 channels × 1.2, not 24
    cpu = _cpu("EPYC 9355")
    both = cpu_ram(MACHINE, cpu, "DDR5", 6000, 24)
    one = cpu_ram(MACHINE, cpu, "DDR5", 6000, 12)
    assert both.theoretical_gbps == pytest.approx(24 * 8 * 6000 / 1000)
    ratio = effective_gbps(MACHINE, both, "cpu_only") / effective_gbps(MACHINE, one, "cpu_only")
    assert ratio == pytest.approx(MACHINE.numa_socket_gain)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(CPUS), SIZES, LEVELS, PROFILES, st.lists(st.sampled_from(BOARD_CHANNELS), min_size=2,
                                                                 max_size=2, unique=True))
def test_more_channels_are_never_slower(record, params_b, level, profile, pair) -> None:
    """Channel counts boards have (one or two sockets): the server share from 8 channels on and the NUMA
    share past one socket never make more channels slower."""
    cpu, p, q = spec_of(record), load_profile(profile), quant(level)
    kind = record.ram[0][0]
    channels, wider = sorted(pair)
    few = cpu_row(CONSTANTS, p, ModelSize(params_b), q, ram_type=kind, ram_channels=channels, cpu=cpu)
    more = cpu_row(CONSTANTS, p, ModelSize(params_b), q, ram_type=kind, ram_channels=wider, cpu=cpu)
    assert more.tok_s >= few.tok_s * (1 - 1e-9)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(CPUS), SIZES, LEVELS, PROFILES, st.integers(min_value=1, max_value=64))
def test_more_cores_are_never_slower(record, params_b, level, profile, extra) -> None:
    cpu, p, q = spec_of(record), load_profile(profile), quant(level)
    more = replace(cpu, cores=cpu.cores + extra)
    slow = cpu_row(CONSTANTS, p, ModelSize(params_b), q, cpu=cpu)
    fast = cpu_row(CONSTANTS, p, ModelSize(params_b), q, cpu=more)
    assert fast.tok_s >= slow.tok_s * (1 - 1e-9)
    assert cpu_decode_gbps(MACHINE, more, q.bpw) > cpu_decode_gbps(MACHINE, cpu, q.bpw)  # type: ignore[operator]


CARDS = tuple(c for c in load_current_records() if 6 <= c.memory_gb <= 32)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CPUS), st.sampled_from([14.0, 32.0, 70.0]), st.sampled_from(CARDS))
def test_offload_beside_a_named_cpu_never_beats_the_model_whole(record, params_b, card) -> None:
    p = load_profile("measured", CONSTANTS)
    model = ModelSize(params_b)
    row = rate_setup(p, model, Setup((Device(card),), ram_gb=256, cpu=spec_of(record)), constants=CONSTANTS)
    if row.fit == "offload":
        assert row.quant is not None and row.tok_s is not None
        assert row.tok_s <= p.tok_s(model, card, row.quant) * 1.0001


@pytest.mark.parametrize(("question", "ram_gb"), [
    ("deepseek r1 q4_k_m on a 4090 with an epyc 9654, how fast?", 384),  # 12 channels × 32 GB
    ("deepseek r1 q4_k_m su una 4090 con un epyc 9654, quanto va?", 384),
    ("deepseek r1 q4_k_m mit einer 4090 und einem threadripper 3970x, wie schnell?", 128),  # 4 × 32 GB
    ("deepseek r1 q4_k_m on a 4090, how fast?", 32),  # a desktop's common amount
])
def test_a_named_server_is_taken_with_its_channels_filled(engine, question, ram_gb) -> None:
    from answers.engine import AskOptions

    facts = engine.ask(question, options=AskOptions(profile="measured")).facts
    guess = facts.get("offload_assumed") or {}
    assert guess.get("ram_gb") == ram_gb
    if ram_gb >= 384:  # a 12-channel server holds DeepSeek-R1's 4-bit file beside the card
        assert guess["outcome"] == "runs" and guess["tok_s"] > 3


@pytest.mark.parametrize(("question", "cores_bound"), [
    ("how fast is tinyllama on an old core 2 quad q8400?", True),
    ("tinyllama num core 2 quad q8400, quantos tokens por segundo?", True),
    ("how fast is llama 3.1 8b on a ryzen 9 7950x without a gpu?", False),
])
def test_the_answer_says_when_the_cores_set_the_pace(engine, question, cores_bound) -> None:
    from answers.engine import AskOptions

    a = engine.ask(question, options=AskOptions(profile="measured"))
    cpu = next(v for v in a.facts.values() if isinstance(v, dict) and "cpu_cores_bound" in v)
    assert cpu["cpu_cores_bound"] is cores_bound


@pytest.mark.parametrize("question", [
    "phi 3 mini cpu only on an intel core i5-4278u (my old 2014 macbook pro), how many tok/s?",
    "phi 3 mini solo cpu su un core 2 quad q8400 (un vecchio dell optiplex 780), quanti token al secondo?",
    "phi 3 mini solo cpu en un core i7-8700 (un hp elitedesk 800), cuantos tokens por segundo?",
])
def test_cpu_only_on_a_named_cpu_is_never_the_laptop_or_pc_beside_it(engine, question) -> None:
    """The processor named with the card left out in words is the machine: a MacBook's or a PC model's number
    beside it ("optiplex 780") is no Apple chip and no GTX 780."""
    from answers.engine import AskOptions

    a = engine.ask(question, options=AskOptions(profile="measured"))
    cpu = next(v for v in a.facts.values() if isinstance(v, dict) and "cpu_cores_bound" in v)
    assert cpu["ram_cpu"] is not None and cpu["pick"]["tok_s"] < 30


@pytest.mark.parametrize(("question", "sockets"), [
    ("deepseek r1 q4_k_m on a 4090 with 2x xeon gold 6430 and 1tb of ddr5", 2),
    ("deepseek r1 q4_k_m su una 4090 con doppio xeon gold 6430 e 1tb di ddr5", 2),
    ("deepseek r1 q4_k_m auf einer 4090 mit xeon gold 6430 x2 und 1tb ddr5", 2),
    ("deepseek r1 q4_k_m on a 4090 with a xeon gold 6430 and 1tb of ddr5", 1),
])
def test_two_server_sockets_are_read_and_stream_one_point_two_sockets(engine, question, sockets) -> None:
    """"2x Xeon Gold 6430": 2 × 8 channels of DDR5-4400 (Intel ARK), streamed at `numa.socket_gain` single
    sockets' worth, never both; one socket keeps its own 8 channels."""
    from answers.engine import AskOptions

    row = engine.ask(question, options=AskOptions(profile="measured")).facts["row"]
    assert row["ram_channels"] == 8 * sockets and row["ram_mts"] == 4400
    one_socket = 8 * 8 * 4400 / 1000
    share = MACHINE.shares["offload_moe"]["server"]
    gain = MACHINE.numa_socket_gain if sockets == 2 else 1.0
    assert row["ram_effective_gbps"] == pytest.approx(one_socket * share * gain)
