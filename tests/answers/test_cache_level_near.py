"""A level said a few words after a cache word ("the kv cache eats it all, at q4_0?") is the cache's type when
the question names the weights' level too; the weights keep theirs, and the answer gives the cache at that
context in that type. Phrasings written for these tests, in several languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "weights", "cache"), [
    ("qwen3 32b at q8 with 128k context, and if the kv cache goes to q4_0?", "Q8_0", "q4_0"),
    ("qwen3 32b in q8 con 128k di contesto, il kv cache lo metto poi in q4_0?", "Q8_0", "q4_0"),
    ("llama 3.1 8b q6_k, 64k contexte, et le cache je le passe en q8_0 ?", "Q6_K", "q8_0"),
    ("gemma 3 27b q4_k_m mit 32k kontext, kv-cache dann auf q8_0 stellen?", "Q4_K_M", "q8_0"),
    ("mistral small 3.2 en q8_0 con 64k, y el cache kv lo dejo en q4_0?", "Q8_0", "q4_0"),
])
def test_a_level_after_a_cache_word_is_the_caches(engine: Engine, question: str, weights: str, cache: str) -> None:
    asked = engine._read(question)
    assert asked.quant == weights and asked.cache_type == cache


@pytest.mark.parametrize("question", [
    "what's the kv cache size for qwen3 32b q4_0 at 32k?",  # one level: the weights'
    "qwen3 32b q4_0 or q8_0, which kv cache size at 32k?",  # two weights' levels weighed
])
def test_a_level_not_tied_to_the_cache_stays_the_weights(engine: Engine, question: str) -> None:
    assert engine._read(question).cache_type is None


def test_the_answer_gives_the_cache_in_the_type_said(engine: Engine) -> None:
    # Qwen3 32B: 64 layers × 8 KV heads × 128 dims × 2 (K and V) × 2 bytes = 256 KiB a token at f16;
    # × 131,072 tokens = 32 GiB; q4_0 keeps 4.5 bits of 16: 9 GiB.
    a = engine.ask("qwen3 32b at q8 with 128k context, and if the kv cache goes to q4_0?")
    text = a.text.replace("`", "").replace("\\_", "_")
    assert a.entities["cache_type"] == "q4_0"
    assert "f16: about 32.0 GB" in text and "q4_0: about 9.0 GB" in text
    assert "Conversation cache stored as q4_0" in text
