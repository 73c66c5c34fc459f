"""A question about an engine or two formats is answered about them, not with a card's model list or a file
link: TensorRT-LLM named beside a card gets its note and its verdict against llama.cpp first; MLX or GGUF weighed
for a named model with no hardware gets the comparison, never the model's download link (the download words
"gguf for X" and "ou ... gguf" no longer catch "mlx or gguf for X", "mlx ou gguf"). Phrasings written for these
tests, in several languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "verdict"), [
    ("is tensorrt-llm worth the hassle for just me on a 4070 super?", "en", "Verdict"),
    ("tensorrt-llm su una 3090 per uso personale, ne vale la pena?", "it", "Verdetto"),
    ("lohnt sich tensorrt-llm auf einer 5080, nur für mich?", "de", "Fazit"),
    ("tensorrt-llm vaut le coup sur une 4080 pour moi tout seul ?", "fr", "Verdict"),
])
def test_tensorrt_llm_beside_a_card_is_weighed_first(engine: Engine, question: str, lang: str, verdict: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.text.replace("**", "").startswith("TensorRT-LLM")
    first_lines = a.text.split("\n")[:2]
    assert first_lines[1].startswith(verdict) and "llama.cpp" in first_lines[1]
    assert a.facts["format_notes"] == {"named": ["tensorrt-llm"], "verdict": True}


@pytest.mark.parametrize(("question", "lang"), [
    ("mlx or gguf for qwen3 8b, which one runs faster on apple silicon?", "en"),
    ("num macbook, mlx ou gguf pro gpt-oss-20b, qual roda melhor?", "pt"),
    ("mlx o gguf per gemma 3 12b sul mac, quale è più veloce?", "it"),
    ("mlx oder gguf für qwen3 14b auf dem mac, was ist schneller?", "de"),
])
def test_mlx_or_gguf_for_a_model_gets_the_comparison(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    notes = a.facts["format_notes"]
    assert {"MLX", "GGUF"} <= set(notes["named"]) and notes["verdict"]
    assert "huggingface.co" not in a.text


@pytest.mark.parametrize("question", ["where can I get the gguf of qwen3 8b?", "is there a gguf for qwen3 8b?",
                                      "où trouver le gguf de qwen3 8b ?"])
def test_a_file_asked_for_is_still_a_download(engine: Engine, question: str) -> None:
    assert engine.ask(question).intent == "download"
