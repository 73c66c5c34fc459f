"""Engine and format comparisons end with a verdict on the asker's hardware: a three-way comparison keeps each
format with its own engine, and a model one card cannot hold is weighed on the fewest of that card that hold it
at the format asked, with that format's size (FP8: one byte a weight plus scales)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading.engine_versus_words import sides


@pytest.mark.parametrize(("text", "expected"), [
    ("gptq vs awq vs gguf for one user on a 4090", ((None, "GPTQ"), (None, "AWQ"))),
    ("exl2 oder awq oder gguf auf einer 3090", ((None, "EXL2"), (None, "AWQ"))),
    ("exl3 ou awq ou bien gguf sur une 3090", ((None, "EXL3"), (None, "AWQ"))),
])
def test_the_second_side_ends_at_the_next_comparison_word(text: str, expected: tuple) -> None:
    # before: the second side also took the third's "gguf" and was AWQ read by llama.cpp, which cannot run it
    assert sides(text) == expected


@pytest.mark.parametrize(("question", "lang"), [
    ("exl2 or awq or gguf for qwen2.5 14b on a 3090, fastest for one person?", "en"),
    ("exl2 oder awq oder gguf für qwen2.5 14b auf einer 3090, was ist für einen nutzer am schnellsten?", "de"),
    ("exl2 o awq o gguf para qwen2.5 14b en una 3090, ¿cuál es más rápido para un usuario?", "es"),
])
def test_each_format_runs_on_its_own_engine(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    v = a.facts["engine_versus"]
    assert a.locale == lang
    # the third format named (gguf) is weighed too, on llama.cpp
    assert [s["engine"] for s in v["sides"]] == ["exllamav2", "vllm", "llama.cpp"]
    assert all(s["runs"] for s in v["sides"]), a.text
    assert v["verdict"] in ("faster", "same")


# GLM-4.6: 355B parameters (zai-org/GLM-4.6 model card); at FP8 one byte a weight: about 355e9 bytes = 330 GiB
GLM_46_FP8_GB = 355e9 / 2**30


@pytest.mark.parametrize(("question", "lang"), [
    ("sglang or vllm to serve glm-4.6 at fp8 on h100s, which one is quicker?", "en"),
    ("sglang oder vllm für glm-4.6 in fp8 auf h100, welches ist schneller?", "de"),
    ("sglang o vllm per servire glm-4.6 in fp8 su h100, quale va più forte?", "it"),
    ("sglang ou vllm pra servir glm-4.6 em fp8 na h100, qual é mais rápido?", "pt"),
])
def test_a_model_one_card_cannot_hold_is_weighed_on_several(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    v = a.facts["engine_versus"]
    assert a.locale == lang
    assert {s["engine"] for s in v["sides"]} == {"sglang", "vllm"}
    for s in v["sides"]:
        assert s["runs"], a.text
        assert s["quant"] == "FP8"
        assert s["need_gb"] >= GLM_46_FP8_GB  # never a 4-bit size (about half) for FP8
        assert "×" in s["card"] and "H100" in s["card"]
    assert v["verdict"] != "neither"
