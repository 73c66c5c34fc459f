"""A Snapdragon X laptop and a Pixel 8 get an answer: the X Elite is a processor with 135 GB/s of LPDDR5X
(qualcomm.com: 128-bit LPDDR5X-8448), its "32gb" is its RAM, never a graphics card's, and its NPU is Qualcomm's
Hexagon (LM Studio and Ollama run on the CPU cores: bpbonker/npurun README); a Pixel 8 Pro is a Tensor G3 phone
with 12 GB (phonearena.com), so Gemma 3n E4B is a yes with a speed."""

from __future__ import annotations

import pytest

X_ELITE = [
    ("snapdragon x elite laptop with 32gb: phi-4-mini on the npu or the cpu, how fast?", "en"),
    ("snapdragon x elite laptop mit 32gb: phi-4-mini lieber auf npu oder cpu? wie schnell?", "de"),
    ("portátil snapdragon x elite con 32gb: phi-4-mini en la npu o en la cpu, qué velocidad?", "es"),
    ("pc portable snapdragon x elite 32 go : phi-4-mini sur le npu ou le cpu, quelle vitesse ?", "fr"),
]


@pytest.mark.parametrize(("question", "lang"), X_ELITE)
def test_a_snapdragon_x_laptop_is_its_processor_with_qualcomms_npu(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    cpu = a.facts["cpu"]
    assert cpu["ram_gb"] == 32 and round(cpu["ram_bandwidth_gbps"]) == 135
    assert 10 <= cpu["pick"]["tok_s"] <= 60  # public CPU runs of 3-4B models on an X Elite: ~15-40 tok/s
    assert "5090" not in a.text and "Hexagon" in a.text and "Ryzen AI" not in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("does gemma 3n e4b run on my pixel 8 pro? how fast?", "en"),
    ("sul pixel 8 pro gira gemma 3n e4b? a che velocità?", "it"),
    ("roda o gemma 3n e4b no pixel 8 pro? qual a velocidade?", "pt"),
])
def test_a_pixel_8_pro_answers_gemma_3n(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    assert a.facts.get("media") == "device" and a.facts["device"]["name"] == "Google Tensor G3"
    assert a.facts["device"]["memory_gb"] == 12 and a.facts["row"] is not None
    assert 3 <= a.facts["row"]["tok_s"] <= 15  # public phone runs of Gemma 3n E4B: ~5-8 tok/s
