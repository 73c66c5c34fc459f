"""Phones, boards and old cards are rated as what they are: a mid-range phone by its own chip (never a flagship
assumed), an iPhone on its GPU through Metal (the way iOS apps run llama.cpp), a Rockchip RK3588 board from its
own memory with the word that its NPU is not what llama.cpp uses, and an AMD Polaris card (RX 580) at the speed
public runs on it reach. Golden figures are public runs or arithmetic on them; phrasings in several
languages, none from a trial."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from estimator.device import Device, DeviceConstants


@pytest.mark.parametrize(("question", "lang"), [
    ("can my samsung galaxy a55 run gemma 3 4b? how fast", "en"),
    ("gemma 3 4b gira sul mio galaxy a55?", "it"),
    ("läuft Gemma 3 4B auf meinem Galaxy A55 mit 8 GB?", "de"),
])
def test_a_mid_range_phone_is_its_own_chip_never_an_assumed_flagship(engine: Engine, question: str,
                                                                     lang: str) -> None:
    """The Galaxy A55 is an Exynos 1480 (4 × Cortex-A78, LPDDR5: 51.2 GB/s at most); Gemma 3 4B at 4 bits reads
    ~2.5-3 GB a token, so its bandwidth bound is ~17-20 tok/s and phone apps reach about a third of it."""
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("media") == "device"
    assert a.facts["device"]["name"] == "Samsung Exynos 1480" and not a.facts["assumed_phone"]
    assert 3.5 <= a.facts["row"]["tok_s"] <= 8.0
    assert "Snapdragon" not in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen3 4b q4_k_m on an iphone 16 pro, tokens per second?", "en"),
    ("qwen3 4b en q4_k_m en un iphone 16 pro, ¿va fluido?", "es"),
    ("qwen3 4b em q4_k_m no iphone 16 pro, quantos tokens por segundo?", "pt"),
])
def test_an_iphone_is_rated_on_its_gpu_through_metal(engine: Engine, question: str, lang: str) -> None:
    """iOS llama.cpp apps (PocketPal, LLM Farm) run on Metal; the A18 Pro's 60 GB/s over the ~2.4 GB read per
    token of a 4 B model at Q4_K_M bounds it at ~25 tok/s, and a GPU keeps more of it than phone CPU cores."""
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("media") == "device"
    assert a.facts["device"]["runs_on"] == "gpu" and "Metal" in a.text
    assert a.facts["row"]["quant"] == "Q4_K_M" and 10.0 <= a.facts["row"]["tok_s"] <= 17.0
    assert a.facts["verdict"] == "reading"


@pytest.mark.parametrize(("question", "lang"), [
    ("phi 4 mini on an orange pi 5, tok/s?", "en"),
    ("phi 4 mini su una rock 5b con rk3588, quanti token al secondo?", "it"),
    ("phi 4 mini sur une orange pi 5 plus, ça tourne à quelle vitesse ?", "fr"),
    ("Phi-4-mini auf einem Orange Pi 5, nutzt das die NPU?", "de"),
])
def test_an_rk3588_board_is_answered_from_its_memory_with_the_npu_said(engine: Engine, question: str,
                                                                        lang: str) -> None:
    """An Orange Pi 5 ran Phi-3-mini (3.8 B) IQ4_XS at 6.9 tok/s on its four big cores (ggml-org/llama.cpp#7176);
    Phi-4-mini is the same size. The NPU is RKLLM's, not llama.cpp's."""
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("media") == "device"
    assert a.facts["device"]["name"] == "Rockchip RK3588"
    npu = a.facts["device"]["npu"]
    assert {k: npu[k] for k in ("tops", "runtime", "used")} == {"tops": 6, "runtime": "RKLLM", "used": False}
    assert 4.0 <= a.facts["row"]["tok_s"] <= 10.0
    assert "RKLLM" in a.text and "Raspberry" not in a.text


def test_the_npu_is_said_in_every_language(engine: Engine) -> None:
    texts = {lang: engine.ask("phi 4 mini on an orange pi 5", lang).text for lang in ("en", "it", "fr", "de",
                                                                                      "es", "pt")}
    npu_lines = {lang: next(line for line in t.splitlines() if "RKLLM" in line) for lang, t in texts.items()}
    assert len(set(npu_lines.values())) == 6  # each its own sentence, none left in English
    assert all("6" in line for line in npu_lines.values())


@pytest.mark.parametrize(("question", "lang"), [
    ("llama 3.2 3b q8_0 on a radeon rx 580, tok/s?", "en"),
    ("llama 3.2 3b in q8_0 su una rx 580 8gb, quanti token al secondo?", "it"),
])
def test_an_old_polaris_card_is_rated_at_what_public_runs_on_it_reach(engine: Engine, question: str, lang: str) -> None:
    """An RX 580 ran Llama 3.2 3B Q4_K_M (1.87 GiB) at 52 tok/s (geerlingguy/ai-benchmarks#20); the Q8_0 file
    (3.18 GiB) reads 1.7× more per token: about 30 tok/s, never the ~50 of a card reaching 2/3 of 256 GB/s; the
    RX 5700 XT (RDNA) is not slowed with it."""
    a = engine.ask(question, options=AskOptions(profile="measured"))
    assert a.locale == lang
    assert a.facts["row"]["card"] == "Radeon RX 580" and a.facts["row"]["quant"] == "Q8_0"
    assert 20.0 <= a.facts["row"]["tok_s"] <= 38.0
    rdna = engine.ask("llama 3.2 3b q8_0 on a radeon rx 5700 xt, tok/s?", options=AskOptions(profile="measured"))
    assert rdna.facts["row"]["tok_s"] > 60.0  # 448 GB/s, RDNA: no Polaris factor


def test_a_class_without_a_fitted_row_takes_the_default() -> None:
    c = DeviceConstants(app_share={"phone": 0.5}, efficiency={"phone": 0.3, "default": 0.5}, range_low=0.7,
                        range_high=1.1)
    on_gpu = Device("x", "phone", 8, 60.0, "gpu")
    on_cpu = Device("x", "phone", 8, 60.0)
    assert on_gpu.speed_class == "phone_gpu" and on_cpu.speed_class == "phone"
    assert c.efficiency.get(on_gpu.speed_class, c.efficiency["default"]) == 0.5
