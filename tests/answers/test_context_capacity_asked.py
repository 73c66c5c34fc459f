""""How much context can I get?" is answered with tokens on the hardware named, in every language and beside
other asks: the longest context at the levels and cache types (with the length the asker names said yes or no),
and beside a weighing of two engines on a Mac ("and how much context before it swaps?") the tokens that fit in
the share of memory its graphics may use."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("llama.cpp com flash attention e cache q8_0: quanto de contexto eu consigo com o gemma 3 27b numa 4090? 128k dá?",
     "pt"),
    ("gemma 3 27b su una 4090 con cache q8_0, quanto di contesto ci sta? 128k si riesce?", "it"),
    ("gemma 3 27b auf einer 4090 mit q8_0-cache: wieviel kontext geht? schafft es 128k?", "de"),
    ("gemma 3 27b sur une 4090 avec un cache q8_0 : jusqu'à quel contexte ? 128k ça passe ?", "fr"),
    ("gemma 3 27b en una 4090 con caché q8_0: ¿cuánto contexto me da? ¿llega a 128k?", "es"),
    ("gemma 3 27b on a 4090 with a q8_0 cache: how much context can i run? does 128k work?", "en"),
])
def test_how_much_context_on_a_card(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent == "longest_context", (a.intent, a.text)
    said = a.facts["said"]
    assert said["context"] == 131072
    # the verdict on the length named agrees with the longest context given for its level and cache
    rows = {r["quant"]: {c["cache_type"]: c["context"] for c in r["contexts"]} for r in a.facts["by_cache"]}
    if said["quant"] in rows:
        assert rows[said["quant"]][said["cache_type"]] >= 131072
    for r in rows.values():
        if r["q8_0"] is not None and r["q8_0"] < 131072:
            continue
    assert format_decimal(131072, locale=lang) in a.text, a.text


def test_a_length_too_long_is_said_no(engine: Engine) -> None:
    """Qwen3 32B's cache is 256 KB a token at f16 (64 layers × 8 KV heads × 128 × 2 × 2 bytes), about 136 KB at
    q8_0: 64k tokens are 8.5 GB beside about 18 GB of Q4_K_M weights, past a 24 GB card."""
    a = engine.ask("qwen3 32b on a 3090 with a q8_0 kv cache: how much context can i get, is 64k doable?")
    said = a.facts["said"]
    assert said["quant"] is None and said["context"] == 65536, said
    assert "64k" not in a.text and format_decimal(65536, locale="en") in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("macbook pro m4 max 128gb: llama 3.3 70b mlx vs gguf, which is faster, and how much context before it "
     "starts to swap?", "en"),
    ("mac studio m2 ultra 192gb, llama 3.3 70b mlx oder gguf, was ist schneller, und wie viel kontext passt?", "de"),
])
def test_a_mac_weighing_keeps_the_context_line(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "engine_versus" in a.facts, a.text
    fit = a.facts["also"]["context_fit"]
    assert fit["f16"] and fit["q8_0"] >= fit["f16"]
    # a 70B at 4 bits (~40 GB) leaves a Mac's graphics share room for its whole 128k window
    assert fit["f16"] == fit["ceiling"] == 131072
    assert format_decimal(131072, locale=lang) in a.text, a.text
