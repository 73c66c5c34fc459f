"""A Mac or another unified machine named with its memory as a bare number ("m4 max 128", "mac studio m3 ultra
512", "framework desktop 64") is that memory's machine, never the chip's smallest or default variant. The sizes
are Apple's own (catalog/data/hardware/apple.json, apple.com tech specs); a number Apple never sold the chip
with is not read as memory."""

from __future__ import annotations

import pytest

SAID = [
    ("m4 max 128 owners: glm-4.5-air, how fast?", "en", "Apple M4 Max 128 GB"),
    ("mac studio m3 ultra 512 per deepseek r1 q4, quanto va veloce?", "it", "Apple M3 Ultra 512 GB"),
    ("macbook pro m3 max 64: qwen3 32b q4 wie schnell", "de", "Apple M3 Max 64 GB"),
    ("mi macbook pro m4 pro 48 con qwen3 32b, velocidad?", "es", "Apple M4 Pro 48 GB"),
    ("un m2 ultra 192 pour llama 3.3 70b, quelle vitesse ?", "fr", "Apple M2 Ultra 192 GB"),
    ("framework desktop 64 roda qwen3 32b a quantos tok/s?", "pt", "Ryzen AI Max+ 395 64 GB"),
]


@pytest.mark.parametrize(("question", "lang", "device"), SAID)
def test_a_bare_memory_after_the_chip_is_its_memory(engine, question, lang, device) -> None:
    a = engine.ask(question, locale=lang)
    assert a.entities.get("card") == device, a.text
    assert device.rsplit(" ", 2)[-2] in a.text.replace("\u202f", " ").replace("\xa0", " ")


def test_a_number_apple_never_sold_the_chip_with_is_not_its_memory(engine) -> None:
    # no M4 Max has 40 GB: the number stays what it was (here the GPU's core count)
    a = engine.ask("m4 max 40 core, qwen3 32b speed?", locale="en")
    assert a.entities.get("card") != "Apple M4 Max 40 GB"


@pytest.mark.parametrize(("question", "lang"), [
    ("jetson agx orin 64gb, welche llms laufen darauf? und lohnt sich der jetson thor dagegen", "de"),
    ("i own an m4 max 128gb and a dgx spark: which one runs gpt-oss-120b faster?", "en"),
    ("ho un jetson agx orin 64gb e un jetson thor, quale fa girare qwen3 32b meglio?", "it"),
])
def test_two_different_machines_are_set_side_by_side_never_pooled(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    text = a.text.replace("\u202f", " ")
    assert " + " not in text.splitlines()[0]  # never "Orin + Thor (172.8 GB)" as one machine
    assert "172" not in text and "256 GB" not in text.splitlines()[0]
