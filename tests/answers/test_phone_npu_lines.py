"""A phone's NPU asked about: said with what runs on it, in the asker's language; not said when not asked.

Public facts: a Pixel's Tensor TPU runs only Google's Gemini Nano, through Android AICore (developer.android.com/ai/
gemini-nano); Google AI Edge Gallery runs Gemma through LiteRT on the CPU or GPU. Snapdragon 8 Elite and 8 Gen 3
phones run language models on the Hexagon NPU through Qualcomm's Genie (quic/ai-hub-apps llm_on_genie);
Qualcomm AI Hub's perf.yaml gives Llama 3.2 3B at w4a16 23.47 tok/s on a Snapdragon 8 Elite. A 3B model at
the same format is scaled by its weights: 23.47 x 3.21 / 3.21 = 23.5 for Llama 3.2 3B itself.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("my pixel 8 pro runs qwen3 1.7b how fast, and does the app use the tensor tpu or the cpu?", "en", "Gemini Nano"),
    ("pixel 9: llama 3.2 3b wie schnell, und nutzt das die TPU vom Tensor-Chip?", "de", "Gemini Nano"),
    ("con il mio pixel 8 gemma 3 1b va sulla npu o sulla cpu?", "it", "Gemini Nano"),
])
def test_a_pixels_tensor_npu_is_said_closed_to_apps(engine, question, lang, word) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    npu = answer.facts["device"]["npu"]
    assert npu["open_to_apps"] is False and npu["asked"] is True
    assert word in answer.text and "LiteRT" in answer.text, answer.text


@pytest.mark.parametrize(("question", "lang"), [
    ("galaxy s25 with snapdragon 8 elite: is there an app that uses the npu for llama 3.2 3b? how fast?", "en"),
    ("¿mi galaxy s25 (snapdragon 8 elite) puede usar la npu para llama 3.2 3b? ¿a cuántos tokens?", "es"),
])
def test_a_snapdragon_8_elite_npu_gets_its_public_genie_run(engine, question, lang) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    npu = answer.facts["device"]["npu"]
    assert npu["runtime"].startswith("Qualcomm Genie")
    assert npu["tok_s"] == pytest.approx(23.5, rel=0.05)
    assert "Genie" in answer.text and "GGUF" in answer.text, answer.text


def test_a_snapdragon_8_gen_3_list_says_which_runtime_reaches_the_npu(engine) -> None:
    answer = engine.ask("galaxy s24 snapdragon 8 gen 3: quais modelos rodam, e algum app usa a npu?")
    assert answer.locale == "pt"
    assert "Qualcomm Genie" in answer.text and "CPU" in answer.text, answer.text


def test_a_phone_npu_is_not_said_when_not_asked(engine) -> None:
    answer = engine.ask("how many tokens per second does llama 3.2 3b get on a galaxy s25?")
    assert answer.facts["device"]["npu"]["asked"] is False
    assert "NPU" not in answer.text

