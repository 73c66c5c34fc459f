"""Apple's M5 Pro and M5 Max (March 2026), as people name them in benchmark rows, are machines the bot knows
(they were "I do not know a graphics card called m5 max 48gb"): a speed is given, on the chip with that memory."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "name"), [
    ("llama 3.1 8b q4_k_m on an Apple M5 Max 48GB, how many tok/s?", "Apple M5 Max 48 GB"),
    ("qwen3 30b-a3b q4_k_m sur un M5 Max 128GB, combien de tokens par seconde ?", "Apple M5 Max 128 GB"),
    ("wie schnell läuft qwen3 8b q8_0 auf einem Apple M5 Pro 64GB?", "Apple M5 Pro 64 GB"),
])
def test_the_m5_pro_and_max_are_answered(engine: Engine, question: str, name: str) -> None:
    a = engine.ask(question)
    assert a.intent == "speed", a.text[:200]
    assert name in a.text


def test_the_m5_max_reads_faster_than_the_m5_pro(engine: Engine) -> None:
    """614 GB/s against 307 GB/s (Apple, 2026-03-03): the same model decodes about twice as fast."""
    fast = engine.ask("llama 3.1 8b q4_k_m on an Apple M5 Max 64GB, tok/s?").facts
    slow = engine.ask("llama 3.1 8b q4_k_m on an Apple M5 Pro 64GB, tok/s?").facts
    f, s = fast.get("tok_s") or fast["row"]["tok_s"], slow.get("tok_s") or slow["row"]["tok_s"]
    assert 1.6 < f / s < 2.2
