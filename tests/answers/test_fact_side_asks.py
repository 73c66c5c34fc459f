"""A fact asked beside another ask gets its one line from the model's record (issue 29 item 2): is it open
weights, does llama.cpp run it yet (since which pull request, or a published GGUF file), what context does it
have, native or with YaRN; a closed model named beside an open one is said to be closed. Phrasings of our own,
six languages; the pull request and date are those of llama_cpp_support.json's sources."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.knowledge import llama_cpp_support
from answers.reading import also_words


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("gpt-oss-20b: which licence, and does llama.cpp run it already?", "en", "#15091"),
    ("Qwen3-Next 80B A3B, wie groß ist das ganze, und unterstützt llama.cpp das inzwischen?", "de", "#16095"),
    ("mistral small 3.2 tourne déjà sur llama.cpp ? il lui faut combien de vram ?", "fr", "GGUF"),
])
def test_llama_cpp_support_is_said(engine: Engine, question: str, lang: str, words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "llama_cpp_support" in (a.facts.get("also") or {}) or any(
        "llama_cpp_support" in (p["facts"].get("also") or {}) for p in a.facts.get("parts", ()))
    assert words in a.text


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("phi-4 é da microsoft? quantos parâmetros e qual contexto tem?", "pt", "16.384"),
    ("gemma 3 12b legge le immagini? e che contesto ha?", "it", "131.072"),
    ("qwen3 14b, ¿su contexto es nativo o con yarn?", "es", "YaRN"),
])
def test_the_context_asked_beside_is_said(engine: Engine, question: str, lang: str, words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert words in _plain(a.text)


def test_a_closed_model_named_beside_is_said_closed(engine: Engine) -> None:
    a = engine.ask("mistral medium 3, ce sont des poids ouverts ? et magistral small fait combien de paramètres ?")
    assert a.locale == "fr"
    assert "Magistral Small" in a.text and "mistral medium 3" in a.text.casefold()
    assert "modèle fermé" in a.text


def test_open_weights_is_said_once(engine: Engine) -> None:
    a = engine.ask("magistral small est-il open weights ? et combien de paramètres ?")
    assert a.text.count("Les poids de Magistral Small sont publiés") == 1


def test_the_fork_or_a_speed_in_llama_cpp_is_no_support_ask() -> None:
    assert "llama_cpp_support" not in also_words.read("speed of qwen3 8b in llama.cpp on a 3090?")
    assert "llama_cpp_support" in also_words.read("läuft das schon in llama.cpp?")


def test_every_support_entry_has_a_source() -> None:
    support = llama_cpp_support.support_of("gpt-oss-120b")
    assert support is not None and support.pr == 15091 and support.merged == "2025-08-05"
    with pytest.raises(llama_cpp_support.SupportDataError):
        llama_cpp_support.parse({"models": [{"names": "^x", "pr": 1, "merged": "2025-01-01"}]})


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("mando un documento de 50k tokens a qwen3 8b en una 3090, ¿cuánto tarda en responder?", "es", "YaRN"),
    ("qwen3 14b on a 4090 with 64k of context, how fast?", "en", "YaRN"),
])
def test_a_context_past_the_trained_window_says_yarn(engine: Engine, question: str, lang: str, words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert words in a.text


def test_a_context_within_the_trained_window_says_nothing_of_yarn(engine: Engine) -> None:
    assert "YaRN" not in engine.ask("qwen3 8b on a 3090 at 8k context, speed?").text
