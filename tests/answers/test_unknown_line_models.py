"""A model of a known line that the catalog lacks ("Mistral Medium 3", "Magistral Medium", "Mistral Large 3")
is said to be unknown, with the closest names, never answered with the line's default model's facts
(Mistral 7B). The tier words are lexicon data (common.toml `model_tier_words`)."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "named"), [
    ("can I run mistral medium 3 on two 3090s?", "en", "mistral medium 3"),
    ("magistral medium su una 3090?", "it", "magistral medium"),
    ("mistral large 3 auf 4x 3090?", "de", "mistral large 3"),
    ("est-ce que mistral medium 3 tourne sur une 4090 ?", "fr", "mistral medium 3"),
    ("mistral medium 3 corre en una 4090?", "es", "mistral medium 3"),
    ("roda o mistral medium 3 numa 4090?", "pt", "mistral medium 3"),
])
def test_another_model_of_a_line_is_unknown_not_the_lines_default(engine: Engine, question: str, lang: str,
                                                                 named: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "not_found"
    assert a.facts["query"] == named and a.facts["candidates"]
    assert "Mistral 7B" not in a.text and "tokens" not in a.text


@pytest.mark.parametrize(("question", "model"), [
    ("mistral on a 3060?", "Mistral 7B"),
    ("mistral nemo on a 3060?", "Mistral Nemo 12B"),
    ("mistral large 2 on 4x 3090?", "Mistral Large 2"),
    ("mistral small 3.2 on a 3090?", "Mistral Small 3.2"),
    ("phi 4 mini on a 3060?", "Phi-4-mini"),
    ("llama3.1 8b 4 bit on a 3060?", "Llama 3.1 8B"),
])
def test_names_the_catalog_has_still_resolve(engine: Engine, question: str, model: str) -> None:
    assert engine.ask(question).entities.get("model") == model
