"""The machine around the card: RAM bandwidth from what the asker says, a server's channels from its
capacity, MoE experts streamed at that bandwidth, CPU-only decode and prefill, a Mac's raisable GPU
share, integrated GPUs. Golden figures are independent arithmetic (channels × 8 bytes × MT/s) or
public measurements (benchmarks/data/machine_measured.csv)."""

from __future__ import annotations

import json
import statistics

import pytest

from answers.engine import AskOptions
from answers.knowledge.profiles import load_setup_constants
from answers.reading import ram_words
from benchmarks.offload_accuracy import cross_validate, load_cases
from estimator.machine import BadRam, cpu_prefill, ram_spec

MACHINE = load_setup_constants().machine
PROFILES = ("reference", "measured")


# ------------------------------------------------------------------------------------------ bandwidth


@pytest.mark.parametrize(("kind", "mts", "channels", "gb", "expected"), [
    ("DDR5", 6000, 12, 512, 12 * 8 * 6000 / 1000),  # 576 GB/s: a 12-channel EPYC 9005
    ("DDR5", 4800, 12, None, 460.8),  # EPYC 9004 'Genoa', AMD's figure
    ("DDR4", None, None, 64, 2 * 8 * 3200 / 1000),  # nothing but the type said: dual-channel DDR4-3200
    ("DDR5", None, None, 64, 2 * 8 * 5600 / 1000),  # 89.6 GB/s
    (None, None, None, 32, 2 * 8 * 3200 / 1000),  # nothing said at all: DDR4, as before
    ("LPDDR5X", 8533, None, None, 128 / 8 * 8533 / 1000),  # a 128-bit laptop bus: 136.5 GB/s
    ("DDR4", 3600, 4, None, 4 * 8 * 3600 / 1000),  # quad-channel DDR4-3600
])
def test_bandwidth_is_channels_times_eight_bytes_times_the_speed(kind, mts, channels, gb, expected) -> None:
    assert ram_spec(MACHINE, kind, mts, channels, gb).theoretical_gbps == pytest.approx(expected, rel=1e-3)


@pytest.mark.parametrize(("kind", "gb", "channels", "said_type"), [
    ("DDR5", 512, 12, "DDR5"),  # only a server takes 512 GB: 12 channels (EPYC 9004/9005)
    ("DDR5", 768, 12, "DDR5"),
    ("DDR5", 320, 8, "DDR5"),  # a workstation's 8 channels (Threadripper PRO, Xeon W)
    ("DDR5", 256, 2, "DDR5"),  # 4 × 64 GB: AM5 and LGA1851 desktops take it (the "R1 on 256 GB + a 3090" miss)
    ("DDR4", 256, 8, "DDR4"),  # EPYC 7002/7003
    ("DDR5", 192, 2, "DDR5"),  # 4 × 48 GB fits a desktop
    ("DDR4", 128, 2, "DDR4"),
    (None, 512, 12, "DDR5"),  # no type said: 512 GB is a DDR5 server's
    (None, 256, 8, "DDR4"),
])
def test_a_capacity_only_servers_have_implies_their_channels(kind, gb, channels, said_type) -> None:
    spec = ram_spec(MACHINE, kind, None, None, gb)
    assert spec.channels == channels and spec.kind == said_type
    assert ("channels" in spec.assumed) and (spec.platform_rule is not None) == (channels >= 8)


def test_a_server_without_a_speed_is_taken_at_its_jedec_default() -> None:
    spec = ram_spec(MACHINE, "DDR5", None, None, 768)
    assert spec.mts == 4800 and spec.theoretical_gbps == pytest.approx(460.8)
    assert set(spec.assumed) == {"speed", "channels"}


@pytest.mark.parametrize(("kind", "mts", "channels"), [("DDR4", 9000, None), ("DDR5", 1600, None),
                                                       ("DDR5", None, 40), ("SDRAM", None, None)])
def test_impossible_ram_is_refused(kind, mts, channels) -> None:
    with pytest.raises(BadRam):
        ram_spec(MACHINE, kind, mts, channels, 64)


# ------------------------------------------------------------------------------------------ words


