"""A model name that matches nothing: the answer says so plainly, in the asker's language, and offers the models
of the same line it knows (newest first) or the names spelt like it (answers/resolving/names.py)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang", "first"), [
    ("o que é esse gpt-7 mini? dá pra baixar?", "pt", "gpt-oss"),
    ("gpt-9 turbo en local con una 3060, se puede?", "es", "gpt-oss"),
])
def test_a_name_of_no_model_gets_the_line_it_knows_newest_first(engine, question, lang, first) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "not_found"
    assert a.facts["same_line"] and a.facts["candidates"][0].startswith(first)
    assert a.facts["candidates"][0] in a.text


@pytest.mark.parametrize(("question", "lang", "said"), [
    ("grok 5 auf einer 4090?", "de", "Kein herunterladbares Modell"),
    ("zorblax 7 on a 4090", "en", "No model people download"),
    ("si può scaricare flumox 9 opus?", "it", "Nessun modello che si possa scaricare"),  # claude: closed_models
])
def test_a_name_like_nothing_is_said_to_be_no_downloadable_model(engine, question, lang, said) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "not_found" and not a.facts["candidates"]
    assert said in a.text


def test_a_near_spelling_is_still_offered_as_did_you_mean(engine) -> None:
    a = engine.ask("phi-9 mini sur ma 3060", locale="fr")
    assert a.intent == "not_found" and not a.facts["same_line"]
    assert any(c.startswith("Phi") for c in a.facts["candidates"])
