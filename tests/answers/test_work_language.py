"""A list of what runs takes the work named into account and says so: documents to summarise are rated with room
for a document's context, and a language named puts first the models whose makers list it (the first pick never
an English-only model for Italian PDFs)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.advice import lists_language
from answers.facts.entities import DOCUMENT_CONTEXT


@pytest.mark.parametrize(("question", "lang", "code"), [
    ("ho una rtx 2060 6gb, che modello posso usare per riassumere documenti pdf in italiano?", "it", "it"),
    ("con una rtx 3060 12gb quiero resumir informes en español, ¿qué modelo me recomiendas?", "es", "es"),
    ("ich will auf meiner rtx 4060 8gb pdfs auf deutsch zusammenfassen, was läuft gut?", "de", "de"),
])
def test_documents_in_a_language_get_a_long_context_and_a_model_that_lists_it(engine: Engine, question: str,
                                                                                lang: str, code: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "card_models", a.text
    work = a.facts["work"]
    assert work["language"] == code and work["first_lists"]
    assert work["documents_context"] == DOCUMENT_CONTEXT == a.facts["context"]
    first = a.facts["rows"][0]["model"]
    assert lists_language(first, code), first
    assert any(f"16{sep}384" in a.text for sep in (",", ".", "\u202f", "\xa0", " "))  # said, in the locale's digits


def test_roleplay_in_brazilian_portuguese_orders_by_the_language(engine: Engine) -> None:
    a = engine.ask("tenho uma rtx 4060 ti 16gb, qual modelo roda bem pra roleplay em pt-br?")
    assert a.locale == "pt"
    work = a.facts["work"]
    assert work["language"] == "pt" and work["first_lists"] and "documents_context" not in work
    assert "português" in a.text


def test_a_list_with_no_work_named_is_unchanged(engine: Engine) -> None:
    a = engine.ask("what can an rtx 3060 12gb run?")
    assert "work" not in a.facts and a.facts["context"] == 4096


def test_a_context_said_beside_documents_is_kept(engine: Engine) -> None:
    a = engine.ask("rtx 3090: best model to summarize pdfs at 32k context?")
    assert a.facts["context"] == 32768


@pytest.mark.parametrize(("question", "lang"), [
    ("gemma 3 27b o qwen3 32b su una 3090: quale va più veloce e quale scrive meglio in italiano?", "it"),
    ("mistral small 3.2 vs qwen3 32b on a 4090, which is faster and which is better at french?", "en"),
])
def test_speed_and_language_asked_together_are_both_answered(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "tok/s" in a.text, a.text  # the figures on the card named: dropped before for the language line alone
    assert any(p.get("intent") == "model_language" for p in a.facts.get("parts") or ()), a.facts.keys()