@pytest.mark.parametrize(("question", "kind", "mts", "channels"), [
    ("8gb vram 64gb ddr5", "DDR5", None, None),
    ("qwen3 235b on a 3090 with 512gb ddr5-6000, 12 channels", "DDR5", 6000, 12),
    ("64 GB DDR4 3200 mhz dual channel", "DDR4", 3200, 2),
    ("octa-channel ddr4", "DDR4", None, 8),
    ("ram a 12 canali ddr5 4800", "DDR5", 4800, 12),
    ("128 Go de DDR5 à 6000 MT/s", "DDR5", 6000, None),
    ("Quad-Channel DDR4 mit 128 GB", "DDR4", None, 4),
    ("memória DDR5 canal duplo", "DDR5", None, 2),
    ("8 canales de ddr5 a 4800", "DDR5", 4800, 8),
    ("llama 3 70b on 2x 3090", None, None, None),
    ("ddr5 128 gb", "DDR5", None, None),  # a size is no speed
])
def test_ram_words_in_the_question(question, kind, mts, channels) -> None:
    said = ram_words.read(question)
    assert (said.kind, said.mts, said.channels) == (kind, mts, channels)


def test_8gb_vram_64gb_ddr5_is_ddr5(engine) -> None:
    a = engine.ask("can I run qwen3 30b a3b with 8gb vram and 64gb ddr5")
    row = a.facts["row"]
    assert row["fit"] == "offload" and row["ram_type"] == "DDR5"
    assert row["ram_bandwidth_gbps"] == pytest.approx(2 * 8 * 5600 / 1000)
    assert "DDR5-5600" in a.text and "DDR4" not in a.text


# ------------------------------------------------------------------------------------------ offload


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("question", [
    "can I run qwen3 235b a22b q6_k on a 3090 with 512gb ddr5-6000?",
    "can I run qwen3 235b a22b q6_k on a 3090 with 512gb ddr5-6000, 12 channels?",
])
def test_moe_experts_stream_at_a_servers_bandwidth(engine, profile, question) -> None:
    # Measured (the report): 12 tok/s for Qwen3-235B-A22B Q6_K on one 3090 with 512 GB of
    # 12-channel DDR5-6000, where the dual-channel assumption gave 1.2 tok/s and "crawls".
    a = engine.ask(question, options=AskOptions(profile=profile))
    row = a.facts["row"]
    assert row["fit"] == "offload" and row["quant"] == "Q6_K"
    assert row["ram_channels"] == 12 and row["ram_bandwidth_gbps"] == pytest.approx(576)
    assert row["tok_s_low"] <= 12.0 <= row["tok_s_high"]
    assert 12 / 1.5 <= row["tok_s"] <= 12 * 1.5
    assert "12 channels of DDR5-6000" in a.text


def test_a_server_sentence_in_six_languages(engine) -> None:
    for lang in ("it", "fr", "de", "es", "pt"):
        a = engine.ask("can I run qwen3 235b a22b q6_k on a 3090 with 512gb ddr5-6000?", locale=lang)
        assert a.locale == lang and "DDR5-6000" in a.text
        assert "workstation's or a server's" not in a.text and "The processor streams" not in a.text


# ------------------------------------------------------------------------------------------ CPU only


def test_cpu_only_decode_matches_a_measured_server_row(engine) -> None:
    # EPYC 9554, 12 × DDR5-4800: Phi-4 14B Q8_0 at 19.19 tok/s (ahelpme.com, machine_measured.csv).
    a = engine.ask("phi-4 q8_0 on cpu only with 192gb ddr5-4800 12 channels", options=AskOptions(profile="measured"))
    pick = a.facts["cpu"]["pick"]
    assert a.facts["cpu"]["ram_channels"] == 12 and pick["quant"] == "Q8_0"
    assert pick["tok_s_low"] <= 19.19 <= pick["tok_s_high"]


def test_cpu_prefill_is_cores_times_vector_flops() -> None:
    # 8 cores × 4.5 GHz × 32 FP32 FLOPs per cycle (AVX2: two 256-bit FMA) × 0.7 / (2 × 8.03e9 FLOPs per token)
    expected = 8 * 4.5e9 * 32 * 0.7 / (2 * 8.03e9)
    assert cpu_prefill(MACHINE, 8.03).tok_s == pytest.approx(expected)
    # Threadripper 3970X (32 cores at 3.7 GHz, AVX2), Llama 3.1 8B Q4_K_M: pp512 = 155.5 (normiebench #52)
    tr = cpu_prefill(MACHINE, 8.03, cores=32, ghz=3.7, isa="avx2")
    assert tr.tok_s_low <= 155.5 <= tr.tok_s_high


