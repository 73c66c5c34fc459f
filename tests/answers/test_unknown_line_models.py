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


# A family name, then a word no catalog name continues it with and a version: a model the catalog lacks
# (made up, unreleased), never the family's default answered in its place.
@pytest.mark.parametrize(("question", "lang", "named"), [
    ("how fast is Mistral Hyper 5 on an rtx 4080?", "en", "Mistral Hyper 5"),
    ("Qwen Colossus 4 gira su una 3090?", "it", "Qwen Colossus 4"),
    ("läuft Gemma Titanio 6 auf meiner 4070?", "de", "Gemma Titanio 6"),
])
def test_a_coined_name_of_a_line_is_unknown_not_the_lines_default(engine: Engine, question: str, lang: str,
                                                                  named: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "not_found", a.text
    assert a.facts["query"].casefold() == named.casefold()
    assert "tokens" not in a.text


@pytest.mark.parametrize(("question", "lang", "typed"), [
    ("Mistral Giga 3 200B sur une rtx 4090, combien de tokens ?", "fr", "Mistral Giga 3 200B"),
    ("Llama 3.6 22b en una 3090?", "es", "Llama 3.6 22b"),
])
def test_a_made_up_name_with_a_size_is_said_to_be_unknown_before_the_estimate(engine: Engine, question: str,
                                                                              lang: str, typed: str) -> None:
    """The size gets a generic estimate, but the first line says the name is not in the catalog, may not
    exist or not be released, and names it whole as typed."""
    from answers.rendering.generic_model import typed_note

    a = engine.ask(question)
    assert a.locale == lang
    first = a.text.splitlines()[0]
    assert typed in first, first
    assert first.startswith(typed_note(typed, 1, lang).split(":")[0]), first
    assert "Mistral 7B" not in a.text


@pytest.mark.parametrize("question", ["mistral with 2 gpus, how fast?", "qwen per 2 schede 3090?"])
def test_a_function_word_and_a_count_after_a_family_are_no_coined_name(engine: Engine, question: str) -> None:
    assert engine.ask(question).intent != "not_found"
