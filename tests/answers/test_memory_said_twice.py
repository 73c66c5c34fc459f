"""A memory size written a second time ("16gb of vram … is 16 gb enough?") is the same memory said again,
never a model name: the answer is about that memory, not "I do not know a model called …"."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("mein rechner hat 16gb vram, reichen die 16 gb?", "de"),
    ("ho una gpu da 16gb, bastano davvero 16 gb?", "it"),
    ("minha placa tem 16gb, 16 gb é suficiente mesmo?", "pt"),
    ("mi gráfica tiene 16gb, ¿me alcanzan esos 16 gb?", "es"),
    ("ma carte a 16 go de vram, est-ce que 16 go suffisent ?", "fr"),
    ("my gpu has 16gb of vram, are 16 gb enough?", "en"),
])
def test_a_memory_said_twice_is_the_memory(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent not in ("not_found", "ambiguous"), (a.intent, a.text)
    assert "model" not in a.entities, a.entities
    assert a.asked["memory_gb"] == 16.0


def test_the_size_after_a_card_name_is_still_the_cards(engine: Engine) -> None:
    # "12gb" right after "3060" names the 12 GB variant, even when 12gb was said before
    a = engine.ask("i have 12gb of vram, a 3060 12gb, what runs?")
    assert a.entities.get("card") == "GeForce RTX 3060 12 GB", a.entities
