""""How much does a q8 KV cache save against f16 for X at 128k?": the memory answer leads with the cache at every
type people name, so the saving is read off directly (answers/facts/routing.py sends the other cache type, read
as a weights level, back to the cache). Questions written for these tests; the figures are independent
arithmetic on Llama 3.1 8B's config (32 layers, 8 KV heads of 128)."""

from __future__ import annotations

import pytest

# 32 layers × 2 (K and V) × 8 heads × 128 × 131,072 tokens × 2 bytes, in GiB; q8_0 keeps 34 bytes a 32-value block,
# q4_0 18
F16_GIB = 32 * 2 * 8 * 128 * 131072 * 2 / 2**30
Q8_GIB = F16_GIB * 34 / 64
Q4_GIB = F16_GIB * 18 / 64


@pytest.mark.parametrize(("question", "lang"), [
    ("how much memory does a q8 kv cache save over f16 for llama 3.1 8b at 128k?", "en"),
    ("cache kv in q4 invece di f16 con llama 3.1 8b a 128k, quanto risparmio?", "it"),
    ("llama 3.1 8b mit 128k kontext: kv-cache in q8_0 statt f16, wie viel spart das?", "de"),
])
def test_the_cache_is_given_at_every_type(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "vram"
    by_type = {c["type"]: c["cache_gb"] for c in a.facts["cache_types"]}
    assert by_type["f16"] == pytest.approx(F16_GIB, rel=0.01)
    assert by_type["q8_0"] == pytest.approx(Q8_GIB, rel=0.01)
    assert by_type["q4_0"] == pytest.approx(Q4_GIB, rel=0.01)
    assert "`q8_0`" in a.text and "--cache-type-k" in a.text


def test_a_weights_level_with_a_cache_type_keeps_its_own_answer(engine) -> None:
    """"Q4_K_M with a q8 cache on a 3090": a fit question about a card stays one."""
    a = engine.ask("llama 3.1 8b q4_k_m with q8 kv cache at 32k on a 3060 12gb?", locale="en")
    assert a.intent in ("can_run", "speed") and a.facts.get("quant") == "Q4_K_M"
