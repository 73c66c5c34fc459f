"""The second half of a two-part question is answered from figures the bot already makes: the prompt's
reading time when "pp" or reading N tokens is asked beside the speed, and the decode speed at the long
context stated (it falls as the cache fills: never the short-context figure at 100k). Six languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen3 14b on a 4070 ti super, tok/s and pp speed?", "en"),
    ("llama 3.1 8b on a 3090: how long to read 20k tokens?", "en"),
    ("llama 3.1 8b su una 3090, quanto ci mette a leggere 20k token?", "it"),
    ("Llama 3.1 8B auf einer 3090: wie lange dauert es, 20k Tokens einzulesen?", "de"),
    ("llama 3.1 8b sur une 3090 : combien de temps pour lire 20k tokens ?", "fr"),
    ("llama 3.1 8b en una 3090, cuánto tarda en leer 20k tokens?", "es"),
    ("llama 3.1 8b numa 3090, quanto tempo pra processar 20k tokens?", "pt"),
])
def test_a_prompt_asked_beside_the_speed_gets_its_reading_time(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "prefill"
    row = a.facts["row"]
    assert row["prefill_tok_s"] > 0 and row["ttft_s"] > 0 and row["tok_s"] > 0  # both halves: reading and writing
    if "20k" in question:
        assert a.facts["prompt_tokens"] == 20 * 1024
        # the answer after a 20k prompt is written with 20k tokens in the cache: slower than the headline
        assert a.facts["decode_at_context"]["tok_s"] < row["tok_s"]


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("llama 3.1 8b on a 4090 at 100k context, how fast?", "en", "Once the conversation fills 102,400 tokens"),
    ("llama 3.1 8b su una 4090 con 100k di contesto, quanto va?", "it", "Quando la conversazione arriva a 102.400"),
    ("llama 3.1 8b auf einer 4090 mit 100k Kontext, wie schnell?", "de", "Sobald die Unterhaltung 102.400"),
])
def test_decode_at_a_long_context_is_slower_than_the_headline(engine: Engine, question: str, lang: str,
                                                              words: str) -> None:
    """Llama 3.1 8B's cache: 2 × 32 layers × 8 KV heads × 128 × 2 bytes = 128 KiB a token, 12.5 GiB (13.4 GB)
    at 102,400 tokens; Q8_0's weights read per token ≈ 8.03e9 × 8.5 / 8 ≈ 8.5 GB. Each token reads both, so
    it is about 1 + 13.4 / 8.5 ≈ 2.6 times slower than at an empty context."""
    a = engine.ask(question)
    assert a.locale == lang
    d = a.facts["decode_at_context"]
    head = a.facts["verdict"]["recommended"]["tok_s"]
    assert d["context"] == 102400 and d["quant"] == "Q8_0"
    assert 2.2 < head / d["tok_s"] < 3.0
    assert words in a.text.replace("\u202f", " ").replace("\xa0", " ")


def test_no_long_context_note_at_the_default_context(engine: Engine) -> None:
    assert "decode_at_context" not in engine.ask("llama 3.1 8b on a 4090?").facts


# Qwen3's cache a token: 2 × layers × 8 KV heads × 128 × 2 bytes (f16): 36 layers for the 8B, 40 for the 14B.
QWEN3_KV = {"Qwen3 8B": 2 * 36 * 8 * 128 * 2, "Qwen3 14B": 2 * 40 * 8 * 128 * 2}


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("how much context per user for 8 users with qwen3 14b on a 4090?", "en", "Context per person:"),
    ("qwen3 8b per 4 utenti insieme su una 3090, quanto contesto a testa?", "it", "Contesto per persona:"),
    ("qwen3 8b für 4 Nutzer gleichzeitig auf einer 3090, wie viel Kontext pro Nutzer?", "de", "Kontext pro Person:"),
    ("qwen3 8b para 4 usuarios a la vez en una 3090, ¿cuánto contexto por usuario?", "es", "Contexto por persona:"),
])
def test_context_per_user_is_the_cache_room_split_among_them(engine: Engine, question: str, lang: str,
                                                             words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "users"
    row = a.facts["row"]
    per_token = QWEN3_KV[a.entities["model"]]
    expected = row["cache_room_gb"] * 2**30 / row["users"] / per_token
    assert row["context_per_user"] == pytest.approx(expected, rel=0.03)
    assert words in a.text
