"""A question about a model's memory or cache says why the cache is that size, from the attention layout:
sliding-window layers and few key/value heads (gpt-oss), a compressed latent (DeepSeek's MLA), or plain full
attention (Llama 70B: 80 layers × 8 heads × 128 at 2 bytes for keys and values = 320 KiB per token)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "locale", "words"), [
    ("how come gpt-oss-120b needs so little memory for its context at 64k tokens?", "en", ("sliding", "128")),
    ("gpt-oss-120b: wie viel Speicher braucht der KV-Cache bei 100k Kontext, warum so wenig?", "de",
     ("gleitendes Fenster", "128")),
    ("cuánta memoria necesita gpt-oss-20b con 60k de contexto y por qué la caché es tan pequeña", "es",
     ("ventana deslizante", "128")),
])
def test_sliding_window_models_say_the_window(engine, question: str, locale: str, words: tuple[str, ...]) -> None:
    answer = engine.ask(question)
    assert answer.locale == locale
    shape = answer.facts["cache_shape"]
    assert shape["sliding_layers"] > 0 and shape["window"] == 128 and shape["kv_heads"] == 8
    for w in words:
        assert w in answer.text, answer.text


@pytest.mark.parametrize("question", [
    "memoria necessaria per llama 3.3 70b a 96k token di contesto?",
    "quelle mémoire pour llama 3.3 70b avec 96k de contexte ?",
])
def test_full_attention_models_say_layers_heads_and_kib_per_token(engine, question: str) -> None:
    answer = engine.ask(question)
    shape = answer.facts["cache_shape"]
    assert shape["kb_per_token"] == pytest.approx(80 * 8 * 128 * 2 * 2 / 1024)
    assert "320" in answer.text and "80" in answer.text, answer.text


def test_latent_attention_is_named(engine) -> None:
    answer = engine.ask("memória para o deepseek v3 com 32k de contexto?")
    assert answer.facts["cache_shape"]["latent_dim"] == 576
    assert "latent" in answer.text, answer.text
