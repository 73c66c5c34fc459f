"""Quality asked beside a fit or a format comparison (trial 7, "key part missing" and "other question answered"):
whether a quantized conversation cache or flash attention costs quality, and which of EXL3 and GGUF keeps more at
the same size. Each gets its sourced line (answers/knowledge/side_notes.json) in the asker's language, beside the
answer's own figures, and no line when quality is not asked. Phrasings of our own."""

from __future__ import annotations

import pytest

from answers.engine import Engine


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


def _notes(a: object) -> list[str]:
    also = a.facts.get("also") or {}  # type: ignore[attr-defined]
    return [n["kind"] for n in also.get("notes", ())]


@pytest.mark.parametrize(("question", "lang", "kind", "words"), [
    ("does a q4 kv cache make mistral small 24b dumber? running it on a 3090", "en", "kv_quality",
     "close to lossless"),
    ("la cache kv in q4_0 peggiora la qualità di qwen3 14b su una 4070 ti super?", "it", "kv_quality",
     "quasi senza perdite"),
    ("est-ce que le cache kv en q8 dégrade la qualité de gemma 3 12b sur ma 3060 ?", "fr", "kv_quality",
     "OLLAMA_FLASH_ATTENTION=1"),
    ("verschlechtert flash attention mit q4 kv cache die qualität bei llama 3.1 8b auf einer 4060?", "de",
     "kv_quality", "exakt dieselbe Attention"),
    ("usar cache kv q8_0 con flash attention empeora la calidad? phi-4 en una rtx 3080", "es", "kv_quality",
     "la mitad V"),
    ("cache kv em q4 estraga a qualidade do qwen3 8b numa rx 7600?", "pt", "kv_quality", "metade da memória"),
    ("exl3 or gguf for llama 3.1 70b on two 3090s: which keeps more quality at the same size?", "en",
     "exl3_quality", "QTIP"),
    ("exl3 o gguf per qwen3 32b su una 4090, a parità di dimensione quale ha qualità migliore?", "it",
     "exl3_quality", "turboderp"),
    ("entre exl3 et gguf pour gemma 3 27b sur 24 go, lequel a la meilleure qualité à taille égale ?", "fr",
     "exl3_quality", "3,5 bpw"),
    ("qual tem melhor qualidade no mesmo tamanho, exl3 ou gguf, para mistral small numa 4080?", "pt",
     "exl3_quality", "mesmo tamanho"),
])
def test_a_quality_question_gets_its_line(engine: Engine, question: str, lang: str, kind: str, words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert kind in _notes(a)
    assert words in _plain(a.text)


@pytest.mark.parametrize(("question", "kind"), [
    ("qwen3 14b with a q8 kv cache on a 4060 ti 16gb at 32k, how fast?", "kv_quality"),
    ("exl3 or gguf for qwen3 32b on a 4090, which is faster?", "exl3_quality"),
])
def test_no_quality_line_when_quality_is_not_asked(engine: Engine, question: str, kind: str) -> None:
    assert kind not in _notes(engine.ask(question))


@pytest.mark.parametrize(("question", "lang"), [
    ("how much longer a context do i get on my 4090 with a q8 kv cache for qwen3 32b?", "en"),
    ("quanto contesto in più ottengo con la cache kv q4_0 per mistral small 24b su una 3090?", "it"),
    ("plus de contexte avec un cache kv q8_0 pour gemma 3 27b sur 24 go ?", "fr"),
    ("mehr kontext mit q8 kv-cache für qwen3 14b auf einer 4060 ti 16gb?", "de"),
    ("con cache kv q8 cuánto más contexto me entra de qwen3 32b en una 3090?", "es"),
    ("quanto mais contexto consigo com cache kv q4 no gemma 3 27b numa 3090?", "pt"),
])
def test_more_context_from_a_quantized_cache_is_given_in_tokens(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent == "longest_context"
    rows = a.facts["by_cache"]
    assert rows
    for row in rows:
        f16, q8, q4 = (c["context"] for c in row["contexts"])
        # a smaller cache holds at least as many tokens (q8_0 is 34/64 of f16's bytes, q4_0 18/64)
        assert f16 <= q8 <= q4
        if f16 < a.facts["limit"]:
            assert q8 > f16 * 1.5 or q8 == a.facts["limit"]
    assert "q8_0" in a.text and "q4_0" in a.text


def test_no_cache_rows_when_no_cache_is_named(engine: Engine) -> None:
    assert engine.ask("longest context for qwen3 32b on a 3090").facts.get("by_cache") is None


@pytest.mark.parametrize(("question", "lang"), [
    ("q4 kv cache on my 4070 ti super for qwen3 14b at 24k context, does it wreck quality?", "en"),
    ("la cache kv q4_0 rovina la qualità? qwen3 8b a 32k di contesto su una rtx 3060 12gb", "it"),
])
def test_a_q4_cache_quality_question_says_whether_q8_still_fits(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    note = next(n for n in a.facts["also"]["notes"] if n["kind"] == "kv_quality")
    assert note["context"] >= 24 * 1024
    row = a.facts["row"]
    assert note["q8_quant"] is not None and note["q8_need_gb"] <= row["memory_gb"]
    if note["q8_quant"] == row["quant"]:  # same level, a cache twice the size: a bigger need
        assert note["q8_need_gb"] > row["need_gb"]
    assert "q8_0" in a.text and note["card"] in a.text
