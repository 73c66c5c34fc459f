"""A card named with its memory and the system RAM beside it ("a 3050 with 6 GB and 16 GB of RAM") is the variant
of that memory everywhere (what runs, fit, speed), never the common variant the bare name resolves to: the RAM
turns the card into a setup, and the setup must keep the variant read."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "card", "lang"), [
    ("which models run on my rtx 3050 with 6gb, and i have 32gb of ram", "GeForce RTX 3050 6 GB", "en"),
    ("qué puedo usar en mi 3050 de 6 gigas con 16gb de ram para escribir código", "GeForce RTX 3050 6 GB", "es"),
    ("o que roda numa rtx 3050 de 6gb com 32 gb de ram?", "GeForce RTX 3050 6 GB", "pt"),
    ("quels modèles sur ma 3050 de 6 go avec 16 go de ram ?", "GeForce RTX 3050 6 GB", "fr"),
    ("welche modelle schafft meine 4060 ti mit 8gb bei 32gb ram?", "GeForce RTX 4060 Ti 8 GB", "de"),
    ("che modelli girano sulla mia 5060 ti da 8 gb con 64 gb di ram?", "GeForce RTX 5060 Ti 8 GB", "it"),
])
def test_the_variant_of_the_memory_said_is_answered(engine: Engine, question: str, card: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.entities.get("cards") == [card] or a.entities.get("card") == card, (a.entities, a.text)
    memory = float(card.split()[-2])
    # every model listed fits the card's own memory, not the bigger variant's
    for row in a.facts.get("rows") or a.facts.get("models") or []:
        if isinstance(row, dict) and row.get("need_gb") is not None:
            assert row["need_gb"] <= memory, row


def test_a_fit_with_ram_uses_the_smaller_variant(engine: Engine) -> None:
    small = engine.ask("does qwen3 8b run on a 3060 with 8gb and 16gb ram?")
    big = engine.ask("does qwen3 8b run on a 3060 with 12gb and 16gb ram?")
    assert "GeForce RTX 3060 8 GB" in small.text, small.text
    assert "GeForce RTX 3060 12 GB" in big.text, big.text
