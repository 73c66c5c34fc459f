"""A plain word that only begins a model's name is no model ("stable" is not StableLM, "tiny" not TinyLlama), while
the names themselves and a family's word before its version still are."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("question", [
    "a 4070 super for some stable diffusion and local llms, good pick?",
    "ist nvfp4 auf vllm inzwischen stable genug für eine 5090?",
    "je cherche un tiny modèle pour une 3050, une idée ?",
    "voglio un modello tiny sulla 3060, quale?",
    "é estável o nvfp4 no vllm? tenho uma 5090 e quero algo stable",
])
def test_a_plain_word_is_no_model(engine, question: str) -> None:
    models = engine.ask(question).asked.get("models", [])
    assert not any(m.startswith(("Stable LM", "TinyLlama")) for m in models), models


@pytest.mark.parametrize(("question", "model"), [
    ("whisper tiny o base su un raspberry pi 5, va in tempo reale?", "Whisper tiny"),
    ("stablelm 2 on a 3060, tok/s?", "Stable LM 2 1.6B"),
    ("tinyllama en una raspberry pi 5, cuántos tok/s?", "TinyLlama 1.1B"),
])
def test_a_name_still_is_its_model(engine, question: str, model: str) -> None:
    models = engine.ask(question).asked.get("models", [])
    assert models[:1] == [model]
    assert not any(m.startswith(("Stable LM", "TinyLlama")) for m in models[1:]), models
