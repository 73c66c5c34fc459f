"""Laptop chips and boards with an NPU get an answer, not a "no model called …": a Ryzen AI 9 HX 370 is its
Radeon 890M (amd.com), named once or twice, with or without the word "laptop"; an RK3588 board's CPU figure
follows its own public run (Phi-3-mini IQ4_XS at 6.93 tok/s on an Orange Pi 5, ggml-org/llama.cpp#7176) and its
NPU is said to run models through RKLLM at a public figure (a 3B w8a8 model at 8.2 tok/s)."""

from __future__ import annotations

import pytest

HX_370 = [
    ("ryzen ai 9 hx 370 laptop with 32gb: is the npu any use for llms, or should i stick to the 890m?", "en"),
    ("portatile con ryzen ai 9 hx 370 e 32gb, la npu serve per gli llm o meglio la igpu 890m?", "it"),
    ("laptop mit ryzen ai 9 hx 370 und 32gb: bringt die npu was für llms oder lieber die 890m igpu?", "de"),
    ("notebook com ryzen ai 9 hx 370 e 32gb: a npu serve pra llm ou fico na 890m?", "pt"),
]


@pytest.mark.parametrize(("question", "lang"), HX_370)
def test_a_ryzen_ai_laptop_is_its_integrated_graphics_with_the_npu_said(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent not in ("not_found", "fallback"), a.text
    assert "Radeon 890M" in a.text and "32" in a.text
    assert "NPU" in a.text  # the side note on what the NPU does and does not run
    assert a.entities.get("model") in (None, "")  # nothing of the chip's name taken for a model


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen2.5 3b on an orange pi 5 plus: npu with rkllm or the cpu, how fast?", "en"),
    ("orange pi 5 plus, qwen2.5 3b sul npu con rkllm: quanto va rispetto alla cpu?", "it"),
    ("rock 5b rk3588: qwen2.5 3b über rkllm auf der npu, wie schnell im vergleich zur cpu?", "de"),
])
def test_an_rk3588_npu_gets_its_public_figure_and_the_cpu_a_realistic_one(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    assert a.facts["device"]["name"] == "Rockchip RK3588"
    assert 4.5 <= a.facts["row"]["tok_s"] <= 8.5  # A76 cores: public runs of 3-4B Q4 files at about 5-7 tok/s
    npu = a.facts["device"]["npu"]
    assert 6.0 <= npu["tok_s"] <= 10.0 and npu["run_tok_s"] == 8.2
    assert "RKLLM" in a.text and "w8a8" in a.text
