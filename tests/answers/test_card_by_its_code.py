"""A professional card named by its bare model code, as owners write it ("r9700", "w7900", "b60"): the Radeon AI
PRO R9700, the Radeon PRO W7900, the Arc Pro B60. A code that begins another card's name keeps that card ("a40" is
NVIDIA's A40, not the Arc Pro A40). Phrasings of our own, six languages."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "card", "count"), [
    ("is an r9700 32gb enough for qwen3 32b at q4?", "Radeon AI PRO R9700", 1),
    ("due r9700 con qwen3 32b, quanti token al secondo?", "Radeon AI PRO R9700", 2),
    ("meine w7900 mit llama 3.3 70b in q4, wie schnell?", "Radeon PRO W7900", 1),
    ("una b60 de 24gb con qwen3 14b, a qué velocidad?", "Arc Pro B60", 1),
    ("deux b60 pour qwen3 32b, ça donne quoi ?", "Arc Pro B60", 2),
    ("uma w7800 roda qwen3 32b?", "Radeon PRO W7800", 1),
])
def test_a_pro_card_by_its_code(engine, question: str, card: str, count: int) -> None:
    cards = engine.ask(question).asked.get("cards")
    assert cards == [{"name": card, "count": count}], cards


def test_a_code_that_begins_another_cards_name_keeps_that_card(engine) -> None:
    cards = engine.ask("an a40 with llama 3.3 70b at q4, how fast?").asked.get("cards")
    assert cards == [{"name": "A40 PCIe", "count": 1}], cards
