"""An engine or backend asked beside a speed is weighed at the same level on both sides: "mlx or gguf" compares
4-bit files with 4-bit files (never MLX 4-bit with GGUF Q8_0), and "rocm or vulkan" on an AMD card gives the
one decode figure and each backend's prompt figure (estimator/data/prefill_constants.json fits them apart)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.engine_versus import matched
from estimator.quants import quant


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen3 14b on a macbook pro m4 max 64gb in mlx 4bit, speed? and mlx or gguf, which is quicker?", "en"),
    ("gemma 3 12b su mac mini m4 pro 48gb con mlx a 4 bit: mlx o gguf, quale va più forte?", "it"),
    ("Mistral Small 3.2 auf einem Mac Studio M2 Max 64GB, MLX 8bit oder GGUF – was ist schneller?", "de"),
])
def test_mlx_and_gguf_are_weighed_at_the_same_bits(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    sides = a.facts["engine_versus"]["sides"]
    bits = [int(quant(s["quant"]).bpw + 0.01) for s in sides]
    assert bits[0] == bits[1], sides  # 4 against 4, 8 against 8
    # at the same bits the two runtimes differ by tens of percent at most, never 2×
    assert a.facts["engine_versus"]["ratio"] is None or a.facts["engine_versus"]["ratio"] < 1.6


def test_a_side_without_a_level_takes_the_other_sides_bits() -> None:
    assert matched((("mlx", "MLX-4bit"), ("llama.cpp", None))) == (("mlx", "MLX-4bit"), ("llama.cpp", "Q4_K_M"))
    assert matched((("ollama", None), ("mlx", "MLX-8bit"))) == (("ollama", "Q8_0"), ("mlx", "MLX-8bit"))
    assert matched(((None, "Q4_K_M"), ("mlx", None))) == ((None, "Q4_K_M"), ("mlx", "MLX-4bit"))
    # a serving engine takes its own file of those bits (AWQ for 4), never FP8 against a 4-bit GGUF
    assert matched((("vllm", None), ("llama.cpp", "Q4_K_M"))) == (("vllm", "AWQ"), ("llama.cpp", "Q4_K_M"))
    assert matched((("sglang", None), ("llama.cpp", "Q6_K"))) == (("sglang", "FP8"), ("llama.cpp", "Q6_K"))


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("rx 7900 xt, llama 3.1 8b q4_k_m: how fast, and is vulkan or rocm better for llama.cpp?", "en", "ROCm or Vulkan"),
    ("radeon rx 9070 xt con qwen3 14b, quanti token/s? conviene rocm o vulkan?", "it", "ROCm o Vulkan"),
    ("rx 7800 xt y gemma 3 12b: ¿vulkan o rocm en llama.cpp, y qué velocidad?", "es", "ROCm o Vulkan"),
])
def test_rocm_or_vulkan_gives_both_prompt_figures_at_one_level(engine: Engine, question: str, lang: str,
                                                               words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    b = a.facts["also"]["backends"]
    assert [s["backend"] for s in b["sides"]] == ["ROCm", "Vulkan"]
    assert all(s["prefill_tok_s"] > 0 for s in b["sides"])
    assert b["sides"][0]["prefill_tok_s"] != b["sides"][1]["prefill_tok_s"]
    assert "engine_versus" not in a.facts  # no "two ways" at two levels: one runtime, one file
    assert words in a.text


def test_backends_a_card_never_runs_are_not_weighed(engine: Engine) -> None:
    """CUDA and ROCm on a GeForce: ROCm is not fitted for NVIDIA cards, so no two figures are invented."""
    a = engine.ask("rtx 4090 llama 3.1 8b, cuda or rocm?")
    assert "backends" not in a.facts.get("also", {})


@pytest.mark.parametrize(("question", "lang"), [
    ("vllm or sglang for lots of concurrent users, qwen3 8b on an a100 80gb?", "en"),
    ("¿vllm o sglang para muchas peticiones en paralelo con llama 3.1 8b en una h100?", "es"),
])
def test_serving_engines_for_many_requests_are_weighed_at_a_batch(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    sides = a.facts["engine_versus"]["sides"]
    assert {s["engine"] for s in sides} == {"vllm", "sglang"}
    assert all(s["users"] == 32 for s in sides)  # per-user speeds at a batch, the number said in the text
    assert "32" in a.text


def test_one_stream_stays_one_stream(engine: Engine) -> None:
    a = engine.ask("vllm or sglang, llama 3.1 8b on an h100: which is faster?")
    assert all(s["users"] is None for s in a.facts["engine_versus"]["sides"])