def test_cpu_answer_gives_the_prompt_speed(engine) -> None:
    a = engine.ask("llama 3.1 8b on cpu only with 64gb ddr5")
    cpu = a.facts["cpu"]
    assert cpu["prefill_tok_s"] == pytest.approx(8 * 4.5e9 * 32 * 0.7 / (2 * 8.03e9), rel=0.01)
    assert "reads a prompt" in a.text and "8-core" in a.text


# ------------------------------------------------------------------------------------------ accuracy


@pytest.mark.parametrize("profile", PROFILES)
def test_offload_and_cpu_only_meet_the_goal(profile) -> None:
    scored = cross_validate(profile, load_cases())
    assert len(scored) >= 25
    assert statistics.median(s.error for s in scored) <= 1.5
    assert sum(s.inside for s in scored) / len(scored) >= 0.7
    servers = [s for s in scored if s.platform == "server"]
    assert len(servers) >= 5 and statistics.median(s.error for s in servers) <= 1.5


# ------------------------------------------------------------------------------------------ Mac


# One usable-memory rule for a Mac under both profiles (issue 28): the same limit is suggested.
@pytest.mark.parametrize(("profile", "left_gb"), [("reference", 8), ("measured", 8)])
def test_a_mac_missing_only_its_default_share_says_how_to_raise_it(engine, profile, left_gb) -> None:
    a = engine.ask("llama 3 70b q4_0 on m3 max 48gb", options=AskOptions(profile=profile))
    assert a.facts["row"]["fit"] == "no"  # at macOS' default 3/4 share (36 GB)
    raised = a.facts["raise_wired_limit"]
    assert raised["left_gb"] == left_gb and raised["wired_limit_mb"] == (48 - left_gb) * 1024
    assert raised["row"]["quant"] == "Q4_0" and raised["row"]["tok_s"] > 3
    assert f"iogpu.wired_limit_mb={(48 - left_gb) * 1024}" in a.text


def test_no_raise_when_even_a_raised_share_is_too_small(engine) -> None:
    a = engine.ask("llama 3 70b q4_0 on m4 pro 24gb")
    assert a.facts["row"]["fit"] == "no" and "raise_wired_limit" not in a.facts
    assert "wired_limit" not in a.text


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_a_strix_halo_on_linux_says_how_to_raise_its_share(engine, profile) -> None:
    # Qwen3-235B at Q3_K_M (~107 GB) needs more than the 96 GB a 128 GB Ryzen AI Max gives its GPU by default; on Linux
    # the TTM limit lets the GPU map 110–124 GB (AMD's ROCm Strix Halo guide): 4 KiB pages, 262,144 a GB.
    a = engine.ask("qwen3 235b q3_k_m on a ryzen ai max+ 395 128gb", options=AskOptions(profile=profile))
    assert a.facts["row"]["fit"] == "no"
    raised = a.facts["raise_wired_limit"]
    assert raised["os"] == "linux" and 110 <= raised["gpu_gb"] <= 124
    assert raised["ttm_pages"] == raised["gpu_gb"] * 262144
    assert raised["row"]["quant"] == "Q3_K_M" and raised["row"]["tok_s"] > 3
    assert f"amd-ttm --set {raised['gpu_gb']:g}" in a.text and "sysctl" not in a.text


def test_a_dgx_spark_has_no_share_to_raise(engine) -> None:
    a = engine.ask("deepseek r1 on a dgx spark")
    assert "raise_wired_limit" not in a.facts and "amd-ttm" not in a.text


# ------------------------------------------------------------------------------------------ iGPUs


@pytest.mark.parametrize(("typed", "name", "bandwidth"), [
    ("780m", "Radeon 780M 32 GB", 2 * 8 * 5600 / 1000),  # dual-channel DDR5-5600
    ("radeon 890m", "Radeon 890M 32 GB", 128 / 8 * 7500 / 1000),  # LPDDR5X-7500, 128 bit
    ("arc 140v", "Arc 140V 32 GB", 136.5),  # LPDDR5X-8533 on package, 128 bit
    ("arc b390", "Arc B390 32 GB", 128 / 8 * 9600 / 1000),  # LPDDR5X-9600, 128 bit
    ("mi50 32gb", "Radeon Instinct MI50 32 GB", 1024),  # 4096-bit HBM2
])
def test_new_hardware_names_resolve(engine, typed, name, bandwidth) -> None:
    a = engine.ask(f"can a {typed} run llama 3.1 8b", options=AskOptions(profile="measured"))
    row = a.facts["row"]
    assert row["card"] == name and row["bandwidth_gbps"] == pytest.approx(bandwidth, rel=1e-3)


