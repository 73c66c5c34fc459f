"""The M5 family reads prompts on the Neural Accelerators in its GPU cores (Apple newsroom 2025-10-15: over 4x
the M4's peak GPU compute for AI). Public figures, not the program's: llama.cpp's Metal 4 tensor path reads Llama
7B Q4_0 pp512 at 608 tok/s on a 10-core M5 (ggml-org/llama.cpp PR #16634); M5 Max against M4 Max, x2-3 under
llama.cpp (lmstudio-bug-tracker #2040) and x3.3-4 time to first token under MLX (Apple's MLX post)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang"), [
    ("on a macbook air m5 16gb, how fast does llama 2 7b at Q4_0 read a 512 token prompt?", "en"),
    ("mac mini m5 16 go : en combien de temps llama 2 7b en Q4_0 lit un prompt de 512 tokens ?", "fr"),
])
def test_the_m5_reads_a_prompt_at_its_measured_rate(engine, question, lang) -> None:
    row = engine.ask(question, locale=lang).facts["row"]
    assert row["prompt_tokens"] == 512
    assert 608 / 1.3 <= row["prefill_tok_s"] <= 608 * 1.3
    assert row["prefill_tok_s_low"] <= 608 <= row["prefill_tok_s_high"]


def _prefill(engine, chip: str) -> float:
    q = f"con un macbook pro {chip} 128gb, quanto ci mette qwen3 32b a Q4_K_M a leggere un prompt di 8000 token?"
    return float(engine.ask(q, locale="it").facts["row"]["prefill_tok_s"])


def test_m5_max_reads_prompts_several_times_faster_than_m4_max(engine) -> None:
    ratio = _prefill(engine, "m5 max") / _prefill(engine, "m4 max")
    assert 2.0 <= ratio <= 4.0  # x2-3 under llama.cpp, x3.3-4 under MLX; decode alone would give x1.12 (614/546)
