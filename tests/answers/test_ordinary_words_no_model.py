"""Ordinary words are never a model's name (issue 29, item 2): a preference ("prefiero nvidia"), an adverb
("mostly", "hauptsächlich", "wirklich"), an engine or a weight format ("llama.cpp direct", "nvfp4"), a range
of sizes ("14b-32b") used to answer "I don't know the model X". They are lexicon data: function words per
language, and the conditions' engine and format names. Phrasings of our own."""

from __future__ import annotations

import pytest

from answers.rendering.generic_model import typed_note

QUESTIONS = [
    "is nvfp4 really faster on a 5090?",
    "nvfp4 wirklich schneller auf der 5090?",
    "¿mxfp4 de verdad va más rápido en una 5090?",
    "llama.cpp direct on a 3060, what can run?",
    "vllm direttamente su una 4090, cosa gira?",
    "mostly 14b-32b, which card?",
    "uso principalmente modelli 14b-32b, quale scheda?",
    "je fais tourner surtout du 7-14b, quelle carte ?",
    "ich nutze hauptsächlich 32b modelle",
    "lohnt sich der aufpreis, hauptsächlich 32b?",
    "prefiero nvidia antes que amd, algo para 32b",
    "prefiro nvidia, qual placa para 14b?",
    "I'd prefer nvidia, mainly for 14b models: which card?",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_no_model_is_made_of_ordinary_words(engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.intent != "not_found", answer.text
    assert "models" not in answer.asked, answer.asked
    lead = typed_note("Zq", 32, answer.locale).split("Zq")[1].split(":")[0]  # "» is not in my catalog"
    assert lead and lead not in answer.text, answer.text


@pytest.mark.parametrize(("question", "size"), [
    ("mostly 14b-32b, which card?", "32B"),
    ("je fais tourner du 7-14b, quelle carte ?", "14B"),
])
def test_a_range_of_sizes_is_answered_for_its_largest(engine, question: str, size: str) -> None:
    assert size in engine.ask(question).text


def test_a_name_the_catalog_lacks_is_still_said() -> None:
    from answers.reading.clues import _SIZE_RANGE_RE

    assert _SIZE_RANGE_RE.match("14b-32b") and _SIZE_RANGE_RE.match("7-14b")
    assert not _SIZE_RANGE_RE.match("mythomax-13b") and not _SIZE_RANGE_RE.match("a3b")


def test_an_unknown_name_with_a_size_is_still_said_unknown(engine) -> None:
    answer = engine.ask("can mythomax 13b run on a 3060?")
    assert typed_note("mythomax 13b", 13, "en").split("mythomax")[0] in answer.text
