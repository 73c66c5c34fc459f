"""Two engines weighed with a long prompt: each side carries its own prompt time, and a serving engine whose default
format does not hold the prompt is weighed at its own smaller format with an 8-bit cache when that holds it."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("Qwen2.5 72B on two RTX 3090s, 25k token prompt: how long is the prefill with vLLM vs llama.cpp?", "en"),
    ("Qwen2.5 72B su due RTX 3090, prompt da 25k token: quanto dura il prefill con vLLM o con llama.cpp?", "it"),
    ("Qwen2.5 72B sur deux RTX 3090, prompt de 25k tokens : combien de temps de prefill, vLLM ou llama.cpp ?", "fr"),
])
def test_each_side_gives_its_prompt_time(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    sides = a.facts["engine_versus"]["sides"]
    assert {s["engine"] for s in sides} == {"vllm", "llama.cpp"}
    for s in sides:
        assert s["runs"], a.text  # vLLM at its 4-bit format (AWQ) with an 8-bit cache, not "BF16 does not fit"
        # 25,000 tokens on two 3090s: hundreds of tokens per second, tens of seconds (public 70B runs: 600-900)
        assert 200 < s["prefill_tok_s"] < 1500
        assert s["ttft_s"] == pytest.approx(s["prompt_tokens"] / s["prefill_tok_s"], rel=0.02)
    vllm = next(s for s in sides if s["engine"] == "vllm")
    assert vllm["quant"] in ("AWQ", "GPTQ", "FP8")
    assert a.text.count(" s") >= 2 and "BF16" not in a.text
