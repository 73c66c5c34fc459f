"""A model asked about by its size alone ("a 70b") caches like today's dense models of that size, which use
grouped-query attention: Llama 3 70B's config (80 layers, 8 KV heads, head size 128) gives 80 x 8 x 128 x 2 (K
and V) x 2 bytes = 320 KiB a token, 10 GiB at 32,768 tokens in f16, 2.8 GiB in q4_0 (0.5625 bytes a value).
The size-only rule (older full-head models) nearly doubled it. Questions written for these tests."""

from __future__ import annotations

import pytest

GIB = 2**30
F16_32K = 80 * 8 * 128 * 2 * 2 * 32768 / GIB  # 10.0
Q4_32K = 80 * 8 * 128 * 2 * 0.5625 * 32768 / GIB  # 2.81


@pytest.mark.parametrize(("question", "lang"), [
    ("kv cache size for a 70b model at 32k tokens, f16 vs q4_0?", "en"),
    ("quanta vram occupa la kv cache di un modello da 70b a 32k di contesto, f16 o q4_0?", "it"),
    ("wie groß ist der kv-cache eines 70b-modells bei 32k kontext, f16 gegen q4_0?", "de"),
    ("quanto ocupa o cache kv de um modelo 70b com 32k de contexto, f16 ou q4_0?", "pt"),
])
def test_a_generic_70b_caches_like_llama_3_70b(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    kv = a.facts["kv_cache"]
    sizes = {row["type"]: row["cache_gb"] for row in kv["types"]}
    assert kv["context"] == 32768
    assert sizes["f16"] == pytest.approx(F16_32K, rel=0.03)
    assert sizes["q4_0"] == pytest.approx(Q4_32K, rel=0.05)
    assert a.facts["cache_kind"] == "layout"


def test_a_generic_size_with_no_dense_model_near_it_keeps_the_size_rule() -> None:
    from answers.rendering.generic_model import attention_donor
    assert attention_donor(70.0, []) is None