def test_an_igpu_gets_half_of_the_system_ram(engine) -> None:
    a = engine.ask("can a radeon 780m 64gb run qwen3 30b a3b", options=AskOptions(profile="measured"))
    row = a.facts["row"]
    assert row["why"] == "unified" and row["total_memory_gb"] == 64 and row["gpu_share"] == 0.5


# ------------------------------------------------------------------------------------------ bad RAM, CLI


@pytest.mark.parametrize("question", ["llama 3 70b on a 3090 with 64gb ddr4-9000",
                                      "llama 3 70b on a 3090 with 64gb ddr5 and 40 channels",
                                      "llama 3.1 8b cpu only 64gb ddr4-9000"])
def test_impossible_ram_gets_a_clear_answer(engine, question) -> None:
    a = engine.ask(question)
    assert a.intent == "invalid" and a.facts["reason"] == "ram" and "DDR5-6000" in a.text
    it = engine.ask(question, locale="it")
    assert it.locale == "it" and "canali" in it.text


@pytest.fixture
def _db(built_db, monkeypatch):  # noqa: ANN001
    monkeypatch.setenv("TPSBOT_DB", str(built_db))


@pytest.mark.usefixtures("_db")
def test_cli_takes_the_ram_speed_and_channels(capsys) -> None:  # noqa: ANN001
    from bot.cli.parser import main

    assert main(["table", "Qwen3-235B-A22B", "--quant", "Q6_K", "--card", "RTX 3090", "--ram", "512",
                 "--ram-type", "DDR5-6000", "--ram-channels", "12", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["setup"]["row"]
    assert (row["ram_type"], row["ram_mts"], row["ram_channels"]) == ("DDR5", 6000, 12)
    assert row["ram_bandwidth_gbps"] == pytest.approx(576) and row["ram_guessed"] == []
    assert row["ram_effective_gbps"] == pytest.approx(576 * 0.37)  # a server's share for experts in RAM
    assert main(["table", "Qwen3-235B-A22B", "--card", "RTX 3090", "--ram", "64", "--ram-type", "DDR4-9000",
                 "--json"]) != 0


# ------------------------------------------------------------------------------------------ platforms


@pytest.mark.parametrize(("question", "platform", "kind", "mts", "channels"), [
    ("epyc 9654 with 384gb", "epyc 9004", "DDR5", 4800, 12),  # AMD: 12 × DDR5-4800
    ("an epyc turin box", "epyc 9005", "DDR5", 6000, 12),
    ("threadripper 3970x 64gb", "threadripper 3000", "DDR4", 3200, 4),
    ("threadripper pro 5975wx 256gb ddr4", "threadripper pro 5000", "DDR4", 3200, 8),
    ("epyc 7532 and 256gb ddr4-2933", "epyc 7002", "DDR4", 2933, 8),  # the speed said wins
    ("xeon w7-3465x", "xeon w-3400", "DDR5", 4800, 8),
    ("dual e5-2690 v4 with 128gb", "xeon broadwell", "DDR4", 2400, 4),  # per socket
])
def test_a_named_platform_gives_its_ram(question, platform, kind, mts, channels) -> None:
    said = ram_words.with_platform(ram_words.read(question), MACHINE)
    assert (said.platform, said.kind, said.mts, said.channels) == (platform, kind, mts, channels)


@pytest.mark.parametrize(("question", "kind", "mts", "channels"), [
    # a family named without a model number: the generation the RAM type said points to (AMD, Intel pages)
    ("two 3090s and 128gb ddr4 in a threadripper", "DDR4", 3200, 4),  # TRX40: 4 × DDR4-3200
    ("ein threadripper mit ddr5", "DDR5", 5200, 4),  # TRX50: 4 × DDR5-5200
    ("un epyc con 256gb ddr4", "DDR4", 3200, 8),  # Milan: 8 × DDR4-3200
    ("un epyc avec de la ddr5", "DDR5", 4800, 12),  # Genoa: 12 × DDR5-4800
    ("uma placa-mãe de servidor com ddr4", "DDR4", 3200, 8),
    ("xeon w con ddr4", "DDR4", 2933, 6),  # Xeon W-3200: 6 × DDR4-2933
])
def test_a_family_without_a_model_number_gives_its_usual_channels(question, kind, mts, channels) -> None:
    said = ram_words.with_platform(ram_words.read(question), MACHINE)
    assert (said.kind, said.mts, said.channels) == (kind, mts, channels)


def test_a_threadripper_offload_is_faster_than_a_desktops(engine) -> None:
    ask = "qwen3 235b a22b q3_k_m with two 3090s and 128 gb ddr4{}, how fast?"
    desk = engine.ask(ask.format(""), options=AskOptions(profile="measured")).facts["row"]
    tr = engine.ask(ask.format(" on a threadripper"), options=AskOptions(profile="measured")).facts["row"]
    assert (desk["ram_channels"], tr["ram_channels"]) == (2, 4)
    assert tr["tok_s"] > 1.5 * desk["tok_s"]
    assert tr.get("ram_from_platform") and not desk.get("ram_from_platform")  # the answer says it assumed them


def test_a_card_beside_a_named_server_uses_its_channels(engine) -> None:
    a = engine.ask("qwen3 235b on a 3090 and an epyc genoa with 384gb", options=AskOptions(profile="measured"))
    row = a.facts["row"]
    assert row["fit"] == "offload" and row["ram_gb"] == 384
    assert row["ram_channels"] == 12 and row["ram_bandwidth_gbps"] == pytest.approx(12 * 8 * 4800 / 1000)


@pytest.mark.parametrize(("question", "ram_gb", "kind"), [
    ("dual channel ddr5-6000 96gb with rtx 3060 12gb, gpt-oss-120b speed?", 96.0, "DDR5"),
    ("rtx 3060 12gb with 96gb dual channel ddr5-6000", 96.0, "DDR5"),
    ("3090 with 128gb 8 channel ddr4", 128.0, "DDR4"),
    ("2x 3090 and 64gb ddr4-3200", 64.0, "DDR4"),
])
def test_a_ram_size_with_its_speed_or_channels_between_is_still_ram(question, ram_gb, kind) -> None:
    from answers.reading.setup_words import read

    said = read(question)
    assert (said.ram_gb, said.ram_type) == (ram_gb, kind)


def test_dual_channel_is_no_second_card(engine) -> None:
    a = engine.ask("dual channel ddr5-6000 96gb with rtx 3060 12gb, gpt-oss-120b speed?")
    assert a.intent != "two_gpus" and a.facts["row"]["fit"] == "offload"
    assert a.facts["row"]["ram_channels"] == 2 and a.facts["row"]["ram_mts"] == 6000


@pytest.mark.parametrize(("gb", "kind"), [(96, "DDR5"), (192, "DDR5"), (160, "DDR5"),
                                          (64, "DDR4"), (128, "DDR4"), (48, "DDR4")])
def test_a_capacity_sold_only_in_ddr5_kits_is_taken_as_ddr5(gb: float, kind: str) -> None:
    # 96 GB is 2 × 48 GB and 129–255 GB needs 48/64 GB modules: DDR4 UDIMMs stop at 32 GB (4 × 32 = 128 GB)
    spec = ram_spec(MACHINE, gb=gb)
    assert (spec.kind, spec.channels, spec.platform) == (kind, 2, "desktop")
    assert "type" in spec.assumed  # still said as an assumption


def test_a_stated_type_beats_the_capacity_guess() -> None:
    assert ram_spec(MACHINE, kind="DDR4", gb=96).kind == "DDR4"


@pytest.mark.parametrize("question", [
    "mixtral 8x7b on a 3060 12gb with a threadripper pro and 128gb, how fast?",
    "mixtral 8x7b su una 3060 12gb con un threadripper pro e 128gb, quanto va?",
    "mixtral 8x7b en una 3060 12gb con un epyc y 128gb, que velocidad?",
])
def test_a_ram_size_after_a_cards_own_size_and_a_platform_is_the_ram(engine, question) -> None:
    """"a 3060 12gb … and 128gb": the 12 GB is the card's, the 128 GB beside a named platform is the RAM."""
    row = engine.ask(question, options=AskOptions(profile="measured")).facts["row"]
    assert row["ram_gb"] == 128 and row["fit"] == "offload"
