""""Best 8 GB card", "miglior scheda 16gb per local ai?": answered with cards of that size a person can
buy, fastest first, each with the model it then runs best — not with a list of models."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.facts.budget import buyable

PROFILES = ("reference", "measured")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("question,lang,memory", [
    ("best 8 GB card", "en", 8), ("best 24gb gpu for llms", "en", 24),
    ("miglior scheda 16gb per local ai?", "it", 16), ("meilleure carte 12 go pour l'ia locale", "fr", 12),
    ("beste 16gb grafikkarte für lokale ki", "de", 16), ("mejor tarjeta de 8gb para ia local", "es", 8),
    ("melhor placa de 12gb para ia local", "pt", 12),
])
def test_best_card_of_a_size_answers_with_cards(engine, profile, question, lang, memory) -> None:
    a = engine.ask(question, options=AskOptions(profile=profile))
    assert (a.intent, a.locale) == ("memory_cards", lang)
    cards = a.facts["cards"]
    assert len(cards) >= 3
    records = {g.name: g for g in engine.knowledge.gpus_for(profile)}
    for c in cards:
        assert c["memory_gb"] == memory and buyable(records[c["card"]])
        assert c["pick"] is not None and c["pick"]["tok_s"] >= 10  # a model it runs at reading speed
        assert f"**{c['card']}**" in a.text and c["pick"]["model"] in a.text
    speeds = [c["probe_tok_s"] for c in cards]
    assert speeds == sorted(speeds, reverse=True)  # fastest first


def test_a_model_named_turns_it_into_the_fit_on_that_size(engine) -> None:
    a = engine.ask("best 24gb card for llama 3.3 70b")
    assert a.intent == "can_run" and a.entities["model"] == "Llama 3.3 70B" and a.facts["mode"] == "memory"


def test_best_model_for_a_size_still_lists_models(engine) -> None:
    assert engine.ask("best model for 8gb card").intent == "card_models"
    assert engine.ask("miglior modello per 16gb di vram").intent == "card_models"
