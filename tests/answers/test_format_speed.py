"""Formats weighed for speed with no model named: one user's generation from the bytes per weight (independent
arithmetic over the files' sizes), the kernels an engine runs each with (sourced), and NVIDIA's NVFP4 models.
New phrasings, several languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.format_speed import weighed


def test_decode_goes_with_the_bytes_read() -> None:
    """NVFP4: 4 bits plus one 8-bit scale per 16 weights = 4.5 bits; FP8 = 8 bits: 8 / 4.5 = 1.78x."""
    got = weighed(["NVFP4", "FP8"])
    assert got is not None
    by = {f["name"]: f for f in got["formats"]}
    assert by["NVFP4"]["decode_vs_slowest"] == pytest.approx(8 / 4.5, rel=0.01)
    assert by["FP8"]["decode_vs_slowest"] == pytest.approx(1.0)
    assert "fp4_blackwell" in got["kernels"] and "fp8_ampere" not in got["kernels"]
    assert "Qwen3-235B-A22B" in got["nvfp4_models"]["models"] and got["nvfp4_models"]["source"]
    assert weighed(["AWQ"]) is None  # one format is nothing to weigh


@pytest.mark.parametrize(("question", "lang"), [
    ("awq contro gptq contro gguf dentro vllm su una rtx 3090: quale genera più veloce?", "it"),
    ("AWQ, GPTQ oder GGUF in vLLM auf einer A6000 – was ist am schnellsten?", "de"),
    ("awq, gptq ou gguf dans vllm sur une rtx a6000, lequel est le plus rapide ?", "fr"),
])
def test_int4_formats_inside_vllm(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    speed = a.facts["format_notes"]["speed"]
    by = {f["name"]: f for f in speed["formats"]}
    assert by["AWQ"]["decode_vs_slowest"] == pytest.approx(by["GPTQ"]["decode_vs_slowest"])  # same Marlin kernels
    assert {"int4_marlin", "gguf_in_vllm"} <= set(speed["kernels"])
    assert "Marlin" in a.text and "GGUF" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("¿nvfp4 o fp8 en una rtx 5090, cuál genera más rápido? ¿qué modelos hay en nvfp4?", "es"),
    ("nvfp4 vs fp8 numa 5090, vale mesmo a pena? e que modelos existem em nvfp4?", "pt"),
])
def test_nvfp4_against_fp8(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    speed = a.facts["format_notes"]["speed"]
    nv = next(f for f in speed["formats"] if f["name"] == "NVFP4")
    assert 1.6 <= nv["decode_vs_slowest"] <= 1.9
    assert "Llama 3.3 70B" in a.text and "huggingface.co/nvidia" in a.text
