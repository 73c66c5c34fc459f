"""A model written as its maker spells it, in any language around it: maker prefix ("meta-llama/"), family, version,
size, active size ("A3B", "a22b", "30B A3B"), the chat-tune tag ("-Instruct", "-it", "-Thinking-2507") and a date
or quant file suffix ("-2506", "-GGUF") all name the catalog's record."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "model"), [
    ("how fast is Meta-Llama-3.1-8B-Instruct in q8 on a 4060 ti 16gb?", "Llama 3.1 8B"),
    ("Qwen3 30B A3B sur une 4070 ti super, combien de tok/s ?", "Qwen3-30B-A3B"),
    ("Qwen/Qwen3-30B-A3B-Instruct-2507 auf einer 3090, wie schnell?", "Qwen3-30B-A3B"),
    ("google/gemma-3-12b-it in q4_k_m su una 3060, quanti token al secondo?", "Gemma 3 12B"),
    ("Qwen3-235B-A22B-Thinking-2507 en 4x rtx pro 6000, cabe en fp8?", "Qwen3-235B-A22B"),
    ("unsloth/Qwen3-Coder-30B-A3B-Instruct-GGUF numa 7900 xtx, quantos t/s?", "Qwen3-Coder-30B-A3B"),
    ("mistralai/Mistral-Small-3.2-24B-Instruct-2506 on a 3090 at q6_k?", "Mistral Small 3.2"),
    ("deepseek-ai/DeepSeek-R1-0528 nur auf der cpu mit 512gb ddr5?", "DeepSeek-R1-0528"),
    ("Llama 3.3 70b instruct en q4 sur deux 3090 ?", "Llama 3.3 70B"),
    ("qwen 3 32b en una 3090 ti, va bien?", "Qwen3 32B"),
])
def test_a_makers_spelling_names_the_record(engine, question: str, model: str) -> None:
    assert engine.ask(question).asked["models"][:1] == [model]
