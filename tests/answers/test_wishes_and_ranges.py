"""Words of a buyer's message read for what they are: noise said as a wish ("it sits in the living room") is a
criterion, not a fault to decline; a size range ("30-70b") or a size with a sign ("70b +") names no model; a count
of people ("6 leute") is never part of a model's name."""

from __future__ import annotations

import re

import pytest

from answers.engine import Engine

_UNKNOWN = ("not in my catalog", "non è nel mio catalogo", "pas dans mon catalogue", "nicht in meinem katalog",
            "no está en mi catálogo", "não está no meu catálogo", "no model called", "kein modell namens",
            "ningún modelo llamado", "não conheço", "aucun modèle", "nessun modello")
_FAULT = ("faults", "guasti", "pannes", "defekte", "fallos", "falhas", "issue tracker")


@pytest.mark.parametrize(("question", "lang"), [
    ("mac studio m4 max 128gb or 2x 3090 for 70b models? fan noise matters, it sits in the living room", "en"),
    ("meglio un mac mini m4 pro 64gb o una 3090 per modelli 32b? il rumore conta, sta in soggiorno", "it"),
    ("Strix Halo 128GB oder zwei 3090 für 70b? Es steht im Wohnzimmer, also leise bitte", "de"),
    ("¿una 4090 o un mac studio m4 max para 70b? el ruido importa, va en el salón", "es"),
])
def test_noise_as_a_wish_is_no_fault(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent != "off_topic"
    assert not any(re.search(rf"\b{w}\b", a.text.lower()) for w in _FAULT)
    assert "tok/s" in a.text


def test_a_fault_with_noise_is_still_a_fault(engine: Engine) -> None:
    # read as a fault to fix, not a wish: since 0.20.0 the fan-noise line answers it (the decline's topic is kept)
    a = engine.ask("my 3090 fans are so loud under load, how do I fix that?")
    assert a.intent == "knowhow" and a.facts["off_topic"] == "troubleshoot"
    assert "fan_noise" in [k["id"] for k in a.facts["knowhow"]]


@pytest.mark.parametrize(("question", "lang"), [
    ("je fais tourner des modèles 30-70b, peu d'utilisateurs : une 5090 ou deux 3090 ?", "fr"),
    ("para modelos de 14-32b, poucos usuários: 5090 ou duas 3090?", "pt"),
    ("usage llm 70b + un peu de stable diffusion : strix halo 128go ou 2x 3090 ?", "fr"),
])
def test_a_size_range_or_a_sign_names_no_model(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert not any(w in a.text.lower() for w in _UNKNOWN)
    assert "tok/s" in a.text


def test_a_count_of_people_is_no_models_name(engine: Engine) -> None:
    a = engine.ask("kleine praxis, 6 leute gleichzeitig, reicht eine rtx 4000 ada mit vllm?")
    assert not any(w in a.text.lower() for w in _UNKNOWN)
    assert a.facts.get("users") == 6 or "6" in a.text
