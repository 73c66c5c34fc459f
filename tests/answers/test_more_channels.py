"""A CPU-only answer on a dual-channel desktop says what 4 and 8 channels would give, and a workstation or server
platform named beside a desktop processor ("is a Threadripper worth it?") is not taken as the machine.

Independent arithmetic: bandwidth = channels × 8 bytes × MT/s (DDR5-5600: 44.8 GB/s a channel, 179.2 on four,
358.4 on eight); decoding reads every weight once per token, so on the same share a quad-channel machine decodes
twice as fast as a dual-channel one. Public figures: an EPYC 9554 on 12 × DDR5-4800 decodes Phi-4 14B Q8_0 at
19.2 tok/s (ahelpme.com), several times a desktop's 5-7."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "mts"), [
    ("cpu only, i5-13600k with 64gb ddr5-5600 in two channels: how fast is qwen3 14b at q4? would more channels help",
     5600),
    ("nur CPU, 32 GB DDR4-3200: wie schnell läuft Mistral Small 24B? bringen mehr Speicherkanäle was?", 3200),
    ("sin gpu, 64 gb ddr5-6000, qué velocidad tiene qwen3 14b en q4_k_m", 6000),
])
def test_a_dual_channel_answer_gives_four_and_eight_channels(engine, question: str, mts: int) -> None:
    answer = engine.ask(question)
    cpu = answer.facts["cpu"]
    assert cpu["ram_channels"] == 2 and cpu["ram_mts"] == mts
    four, eight = cpu["more_channels"]
    assert four["channels"] == 4 and eight["channels"] == 8
    assert four["bandwidth_gbps"] == pytest.approx(4 * 8 * mts / 1000)
    assert eight["bandwidth_gbps"] == pytest.approx(8 * 8 * mts / 1000)
    if not cpu["cpu_cores_bound"]:
        assert four["tok_s"] == pytest.approx(2 * cpu["pick"]["tok_s"], rel=0.01)
    assert 2.5 < eight["tok_s"] / cpu["pick"]["tok_s"] < 4.5  # a server streams a smaller share of its RAM
    assert f"{four['bandwidth_gbps']:.0f}" in answer.text.replace(",", "").replace(".", ""), answer.text


def test_an_eight_channel_machine_is_not_told_about_more_channels(engine) -> None:
    answer = engine.ask("cpu only on 8 channels of ddr4-3200, 256 gb: qwen3 32b q4 speed?")
    assert answer.facts["cpu"]["ram_channels"] == 8
    assert answer.facts["cpu"]["more_channels"] is None


@pytest.mark.parametrize("question", [
    "solo cpu, ryzen 7 7700 con 64gb ddr5-6000: quanto va un 14b in q4? meglio un threadripper?",
    "sans gpu, un i7-12700k et 64 go de ddr4-3200, gemma 3 12b va à quelle vitesse ? un epyc changerait quoi ?",
])
def test_a_platform_wished_for_is_not_the_machine(engine, question: str) -> None:
    cpu = engine.ask(question).facts["cpu"]
    assert cpu["ram_channels"] == 2
    assert cpu["more_channels"] is not None
