"""A size said with "class" ("70b class models", "modelli classe 30b") is a size, never a model name the catalog
lacks: no "«70b class» is not in my catalog". Phrasings written for these tests."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "size"), [
    ("about $1800 for a rig that runs 70b class models well, what should I get?", 70.0),
    ("con 900 euro, modelli classe 32b: che scheda prendo?", 32.0),
    ("für 1200 € eine Karte für Modelle der 30b-Klasse?", 30.0),
    ("modelos clase 14b con 600 dólares, qué tarjeta?", 14.0),
])
def test_a_size_class_is_a_size(engine: Engine, question: str, size: float) -> None:
    asked = engine._read(question)
    assert asked.model_size_b == size and asked.model_typed is None
    assert "class" not in engine.ask(question).text.split("\n")[0].casefold()
