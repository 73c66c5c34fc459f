"""A question judging models in a language (trial 7, "fallback" and "other question answered" on which model writes
best in a language): one line saying writing quality is not rated, then what is on record — whether each model
named lists the language (its makers' model card, answers/knowledge/model_languages.json), else the models listing
it that run on the hardware named, with their speed. Phrasings of our own; the listed languages checked are the
model cards' own (Llama 3.1: English, German, French, Italian, Portuguese, Hindi, Spanish, Thai; Phi-4: not
intended for multilingual use; Mixtral: English, French, Italian, German, Spanish)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.knowledge.model_languages import ModelLanguagesDataError, families, family_of, parse


def _named(a: object) -> dict[str, bool | None]:
    return {n["family"]: n["lists"] for n in a.facts["languages"]["named"]}  # type: ignore[attr-defined]


@pytest.mark.parametrize(("question", "lang", "expected"), [
    ("llama 3.1 8b or phi-4: which one writes better in spanish?", "en",
     {"Llama 3.1 / 3.2 / 3.3": True, "Phi-4": False}),
    ("mixtral o qwen3, quale è più fluente in portoghese?", "it", {"Mixtral": False, "Qwen3": True}),
    ("gemma 2 ou gemma 3, lequel est le meilleur en allemand ?", "fr", {"Gemma 2": False, "Gemma 3 / 3n": True}),
    ("ist gpt-oss oder mistral small 3.2 besser für französische texte?", "de",
     {"gpt-oss": False, "Mistral Small 3 / 3.1 / 3.2, Magistral Small": True}),
    ("command r o qwen2.5, cuál es mejor en italiano?", "es",
     {"Command R / R+ / R7B / A, Aya Expanse": True, "Qwen2.5 / QwQ": True}),
    ("deepseek v3 ou llama 4, qual é melhor em inglês?", "pt", {"DeepSeek V3 / R1": True, "Llama 4": True}),
])
def test_two_models_are_each_said_to_list_the_language_or_not(engine: Engine, question: str, lang: str,
                                                              expected: dict[str, bool]) -> None:
    a = engine.ask(question)
    assert a.intent == "model_language"
    assert a.locale == lang
    assert _named(a) == expected


@pytest.mark.parametrize(("question", "lang", "code", "card"), [
    ("best model for writing dutch on a 4090?", "en", "nl", "GeForce RTX 4090"),
    ("il miglior modello per scrivere in francese sulla mia rtx 3060 12gb", "it", "fr", "GeForce RTX 3060 12 GB"),
    ("quel est le meilleur modèle en espagnol pour une rx 7900 xtx ?", "fr", "es", "Radeon RX 7900 XTX"),
    ("welches modell schreibt am besten italienisch auf einer rtx 4070 ti super?", "de", "it",
     "GeForce RTX 4070 Ti SUPER"),
    ("el mejor modelo para escribir en alemán en una rtx 3090", "es", "de", "GeForce RTX 3090"),
    ("qual o melhor modelo para escrever em português de portugal numa rtx 4060 ti 16gb?", "pt", "pt",
     "GeForce RTX 4060 Ti 16 GB"),
])
def test_with_a_card_the_models_listing_it_run_there(engine: Engine, question: str, lang: str, code: str,
                                                     card: str) -> None:
    a = engine.ask(question)
    assert a.intent == "model_language" and a.locale == lang
    g = a.facts["languages"]
    assert g["language"] == code and g["where"] == card
    assert g["rows"]
    for r in g["rows"]:
        fam = family_of(r["model"])
        assert fam is not None and code in fam.languages
        assert r["tok_s"] >= 10
    assert g["variety"] == (lang == "pt")


def test_no_hardware_lists_the_families(engine: Engine) -> None:
    g = engine.ask("what's the best model for roleplay in polish?").facts["languages"]
    assert g["language"] == "pl" and not g["rows"]
    assert "Gemma 3 / 3n" in g["families"] and "Phi-4" not in g["families"]


@pytest.mark.parametrize("question", [
    "antworte bitte auf deutsch: wie schnell läuft qwen3 14b auf einer 3060?",
    "piper tts in italiano su un raspberry pi 5, quanto è veloce?",
    "best model for coding on a 4090",
])
def test_a_language_said_without_judging_models_is_no_such_question(engine: Engine, question: str) -> None:
    assert engine.ask(question).intent != "model_language"


def test_the_data_is_checked() -> None:
    assert families()
    with pytest.raises(ModelLanguagesDataError):
        parse({"families": [{"label": "x", "match": "(", "languages": ["en"], "source": "s"}]})
    with pytest.raises(ModelLanguagesDataError):
        parse({"families": [{"label": "x", "match": "x", "languages": ["english"], "source": "s"}]})
    with pytest.raises(ModelLanguagesDataError):
        parse({"families": [{"label": "x", "match": "x", "languages": ["en"]}]})
